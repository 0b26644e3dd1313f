import { AddDocumentToGroup } from '../../groups/application/add-document-to-group.use-case';
import { CreateGroup } from '../../groups/application/create-group.use-case';
import { presentGroup } from '../../groups/http/group.presenter';
import type { AdminCommand } from '../admin-command';
import { flag, id, text } from '../cli-arguments';

export const createGroupCommand: AdminCommand = {
  name: 'group:create',
  summary: 'Create a group; with --auto-issue true, people added to it are sent signature requests.',
  options: {
    org: id('the organization id'),
    name: text('the group name', true),
    'auto-issue': flag('issue signature requests automatically to people added (default false)'),
  },
  async run(app, options) {
    const group = await app.get(CreateGroup).execute({
      organizationId: options.string('org'),
      name: options.string('name'),
      autoIssueRequests: options.optionalBoolean('auto-issue'),
    });
    return { ...presentGroup(group), auto_issue_requests: group.autoIssueRequests };
  },
};

export const addDocumentToGroupCommand: AdminCommand = {
  name: 'group:add-document',
  summary: 'Add a document to a group of the same organization; people who join the group are assigned it.',
  options: {
    group: id('the group id'),
    document: id('the document id'),
  },
  async run(app, options) {
    const added = await app.get(AddDocumentToGroup).execute({
      groupId: options.string('group'),
      documentId: options.string('document'),
    });
    return { group_id: added.groupId, document_id: added.documentId };
  },
};

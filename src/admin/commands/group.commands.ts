import { AddDocumentsToGroup } from '../../groups/application/add-documents-to-group.use-case';
import { CreateGroup } from '../../groups/application/create-group.use-case';
import { DeleteGroup } from '../../groups/application/delete-group.use-case';
import { RemoveDocumentFromGroup } from '../../groups/application/remove-document-from-group.use-case';
import { UpdateGroup } from '../../groups/application/update-group.use-case';
import { presentGroupDetails } from '../../groups/http/group.presenter';
import type { AdminCommand } from '../admin-command';
import { flag, id, text } from '../cli-arguments';
import { updateCommand } from '../one-id-command';

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
    return presentGroupDetails(group);
  },
};

export const updateGroupCommand = updateCommand({
  name: 'group:update',
  summary:
    'Rename a group or switch its automatic issuance (as PATCH /groups/{id}); switching it on sends nothing to ' +
    'the current members.',
  fields: {
    name: ['name', text('the group name')],
    autoIssueRequests: [
      'auto-issue',
      flag('issue signature requests automatically to people and documents added later'),
    ],
  },
  update: (app, groupId, changes) => app.get(UpdateGroup).execute({ groupId, changes }),
  present: presentGroupDetails,
});

export const deleteGroupCommand: AdminCommand = {
  name: 'group:delete',
  summary: 'Delete a group and its memberships; the documents it assigned and the requests it issued stay.',
  options: { group: id('the group id') },
  async run(app, options) {
    const groupId = options.string('group');
    await app.get(DeleteGroup).execute({ groupId });
    return { group_id: groupId, deleted: true };
  },
};

export const addDocumentToGroupCommand: AdminCommand = {
  name: 'group:add-document',
  summary:
    'Add an active document to a group of the same organization (as POST /groups/{id}/documents): it is assigned ' +
    "to the group's members and to people who join later; in an auto-issuing group, members are sent requests.",
  options: {
    group: id('the group id'),
    document: id('the document id'),
  },
  async run(app, options) {
    const [added] = await app.get(AddDocumentsToGroup).execute({
      groupId: options.string('group'),
      documentIds: [options.string('document')],
    });
    return { group_id: added.groupId, document_id: added.documentId };
  },
};

export const removeDocumentFromGroupCommand: AdminCommand = {
  name: 'group:remove-document',
  summary: 'Take a document out of a group; the assignments and requests it brought stay.',
  options: {
    group: id('the group id'),
    document: id('the document id'),
  },
  async run(app, options) {
    const groupId = options.string('group');
    const documentId = options.string('document');
    await app.get(RemoveDocumentFromGroup).execute({ groupId, documentId });
    return { group_id: groupId, document_id: documentId, removed: true };
  },
};

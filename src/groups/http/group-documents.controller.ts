import { Body, Controller, Delete, Param, Post, UseGuards } from '@nestjs/common';
import { ApiUlidPath, UlidPathPipe } from '@lib/http';
import { GroupEndpoint } from './group-endpoint';
import { FoundInPath } from '../../identity/http/organization-path.guard';
import type { Actor } from '../../identity/application/actor';
import { actingOn } from '../../identity/http/acting-on';
import { CurrentActor } from '../../identity/http/current-actor.decorator';
import { AddDocumentsToGroup } from '../application/add-documents-to-group.use-case';
import { RemoveDocumentFromGroup } from '../application/remove-document-from-group.use-case';
import type { Group } from '../domain/group';
import { GroupDocumentList } from './group-document.response';
import { presentGroupDocuments } from './group.presenter';
import { AddDocumentsToGroupBody } from './group-documents.dto';
import { GroupPathGuard } from './group-path.guard';

@Controller('groups/:group/documents')
@UseGuards(GroupPathGuard)
export class GroupDocumentsController {
  constructor(
    private readonly addDocuments: AddDocumentsToGroup,
    private readonly removeDocument: RemoveDocumentFromGroup,
  ) {}

  /** Always 200, one entry per requested id in the request's order; emails leave after the commit. */
  @Post()
  @GroupEndpoint({
    operationId: 'addDocumentsToGroup',
    summary: 'Add documents to a group',
    description:
      'All or nothing, in one transaction. Documents already in the group are accepted as they are. Each new ' +
      "document is assigned to the group's current members; when the group issues requests automatically, " +
      'signature requests are created for it (published, requiring a signature) for each active member with ' +
      'neither an open request nor an attestation of its latest revision, and one email per person lists all of ' +
      'their new requests after the commit. A person with no new request gets no email.',
    success: {
      status: 200,
      description: "One entry per requested document, in the request's order.",
      type: GroupDocumentList,
    },
    jsonBody: true,
    unprocessable:
      '`document_ids` is missing, empty, over 100, has duplicates, or names something that is not an active ' +
      'document of the organization (errors keyed `document_ids.N`).',
  })
  async add(@CurrentActor() actor: Actor, @FoundInPath('group') group: Group, @Body() body: AddDocumentsToGroupBody) {
    return presentGroupDocuments(await this.addDocuments.execute({ group, documentIds: body.document_ids, actor }));
  }

  @Delete(':document')
  @GroupEndpoint({
    operationId: 'removeDocumentFromGroup',
    summary: 'Remove a document from a group',
    description:
      'People who join the group later are no longer assigned it; the assignments and requests it already brought ' +
      'stay.',
    success: { status: 204, description: 'Removed; no body.' },
    notFound:
      'No such group in the organization (`{"error":"Group not found."}`), or the document is not in the group ' +
      '(`{"error":"The document is not in this group."}`); malformed ids included.',
  })
  @ApiUlidPath('document', "The document's ULID.")
  async remove(
    @CurrentActor() actor: Actor,
    @Param('group', UlidPathPipe) groupId: string,
    @Param('document', UlidPathPipe) documentId: string,
  ): Promise<void> {
    await this.removeDocument.execute(actingOn(actor, { groupId, documentId }));
  }
}

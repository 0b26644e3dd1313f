import { ApiUlid, DataList, ResponseSchema } from '@lib/http';

/** One document of a group, as POST /groups/{group}/documents answers it. */
@ResponseSchema('GroupDocument', "A document's place in a group.")
export class GroupDocumentResponse {
  @ApiUlid('The group.')
  group_id!: string;

  @ApiUlid('The document.')
  document_id!: string;
}

export const GroupDocumentList = DataList(
  GroupDocumentResponse,
  'GroupDocumentList',
  'One entry per requested document, in the order of the request, already-present ones included.',
);

import { IdListField } from './id-list.field';

/** POST /groups/{group}/documents. */
export class AddDocumentsToGroupBody {
  @IdListField(
    'Distinct ids of active (not archived) documents of the organization; unpublished ones and ones not ' +
      'requiring a signature join too, but issue no request.',
  )
  document_ids!: unknown[];
}

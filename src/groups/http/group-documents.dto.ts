import { IdListField } from './id-list.field';

/** POST /groups/{group}/documents. */
export class AddDocumentsToGroupBody {
  @IdListField(
    'Distinct ids of active (not archived) documents of the organization; unpublished ones and ones not ' +
      'requiring a signature join too, but issue no request.',
    ['01jd7x6a2b3c4d5e6f7g8h9j0k', '01jd7x6a2b3c4d5e6f7g8h9j1m'],
  )
  document_ids!: unknown[];
}

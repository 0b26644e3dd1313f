import { Transform } from 'class-transformer';
import { ArchivablePageQuery, Field, rules, trimmedOrNull } from '@lib/common';

/** GET /documents. An empty name is no filter. */
export class ListDocumentsQuery extends ArchivablePageQuery {
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(255))
  name?: string | null;
}

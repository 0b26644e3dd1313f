import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArchivablePageQuery, Field, rules, trimmedOrNull } from '@lib/http';

/** GET /documents. An empty name is no filter. */
export class ListDocumentsQuery extends ArchivablePageQuery {
  @ApiPropertyOptional({ type: String, maxLength: 255, description: 'Part of the name, ignoring case.' })
  @Transform(trimmedOrNull)
  @Field({ nullable: true }, rules.string, rules.maxLength(255))
  name?: string | null;
}

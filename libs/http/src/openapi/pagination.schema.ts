import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { MAX_PER_PAGE } from '../pagination/page-query';
import { ResponseSchema } from './schema-properties';

@ResponseSchema('PaginationLinks', 'Absolute URLs built from APP_URL, carrying the filters and per_page.')
export class PaginationLinks {
  @ApiProperty({ format: 'uri', example: 'https://app.example/api/v1/people?per_page=25&page=1' })
  first!: string;

  @ApiProperty({ format: 'uri', example: 'https://app.example/api/v1/people?per_page=25&page=4' })
  last!: string;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'Null on the first page.' })
  prev!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'Null on the last page.' })
  next!: string | null;
}

@ResponseSchema('PaginationMeta', 'Where this page sits in the whole list.')
export class PaginationMeta {
  @ApiProperty({ type: 'integer', minimum: 1 })
  current_page!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: '1-based position of the first item; null when the page is empty.',
  })
  from!: number | null;

  @ApiProperty({ type: 'integer', minimum: 1, description: 'At least 1, even for an empty list.' })
  last_page!: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_PER_PAGE })
  per_page!: number;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: '1-based position of the last item; null when the page is empty.',
  })
  to!: number | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  total!: number;
}

/** The pagination envelope of a list endpoint, as a named schema per item type (`PersonPage`, ...). */
export function Paginated<T>(item: Type<T>, name: string, description: string): Type<{ data: T[] }> {
  @ResponseSchema(name, description)
  class Page {
    @ApiProperty({ type: () => [item] })
    data!: T[];

    @ApiProperty({ type: () => PaginationLinks })
    links!: PaginationLinks;

    @ApiProperty({ type: () => PaginationMeta })
    meta!: PaginationMeta;
  }
  return Page;
}

/** A bare `{ data: [...] }` list, without links or meta. */
export function DataList<T>(item: Type<T>, name: string, description: string): Type<{ data: T[] }> {
  @ResponseSchema(name, description)
  class List {
    @ApiProperty({ type: () => [item] })
    data!: T[];
  }
  return List;
}

/** A list read on from its last id, `{ data: [...], has_more }`, without a total; `hasMore` says how to go on. */
export function KeysetList<T>(
  item: Type<T>,
  name: string,
  description: string,
  hasMore: string,
): Type<{ data: T[]; has_more: boolean }> {
  @ResponseSchema(name, description)
  class List {
    @ApiProperty({ type: () => [item] })
    data!: T[];

    @ApiProperty({ description: hasMore })
    has_more!: boolean;
  }
  return List;
}

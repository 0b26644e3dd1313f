import { Injectable, PipeTransform } from '@nestjs/common';
import { NotFoundError } from '@lib/core';
import { isUlid, normaliseId } from '@lib/core';

/**
 * A path id: a malformed ULID cannot name a row, so it answers 404 like a missing one; a well-formed one is
 * lowercased, as the contract accepts ids in either case. Use as `@Param('id', UlidPathPipe)`.
 */
@Injectable()
export class UlidPathPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUlid(value)) throw new NotFoundError();
    return normaliseId(value);
  }
}

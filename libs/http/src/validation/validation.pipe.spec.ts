import { IsString } from 'class-validator';
import { ValidationFailedError } from '@lib/core';
import { PageQuery } from '../pagination/page-query';
import { createValidationPipe } from './validation.pipe';

class NeedsName {
  @IsString()
  name!: string;
}

const asQuery = (metatype: new () => object) => ({ type: 'query' as const, metatype, data: undefined });

describe('the validation pipe on queries', () => {
  it('answers an empty query with a fresh instance of the DTO each time, the same as the first answer', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({}, asQuery(PageQuery))) as PageQuery;
    const second = (await pipe.transform(Object.create(null), asQuery(PageQuery))) as PageQuery;
    expect(first).toBeInstanceOf(PageQuery);
    expect(second).toBeInstanceOf(PageQuery);
    expect(second).not.toBe(first);
    first.page = 7;
    expect(second).toEqual(new PageQuery());
    expect((await pipe.transform({}, asQuery(PageQuery))) as PageQuery).toEqual(new PageQuery());
  });

  it('still validates a query with parameters, after an empty one', async () => {
    const pipe = createValidationPipe();
    await pipe.transform({}, asQuery(PageQuery));
    await expect(pipe.transform({ per_page: '0' }, asQuery(PageQuery))).rejects.toBeInstanceOf(ValidationFailedError);
    expect(await pipe.transform({ per_page: '5', page: '2' }, asQuery(PageQuery))).toEqual(
      Object.assign(new PageQuery(), { per_page: 5, page: 2 }),
    );
  });

  it('rejects an empty query every time when the DTO requires a parameter', async () => {
    const pipe = createValidationPipe();
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(pipe.transform({}, asQuery(NeedsName))).rejects.toBeInstanceOf(ValidationFailedError);
    }
  });
});

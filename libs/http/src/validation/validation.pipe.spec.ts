import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length } from 'class-validator';
import fc from 'fast-check';
import { ValidationFailedError } from '@lib/core';
import { PageQuery } from '../pagination/page-query';
import { createValidationPipe, QUERY_ANSWERS_PER_CLASS } from './validation.pipe';

class NeedsName {
  @IsString()
  name!: string;
}

class NamedPage extends PageQuery {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @Length(1, 20)
  name?: string;
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

  it('answers a repeated query with a fresh instance equal to the first answer, which a handler may change freely', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({ name: ' ann ', per_page: '100' }, asQuery(NamedPage))) as NamedPage;
    expect(first).toEqual(Object.assign(new NamedPage(), { name: 'ann', per_page: 100 }));
    first.name = 'changed';
    const second = (await pipe.transform({ name: ' ann ', per_page: '100' }, asQuery(NamedPage))) as NamedPage;
    expect(second).toBeInstanceOf(NamedPage);
    expect(second).not.toBe(first);
    expect(second).toEqual(Object.assign(new NamedPage(), { name: 'ann', per_page: 100 }));
    expect(await pipe.transform({ name: ' ann ', per_page: '25' }, asQuery(NamedPage))).toEqual(
      Object.assign(new NamedPage(), { name: 'ann', per_page: 25 }),
    );
    // The same parameters for another DTO class are that class's own answer.
    expect(await pipe.transform({ name: ' ann ', per_page: '100' }, asQuery(PageQuery))).toEqual(
      Object.assign(new PageQuery(), { per_page: 100 }),
    );
  });

  it('rejects an invalid query every time, before and after valid ones', async () => {
    const pipe = createValidationPipe();
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(pipe.transform({ per_page: '0' }, asQuery(PageQuery))).rejects.toBeInstanceOf(ValidationFailedError);
      await pipe.transform({ per_page: '1' }, asQuery(PageQuery));
    }
  });

  it('answers every query as a pipe that has seen none would, over more distinct queries than it keeps', async () => {
    const pipe = createValidationPipe();
    const text = fc.oneof(
      fc.constantFrom('', ' ', '0', '1', '2', '25', '100', '101', '-1', '1.5', 'x', 'ann', ' ann', 'a'.repeat(21)),
      fc.string({ maxLength: 4 }),
    );
    const query = fc.dictionary(fc.constantFrom('name', 'page', 'per_page', 'other', 'name[0]'), text, {
      maxKeys: 4,
    });
    const answerOf = async (subject: ReturnType<typeof createValidationPipe>, value: object) => {
      try {
        return { answer: (await subject.transform(value, asQuery(NamedPage))) as object };
      } catch (error) {
        return { errors: (error as ValidationFailedError).errors };
      }
    };
    const many = Array.from({ length: QUERY_ANSWERS_PER_CLASS + 50 }, (_, n) => ({ page: String(n + 1) }));
    for (const value of many) await pipe.transform(value, asQuery(NamedPage));
    await fc.assert(
      fc.asyncProperty(fc.array(query, { minLength: 1, maxLength: 30 }), async (queries) => {
        for (const value of [...queries, ...queries, many[0], many[many.length - 1]]) {
          const fresh = createValidationPipe();
          expect(await answerOf(pipe, { ...value })).toEqual(await answerOf(fresh, { ...value }));
        }
      }),
      { numRuns: 200 },
    );
  });
});

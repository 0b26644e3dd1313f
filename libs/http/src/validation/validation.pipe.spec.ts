import { Transform } from 'class-transformer';
import { IsOptional, IsString, Length, ValidationError } from 'class-validator';
import fc from 'fast-check';
import { ValidationFailedError } from '@lib/core';
import { PageQuery } from '../pagination/page-query';
import { bracketedAsArrays, createValidationPipe, QUERY_ANSWERS_PER_CLASS, toFieldErrors } from './validation.pipe';

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

let joins = 0;

class JoinedTags {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => {
    joins++;
    return Array.isArray(value) ? value.join(',') : value;
  })
  @IsString()
  tags?: string;
}

class Tagged {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => {
    joins++;
    return value;
  })
  @IsString({ each: true })
  tags?: string[];

  @IsOptional()
  @IsString()
  name?: string;
}

let reads = 0;

class Searched {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => {
    reads++;
    return value === 'none' ? null : value;
  })
  @IsString()
  q?: string | null;
}

class Titled {
  @IsString()
  @Length(1, 3)
  title!: string;

  @IsOptional()
  @IsString()
  name?: string;
}

const asQuery = (metatype: new () => object) => ({ type: 'query' as const, metatype, data: undefined });
const asBody = (metatype: new () => object) => ({ type: 'body' as const, metatype, data: undefined });

async function errorsOf(answer: Promise<unknown>) {
  try {
    await answer;
  } catch (error) {
    return (error as ValidationFailedError).errors;
  }
  throw new Error('expected a validation failure');
}

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

  it('tells repeated parameters apart by every value they carry', async () => {
    const pipe = createValidationPipe();
    const cases: [object, string][] = [
      [{ tags: ['a', 'b'] }, 'a,b'],
      [{ tags: ['ab'] }, 'ab'],
      [{ tags: ['a'] }, 'a'],
      [{ tags: ['b'] }, 'b'],
      [{ tags: 'a' }, 'a'],
      [{ tags: ['b', 'a'] }, 'b,a'],
      [{ tags: [] }, ''],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [query, tags] of cases) {
        expect(await pipe.transform(query, asQuery(JoinedTags))).toEqual(Object.assign(new JoinedTags(), { tags }));
      }
    }
  });

  it('answers a query holding a list afresh each time, so a handler changing the list changes no later answer', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({ tags: ['a'], name: 'n' }, asQuery(Tagged))) as Tagged;
    first.tags!.push('changed');
    expect(await pipe.transform({ tags: ['a'], name: 'n' }, asQuery(Tagged))).toEqual(
      Object.assign(new Tagged(), { tags: ['a'], name: 'n' }),
    );
  });

  it('keeps the answer to a repeated query, a list of values too, and only answers without a list in them', async () => {
    const pipe = createValidationPipe();
    const transformsOf = async (query: object, metatype: new () => object) => {
      const before = joins;
      await pipe.transform(query, asQuery(metatype));
      return joins - before;
    };
    for (const query of [{ tags: 'a' }, { tags: ['a', 'b'] }]) {
      expect(await transformsOf(query, JoinedTags)).toBe(1);
      expect(await transformsOf(query, JoinedTags)).toBe(0);
    }
    expect(await transformsOf({ tags: ['a'] }, Tagged)).toBe(1);
    expect(await transformsOf({ tags: ['a'] }, Tagged)).toBe(1);
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

describe('the validation pipe on queries: the answers it keeps', () => {
  const readsOf = async (pipe: ReturnType<typeof createValidationPipe>, query: object) => {
    const before = reads;
    await pipe.transform(query, asQuery(Searched));
    return reads - before;
  };

  it('keeps the most recently used answers, QUERY_ANSWERS_PER_CLASS of them, and drops the least recently used', async () => {
    const pipe = createValidationPipe();
    expect(await readsOf(pipe, { q: 'a' })).toBe(1);
    expect(await readsOf(pipe, { q: 'b' })).toBe(1);
    expect(await readsOf(pipe, { q: 'a' })).toBe(0);
    expect(await readsOf(pipe, { q: 'b' })).toBe(0);
    // a, b, then others fill the QUERY_ANSWERS_PER_CLASS places; asking a again leaves b the least recently used.
    for (let n = 0; n < QUERY_ANSWERS_PER_CLASS - 2; n++) expect(await readsOf(pipe, { q: `q${n}` })).toBe(1);
    expect(await readsOf(pipe, { q: 'a' })).toBe(0);
    expect(await readsOf(pipe, { q: 'new' })).toBe(1);
    expect(await readsOf(pipe, { q: 'a' })).toBe(0);
    expect(await readsOf(pipe, { q: 'q0' })).toBe(0);
    expect(await readsOf(pipe, { q: 'b' })).toBe(1);
  });

  it('keeps an answer with a null field, not one asked with a list holding other than text', async () => {
    const pipe = createValidationPipe();
    expect(await pipe.transform({ q: 'none' }, asQuery(Searched))).toEqual(Object.assign(new Searched(), { q: null }));
    expect(await readsOf(pipe, { q: 'none' })).toBe(0);
    const joinsOf = async (query: object) => {
      const before = joins;
      expect(await pipe.transform(query, asQuery(JoinedTags))).toEqual(
        Object.assign(new JoinedTags(), { tags: 'a,1' }),
      );
      return joins - before;
    };
    expect(await joinsOf({ tags: ['a', 1] })).toBe(1);
    expect(await joinsOf({ tags: ['a', 1] })).toBe(1);
  });

  it("answers a query's own parameters only, not ones it inherits, even after the same parameters were asked", async () => {
    const pipe = createValidationPipe();
    expect(await pipe.transform({ name: 'ann' }, asQuery(NamedPage))).toEqual(
      Object.assign(new NamedPage(), { name: 'ann' }),
    );
    const inherited = Object.create({ name: 'ann' }) as object;
    expect(await pipe.transform(inherited, asQuery(NamedPage))).toEqual(new NamedPage());
  });

  it('folds a bracketed query parameter into its field, which then fails its rules', async () => {
    const pipe = createValidationPipe();
    expect(Object.keys(await errorsOf(pipe.transform({ 'name[]': 'ann' }, asQuery(NamedPage))))).toEqual(['name']);
  });
});

describe('the validation pipe on bodies', () => {
  it('reports the first failing rule of a field only, and no field it does not know', async () => {
    const pipe = createValidationPipe();
    const errors = await errorsOf(pipe.transform({ title: 12, other: 'x' }, asBody(Titled)));
    expect(Object.keys(errors)).toEqual(['title']);
    expect(errors.title).toHaveLength(1);
  });

  it('converts nothing implicitly: a number is not a string', async () => {
    const pipe = createValidationPipe();
    expect(await errorsOf(pipe.transform({ title: 12 }, asBody(Titled)))).toEqual({
      title: [expect.any(String)],
    });
  });

  it('leaves bracketed names in a body alone: they are unknown fields, stripped', async () => {
    const pipe = createValidationPipe();
    expect(await pipe.transform({ title: 'abc', 'name[x]': 'ann' }, asBody(Titled))).toEqual(
      Object.assign(new Titled(), { title: 'abc' }),
    );
  });
});

describe('toFieldErrors', () => {
  it('names nested fields by their path, keeps only non-empty messages, and lists no field without one', () => {
    const errors = [
      {
        property: 'items',
        children: [
          {
            property: '0',
            children: [{ property: 'name', constraints: { field: 'The name field is required.' }, children: [] }],
          },
        ],
      },
      { property: 'title', constraints: { first: 'The title field must be a string.', second: '' }, children: [] },
      { property: 'blank', constraints: { only: '' } },
    ] as ValidationError[];
    expect(toFieldErrors(errors)).toEqual({
      'items.0.name': ['The name field is required.'],
      title: ['The title field must be a string.'],
    });
  });
});

describe('bracketedAsArrays', () => {
  it("folds a name sent in array or object form into its field's list, after a plain value of that field", () => {
    expect(bracketedAsArrays({ id: 'a', 'id[]': ['b', 'c'], 'id[0]': 'd', name: 'n', '[x]': 'y' })).toEqual({
      id: ['a', 'b', 'c', 'd'],
      name: 'n',
      '[x]': 'y',
    });
    expect(bracketedAsArrays({ 'tags[]': 'a' })).toEqual({ tags: ['a'] });
    expect(bracketedAsArrays({ 'tags[a]': ['x', 'y'], 'tags[b]': 'z' })).toEqual({ tags: ['x', 'y', 'z'] });
  });

  it('leaves what is not an object as it is', () => {
    expect(bracketedAsArrays('a[]')).toBe('a[]');
    expect(bracketedAsArrays(null)).toBeNull();
  });
});

import { checkIds, checkPersonIds, wellFormedPersonIds } from './id-list.validation';

const A = '01jd000000000000000000000a';
const B = '01jd000000000000000000000b';

describe('person_ids element rules', () => {
  it('accepts active people of the organization', () => {
    expect(checkPersonIds([A, B.toUpperCase()], new Set([A, B]))).toEqual({});
  });

  it('reports the first failing rule of each element under person_ids.N, in Laravel words', () => {
    expect(checkPersonIds([A, 5, 'x', B, A.toUpperCase()], new Set([A]))).toEqual({
      'person_ids.0': ['The person ids.0 field has a duplicate value.'],
      'person_ids.1': ['The person ids.1 field must be a string.'],
      'person_ids.2': ['The person ids.2 field must be a valid ULID.'],
      'person_ids.3': ['The selected person ids.3 is invalid.'],
      'person_ids.4': ['The person ids.4 field has a duplicate value.'],
    });
  });

  it('looks up only well-formed ids, lowercased and once', () => {
    expect(wellFormedPersonIds([A, A.toUpperCase(), 'x', 3, B])).toEqual([A, B]);
  });
});

describe('document_ids element rules', () => {
  it('uses the same rules, keyed document_ids.N', () => {
    expect(checkIds('document_ids', [A, 'x', B], new Set([A]))).toEqual({
      'document_ids.1': ['The document ids.1 field must be a valid ULID.'],
      'document_ids.2': ['The selected document ids.2 is invalid.'],
    });
  });
});

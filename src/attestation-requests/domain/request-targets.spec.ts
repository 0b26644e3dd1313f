import { InvalidRequestError, ValidationFailedError } from '@lib/core';
import { assertNotArchived, RequestedDocument, RequestRecipient } from './request-targets';

const document = (
  changes: { requiresSignature?: boolean; archived?: boolean; latestRevisionId?: string | null } = {},
) =>
  new RequestedDocument(
    'd',
    'Code of conduct',
    changes.requiresSignature ?? true,
    changes.archived ?? false,
    changes.latestRevisionId === undefined ? 'rev' : changes.latestRevisionId,
  );
const person = (archived = false): RequestRecipient => ({ id: 'p', name: 'Ada', email: 'ada@example.test', archived });

describe('RequestedDocument', () => {
  it('is requestable when active, published and requiring a signature, and answers its latest revision', () => {
    expect(document().isRequestable).toBe(true);
    expect(document().assertRequestable()).toBe('rev');
    expect(document({ archived: true }).isRequestable).toBe(false);
    expect(document({ requiresSignature: false }).isRequestable).toBe(false);
    expect(document({ latestRevisionId: null }).isRequestable).toBe(false);
  });

  it('refuses an unpublished document with 400 before one needing no signature with 422', () => {
    expect(() => document({ latestRevisionId: null, requiresSignature: false }).assertRequestable()).toThrow(
      new InvalidRequestError('The document has no published revision.'),
    );
    expect(() => document({ requiresSignature: false }).assertRequestable()).toThrow(ValidationFailedError);
    try {
      document({ requiresSignature: false }).assertRequestable();
    } catch (error) {
      expect((error as ValidationFailedError).errors).toEqual({
        document_id: ['The document does not require a signature.'],
      });
    }
  });
});

describe('assertNotArchived', () => {
  const errorsOf = (recipient: RequestRecipient, target: RequestedDocument) => {
    try {
      assertNotArchived(recipient, target);
      return null;
    } catch (error) {
      return (error as ValidationFailedError).errors;
    }
  };

  it('names each archived party, both at once, and passes when neither is', () => {
    expect(errorsOf(person(), document())).toBeNull();
    expect(errorsOf(person(true), document())).toEqual({ person_id: ['The selected person id is invalid.'] });
    expect(errorsOf(person(), document({ archived: true }))).toEqual({
      document_id: ['The selected document id is invalid.'],
    });
    expect(errorsOf(person(true), document({ archived: true }))).toEqual({
      person_id: ['The selected person id is invalid.'],
      document_id: ['The selected document id is invalid.'],
    });
  });
});

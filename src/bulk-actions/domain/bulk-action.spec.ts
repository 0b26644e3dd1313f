import { ValidationFailedError } from '@lib/core';
import { BulkAction, isBulkActionKind, MAX_TARGETS, REPEAT_WINDOW_MS } from './bulk-action';

const now = new Date('2026-11-27T12:00:00.000Z');
const start = (personIds: string[], kind: 'remind' | 'send' | 'cancel' = 'remind') =>
  BulkAction.start({
    organizationId: 'org',
    userId: 'user',
    kind,
    documentId: 'doc',
    criteria: { selection: 'matching' },
    personIds,
    now,
  });

describe('BulkAction', () => {
  it('knows its kinds', () => {
    expect(['remind', 'send', 'cancel'].every(isBulkActionKind)).toBe(true);
    expect(isBulkActionKind('delete')).toBe(false);
    expect(isBulkActionKind(undefined)).toBe(false);
  });

  it('starts queued with its targets counted and nothing done', () => {
    const action = start(['b', 'a']);
    expect(action.toSnapshot()).toEqual({
      id: action.id,
      organizationId: 'org',
      userId: 'user',
      kind: 'remind',
      documentId: 'doc',
      criteria: { selection: 'matching' },
      targetKey: BulkAction.keyOf('remind', 'doc', ['a', 'b']),
      status: 'queued',
      total: 2,
      done: 0,
      skipped: 0,
      createdAt: now,
      finishedAt: null,
    });
  });

  it('refuses no target, and more than it can hold', () => {
    expect(() => start([])).toThrow(
      new ValidationFailedError({ people: ['No one matches: choose at least one person.'] }),
    );
    expect(() => start(Array.from({ length: MAX_TARGETS + 1 }, (_, i) => `p${i}`))).toThrow(
      new ValidationFailedError({ people: ['At most 200000 people at once.'] }),
    );
    expect(start(Array.from({ length: MAX_TARGETS }, (_, i) => `p${i}`)).total).toBe(MAX_TARGETS);
  });

  it('has one key for the same kind, document and people in any order, and another for anything else', () => {
    const key = BulkAction.keyOf('remind', 'doc', ['a', 'b', 'c']);
    expect(BulkAction.keyOf('remind', 'doc', ['c', 'a', 'b', 'a'])).toBe(key);
    expect(BulkAction.keyOf('cancel', 'doc', ['a', 'b', 'c'])).not.toBe(key);
    expect(BulkAction.keyOf('remind', 'other', ['a', 'b', 'c'])).not.toBe(key);
    expect(BulkAction.keyOf('remind', 'doc', ['a', 'b'])).not.toBe(key);
    expect(BulkAction.keyOf('remind', 'doc', ['ab', 'c'])).not.toBe(BulkAction.keyOf('remind', 'doc', ['a', 'bc']));
    expect(start(['c', 'b', 'a']).targetKey).toBe(key);
  });

  it('is repeated by the same key within the hour, not after', () => {
    const action = start(['a']);
    expect(action.isRepeatedBy(action.targetKey, new Date(now.getTime() + REPEAT_WINDOW_MS - 1))).toBe(true);
    expect(action.isRepeatedBy(action.targetKey, new Date(now.getTime() + REPEAT_WINDOW_MS))).toBe(false);
    expect(action.isRepeatedBy(BulkAction.keyOf('cancel', 'doc', ['a']), now)).toBe(false);
  });

  it('counts each batch and finishes when no target is left', () => {
    const action = start(['a', 'b', 'c']);
    const later = new Date(now.getTime() + 1000);
    action.recordBatch(
      [
        { personId: 'a', outcome: 'done', reason: null },
        { personId: 'b', outcome: 'skipped', reason: 'No open request.' },
      ],
      1,
      later,
    );
    expect(action.toSnapshot()).toMatchObject({ status: 'running', done: 1, skipped: 1, finishedAt: null });
    action.recordBatch([{ personId: 'c', outcome: 'done', reason: null }], 0, later);
    expect(action.toSnapshot()).toMatchObject({ status: 'finished', done: 2, skipped: 1, finishedAt: later });
  });
});

describe('BulkAction limits, in the contract’s words', () => {
  it('names the people field and says why, for no one and for too many', () => {
    expect(() => start([])).toThrow(
      expect.objectContaining({ errors: { people: ['No one matches: choose at least one person.'] } }),
    );
    expect(() => start(Array.from({ length: MAX_TARGETS + 1 }, (_, i) => `p${i}`))).toThrow(
      expect.objectContaining({ errors: { people: ['At most 200000 people at once.'] } }),
    );
  });
});

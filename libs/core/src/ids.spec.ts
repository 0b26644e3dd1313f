describe('newId', () => {
  it('makes lowercase ULIDs that sort in creation order, even within one millisecond', async () => {
    const { newId, isUlid } = await import('./ids');
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => isUlid(id) && id === id.toLowerCase())).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('timeOfId', () => {
  it('reads the time a ULID was made, whatever its case', async () => {
    const { newId, timeOfId } = await import('./ids');
    const before = Date.now();
    const id = newId();
    expect(timeOfId(id).getTime()).toBeGreaterThanOrEqual(before);
    expect(timeOfId(id).getTime()).toBeLessThanOrEqual(Date.now());
    expect(timeOfId(id.toUpperCase())).toEqual(timeOfId(id));
  });
});

describe('isUlid and normaliseId', () => {
  it('takes a ULID in either case, and nothing else', async () => {
    const { isUlid, normaliseId } = await import('./ids');
    expect(isUlid('01JD0000000000000000000001')).toBe(true);
    expect(isUlid('7zzzzzzzzzzzzzzzzzzzzzzzzz')).toBe(true);
    for (const value of [
      '8zzzzzzzzzzzzzzzzzzzzzzzzz',
      '01jd000000000000000000000',
      '01jd00000000000000000000011',
      '01jd000000000000000000000i',
      ` 01jd0000000000000000000001`,
      1,
      null,
    ]) {
      expect(isUlid(value)).toBe(false);
    }
    expect(normaliseId('01JD0000000000000000000001')).toBe('01jd0000000000000000000001');
  });
});

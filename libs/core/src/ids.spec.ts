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

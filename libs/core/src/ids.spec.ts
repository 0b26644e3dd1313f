describe('newId', () => {
  it('makes lowercase ULIDs that sort in creation order, even within one millisecond', async () => {
    const { newId, isUlid } = await import('./ids');
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every((id) => isUlid(id) && id === id.toLowerCase())).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});

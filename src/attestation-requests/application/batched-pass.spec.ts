import { inBatches } from './batched-pass';

describe('inBatches', () => {
  it('runs batches until one takes up fewer rows than a batch holds, and answers their ids in order', async () => {
    const taken = [3, 3, 1, 3];
    let ran = 0;
    const ids = await inBatches({ batchSize: 3, maxBatches: 10 }, async () => {
      ran += 1;
      return { taken: taken[ran - 1], requestIds: [`b${ran}`] };
    });
    expect(ids).toEqual(['b1', 'b2', 'b3']);
    expect(ran).toBe(3);
  });

  it('stops after maxBatches full batches, leaving the rest to the next pass', async () => {
    let ran = 0;
    const ids = await inBatches({ batchSize: 2, maxBatches: 4 }, async () => {
      ran += 1;
      return { taken: 2, requestIds: [] };
    });
    expect(ids).toEqual([]);
    expect(ran).toBe(4);
  });

  it('counts the rows a batch took up, not the ids it answers (a renewal batch may issue none)', async () => {
    let ran = 0;
    await inBatches({ batchSize: 2, maxBatches: 3 }, async () => {
      ran += 1;
      return { taken: ran < 3 ? 2 : 0, requestIds: [] };
    });
    expect(ran).toBe(3);
  });
});

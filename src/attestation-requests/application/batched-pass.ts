/** One batch of a scheduled pass: how many rows it took up, and the ids of the requests it changed or issued. */
export interface PassBatch {
  taken: number;
  requestIds: string[];
}

/**
 * A scheduled pass in batches of `batchSize` rows: `batch` runs until one takes up fewer rows than that (nothing is
 * left) or `maxBatches` have run (a bound on one pass; the next pass takes the rest). Answers the ids of every
 * batch, in order.
 */
export async function inBatches(
  limits: { batchSize: number; maxBatches: number },
  batch: () => Promise<PassBatch>,
): Promise<string[]> {
  const requestIds: string[] = [];
  for (let count = 0; count < limits.maxBatches; count++) {
    const { taken, requestIds: ids } = await batch();
    requestIds.push(...ids);
    if (taken < limits.batchSize) break;
  }
  return requestIds;
}

import { defineScenario } from '../scenario';

/**
 * The event feed's first page under 16 concurrent clients. The large seed writes no events (it inserts requests
 * set-wise, below the application), so this measures the feed's watermark and the pipeline, not a page of bodies.
 */
export default defineScenario({
  name: 'GET /events (no events in the seed)',
  request: () => ({ path: '/events' }),
  connections: 16,
  requests: 4000,
  warmUp: 400,
});

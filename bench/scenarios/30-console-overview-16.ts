import { consolePage, CONSOLE_SESSIONS, overviewReadsCounters } from '../lib/console-pages';
import { defineScenario } from '../scenario';

/**
 * The console's overview (every published document's counts, most outstanding first) for 16 signed-in owners at
 * once, on the large seed (issue 33: p99 < 150 ms); its statement must read the maintained counters.
 */
export default defineScenario({
  name: `GET /console/documents (overview), ${CONSOLE_SESSIONS} sessions`,
  request: (context) => consolePage(context, '/console/documents'),
  connections: CONSOLE_SESSIONS,
  requests: 1600,
  warmUp: 100,
  maxP99Ms: 150,
  observe: {
    before: async () => null,
    after: (context) => overviewReadsCounters(context),
  },
});

import { busiestDocument, consolePage, CONSOLE_SESSIONS } from '../lib/console-pages';
import { defineScenario } from '../scenario';

/** The same page filtered to those who have not signed yet ("Waiting for a signature"), for 16 signed-in owners. */
export default defineScenario({
  name: `GET /console/documents/{most assigned}?bucket=pending_attested, ${CONSOLE_SESSIONS} sessions`,
  request: async (context) =>
    consolePage(context, `/console/documents/${await busiestDocument(context)}?bucket=pending_attested`),
  connections: CONSOLE_SESSIONS,
  requests: 1600,
  warmUp: 100,
  maxP99Ms: 150,
});

import { busiestDocument, consolePage, CONSOLE_SESSIONS } from '../lib/console-pages';
import { defineScenario } from '../scenario';

/** A document's page (who stands where, first page), the one with the most assignees, for 16 signed-in owners. */
export default defineScenario({
  name: `GET /console/documents/{most assigned}, ${CONSOLE_SESSIONS} sessions`,
  request: async (context) => consolePage(context, `/console/documents/${await busiestDocument(context)}`),
  connections: CONSOLE_SESSIONS,
  requests: 1600,
  warmUp: 100,
  maxP99Ms: 150,
});

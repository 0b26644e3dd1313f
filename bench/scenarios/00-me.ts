import { defineScenario } from '../scenario';

/** The cheapest authenticated request: what the pipeline itself costs (authentication, limiter, billing). */
export default defineScenario({
  bare: true,
  name: 'GET /me',
  request: () => ({ path: '/me' }),
});

import { defineScenario } from '../scenario';
import deepPage from './05-requests-deep-page';

/** The same deep page under 16 concurrent clients (issue 16: p99 under 50 ms). */
export default defineScenario({ ...deepPage, connections: 16, requests: 4000, warmUp: 400 });

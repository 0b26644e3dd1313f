import { defineScenario } from '../scenario';
import firstPage from './04-requests-first-page';

/** The same first page under 16 concurrent clients (issue 16: p99 under 50 ms). */
export default defineScenario({ ...firstPage, connections: 16, requests: 4000, warmUp: 400 });

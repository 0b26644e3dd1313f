import { defineScenario } from '../scenario';
import members from './13-group-members';

/** The same first page under 16 concurrent clients (issue 16: p99 under 50 ms). */
export default defineScenario({ ...members, connections: 16, requests: 4000, warmUp: 400 });

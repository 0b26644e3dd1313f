import { certificateScenario } from '../lib/certificate-scenario';

/** Issue 13: one at a time, median under 50 ms; resident memory grows less than 20 MB over 1,000 certificates. */
export default certificateScenario({
  name: 'GET /attestation-requests/{id}/certificate',
  connections: 1,
  maxMedianMs: 50,
  maxGrowthMb: 20,
});

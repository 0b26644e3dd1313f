import { certificateScenario } from '../lib/certificate-scenario';

/**
 * Issue 35: sealing must not make the certificate slow. Four at a time: median under 60 ms and p99 under 200 ms;
 * resident memory grows less than 30 MB over 1,000 sealed certificates.
 */
export default certificateScenario({
  name: 'GET /attestation-requests/{id}/certificate, sealed, 4 connections',
  connections: 4,
  maxMedianMs: 60,
  maxP99Ms: 200,
  maxGrowthMb: 30,
});

import { RotateEvidenceKey } from '../../attestation-evidence/application/rotate-evidence-key.use-case';
import type { AdminCommand } from '../admin-command';

export const rotateEvidenceKeyCommand: AdminCommand = {
  name: 'evidence-keys:rotate',
  summary:
    'Make a new key for signing evidence records (JWS); it signs from now on (within a minute in every API ' +
    'process) and the older keys stay published at /.well-known/jwks.json, so what they signed still verifies.',
  options: {},
  async run(app) {
    const key = await app.get(RotateEvidenceKey).execute();
    return { kid: key.kid, created_at: key.createdAt.toISOString() };
  },
};

import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { presentAttestationRequest } from '../../attestation-requests/http/attestation-request.presenter';
import type { AdminCommand } from '../admin-command';
import { id } from '../cli-arguments';

export const cancelRequestCommand: AdminCommand = {
  name: 'request:cancel',
  summary: 'Cancel an open attestation request; a final one (attested, canceled, expired) is refused.',
  options: { request: id('the attestation request id') },
  async run(app, options) {
    return presentAttestationRequest(
      await app.get(CancelAttestationRequest).execute({ requestId: options.string('request') }),
    );
  },
};

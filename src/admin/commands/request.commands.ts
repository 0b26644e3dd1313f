import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { ResendAttestationRequest } from '../../attestation-requests/application/resend-attestation-request.use-case';
import { presentAttestationRequest } from '../../attestation-requests/http/attestation-request.presenter';
import type { AdminCommand } from '../admin-command';
import { id } from '../cli-arguments';

export const cancelRequestCommand: AdminCommand = {
  name: 'request:cancel',
  summary:
    'Cancel an open attestation request; a canceled one is answered as it is, an attested or expired one refused.',
  options: { request: id('the attestation request id') },
  async run(app, options) {
    return presentAttestationRequest(
      // The operator acts across organizations.
      await app.get(CancelAttestationRequest).execute({ requestId: options.string('request'), organizationId: null }),
    );
  },
};

export const resendRequestCommand: AdminCommand = {
  name: 'request:resend',
  summary:
    'Send the email of an open request again (e.g. after a bounce); a final one (attested, canceled, expired) is refused.',
  options: { request: id('the attestation request id') },
  async run(app, options) {
    // With Redis the worker gets the email as soon as it commits; without, the queue lives in the `npm start`
    // process, whose periodic relay picks it up from the outbox within seconds (RelayNotifications leaves an
    // in-process queue no one reads alone). Either way a failed relay is retried by that relay.
    const request = await app
      .get(ResendAttestationRequest)
      .execute({ requestId: options.string('request'), organizationId: null });
    return presentAttestationRequest(request);
  },
};

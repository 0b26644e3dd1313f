import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { ResendAttestationRequest } from '../../attestation-requests/application/resend-attestation-request.use-case';
import { presentAttestationRequest } from '../../attestation-requests/http/attestation-request.presenter';
import { oneIdCommand } from '../one-id-command';

// The operator acts across organizations.
export const cancelRequestCommand = oneIdCommand({
  name: 'request:cancel',
  summary:
    'Cancel an open attestation request; a canceled one is answered as it is, an attested or expired one refused.',
  option: ['request', 'the attestation request id'],
  act: (app, requestId) => app.get(CancelAttestationRequest).execute({ requestId, organizationId: null }),
  present: presentAttestationRequest,
});

// With Redis the worker gets the email as soon as it commits; without, the queue lives in the `npm start` process,
// whose periodic relay picks it up from the outbox within seconds (RelayNotifications leaves an in-process queue no
// one reads alone). Either way a failed relay is retried by that relay.
export const resendRequestCommand = oneIdCommand({
  name: 'request:resend',
  summary:
    'Send the email of an open request again (e.g. after a bounce); a final one (attested, canceled, expired) is refused.',
  option: ['request', 'the attestation request id'],
  act: (app, requestId) => app.get(ResendAttestationRequest).execute({ requestId, organizationId: null }),
  present: presentAttestationRequest,
});

import type { Type } from '@nestjs/common';
import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { ResendAttestationRequest } from '../../attestation-requests/application/resend-attestation-request.use-case';
import type { RequestReference } from '../../attestation-requests/application/request-reference';
import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import { presentAttestationRequest } from '../../attestation-requests/http/attestation-request.presenter';
import { oneIdCommand } from '../one-id-command';

// The operator acts across organizations.
export const cancelRequestCommand = requestCommand(
  'request:cancel',
  'Cancel an open attestation request; a canceled one is answered as it is, an attested or expired one refused.',
  CancelAttestationRequest,
);

// With Redis the worker gets the email as soon as it commits; without, the queue lives in the `npm start` process,
// whose periodic relay picks it up from the outbox within seconds (RelayNotifications leaves an in-process queue no
// one reads alone). Either way a failed relay is retried by that relay.
export const resendRequestCommand = requestCommand(
  'request:resend',
  'Send the email of an open request again (e.g. after a bounce); a final one (attested, canceled, expired) is refused.',
  ResendAttestationRequest,
);

/** A command on one request of any organization: the use-case finds it by id alone. */
function requestCommand(
  name: string,
  summary: string,
  useCase: Type<{ execute(input: RequestReference): Promise<AttestationRequest> }>,
) {
  return oneIdCommand({
    name,
    summary,
    option: ['request', 'the attestation request id'],
    act: (app, requestId) => app.get(useCase).execute({ requestId, organizationId: null }),
    present: presentAttestationRequest,
  });
}

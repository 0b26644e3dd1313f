import { CancelAttestationRequest } from '../../attestation-requests/application/cancel-attestation-request.use-case';
import { ResendAttestationRequest } from '../../attestation-requests/application/resend-attestation-request.use-case';
import { presentAttestationRequest } from '../../attestation-requests/http/attestation-request.presenter';
import { AppConfig } from '../../config/app-config';
import { RelayNotifications } from '../../notifications/application/relay-notifications.use-case';
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

export const resendRequestCommand: AdminCommand = {
  name: 'request:resend',
  summary:
    'Send the email of an open request again (e.g. after a bounce); a final one (attested, canceled, expired) is refused.',
  options: { request: id('the attestation request id') },
  async run(app, options) {
    const { request, notificationId } = await app
      .get(ResendAttestationRequest)
      .execute({ requestId: options.string('request') });
    // With Redis the worker gets it now; without, the queue lives in the `npm start` process, whose periodic relay
    // picks the email up from the outbox within seconds. Either way a failed relay is retried by that relay.
    const relay = app.get(RelayNotifications);
    if (app.get(AppConfig).redisUrl) await relay.execute([notificationId]).catch(() => undefined);
    return presentAttestationRequest(request);
  },
};

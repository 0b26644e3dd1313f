import type { AttestationRequest } from '../../attestation-requests/domain/attestation-request';
import type { PageState } from '../domain/page-state';
import type { PageContent } from './attestation-page-content';

/** Everything the recipient's page shows, in the state it shows it. */
export interface AttestationPage extends PageContent {
  state: PageState;
  request: AttestationRequest;
}

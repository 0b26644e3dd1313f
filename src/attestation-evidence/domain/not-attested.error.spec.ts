import { NotAttestedError } from './not-attested.error';

describe('NotAttestedError', () => {
  it('is a conflict: a certificate exists only for a signed request', () => {
    expect(new NotAttestedError()).toMatchObject({
      code: 'conflict',
      message: 'The attestation request is not attested.',
    });
  });
});

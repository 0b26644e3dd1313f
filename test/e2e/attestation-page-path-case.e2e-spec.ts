import { startTestApp, TestApp } from '../support/test-app';

/**
 * Express matches /attest/... ignoring case. The API's JSON body parser must leave such a path's body alone
 * too, or the page's own form reader would wait for a body already consumed and never answer.
 */
describe('the attestation page reached with another letter case', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers a form post whose body also parses as JSON', async () => {
    const unknownLink = 'a'.repeat(43);
    for (const path of [`/ATTEST/${unknownLink}`, `/Attest/${unknownLink}`]) {
      const response = await t.http
        .post(path)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send('{}')
        .timeout(5_000);
      expect({ path, status: response.status, type: response.headers['content-type'] }).toEqual({
        path,
        status: 404,
        type: expect.stringMatching(/^text\/html/),
      });
    }
  });
});

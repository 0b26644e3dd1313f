import { Webhook } from 'standardwebhooks';
import { endpointUrlProblem } from './endpoint-url';
import { isNonPublicAddress } from './network-address';
import { signWebhook } from './webhook-secret';

describe('non-public addresses', () => {
  it.each([
    '10.0.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    '[::1]',
  ])('%s is not public', (address) => expect(isNonPublicAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isNonPublicAddress(address)).toBe(false),
  );

  it('allows http and private hosts only when private networks are allowed', () => {
    expect(endpointUrlProblem('http://10.0.0.1/x', true)).toBeNull();
    expect(endpointUrlProblem('http://example.com/x', false)).toBe('The url field must be an https URL.');
    expect(endpointUrlProblem('https://LOCALHOST./x', false)).toMatch(/private/);
  });

  it.each(['https://example.com/\r\nX: y', ' https://example.com/', 'https://example.com/ ', 'https://exa\tmple.com/'])(
    'refuses %j, which the URL parser would silently rewrite',
    (url) => expect(endpointUrlProblem(url, true)).toBe('The url field must be a valid URL.'),
  );
});

describe('signWebhook', () => {
  it("signs as Standard Webhooks' reference library does, one signature per secret, newest first", () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3cT5wKgh0YA=';
    const previous = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const body = '{"test": 2432232314, "text": "Zoë"}';
    const reference = (s: string) =>
      new Webhook(s).sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330_000), body);
    expect(signWebhook([secret], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(reference(secret));
    expect(signWebhook([secret, previous], 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, body)).toBe(
      `${reference(secret)} ${reference(previous)}`,
    );
  });
});

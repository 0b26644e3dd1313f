import {
  ENDPOINT_URL_MAX_LENGTH,
  endpointUrlProblem,
  hostToResolve,
  isPrivateHost,
  PRIVATE_ADDRESS_MESSAGE,
} from './endpoint-url';

describe('endpointUrlProblem', () => {
  const atLength = (length: number) => {
    const prefix = 'https://example.com/';
    return prefix + '€'.repeat(length - prefix.length);
  };

  it('accepts a public https URL, by name or by address', () => {
    expect(endpointUrlProblem('https://hooks.example.com/attestations?x=1', false)).toBeNull();
    expect(endpointUrlProblem('https://93.184.215.14/x', false)).toBeNull();
    expect(endpointUrlProblem('https://[2606:4700::1111]/x', false)).toBeNull();
  });

  it('counts characters, not bytes, up to 2048', () => {
    expect(endpointUrlProblem(atLength(ENDPOINT_URL_MAX_LENGTH), false)).toBeNull();
    expect(endpointUrlProblem(atLength(ENDPOINT_URL_MAX_LENGTH + 1), false)).toBe(
      'The url field must not be greater than 2048 characters.',
    );
  });

  it('refuses what is not an absolute URL', () => {
    for (const value of ['', 'hooks.example.com/x', '/x', 'https://', 'https://exa mple.com/']) {
      expect(endpointUrlProblem(value, false)).toBe('The url field must be a valid URL.');
    }
  });

  it('refuses control characters and white space anywhere, which the URL parser would drop or encode', () => {
    for (const character of [
      ' ',
      '\t',
      '\n',
      '\r',
      '\u0000',
      '\u0001',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\u00a0',
      '\u2028',
      '\u3000',
      '\ufeff',
    ]) {
      expect(endpointUrlProblem(`https://example.com/a${character}b`, true)).toBe('The url field must be a valid URL.');
    }
    expect(endpointUrlProblem('https://example.com/a~b!$&()*+,;=:@%20', false)).toBeNull();
    expect(endpointUrlProblem('https://example.com/\u00e9\u20ac\u{1f600}', false)).toBeNull();
  });

  it('takes https only, unless private networks are allowed, then http too', () => {
    expect(endpointUrlProblem('http://example.com/x', false)).toBe('The url field must be an https URL.');
    expect(endpointUrlProblem('ftp://example.com/x', false)).toBe('The url field must be an https URL.');
    expect(endpointUrlProblem('http://example.com/x', true)).toBeNull();
    expect(endpointUrlProblem('https://example.com/x', true)).toBeNull();
    expect(endpointUrlProblem('ftp://example.com/x', true)).toBe('The url field must be an http or https URL.');
    expect(endpointUrlProblem('javascript:alert(1)', true)).toBe('The url field must be an http or https URL.');
  });

  it('refuses this machine and non-public addresses, however they are spelled, unless private networks are allowed', () => {
    for (const value of [
      'https://localhost/x',
      'https://api.localhost/x',
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://2130706433/x',
      'https://0x7f.0.0.1/x',
      'https://10.1.2.3:8443/x',
      'https://[::1]/x',
      'https://[::ffff:192.168.0.1]/x',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      expect(endpointUrlProblem(value, false)).toBe(PRIVATE_ADDRESS_MESSAGE);
      expect(endpointUrlProblem(value, true)).toBeNull();
    }
  });
});

describe('isPrivateHost', () => {
  it('judges localhost and IP literals, and leaves other names to DNS', () => {
    expect(isPrivateHost('localhost')).toBe(true);
    expect(isPrivateHost('[::1]')).toBe(true);
    expect(isPrivateHost('[2606:4700::1111]')).toBe(false);
    expect(isPrivateHost('10.0.0.1')).toBe(true);
    expect(isPrivateHost('8.8.8.8')).toBe(false);
    expect(isPrivateHost('internal.example.com')).toBe(false);
  });
});

describe('hostToResolve', () => {
  it('names the host to resolve, or none for an IP literal', () => {
    expect(hostToResolve('https://Hooks.Example.com:8443/x')).toBe('hooks.example.com');
    expect(hostToResolve('https://93.184.215.14/x')).toBeNull();
    expect(hostToResolve('https://[2606:4700::1111]/x')).toBeNull();
  });
});

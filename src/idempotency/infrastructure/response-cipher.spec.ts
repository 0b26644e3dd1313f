import { ResponseCipher } from './response-cipher';

describe('ResponseCipher', () => {
  const cipher = new ResponseCipher('test-app-key-0123456789abcdef0123456789abcdef');

  it('opens what it sealed for the same context, and never shows the text in the sealed bytes', () => {
    const text = '{"secret":"whsec_c2VjcmV0"}';
    const sealed = cipher.seal(text, 'org:key');
    expect(sealed.toString('latin1')).not.toContain('whsec_');
    expect(cipher.open(sealed, 'org:key')).toBe(text);
    expect(cipher.seal(text, 'org:key').equals(sealed)).toBe(false);
  });

  it('refuses another context, another APP_KEY and altered bytes', () => {
    const sealed = cipher.seal('{}', 'org:key');
    expect(() => cipher.open(sealed, 'org:other')).toThrow();
    expect(() => new ResponseCipher('another-app-key-0123456789abcdef0123456789').open(sealed, 'org:key')).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;
    expect(() => cipher.open(altered, 'org:key')).toThrow();
  });
});

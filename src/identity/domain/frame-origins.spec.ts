import { ValidationFailedError } from '@lib/core';
import { frameOriginOf, frameOriginsOf } from './frame-origins';

describe('frame origins', () => {
  it.each([
    ['https://app.example.com', 'https://app.example.com'],
    ['https://App.Example.com/', 'https://app.example.com'],
    ['https://app.example.com:8443', 'https://app.example.com:8443'],
    ['https://app.example.com:443', 'https://app.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['HTTPS://APP.example.com', 'https://app.example.com'],
    ['https://' + ('a'.repeat(60) + '.').repeat(4) + 'com', 'https://' + ('a'.repeat(60) + '.').repeat(4) + 'com'],
  ])('%j is the origin %j', (text, origin) => {
    expect(frameOriginOf(text)).toBe(origin);
  });

  it.each([
    'http://app.example.com',
    'https://app.example.com/path',
    'https://app.example.com/?q=1',
    'https://app.example.com/#x',
    'https://user:pw@app.example.com',
    'https://*.example.com',
    "https://app.example.com 'unsafe-inline'",
    'https://a.example.com;script-src *',
    'ftp://app.example.com',
    'app.example.com',
    '',
    'https://' + 'a'.repeat(250) + '.com',
    // 256 characters, one more than a column holds.
    'https://a' + ('a'.repeat(60) + '.').repeat(4) + 'com',
    'https://user@app.example.com',
    'https://:pw@app.example.com',
    'https://a,b.example.com',
    'https://a"b.example.com',
    'https://app.example.com\t',
    // What the URL parser forgives but a browser's frame-ancestors would not match as written.
    'https:app.example.com',
    'https://app.example.com/.',
    'https://app.example.com\\path',
    '\u0001https://app.example.com',
    'ws://localhost:3000',
    'ftp://localhost',
  ])('%j is not an origin', (text) => {
    expect(frameOriginOf(text)).toBeNull();
  });

  it('keeps each origin once, in order, and names every bad one by its index', () => {
    expect(frameOriginsOf(['https://b.example', 'https://a.example', 'https://B.example/'])).toEqual([
      'https://b.example',
      'https://a.example',
    ]);
    expect(frameOriginsOf([])).toEqual([]);
    try {
      frameOriginsOf(['https://ok.example', 'http://bad.example', 7]);
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailedError);
      const message = 'Each origin must be https://host or https://host:port (http only for localhost), with no path.';
      expect((error as ValidationFailedError).errors).toEqual({
        'signing_frame_origins.1': [message],
        'signing_frame_origins.2': [message],
      });
    }
  });
});

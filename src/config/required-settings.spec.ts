import { requireSettings } from './required-settings';

const BASE = { DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r', APP_KEY: 'k'.repeat(32) };

describe('requireSettings', () => {
  it('lets the API start without APP_URL but not the worker, whose emails carry links', () => {
    expect(() => requireSettings('start:prod', BASE)).not.toThrow();
    expect(() => requireSettings('start:worker', BASE)).toThrow('start:worker needs APP_URL');
    expect(() => requireSettings('start:worker', { ...BASE, APP_URL: '  ' })).toThrow('start:worker needs APP_URL');
    expect(() => requireSettings('start:worker', { ...BASE, APP_URL: 'https://attest.example.com' })).not.toThrow();
  });

  it('names every missing setting', () => {
    expect(() => requireSettings('start:prod', {})).toThrow(
      'start:prod needs DATABASE_URL, REDIS_URL, APP_KEY; use npm start for the embedded mode',
    );
  });
});

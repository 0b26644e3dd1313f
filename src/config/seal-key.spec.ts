import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { writeSealP12 } from '../../test/support/seal-p12';
import { AppConfig } from './app-config';
import { loadOrCreateSealKey, readConfiguredSealKey } from './seal-key';

describe('the seal key', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'seal-key-'));
    writeSealP12(join(dir, 'seal.p12'), 'correct horse');
    writeFileSync(join(dir, 'not.p12'), 'certainly not a PKCS#12 file');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the operator's PKCS#12: its key, its certificate first, then the chain", () => {
    const key = readConfiguredSealKey(join(dir, 'seal.p12'), 'correct horse');
    expect(key.origin).toBe('configured');
    expect(key.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const subjects = key.certificates.map((der) => new X509Certificate(der).subject);
    expect(subjects).toEqual(['CN=Operator seal', 'CN=Operator CA']);
  });

  it.each([
    ['a wrong password', 'seal.p12', 'wrong', /^SEAL_P12_PASSWORD does not open the PKCS#12 file at SEAL_P12_PATH \(/],
    ['a file that is not a PKCS#12', 'not.p12', '', /^SEAL_P12_PATH is not a PKCS#12 file the service can read \(/],
    ['a missing file', 'missing.p12', '', /^SEAL_P12_PATH cannot be read \(.*missing\.p12\): ENOENT$/],
  ])('stops the configuration on %s, in one line', (_case, file, password, message) => {
    const env = { SEAL_P12_PATH: join(dir, file), SEAL_P12_PASSWORD: password };
    expect(() => new AppConfig(env)).toThrow(message);
    try {
      new AppConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('refuses a password without a file', () => {
    expect(() => new AppConfig({ SEAL_P12_PASSWORD: 'x' })).toThrow('SEAL_P12_PASSWORD is set without SEAL_P12_PATH');
  });

  it('makes a self-signed key once under the data directory and keeps it', () => {
    const data = join(dir, 'data');
    const first = loadOrCreateSealKey(data);
    const file = join(data, 'seal-key.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kept = readFileSync(file, 'utf8');
    const second = loadOrCreateSealKey(data);
    expect(second).toEqual(first);
    expect(readFileSync(file, 'utf8')).toBe(kept);
    const certificate = new X509Certificate(first.certificates[0]);
    expect(first.origin).toBe('generated');
    expect(certificate.subject).toContain('CN=Attestation service seal');
    expect(certificate.verify(certificate.publicKey)).toBe(true);
  });

  it('refuses a kept key file that was damaged, naming it', () => {
    const data = join(dir, 'damaged');
    loadOrCreateSealKey(data);
    writeFileSync(join(data, 'seal-key.pem'), 'garbage');
    expect(() => loadOrCreateSealKey(data)).toThrow(/seal-key\.pem cannot be used: it holds no private key/);
  });
});

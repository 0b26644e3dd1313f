import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type request from 'supertest';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from 'jose';
import { FixedClock } from '@lib/core';
import { runAdmin } from '../support/admin-cli';
import { TEST_REDIS_URL } from '../support/environment';
import { issueRequest, IssuedRequest, openForm, submitForm } from '../support/attestation-page-fixtures';
import { createTenant, Tenant } from '../support/fixtures';
import { Metrics } from '../../src/metrics/metrics';
import { pdfsig, pdftotext, sealTimestamp, withOneSignedByteChanged } from '../support/pdf-tools';
import { sample } from '../support/prometheus-sample';
import { startTestApp, TestApp } from '../support/test-app';
import { startTestTsa, type TestTsa, verifyTimestampToken } from '../support/test-tsa';

const APP_KEY = 'test-app-key-0123456789abcdef0123456789abcdef';

/** The response body as bytes (supertest buffers only the types it knows as text). */
const binary = (call: request.Test) =>
  call.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

jest.setTimeout(120_000);

/**
 * Proof that stands without the service: the certificate sealed (checked by poppler's pdfsig), the evidence record
 * as a compact JWS checked with `jose` and the published key set alone, fetched over HTTP as an auditor would,
 * and attestations that no UPDATE can change.
 */
describe('proof that stands on its own', () => {
  let t: TestApp;
  let tenant: Tenant;
  let dataDir: string;
  let signed: IssuedRequest;
  let tsa: TestTsa;
  const clock = new FixedClock(new Date('2026-11-27T09:00:00.000Z'));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'attest-seal-'));
    tsa = await startTestTsa();
    t = await startTestApp({
      clock,
      env: { DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '500', SEAL_TSA_URL: tsa.url },
    });
    tenant = await createTenant(t.app, { name: 'Acme Compliance' });
    signed = await issueRequest(t, tenant);
    await sign(signed, 'مرحبا\u202Eevil');
  });
  afterAll(async () => {
    await t?.close();
    await tsa?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function sign(issued: IssuedRequest, typedName: string): Promise<void> {
    clock.advance(60_000);
    const form = await openForm(t, issued.path, '203.0.113.9');
    const answer = await submitForm(t, issued.path, form, { typed_name: typedName }, { ip: '203.0.113.9' });
    expect(answer.status).toBe(200);
  }

  const evidenceOf = (id: string, accept?: string) => {
    const call = t.http.get(`/api/v1/attestation-requests/${id}/evidence`).set(tenant.auth);
    return accept === undefined ? call : call.set('Accept', accept);
  };
  const jwsOf = async (id: string) => {
    const response = await binary(evidenceOf(id, 'application/jose')).expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/jose/);
    return (response.body as Buffer).toString('utf8');
  };
  /** What an auditor does: fetch the key set over HTTP, then verify with nothing else. */
  const verifyWithPublishedKeys = async (jws: string) => {
    const jwks = await t.http.get('/.well-known/jwks.json').expect(200);
    expect(jwks.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
    const keys = JSON.parse(jwks.text) as JSONWebKeySet;
    const verified = await compactVerify(jws, createLocalJWKSet(keys));
    return { header: verified.protectedHeader, payload: new TextDecoder().decode(verified.payload), keys };
  };

  describe('the sealed certificate', () => {
    it('is valid for pdfsig, by the seal generated once under the data directory', async () => {
      const response = await binary(
        t.http.get(`/api/v1/attestation-requests/${signed.requestId}/certificate`).set(tenant.auth),
      ).expect(200);
      const pdf = response.body as Buffer;
      const report = pdfsig(pdf);
      expect(report.validations).toEqual(['Signature is Valid.']);
      expect(report.signer).toBe('Attestation service seal');
      expect(statSync(join(dataDir, 'seal-key.pem')).mode & 0o777).toBe(0o600);

      const changed = pdfsig(withOneSignedByteChanged(pdf));
      expect(changed.validations).toHaveLength(1);
      expect(changed.validations[0]).not.toBe('Signature is Valid.');
    });

    it('carries the timestamp of the authority SEAL_TSA_URL names, counted', async () => {
      const response = await binary(
        t.http.get(`/api/v1/attestation-requests/${signed.requestId}/certificate`).set(tenant.auth),
      ).expect(200);
      const pdf = response.body as Buffer;
      expect(pdfsig(pdf).validations).toEqual(['Signature is Valid.']);
      const { token, signatureValue } = sealTimestamp(pdf);
      expect(token).toBeDefined();
      expect(verifyTimestampToken(token!, signatureValue, tsa.certificateFile)).toMatchObject({ verified: true });
      const exposition = await t.app.get(Metrics).exposition();
      expect(sample(exposition, 'attest_certificate_timestamps_total', { outcome: 'stamped' })).toBeGreaterThan(0);
      expect(sample(exposition, 'attest_certificate_timestamps_total', { outcome: 'failed' })).toBe(0);
    });

    it('shows the right-to-left override the signer typed as its code point, the name reading as typed', async () => {
      const response = await binary(
        t.http.get(`/api/v1/attestation-requests/${signed.requestId}/certificate`).set(tenant.auth),
      ).expect(200);
      const text = pdftotext(response.body as Buffer);
      expect(text).toContain('evil[U+202E]');
      expect(text).not.toContain('live');
    });
  });

  describe('the evidence as a compact JWS', () => {
    it('carries the same record as the JSON, verifiable with the published keys alone', async () => {
      const json = await evidenceOf(signed.requestId).expect(200);
      const jws = await jwsOf(signed.requestId);
      const { header, payload, keys } = await verifyWithPublishedKeys(jws);
      expect(header).toMatchObject({ alg: 'EdDSA', kid: keys.keys[0].kid });
      expect(payload).toBe(JSON.stringify(json.body));
      const record = JSON.parse(payload);
      expect(record.attestation.typed_name).toBe('مرحبا\u202Eevil');
      expect(record.revision.content_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(record.attestation.content_sha256).toBe(record.revision.content_sha256);
      expect(keys.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
      expect(keys.keys[0]).not.toHaveProperty('d');
      // The JSON names why it varies.
      expect(json.headers.vary).toMatch(/Accept/);
    });

    it('does not verify once its payload changes', async () => {
      const jws = await jwsOf(signed.requestId);
      const [head, payload, signature] = jws.split('.');
      const record = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      record.attestation.typed_name = 'Someone else';
      const forged = `${head}.${Buffer.from(JSON.stringify(record)).toString('base64url')}.${signature}`;
      await expect(verifyWithPublishedKeys(forged)).rejects.toThrow(/signature verification failed/);
    });

    it('is signed with a new key after a rotation by the admin CLI, and the older records still verify', async () => {
      const before = await jwsOf(signed.requestId);
      const oldKid = decodeProtectedHeader(before).kid;
      const rotation = await runAdmin(['evidence-keys:rotate'], {
        PATH: process.env.PATH,
        LOG_LEVEL: '',
        DATABASE_URL: t.database.url,
        REDIS_URL: TEST_REDIS_URL,
        APP_KEY,
        DATA_DIR: dataDir,
      });
      // The stderr too, so a failure says why.
      expect({ code: rotation.code, stderr: rotation.stderr }).toEqual({ code: 0, stderr: '' });
      const rotated = JSON.parse(rotation.stdout) as { kid: string; created_at: string };
      expect(rotated.kid).not.toBe(oldKid);

      // The API process keeps its current key a minute; a fresh one (another API process) signs with the new key.
      const other = await startTestApp({ database: t.database, clock, env: { DATA_DIR: dataDir } });
      try {
        const response = await binary(
          other.http
            .get(`/api/v1/attestation-requests/${signed.requestId}/evidence`)
            .set(tenant.auth)
            .set('Accept', 'application/jose'),
        ).expect(200);
        const after = (response.body as Buffer).toString('utf8');
        expect(decodeProtectedHeader(after).kid).toBe(rotated.kid);
        const { keys } = await verifyWithPublishedKeys(after);
        expect(keys.keys.map((key) => key.kid)).toEqual([rotated.kid, oldKid]);
        // The record signed before the rotation still verifies with the published set.
        expect((await verifyWithPublishedKeys(before)).header.kid).toBe(oldKid);
      } finally {
        await other.close();
      }
    });

    it('answers 406 in the contract’s shape to an Accept it cannot meet, JSON to */* and to none', async () => {
      for (const accept of ['text/html', 'application/xml', 'image/png']) {
        const response = await evidenceOf(signed.requestId, accept).expect(406);
        expect(response.body).toEqual({
          error: 'The evidence is available as application/json or application/jose.',
        });
      }
      for (const accept of ['*/*', 'application/*', 'application/json', undefined]) {
        const response = await evidenceOf(signed.requestId, accept).expect(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
      // An unknown request is still 404 when the JWS is asked for.
      await evidenceOf('01jd7x5m3q4r8s9t0v1w2x3y4z', 'application/jose').expect(404);
    });

    it('publishes the keys without a token, outside /api/v1', async () => {
      const response = await t.http.get('/.well-known/jwks.json').expect(200);
      expect(JSON.parse(response.text).keys.length).toBeGreaterThan(0);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
    });
  });

  describe('the attestation row', () => {
    it('refuses every UPDATE, whoever runs it', async () => {
      await expect(
        t.db.query(`UPDATE attestations SET typed_name = 'Someone else' WHERE attestation_request_id = $1`, [
          signed.requestId,
        ]),
      ).rejects.toThrow(/is written once and cannot be updated/);
      await expect(
        t.db.query(`UPDATE attestations SET attested_at = attested_at WHERE attestation_request_id = $1`, [
          signed.requestId,
        ]),
      ).rejects.toThrow(/is written once and cannot be updated/);
      const [row] = await t.db.query(`SELECT typed_name FROM attestations WHERE attestation_request_id = $1`, [
        signed.requestId,
      ]);
      expect(row.typed_name).toBe('مرحبا\u202Eevil');
    });

    it('still goes with its organization when the organization is deleted', async () => {
      const leaving = await createTenant(t.app);
      const issued = await issueRequest(t, leaving);
      clock.advance(60_000);
      const form = await openForm(t, issued.path, '203.0.113.10');
      await submitForm(t, issued.path, form, { typed_name: 'Ada Lovelace' }, { ip: '203.0.113.10' });
      await t.db.query(`DELETE FROM organizations WHERE id = $1`, [leaving.organizationId]);
      const rows = await t.db.query(`SELECT 1 FROM attestations WHERE organization_id = $1`, [leaving.organizationId]);
      expect(rows).toEqual([]);
    });
  });
});

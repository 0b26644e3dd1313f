import { createPrivateKey, generateKeyPairSync, KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { calculateJwkThumbprint, CompactSign } from 'jose';
import { DataSource } from 'typeorm';
import { Clock } from '@lib/core';
import { AppKeySealer } from '@lib/persistence';
import { AppConfig } from '../../config/app-config';
import { activeManager } from '../../database/typeorm-unit-of-work';
import { EvidenceSigner, PublishedKey } from '../application/evidence-signer';

const ALGORITHM = 'EdDSA';
/** How long a process signs with the key it read before looking for a newer one. */
const CURRENT_KEY_TTL_MS = 60_000;

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/**
 * Ed25519 keys (EdDSA), kept in `evidence_signing_keys`: the private key sealed under APP_KEY, the public one as
 * the JWK published. Shared by every API process through the database; each keeps the current key a minute.
 */
@Injectable()
export class JoseEvidenceSigner extends EvidenceSigner {
  private readonly sealer: AppKeySealer;
  private current: { key: SigningKey; readAt: number } | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    super();
    this.sealer = new AppKeySealer(config.appKey, 'evidence signing keys');
  }

  async sign(payload: object): Promise<string> {
    const key = await this.currentKey();
    return new CompactSign(Buffer.from(JSON.stringify(payload), 'utf8'))
      .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, cty: 'json' })
      .sign(key.privateKey);
  }

  async publishedKeys(): Promise<PublishedKey[]> {
    const rows: { public_jwk: PublishedKey }[] = await activeManager(this.db).query(
      `SELECT public_jwk FROM evidence_signing_keys ORDER BY position DESC`,
    );
    return rows.map((row) => row.public_jwk);
  }

  async rotate(now: Date): Promise<{ kid: string; createdAt: Date }> {
    const { kid } = await this.insertKey(now);
    this.current = null;
    return { kid, createdAt: now };
  }

  private async currentKey(): Promise<SigningKey> {
    const now = Date.now();
    if (this.current && now - this.current.readAt < CURRENT_KEY_TTL_MS) return this.current.key;
    const key = (await this.newestKey()) ?? (await this.insertKey(this.clock.now()));
    this.current = { key, readAt: now };
    return key;
  }

  private async newestKey(): Promise<SigningKey | null> {
    const rows: { kid: string; private_key_sealed: string }[] = await activeManager(this.db).query(
      `SELECT kid, private_key_sealed FROM evidence_signing_keys ORDER BY position DESC LIMIT 1`,
    );
    const [row] = rows;
    return row ? { kid: row.kid, privateKey: createPrivateKey(this.sealer.open(row.private_key_sealed)) } : null;
  }

  /** Two processes making the first key at once each insert one: both are published, the later one signs. */
  private async insertKey(now: Date): Promise<SigningKey> {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const jwk = publicKey.export({ format: 'jwk' });
    const kid = await calculateJwkThumbprint(jwk as Parameters<typeof calculateJwkThumbprint>[0], 'sha256');
    const published: PublishedKey = { ...jwk, kid, alg: ALGORITHM, use: 'sig' };
    await activeManager(this.db).query(
      `INSERT INTO evidence_signing_keys (kid, algorithm, public_jwk, private_key_sealed, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        kid,
        ALGORITHM,
        JSON.stringify(published),
        this.sealer.seal(privateKey.export({ type: 'pkcs8', format: 'pem' }) as string),
        now,
      ],
    );
    return { kid, privateKey };
  }
}

import { createPrivateKey, generateKeyPairSync, randomBytes, sign, X509Certificate } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * The installation's seal key, as plain data (it crosses to the certificate process by structured clone): an RSA
 * private key in PKCS#8 PEM, and the certificates in DER, the one of that key first, then its chain.
 */
export interface SealKey {
  privateKeyPem: string;
  certificates: Uint8Array[];
  /** `configured` from SEAL_P12_PATH, `generated` under the data directory. */
  origin: 'configured' | 'generated';
}

/**
 * Reads the operator's PKCS#12 (SEAL_P12_PATH, SEAL_P12_PASSWORD). Anything wrong with it is one line naming the
 * setting, thrown at boot, so a service never runs unable to seal.
 */
export function readConfiguredSealKey(path: string, password: string): SealKey {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new Error(`SEAL_P12_PATH cannot be read (${path}): ${(error as NodeJS.ErrnoException).code ?? 'error'}`, {
      cause: error,
    });
  }
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary'))), password);
  } catch (error) {
    const message = (error as Error).message;
    if (/MAC could not be verified|Invalid password/i.test(message)) {
      throw new Error(`SEAL_P12_PASSWORD does not open the PKCS#12 file at SEAL_P12_PATH (${path})`, { cause: error });
    }
    throw new Error(`SEAL_P12_PATH is not a PKCS#12 file the service can read (${path}): ${message}`, {
      cause: error,
    });
  }
  const keyBag = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ].find((bag) => bag.key);
  if (!keyBag?.key) throw new Error(`SEAL_P12_PATH holds no RSA private key (${path})`);
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined && cert !== null);
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new Error(`SEAL_P12_PATH holds no certificate of its private key (${path})`);
  return {
    privateKeyPem: forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))),
    certificates: [own, ...certificates.filter((cert) => cert !== own)].map(certificateDer),
    origin: 'configured',
  };
}

/**
 * Without SEAL_P12_PATH: a self-signed RSA key and certificate made on first use and kept under the data
 * directory (`seal-key.pem`, mode 0600), like APP_KEY, so every certificate of the installation carries the same
 * seal. Several processes starting at once keep the first one written.
 */
export function loadOrCreateSealKey(dataDir: string): SealKey {
  const file = join(dataDir, 'seal-key.pem');
  try {
    return parseSealPem(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`the seal key kept in ${file} cannot be used: ${(error as Error).message}`, { cause: error });
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, selfSignedSealPem('Attestation service'), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return parseSealPem(readFileSync(file, 'utf8'));
}

function parseSealPem(pem: string): SealKey {
  const keyPem = /-----BEGIN PRIVATE KEY-----[^-]+-----END PRIVATE KEY-----/.exec(pem)?.[0];
  const certPem = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/.exec(pem)?.[0];
  if (!keyPem || !certPem) throw new Error('it holds no private key and certificate');
  const certificate = new X509Certificate(certPem);
  if (!certificate.checkPrivateKey(createPrivateKey(keyPem))) throw new Error('the certificate is not of the key');
  return { privateKeyPem: keyPem, certificates: [new Uint8Array(certificate.raw)], origin: 'generated' };
}

/**
 * RSA 2048, valid for 30 years: the key made and the certificate signed by Node (native RSA; node-forge's takes
 * seconds), the certificate's fields laid out by node-forge.
 */
function selfSignedSealPem(commonName: string): string {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
  // A positive serial of 16 random bytes.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date();
  certificate.validity.notAfter = new Date(Date.now() + 30 * 365.25 * 86_400_000);
  const name = [
    { name: 'commonName', value: `${commonName} seal` },
    { name: 'organizationName', value: commonName },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.siginfo.algorithmOid = forge.pki.oids.sha256WithRSAEncryption;
  certificate.signatureOid = forge.pki.oids.sha256WithRSAEncryption;
  const tbs = Buffer.from(forge.asn1.toDer(tbsOf(certificate)).getBytes(), 'binary');
  certificate.signature = sign('sha256', tbs, privateKey).toString('binary');
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  return `${keyPem.trim()}\n${forge.pki.certificateToPem(certificate).trim()}\n`;
}

function certificateDer(certificate: forge.pki.Certificate): Uint8Array {
  return Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
}

/** node-forge lays out the to-be-signed part; its typings do not declare the function. */
function tbsOf(certificate: forge.pki.Certificate): forge.asn1.Asn1 {
  return (forge.pki as unknown as { getTBSCertificate(c: forge.pki.Certificate): forge.asn1.Asn1 }).getTBSCertificate(
    certificate,
  );
}

import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import forge from 'node-forge';

/**
 * Writes a PKCS#12 file as an operator would bring one (`openssl pkcs12 -export`): an RSA key, its certificate
 * (issued by a small CA of its own, whose certificate is in the file too) and `password`.
 */
export function writeSealP12(file: string, password: string, commonName = 'Operator seal'): void {
  const key = (bits: number) =>
    forge.pki.privateKeyFromPem(
      generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    ) as forge.pki.rsa.PrivateKey;
  const certificate = (
    subject: string,
    own: forge.pki.rsa.PrivateKey,
    issuer: string,
    signer: forge.pki.rsa.PrivateKey,
    serial: string,
  ) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.setRsaPublicKey(own.n, own.e);
    cert.serialNumber = serial;
    cert.validity.notBefore = new Date(Date.now() - 86_400_000);
    cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
    cert.setSubject([{ name: 'commonName', value: subject }]);
    cert.setIssuer([{ name: 'commonName', value: issuer }]);
    cert.sign(signer, forge.md.sha256.create());
    return cert;
  };
  const caKey = key(2048);
  const sealKey = key(2048);
  const ca = certificate('Operator CA', caKey, 'Operator CA', caKey, '01');
  const seal = certificate(commonName, sealKey, 'Operator CA', caKey, '02');
  const p12 = forge.pkcs12.toPkcs12Asn1(sealKey, [seal, ca], password, { algorithm: '3des' });
  writeFileSync(file, Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'));
}

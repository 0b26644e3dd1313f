import { createHash, createPrivateKey, KeyObject, sign } from 'node:crypto';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { SealKey } from '../../config/seal-key';
import { algorithm, type Asn1, der, fromDer, integer, isTagged, oid, octets, seq, set, tagged } from './der';
import { TIMESTAMP_OID, type TimestampAuthority, type TimestampOutcome, TimestampRefused } from './timestamp-authority';

/**
 * The seal of a certificate: a PAdES baseline (B-B) signature, a detached CMS SignedData over the PDF's byte range
 * with SHA-256, by the installation's seal key, timestamped (B-T) when a time-stamping authority is configured and
 * answers. `@signpdf` reserves the signature's place while pdfkit writes the PDF and fills in the byte range and
 * the signature after; the CMS is built here.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

/** The room a timestamp token may take in the signature's place: a token and its authority's chain, a few KB. */
export const TIMESTAMP_ROOM = 16 * 1024;

/** A seal's CMS, and what came of its timestamp. */
export interface SealedSignature {
  cms: Buffer;
  timestamp: TimestampOutcome;
}

/**
 * Signs with Node's crypto (native RSA: a few milliseconds, where node-forge's takes hundreds), the key parsed
 * once. Signed attributes as PAdES baseline asks: content type, message digest and the ESS signing certificate v2
 * (which binds the signer's certificate into the signature); the signing time is the signature dictionary's `/M`.
 * With a time-stamping authority, and when asked, the authority's token on the signature value becomes the
 * SignerInfo's unsigned attribute (PAdES-B-T); any failure of it leaves the baseline signature alone.
 */
export class CmsSealSigner {
  private readonly key: KeyObject;
  private readonly certificates: Asn1[];
  private readonly issuerAndSerial: Asn1;
  private readonly signingCertificate: Asn1;

  constructor(
    seal: SealKey,
    private readonly authority?: TimestampAuthority,
  ) {
    this.key = createPrivateKey(seal.privateKeyPem);
    this.certificates = seal.certificates.map(fromDer);
    // TBSCertificate: [0] version, serialNumber, signature, issuer, ...
    const tbs = this.certificates[0].value[0] as Asn1;
    const fields = tbs.value as Asn1[];
    const offset = isTagged(fields[0], 0) ? 1 : 0;
    this.issuerAndSerial = seq([fields[offset + 2], fields[offset]]);
    const certificateHash = createHash('sha256').update(seal.certificates[0]).digest();
    this.signingCertificate = seq([seq([seq([octets(certificateHash)])])]);
  }

  /**
   * The room the signature needs in the PDF, in bytes: the certificates and some 1 KB of structure and signature,
   * and the token's room when a timestamp will be asked for.
   */
  signatureLength(timestamped: boolean): number {
    const certificates = this.certificates.reduce((sum, certificate) => sum + der(certificate).length, 0);
    return certificates + 4096 + (timestamped ? TIMESTAMP_ROOM : 0);
  }

  async seal(signedBytes: Buffer, timestamped: boolean): Promise<SealedSignature> {
    const digest = createHash('sha256').update(signedBytes).digest();
    // DER orders a SET OF by the encodings of its members.
    const attributes = [
      seq([oid(OID.contentType), set([oid(OID.data)])]),
      seq([oid(OID.messageDigest), set([octets(digest)])]),
      seq([oid(OID.signingCertificateV2), set([this.signingCertificate])]),
    ].sort((a, b) => Buffer.compare(der(a), der(b)));
    const signature = sign('sha256', der(set(attributes)), this.key);
    const signerInfo = [
      integer(1),
      this.issuerAndSerial,
      algorithm(OID.sha256),
      tagged(0, attributes),
      algorithm(OID.sha256WithRsa),
      octets(signature),
    ];
    const baseline = this.cms(signerInfo);
    if (!timestamped || !this.authority) return { cms: baseline, timestamp: { kind: 'not-asked' } };
    let token: Buffer;
    try {
      token = await this.authority.stamp(signature);
    } catch (error) {
      // Whatever went wrong, the certificate is sealed at baseline rather than not at all.
      const reason = error instanceof TimestampRefused ? error.message : `the timestamp failed: ${String(error)}`;
      return { cms: baseline, timestamp: { kind: 'failed', reason } };
    }
    const unsigned = tagged(1, [seq([oid(TIMESTAMP_OID.signatureTimeStampToken), set([fromDer(token)])])]);
    const stamped = this.cms([...signerInfo, unsigned]);
    if (stamped.length > this.signatureLength(true)) {
      const reason = `the token (${token.length} bytes) does not fit the room reserved in the PDF`;
      return { cms: baseline, timestamp: { kind: 'failed', reason } };
    }
    return { cms: stamped, timestamp: { kind: 'stamped' } };
  }

  private cms(signerInfo: Asn1[]): Buffer {
    const signedData = seq([
      integer(1),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      tagged(0, this.certificates),
      set([seq(signerInfo)]),
    ]);
    return der(seq([oid(OID.signedData), tagged(0, [signedData])]));
  }
}

/**
 * Reserves the signature's place in a pdfkit document about to end: the signature dictionary (`/M` the time the
 * certificate was generated), an invisible signature field on the last page, and the form that holds it; room
 * for a timestamp token when one will be asked for.
 */
export function reserveSeal(doc: PDFKit.PDFDocument, signer: CmsSealSigner, at: Date, timestamped: boolean): void {
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: 'Certificate of completion issued by the attestation service',
    contactInfo: '',
    name: 'Attestation service seal',
    location: '',
    signingTime: at,
    signatureLength: signer.signatureLength(timestamped),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
}

const signPdf = new SignPdf();

/** Fills in the byte range and the signature of a PDF whose seal was reserved (with `timestamped` as reserved). */
export async function applySeal(
  pdf: Uint8Array,
  signer: CmsSealSigner,
  timestamped: boolean,
): Promise<{ pdf: Uint8Array; timestamp: TimestampOutcome }> {
  let timestamp: TimestampOutcome = { kind: 'not-asked' };
  // @signpdf hands the byte range to a Signer; this one seals that PDF alone and keeps what came of its timestamp.
  const once = new (class extends Signer {
    override async sign(signedBytes: Buffer): Promise<Buffer> {
      const sealed = await signer.seal(signedBytes, timestamped);
      timestamp = sealed.timestamp;
      return sealed.cms;
    }
  })();
  const sealed = await signPdf.sign(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), once);
  return { pdf: sealed, timestamp };
}

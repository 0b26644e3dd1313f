import { createHash, createPrivateKey, KeyObject, sign } from 'node:crypto';
import { pdfkitAddPlaceholder } from '@signpdf/placeholder-pdfkit';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { SealKey } from '../../config/seal-key';

/**
 * The seal of a certificate: a PAdES baseline (B-B) signature, a detached CMS SignedData over the PDF's byte range
 * with SHA-256, by the installation's seal key. `@signpdf` reserves the signature's place while pdfkit writes the
 * PDF and fills in the byte range and the signature after; the CMS is built here.
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

const { asn1 } = forge;
const UNIVERSAL = asn1.Class.UNIVERSAL;
const seq = (items: forge.asn1.Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const set = (items: forge.asn1.Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SET, true, items);
const oid = (id: string) => asn1.create(UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Uint8Array) =>
  asn1.create(UNIVERSAL, asn1.Type.OCTETSTRING, false, Buffer.from(bytes).toString('binary'));
const integer = (value: number) =>
  asn1.create(UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nothing = () => asn1.create(UNIVERSAL, asn1.Type.NULL, false, '');
const algorithm = (id: string) => seq([oid(id), nothing()]);
const der = (node: forge.asn1.Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const fromDer = (bytes: Uint8Array) => asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));

/**
 * Signs with Node's crypto (native RSA: a few milliseconds, where node-forge's takes hundreds), the key parsed
 * once. Signed attributes as PAdES baseline asks: content type, message digest and the ESS signing certificate v2
 * (which binds the signer's certificate into the signature); the signing time is the signature dictionary's `/M`.
 */
export class CmsSealSigner extends Signer {
  private readonly key: KeyObject;
  private readonly certificates: forge.asn1.Asn1[];
  private readonly issuerAndSerial: forge.asn1.Asn1;
  private readonly signingCertificate: forge.asn1.Asn1;

  constructor(seal: SealKey) {
    super();
    this.key = createPrivateKey(seal.privateKeyPem);
    this.certificates = seal.certificates.map(fromDer);
    // TBSCertificate: [0] version, serialNumber, signature, issuer, ...
    const tbs = this.certificates[0].value[0] as forge.asn1.Asn1;
    const fields = tbs.value as forge.asn1.Asn1[];
    const offset = fields[0].tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
    this.issuerAndSerial = seq([fields[offset + 2], fields[offset]]);
    const certificateHash = createHash('sha256').update(seal.certificates[0]).digest();
    this.signingCertificate = seq([seq([seq([octets(certificateHash)])])]);
  }

  /** The room the signature needs in the PDF, in bytes: the certificates and some 1 KB of structure and signature. */
  get signatureLength(): number {
    return this.certificates.reduce((sum, certificate) => sum + der(certificate).length, 0) + 4096;
  }

  override async sign(signedBytes: Buffer): Promise<Buffer> {
    const digest = createHash('sha256').update(signedBytes).digest();
    // DER orders a SET OF by the encodings of its members.
    const attributes = [
      seq([oid(OID.contentType), set([oid(OID.data)])]),
      seq([oid(OID.messageDigest), set([octets(digest)])]),
      seq([oid(OID.signingCertificateV2), set([this.signingCertificate])]),
    ].sort((a, b) => Buffer.compare(der(a), der(b)));
    const signature = sign('sha256', der(set(attributes)), this.key);
    const signerInfo = seq([
      integer(1),
      this.issuerAndSerial,
      algorithm(OID.sha256),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, attributes),
      algorithm(OID.sha256WithRsa),
      octets(signature),
    ]);
    const signedData = seq([
      integer(1),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, this.certificates),
      set([signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}

/**
 * Reserves the signature's place in a pdfkit document about to end: the signature dictionary (`/M` the time the
 * certificate was generated), an invisible signature field on the last page, and the form that holds it.
 */
export function reserveSeal(doc: PDFKit.PDFDocument, signer: CmsSealSigner, at: Date): void {
  pdfkitAddPlaceholder({
    pdf: doc,
    pdfBuffer: Buffer.alloc(0),
    reason: 'Certificate of completion issued by the attestation service',
    contactInfo: '',
    name: 'Attestation service seal',
    location: '',
    signingTime: at,
    signatureLength: signer.signatureLength,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
}

const signPdf = new SignPdf();

/** Fills in the byte range and the signature of a PDF whose seal was reserved. */
export async function applySeal(pdf: Uint8Array, signer: CmsSealSigner): Promise<Uint8Array> {
  return signPdf.sign(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), signer);
}

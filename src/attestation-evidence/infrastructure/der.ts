import forge from 'node-forge';

/** DER building blocks on node-forge's ASN.1, shared by the seal's CMS and the timestamp request. */

export type Asn1 = forge.asn1.Asn1;

const { asn1 } = forge;
const UNIVERSAL = asn1.Class.UNIVERSAL;

export const seq = (items: Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SEQUENCE, true, items);
export const set = (items: Asn1[]) => asn1.create(UNIVERSAL, asn1.Type.SET, true, items);
export const oid = (id: string) => asn1.create(UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(id).getBytes());
export const octets = (bytes: Uint8Array) =>
  asn1.create(UNIVERSAL, asn1.Type.OCTETSTRING, false, Buffer.from(bytes).toString('binary'));
export const integer = (value: number) =>
  asn1.create(UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(value).getBytes());
/** An INTEGER from its big-endian content octets, as they are (the caller keeps them minimal and positive). */
export const integerOfBytes = (bytes: Uint8Array) =>
  asn1.create(UNIVERSAL, asn1.Type.INTEGER, false, Buffer.from(bytes).toString('binary'));
export const boolean = (value: boolean) =>
  asn1.create(UNIVERSAL, asn1.Type.BOOLEAN, false, String.fromCharCode(value ? 0xff : 0));
export const nothing = () => asn1.create(UNIVERSAL, asn1.Type.NULL, false, '');
export const algorithm = (id: string) => seq([oid(id), nothing()]);
/** `[n]` around the given members: EXPLICIT tagging, or IMPLICIT of a SET OF / SEQUENCE OF. */
export const tagged = (n: number, items: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, n, true, items);

export const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
export const fromDer = (bytes: Uint8Array) =>
  asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));

/** The content octets of a primitive value (OCTET STRING, INTEGER), as bytes. */
export const contentOf = (node: Asn1) => Buffer.from(node.value as string, 'binary');
export const oidOf = (node: Asn1) => asn1.derToOid(node.value as string);

export const isUniversal = (node: Asn1 | undefined, type: number): node is Asn1 =>
  node?.tagClass === UNIVERSAL && node.type === type;
export const isTagged = (node: Asn1 | undefined, n: number): node is Asn1 =>
  node?.tagClass === asn1.Class.CONTEXT_SPECIFIC && node.type === n;

export const Type = asn1.Type;

import type { SigningLink } from '../domain/signing-link';

/** The signing links an integrator asked for (`signing_links`). */
export abstract class SigningLinks {
  abstract add(link: SigningLink): Promise<void>;
  /** The link of a token's hash, locked until the transaction ends (the page's lookup: no organization known). */
  abstract lockByTokenHashAcrossOrganizations(tokenHash: string): Promise<SigningLink | null>;
  /** A link by its id (the page's session names it; no organization known yet). */
  abstract findAcrossOrganizations(id: string): Promise<SigningLink | null>;
  abstract save(link: SigningLink): Promise<void>;
}

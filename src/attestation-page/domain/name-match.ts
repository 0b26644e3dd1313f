/** A recipient's name as the person record holds it: the first name may be absent. */
export interface RecipientName {
  firstName: string | null;
  lastName: string;
}

/**
 * Whether the name a recipient typed is their name: after normalising both sides, the typed name must equal the
 * first and last name in either order ("Ada Lovelace", "Lovelace Ada", "Lovelace, Ada"). Anything else is false,
 * whatever else it contains: "Ada King Lovelace" for Ada Lovelace, or initials, do not match. Never a reason to
 * refuse a signature: a mismatch is only flagged in the evidence for a person to look at.
 */
export function nameMatchesRecipient(typed: string, recipient: RecipientName): boolean {
  const name = normalizedName(typed);
  const first = normalizedName(recipient.firstName ?? '');
  const last = normalizedName(recipient.lastName);
  // Else an empty typed name would equal a last name of punctuation alone, emptied by normalising.
  if (name === '') return false;
  if (first === '') return name === last;
  return name === `${first} ${last}` || name === `${last} ${first}`;
}

/**
 * The name as it is compared: Unicode NFKC (ﬁ = fi, full-width letters = ASCII), case folded (ß = ss), diacritics
 * removed (é = e), apostrophes removed (O'Brien = OBrien), any other punctuation taken as a space (Jean-Luc = Jean
 * Luc, "Lovelace, Ada" = "Lovelace Ada"), and runs of spaces made one, none at the ends.
 */
export function normalizedName(name: string): string {
  return (
    name
      .normalize('NFKC')
      // Upper then lower case: JavaScript's approximation of full case folding (ß → SS → ss).
      .toUpperCase()
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Invisible format characters (zero-width spaces, direction marks) are no part of a name.
      .replace(/['’ʼ‘`´\p{Cf}]/gu, '')
      .replace(/[\p{P}\p{Z}\s\p{Cc}]+/gu, ' ')
      .trim()
      .normalize('NFC')
  );
}

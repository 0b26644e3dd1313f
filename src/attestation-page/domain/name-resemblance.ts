/**
 * Whether the name a recipient typed resembles the name the request was sent to. Never a reason to refuse a
 * signature: a mismatch is only flagged in the audit entry for a person to look at.
 *
 * Both names are compared as words, ignoring case, accents and diacritics (é = e, ß = ss), apostrophes
 * (O'Brien = OBrien), other punctuation (hyphens, dots: Jean-Luc = Jean Luc) and spacing, in any order. The typed name resembles the recipient's when it holds
 * the recipient's first and last words: a middle name may be left out ("Ada Lovelace" for "Ada King
 * Lovelace") or added ("Ada King Lovelace" for "Ada Lovelace"), and a recipient known by one name matches any
 * typed name containing it. Initials alone ("A. Lovelace") do not.
 */
export function resemblesName(typed: string, recipient: string): boolean {
  const typedWords = new Set(words(typed));
  const recipientWords = words(recipient);
  // A name without words (on either side) has none to find: `has(undefined)` is false, so it never resembles.
  return typedWords.has(recipientWords[0]) && typedWords.has(recipientWords[recipientWords.length - 1]);
}

function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/['’ʼ]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

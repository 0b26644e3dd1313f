import { composeConfirmationEmail } from './confirmation-email';

const compose = (input: Partial<Parameters<typeof composeConfirmationEmail>[0]> = {}) =>
  composeConfirmationEmail({
    organizationName: 'Acme <Corp>',
    recipientName: 'Ada Lovelace',
    documentName: 'Code & conduct',
    typedName: 'Ada <b>Lovelace</b>',
    attestedAt: new Date('2026-11-27T10:05:00.000Z'),
    contentSha256: 'a'.repeat(64),
    ...input,
  });

describe('composeConfirmationEmail', () => {
  const email = compose();

  it('says what was signed, for whom, when, with the name typed and the fingerprint', () => {
    expect(email.subject).toBe('You signed “Code & conduct”');
    expect(email.text).toContain('You signed “Code & conduct” for Acme <Corp> on 27 November 2026 at 10:05 UTC.');
    expect(email.text).toContain('Name you typed: Ada <b>Lovelace</b>');
    expect(email.text).toContain(`(SHA-256): ${'a'.repeat(64)}`);
    expect(email.text).toContain('The certificate of completion is attached (PDF).');
  });

  it('escapes every name in the HTML and isolates the typed name', () => {
    expect(email.html).toContain('<bdi>Acme &lt;Corp&gt;</bdi>');
    expect(email.html).toContain('<bdi>Ada &lt;b&gt;Lovelace&lt;/b&gt;</bdi>');
    expect(email.html).not.toContain('<b>Lovelace');
  });

  it('is written in the signer’s language, the date too', () => {
    const french = compose({
      locale: 'fr',
      organizationName: 'Acme',
      documentName: 'Charte',
      typedName: 'Ada Lovelace',
    });
    expect(french.subject).toBe('Vous avez signé « Charte »');
    expect(french.text).toContain('Bonjour Ada Lovelace,');
    expect(french.text).toContain('Vous avez signé « Charte » pour Acme le 27 novembre 2026 à 10:05 UTC.');
    expect(french.html).toContain('<html lang="fr">');
  });
});

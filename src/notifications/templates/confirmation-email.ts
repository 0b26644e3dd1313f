import { escapeHtml } from '@lib/http';
import type { ComposedEmail } from './request-email';

/** What the signer's copy says: the document, who asked, the name typed and when. */
export interface ConfirmationEmailContent {
  organizationName: string;
  recipientName: string;
  documentName: string;
  typedName: string;
  attestedAt: Date;
  /** The SHA-256 of the text signed, as the page showed it. */
  contentSha256: string;
}

/** Every word of the confirmation email, in one place so it can be translated together. English only for now. */
export const CONFIRMATION_TEXTS = {
  subject: (documentName: string) => `You signed “${documentName}”`,
  greeting: (recipientName: string) => `Hello ${recipientName},`,
  intro: (documentName: string, organizationName: string, when: string) =>
    `You signed “${documentName}” for ${organizationName} on ${when}.`,
  typedName: 'Name you typed:',
  fingerprint: 'Fingerprint of the text you signed (SHA-256):',
  attachment: 'The certificate of completion is attached (PDF). Keep this email as your copy.',
  unexpected: (organizationName: string) => `If you did not sign this document, contact ${organizationName} at once.`,
} as const;

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** The signer's copy of a signature, sent with its certificate. Names are escaped in the HTML. */
export function composeConfirmationEmail(content: ConfirmationEmailContent): ComposedEmail {
  const T = CONFIRMATION_TEXTS;
  const when = `${DATE_FORMAT.format(content.attestedAt)} UTC`;
  const intro = T.intro(content.documentName, content.organizationName, when);
  const text = [
    T.greeting(content.recipientName),
    '',
    intro,
    '',
    `${T.typedName} ${content.typedName}`,
    `${T.fingerprint} ${content.contentSha256}`,
    '',
    T.attachment,
    T.unexpected(content.organizationName),
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(T.greeting(content.recipientName))}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(T.typedName)} <strong><bdi>${escapeHtml(content.typedName)}</bdi></strong><br>`,
    `${escapeHtml(T.fingerprint)} <code>${content.contentSha256}</code></p>`,
    `<p>${escapeHtml(T.attachment)}</p>`,
    `<p>${escapeHtml(T.unexpected(content.organizationName))}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: T.subject(content.documentName), text, html };
}

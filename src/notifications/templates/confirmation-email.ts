import { escapeHtml } from '@lib/http';
import { htmlMessage } from '../../i18n/html-message';
import { Translator } from '../../i18n/translator';
import type { ComposedEmail } from './request-email';

/** What the signer's copy says: the document, who asked, the name typed and when. */
export interface ConfirmationEmailContent {
  /** The signer's language; English when omitted. */
  locale?: string | null;
  organizationName: string;
  recipientName: string;
  documentName: string;
  typedName: string;
  attestedAt: Date;
  /** The SHA-256 of the text signed, as the page showed it. */
  contentSha256: string;
}

/** The signer's copy of a signature, sent with its certificate, in their language. Names are escaped in the HTML. */
export function composeConfirmationEmail(content: ConfirmationEmailContent): ComposedEmail {
  const t = Translator.for(content.locale);
  const names = { document: content.documentName, organization: content.organizationName };
  const intro = { ...names, date: t.time(content.attestedAt, 'sentence') };
  const text = [
    t.text('email.greeting', { name: content.recipientName }),
    '',
    t.text('email.confirmation.intro', intro),
    '',
    `${t.text('email.confirmation.typedName')} ${content.typedName}`,
    `${t.text('email.confirmation.fingerprint')} ${content.contentSha256}`,
    '',
    t.text('email.confirmation.attachment'),
    t.text('email.confirmation.unexpected', names),
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(t.locale)}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${htmlMessage(t, 'email.greeting', { name: content.recipientName })}</p>`,
    `<p>${htmlMessage(t, 'email.confirmation.intro', intro)}</p>`,
    `<p>${escapeHtml(t.text('email.confirmation.typedName'))} <strong><bdi>${escapeHtml(content.typedName)}</bdi></strong><br>`,
    `${escapeHtml(t.text('email.confirmation.fingerprint'))} <code>${content.contentSha256}</code></p>`,
    `<p>${escapeHtml(t.text('email.confirmation.attachment'))}</p>`,
    `<p>${htmlMessage(t, 'email.confirmation.unexpected', names)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: t.text('email.confirmation.subject', names), text, html };
}

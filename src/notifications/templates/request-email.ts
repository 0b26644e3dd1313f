import { escapeHtml } from '@lib/http';
import { htmlMessage } from '../../i18n/html-message';
import { type MessageKey, Translator } from '../../i18n/translator';

/** One request in an email: the document to sign and the link to its attestation page. */
export interface RequestedSignature {
  documentName: string;
  url: string;
}

/** Why the email is sent: the first request, a reminder of waiting requests, or requests renewing due signatures. */
export type RequestEmailPurpose = 'request' | 'reminder' | 'renewal';

export interface RequestEmailContent {
  /** `request` when omitted. */
  purpose?: RequestEmailPurpose;
  /** The recipient's language (their `locale`, else the organization's default); English when omitted. */
  locale?: string | null;
  organizationName: string;
  recipientName: string;
  requests: readonly RequestedSignature[];
  /** The sender's words, shown as they wrote them (escaped in HTML). */
  message?: string | null;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const WORDING: Record<RequestEmailPurpose, { subject: MessageKey; intro: MessageKey }> = {
  request: { subject: 'email.request.subject', intro: 'email.request.intro' },
  reminder: { subject: 'email.reminder.subject', intro: 'email.reminder.intro' },
  renewal: { subject: 'email.renewal.subject', intro: 'email.renewal.intro' },
};

/**
 * The email that asks a person to sign one or more documents, in their language. Plain text and HTML say the
 * same; every name and message is escaped in the HTML, since people and documents are named by API clients, and
 * set in its own direction (`<bdi>`, `dir="auto"`), so a right-to-left name neither reverses nor drags the
 * sentence around it.
 */
export function composeRequestEmail(content: RequestEmailContent): ComposedEmail {
  const { organizationName, recipientName, requests } = content;
  if (requests.length === 0) throw new Error('an email asks for at least one signature');
  const t = Translator.for(content.locale);
  const message = content.message?.trim() ? content.message : null;
  const wording = WORDING[content.purpose ?? 'request'];
  const values = { organization: organizationName, count: requests.length, document: requests[0].documentName };
  const subject = oneLine(t.text(wording.subject, values));
  const closing = t.text('email.closing', { count: requests.length });

  const text = [
    t.text('email.greeting', { name: recipientName }),
    '',
    t.text(wording.intro, values),
    '',
    ...(message ? [t.text('email.messageFrom', { organization: organizationName }), message, ''] : []),
    ...requests.flatMap((request) => [`- ${request.documentName}`, `  ${request.url}`]),
    '',
    closing,
    '',
  ].join('\n');

  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(t.locale)}"><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${htmlMessage(t, 'email.greeting', { name: recipientName })}</p>`,
    `<p>${htmlMessage(t, wording.intro, values)}</p>`,
    ...(message
      ? [
          `<p><strong>${htmlMessage(t, 'email.messageFrom', { organization: organizationName })}</strong></p>`,
          `<blockquote dir="auto" style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>`,
        ]
      : []),
    '<ul>',
    ...requests.map(
      (request) => `<li><a href="${escapeHtml(request.url)}" dir="auto">${escapeHtml(request.documentName)}</a></li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { subject, text, html };
}

/** A header never spans lines, whatever the names contain. */
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ');
}

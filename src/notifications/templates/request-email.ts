import { escapeHtml } from '@lib/http';

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

/**
 * The email that asks a person to sign one or more documents. Plain text and HTML say the same; every name and
 * message is escaped in the HTML, since people and documents are named by API clients.
 */
export function composeRequestEmail(content: RequestEmailContent): ComposedEmail {
  const { organizationName, recipientName, requests } = content;
  if (requests.length === 0) throw new Error('an email asks for at least one signature');
  const message = content.message?.trim() ? content.message : null;
  const { subject, intro } = wording(content.purpose ?? 'request', organizationName, requests);
  const closing = 'Each link opens the document; you sign it by typing your name.';

  const text = [
    `Hello ${recipientName},`,
    '',
    intro,
    '',
    ...(message ? [`Message from ${organizationName}:`, message, ''] : []),
    ...requests.flatMap((request) => [`- ${request.documentName}`, `  ${request.url}`]),
    '',
    closing,
    '',
  ].join('\n');

  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>Hello ${escapeHtml(recipientName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...(message
      ? [
          `<p><strong>Message from ${escapeHtml(organizationName)}:</strong></p>`,
          `<blockquote style="white-space: pre-wrap">${escapeHtml(message)}</blockquote>`,
        ]
      : []),
    '<ul>',
    ...requests.map(
      (request) => `<li><a href="${escapeHtml(request.url)}">${escapeHtml(request.documentName)}</a></li>`,
    ),
    '</ul>',
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
    '',
  ].join('\n');

  return { subject, text, html };
}

function wording(
  purpose: RequestEmailPurpose,
  organizationName: string,
  requests: readonly RequestedSignature[],
): { subject: string; intro: string } {
  const single = requests.length === 1 ? `"${requests[0].documentName}"` : null;
  const documents = single ?? `${requests.length} documents`;
  switch (purpose) {
    case 'request':
      return {
        subject: oneLine(`${organizationName} asks you to sign ${documents}`),
        intro: single
          ? `${organizationName} asks you to read and sign ${single}.`
          : `${organizationName} asks you to read and sign the following documents:`,
      };
    case 'reminder':
      return {
        subject: oneLine(`Reminder: ${organizationName} asks you to sign ${documents}`),
        intro: single
          ? `A reminder: ${organizationName} is still waiting for your signature on ${single}.`
          : `A reminder: ${organizationName} is still waiting for your signature on the following documents:`,
      };
    case 'renewal':
      return {
        subject: oneLine(`${organizationName} asks you to sign ${documents} again`),
        intro: single
          ? `Your signature on ${single} is due for renewal: ${organizationName} asks you to read and sign it again.`
          : `Your signatures on the following documents are due for renewal: ${organizationName} asks you to read and sign them again:`,
      };
  }
}

/** A header never spans lines, whatever the names contain. */
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ');
}

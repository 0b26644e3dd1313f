/** One request in an email: the document to sign and the link to its attestation page. */
export interface RequestedSignature {
  documentName: string;
  url: string;
}

export interface RequestEmailContent {
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
  const single = requests.length === 1;
  const subject = oneLine(
    single
      ? `${organizationName} asks you to sign "${requests[0].documentName}"`
      : `${organizationName} asks you to sign ${requests.length} documents`,
  );
  const intro = single
    ? `${organizationName} asks you to read and sign "${requests[0].documentName}".`
    : `${organizationName} asks you to read and sign the following documents:`;
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

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A header never spans lines, whatever the names contain. */
function oneLine(value: string): string {
  return value.replace(/\s*[\r\n]+\s*/g, ' ');
}

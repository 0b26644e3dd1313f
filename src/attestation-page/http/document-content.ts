import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import type { ShownRevision } from '../application/attestation-page-content';
import { html, SafeHtml } from './html';

/** Raw HTML in the source is shown as text (`html: false`); links open only for the schemes allowed below. */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/**
 * The page's own headings are h1 (the document name) and h2 (its sections), so the document's headings move down
 * two levels and the outline stays one tree for screen readers.
 */
const shiftHeading = (level: number) => () => ({ tagName: `h${Math.min(level + 2, 6)}`, attribs: {} });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'referrerpolicy'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    h1: shiftHeading(1),
    h2: shiftHeading(2),
    h3: shiftHeading(3),
    h4: shiftHeading(4),
    h5: shiftHeading(5),
    h6: shiftHeading(6),
    // Never tell the linked site where the reader came from (the page URL carries the signing secret).
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', referrerpolicy: 'no-referrer' }),
  },
};

/** The revision as the recipient reads it: Markdown rendered and sanitised, or plain text kept as written. */
export function renderDocumentContent(revision: ShownRevision): SafeHtml {
  if (revision.content.trim() === '') return html`<p class="empty">This document has no text.</p>`;
  if (revision.contentType === 'text/plain') return html`<div class="plain-text">${revision.content}</div>`;
  return new SafeHtml(sanitizeHtml(markdown.render(revision.content), SANITIZE));
}

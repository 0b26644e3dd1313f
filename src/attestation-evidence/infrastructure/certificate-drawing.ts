import PDFDocument from 'pdfkit';
import type { TimelineKind } from '../domain/attestation-evidence';
import type { CertificateContent } from './certificate-content';
import { advanceOf, type Face, pdfFontOf, TEXT_CHAIN, type TextFace } from './certificate-fonts';
import { layoutText, type VisualLine } from './visual-text';

/** A4 in points, and the margins (2 cm). */
const PAGE = { width: 595.28, height: 841.89, margin: 56.69 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const LABEL_WIDTH = 150;
const VALUE_X = PAGE.margin + LABEL_WIDTH;
const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH;
const FOOTER_HEIGHT = 36;
const BOTTOM = PAGE.height - PAGE.margin - FOOTER_HEIGHT;

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const ACCENT = '#1d3f72';
const RULE = '#cfd6df';
const GOOD = '#1e6b3a';
const WARN = '#9a3412';

const MONO = 'Courier';

const EVENT_WORDS: Record<TimelineKind, string> = {
  created: 'Request created',
  sent: 'Request email sent',
  viewed: 'Opened by the recipient',
  reminded: 'Reminder email sent',
  attested: 'Signed with a typed name',
  declined: 'Declined by the recipient',
  canceled: 'Request canceled',
  expired: 'Request expired',
  bounced: 'Email bounced',
  failed: 'Email could not be delivered',
  complained: 'Email reported as spam',
};

const SOURCE_WORDS: Record<string, string> = {
  oauth: 'Sent through the API',
  web: 'Sent from the web application',
  system: 'Issued by the service (group or renewal)',
  partner_center: 'Sent from the partner center',
};

/**
 * The certificate of completion as a PDF, drawn with pdfkit: one A4 page for a usual request, more when the user
 * agent or the timeline is long. Every text a person typed or named goes through `layoutText`, so any script
 * draws in a font that has it, in the right order, or as a code point marker (never a crash).
 */
export async function drawCertificate(content: CertificateContent, generatedAt: Date): Promise<Uint8Array> {
  const doc = new PDFDocument({
    // No default font: pdfkit would parse Helvetica's metrics for every document, and none is drawn with it.
    font: null as unknown as string,
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Certificate of completion ${content.request.id}`,
      Subject: 'Evidence of a typed-name electronic signature',
      Creator: 'Attestation service',
      CreationDate: generatedAt,
      ModDate: generatedAt,
    },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  new CertificateDrawing(doc, content, generatedAt).draw();
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** One certificate being drawn: a cursor down the page, and pages added when it runs out. */
class CertificateDrawing {
  private y = PAGE.margin;
  private usedFallback = false;
  private readonly registered = new Set<Face>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly content: CertificateContent,
    private readonly generatedAt: Date,
  ) {}

  draw(): void {
    const { request, signature, revision, document } = this.content;
    this.header();

    this.section('Document');
    this.field('Organization', this.content.organizationName);
    this.field('Document', document.name);
    this.code('Document id', document.id);
    this.code('Revision id', revision.id);
    this.field('Revision published', revision.publishedAt ? formatTime(revision.publishedAt) : 'Not published');
    this.code('SHA-256 of the text', revision.contentSha256);

    this.section('Recipient');
    this.field('Name', request.recipientName);
    this.field('Email', request.recipientEmail);
    this.code('Person id', request.personId);

    this.section('Signature');
    if (signature) {
      this.field('Typed name', signature.typedName, { size: 15 });
      this.field(
        'Matches the recipient',
        signature.nameMatchesRecipient
          ? "Yes: the typed name resembles the recipient's name."
          : "No: the typed name does not resemble the recipient's name; it was accepted and flagged.",
        { color: signature.nameMatchesRecipient ? GOOD : WARN },
      );
      this.field('Signed at', formatTime(signature.attestedAt));
      this.field('IP address', signature.ipAddress ?? 'Not recorded');
      this.field('User agent', signature.userAgent ?? 'Not recorded', { size: 9 });
      this.code('SHA-256 of the text signed', signature.contentSha256);
      const same = signature.contentSha256 === revision.contentSha256;
      this.field(
        '',
        same
          ? 'The text shown to the signer is the published revision (the fingerprints are equal).'
          : 'The fingerprint of the text shown differs from the revision’s.',
        { size: 9, color: same ? GOOD : WARN },
      );
    } else {
      this.field('Signed at', request.attestedAt ? formatTime(request.attestedAt) : 'Not recorded');
      this.field('', 'The service holds no signature record (typed name, address, user agent) for this request.', {
        size: 9,
        color: WARN,
      });
    }

    this.section('Request');
    this.code('Request id', request.id);
    this.field('Source', SOURCE_WORDS[request.source] ?? request.source);
    if (request.requestedByUserId) this.code('Requested by user', request.requestedByUserId);

    this.timeline();
    if (this.usedFallback) {
      this.note(
        'Characters that the fonts of this certificate cannot draw are shown as their Unicode code points, such as ' +
          '[U+1F600]. The evidence record of the request holds the exact text.',
      );
    }
    this.footers();
  }

  private header(): void {
    const doc = this.doc;
    doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
    this.y = PAGE.margin - 8;
    this.fixed('Certificate of completion', PAGE.margin, this.y + 22, { face: 'latin-bold', size: 22, color: ACCENT });
    this.y += 30;
    this.fixed('Typed-name electronic signature of a published document', PAGE.margin, this.y + 11, {
      size: 10.5,
      color: MUTED,
    });
    this.y += 22;
    const { request, signature } = this.content;
    const status = `Signed ${formatTime(signature?.attestedAt ?? request.attestedAt ?? request.updatedAt)}`;
    doc.roundedRect(PAGE.margin, this.y, CONTENT_WIDTH, 30, 4).fill('#e8f3ec');
    doc.circle(PAGE.margin + 16, this.y + 15, 6).fill(GOOD);
    this.fixed(status, PAGE.margin + 30, this.y + 19, { face: 'latin-bold', size: 11, color: GOOD });
    this.y += 36;
  }

  private section(title: string): void {
    this.ensure(44);
    this.y += 10;
    this.fixed(title.toUpperCase(), PAGE.margin, this.y + 9, { face: 'latin-bold', size: 9, color: ACCENT });
    this.y += 14;
    this.doc
      .moveTo(PAGE.margin, this.y)
      .lineTo(PAGE.margin + CONTENT_WIDTH, this.y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y += 5;
  }

  /** A label and a value that a person typed or named: any script, wrapped in the value column. */
  private field(label: string, value: string, options: { size?: number; color?: string } = {}): void {
    const size = options.size ?? 10;
    const lines = this.lines(value === '' ? '—' : value, size, VALUE_WIDTH);
    const lineHeight = size * 1.4;
    this.ensure(Math.min(lines.length, 3) * lineHeight);
    const baseline = this.y + size * 1.05;
    if (label) this.fixed(label, PAGE.margin, baseline, { size: 8.5, color: MUTED });
    for (const line of lines) {
      this.ensure(lineHeight);
      this.drawLine(line, VALUE_X, this.y + size * 1.05, size, options.color ?? INK);
      this.y += lineHeight;
    }
    this.y += 2;
  }

  /** Ids and fingerprints: ASCII, monospaced so they compare at a glance. */
  private code(label: string, value: string): void {
    this.ensure(16);
    const baseline = this.y + 10.5;
    this.fixed(label, PAGE.margin, baseline, { size: 8.5, color: MUTED });
    this.doc.font(MONO);
    this.doc
      .fontSize(value.length > 60 ? 8.6 : 9.5)
      .fillColor(INK)
      .text(value, VALUE_X, baseline, { lineBreak: false, baseline: 'alphabetic' });
    this.y += 16;
  }

  private timeline(): void {
    this.section('Timeline');
    const { source, entries } = this.content.timeline;
    for (const entry of entries) {
      this.ensure(15);
      const baseline = this.y + 10.5;
      this.fixed(formatTime(entry.at), PAGE.margin, baseline, { size: 8.5, color: MUTED });
      this.fixed(EVENT_WORDS[entry.kind], VALUE_X, baseline, {
        size: 10,
        color: entry.kind === 'attested' ? GOOD : INK,
        face: entry.kind === 'attested' ? 'latin-bold' : 'latin',
      });
      this.y += 15;
    }
    this.note(
      source === 'events'
        ? "From the request's event log, which records every change of the request in the same transaction as " +
            'the change. Times are in UTC.'
        : "Built from the request's recorded times (it was created before the service kept an event log): its " +
            'creation, latest sending, first view, latest reminder and signature. Times are in UTC.',
    );
  }

  /** The service's own explanation, wrapped by pdfkit (Latin only). */
  private note(text: string): void {
    this.y += 4;
    this.use('latin').fontSize(8.5).fillColor(MUTED);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH, lineGap: 1.5 });
    this.ensure(height);
    this.doc.text(text, PAGE.margin, this.y, { width: CONTENT_WIDTH, lineGap: 1.5 });
    this.y += height;
  }

  private footers(): void {
    const doc = this.doc;
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const y = PAGE.height - PAGE.margin - 6;
      doc
        .moveTo(PAGE.margin, y - 14)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y - 14)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
      const left = `Request ${this.content.request.id} · generated ${formatTime(this.generatedAt)}`;
      this.fixed(left, PAGE.margin, y, { size: 8, color: MUTED });
      const page = `Page ${index - range.start + 1} of ${range.count}`;
      this.use('latin').fontSize(8);
      const width = doc.widthOfString(page);
      this.fixed(page, PAGE.margin + CONTENT_WIDTH - width, y, { size: 8, color: MUTED });
    }
  }

  /**
   * Selects a face, registering it on first use: only the faces a certificate draws with are parsed (once per
   * process) and embedded (as a subset of the glyphs drawn).
   */
  private use(face: Face): PDFKit.PDFDocument {
    if (!this.registered.has(face)) {
      this.doc.registerFont(face, pdfFontOf(face) as unknown as Buffer);
      this.registered.add(face);
    }
    return this.doc.font(face);
  }

  /** Starts a new page when `height` more points do not fit above the footer. */
  private ensure(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage({ size: 'A4', margin: PAGE.margin });
    this.doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
    this.fixed('Certificate of completion, continued', PAGE.margin, PAGE.margin, {
      face: 'latin-bold',
      size: 10,
      color: ACCENT,
    });
    this.y = PAGE.margin + 14;
  }

  /** The service's own wording (Latin only), drawn as it is on the baseline `y`. */
  private fixed(text: string, x: number, y: number, options: { face?: Face; size: number; color: string }): void {
    const face = options.face ?? 'latin';
    this.use(face)
      .fontSize(options.size)
      .fillColor(options.color)
      .text(text, x, y, { lineBreak: false, baseline: 'alphabetic', ...measured(face, text, options.size, false) });
  }

  private lines(text: string, size: number, width: number): VisualLine<TextFace>[] {
    const lines = layoutText(text, {
      chain: TEXT_CHAIN,
      maxWidth: width,
      measure: (run, face, whole) => advanceOf(face, run, whole) * size,
    });
    if (lines.some((line) => line.runs.some((run) => run.fallback))) this.usedFallback = true;
    return lines;
  }

  /** Draws one laid-out line with its runs on a common baseline, whatever the ascent of each font. */
  private drawLine(line: VisualLine<TextFace>, x: number, baseline: number, size: number, color: string): void {
    let at = x;
    for (const run of line.runs) {
      this.use(run.face)
        .fontSize(size)
        .fillColor(run.fallback ? MUTED : color)
        .text(run.text, at, baseline, {
          lineBreak: false,
          baseline: 'alphabetic',
          ...measured(run.face, run.text, size, run.whole),
          ...(run.whole && { features: [] }),
        });
      at += run.width;
    }
  }
}

/**
 * pdfkit measures every fragment it draws (for underlines and links, which the certificate has none of) unless
 * told its width: the cached advance spares it a second shaping of the text.
 */
function measured(face: Face, text: string, size: number, whole: boolean): { textWidth: number; wordCount: number } {
  return { textWidth: advanceOf(face, text, whole) * size, wordCount: 1 };
}

/** `23 Nov 2026, 10:15:30 UTC`: unambiguous in every locale. */
export function formatTime(at: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()}, ` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`
  );
}

import PDFDocument from 'pdfkit';
import { type MessageKey, Translator } from '../../i18n/translator';
import type { TimelineKind } from '../domain/attestation-evidence';
import type { CertificateContent } from './certificate-content';
import { advanceOf, type Face, pdfFontOf, TEXT_CHAIN, type TextFace } from './certificate-fonts';
import { applySeal, type CmsSealSigner, reserveSeal } from './certificate-seal';
import type { TimestampOutcome } from './timestamp-authority';
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

/** Checked by the compiler: every kind of timeline entry has its words in the messages. */
const eventWords = (kind: TimelineKind): MessageKey => `certificate.event.${kind}`;

const SOURCE_WORDS: Record<string, MessageKey> = {
  oauth: 'certificate.source.oauth',
  web: 'certificate.source.web',
  system: 'certificate.source.system',
  partner_center: 'certificate.source.partner_center',
};

/**
 * The certificate of completion as a PDF, drawn with pdfkit: one A4 page for a usual request, more when the user
 * agent or the timeline is long; sealed when given the seal's signer, and timestamped when asked. Every text a
 * person typed or named goes through `layoutText`, so any script draws in a font that has it, in the right order,
 * or as a code point marker (never a crash).
 */
export async function drawCertificate(
  content: CertificateContent,
  generatedAt: Date,
  seal?: { signer: CmsSealSigner; timestamped: boolean },
): Promise<{ pdf: Uint8Array; timestamp: TimestampOutcome }> {
  const t = Translator.for(content.locale);
  const doc = new PDFDocument({
    // No default font: pdfkit would parse Helvetica's metrics for every document, and none is drawn with it.
    font: null as unknown as string,
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    autoFirstPage: true,
    lang: t.locale,
    displayTitle: true,
    info: {
      Title: t.text('certificate.documentTitle', { id: content.request.id }),
      Subject: t.text('certificate.documentSubject'),
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
  new CertificateDrawing(doc, content, generatedAt, t).draw();
  if (seal) reserveSeal(doc, seal.signer, generatedAt, seal.timestamped);
  doc.end();
  await ended;
  const pdf = Buffer.concat(chunks);
  return seal ? applySeal(pdf, seal.signer, seal.timestamped) : { pdf, timestamp: { kind: 'not-asked' } };
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
    private readonly t: Translator,
  ) {}

  draw(): void {
    const { request, signature, revision, document } = this.content;
    const { t } = this;
    const time = (at: Date) => formatTime(at, t);
    this.header();

    this.section(t.text('certificate.section.document'));
    this.field(t.text('certificate.label.organization'), this.content.organizationName);
    this.field(t.text('certificate.label.document'), document.name);
    this.code(t.text('certificate.label.documentId'), document.id);
    this.code(t.text('certificate.label.revisionId'), revision.id);
    this.field(
      t.text('certificate.label.revisionPublished'),
      revision.publishedAt ? time(revision.publishedAt) : t.text('certificate.value.notPublished'),
    );
    this.code(t.text('certificate.label.revisionSha256'), revision.contentSha256);

    this.section(t.text('certificate.section.recipient'));
    this.field(t.text('certificate.label.name'), request.recipientName);
    this.field(t.text('certificate.label.email'), request.recipientEmail);
    this.code(t.text('certificate.label.personId'), request.personId);

    this.section(t.text('certificate.section.signature'));
    if (signature) {
      this.field(t.text('certificate.label.typedName'), signature.typedName, { size: 15 });
      this.field(
        t.text('certificate.label.matchesRecipient'),
        t.text(signature.nameMatchesRecipient ? 'certificate.value.matches' : 'certificate.value.doesNotMatch'),
        { color: signature.nameMatchesRecipient ? GOOD : WARN },
      );
      this.field(t.text('certificate.label.signedAt'), time(signature.attestedAt));
      this.field(t.text('certificate.label.ipAddress'), signature.ipAddress ?? t.text('certificate.value.notRecorded'));
      this.field(
        t.text('certificate.label.userAgent'),
        signature.userAgent ?? t.text('certificate.value.notRecorded'),
        {
          size: 9,
        },
      );
      this.code(t.text('certificate.label.signedSha256'), signature.contentSha256);
      const same = signature.contentSha256 === revision.contentSha256;
      this.field('', t.text(same ? 'certificate.value.sameText' : 'certificate.value.differentText'), {
        size: 9,
        color: same ? GOOD : WARN,
      });
    } else {
      this.field(
        t.text('certificate.label.signedAt'),
        request.attestedAt ? time(request.attestedAt) : t.text('certificate.value.notRecorded'),
      );
      this.field('', t.text('certificate.value.noSignatureRecord'), {
        size: 9,
        color: WARN,
      });
    }

    this.section(t.text('certificate.section.request'));
    this.code(t.text('certificate.label.requestId'), request.id);
    const source = SOURCE_WORDS[request.source];
    this.field(t.text('certificate.label.source'), source ? t.text(source) : request.source);
    if (request.requestedByUserId) this.code(t.text('certificate.label.requestedBy'), request.requestedByUserId);

    this.timeline();
    if (this.usedFallback) {
      this.note(t.text('certificate.note.fallback'));
    }
    this.footers();
  }

  private header(): void {
    const doc = this.doc;
    doc.rect(0, 0, PAGE.width, 8).fill(ACCENT);
    this.y = PAGE.margin - 8;
    this.fixed(this.t.text('certificate.title'), PAGE.margin, this.y + 22, {
      face: 'latin-bold',
      size: 22,
      color: ACCENT,
    });
    this.y += 30;
    this.fixed(this.t.text('certificate.subtitle'), PAGE.margin, this.y + 11, {
      size: 10.5,
      color: MUTED,
    });
    this.y += 22;
    const { request, signature } = this.content;
    const signedAt = signature?.attestedAt ?? request.attestedAt ?? request.updatedAt;
    const status = this.t.text('certificate.status', { date: formatTime(signedAt, this.t) });
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
    this.section(this.t.text('certificate.section.timeline'));
    const { source, entries } = this.content.timeline;
    for (const entry of entries) {
      this.ensure(15);
      const baseline = this.y + 10.5;
      this.fixed(formatTime(entry.at, this.t), PAGE.margin, baseline, { size: 8.5, color: MUTED });
      this.fixed(this.t.text(eventWords(entry.kind)), VALUE_X, baseline, {
        size: 10,
        color: entry.kind === 'attested' ? GOOD : INK,
        face: entry.kind === 'attested' ? 'latin-bold' : 'latin',
      });
      this.y += 15;
    }
    this.note(this.t.text(source === 'events' ? 'certificate.note.events' : 'certificate.note.timestamps'));
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
      const left = this.t.text('certificate.footer', {
        id: this.content.request.id,
        date: formatTime(this.generatedAt, this.t),
      });
      this.fixed(left, PAGE.margin, y, { size: 8, color: MUTED });
      const page = this.t.text('certificate.page', { page: index - range.start + 1, count: range.count });
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
    this.fixed(this.t.text('certificate.continued'), PAGE.margin, PAGE.margin, {
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

/** `23 Nov 2026, 10:15:30 UTC` in English: the day, month and seconds in the certificate's language, always UTC. */
export function formatTime(at: Date, t: Translator = Translator.for('en')): string {
  return t.time(at, 'stamp');
}

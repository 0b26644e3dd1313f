import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TimelineKind } from '../domain/attestation-evidence';
import { mixedText } from '../../../test/support/mixed-text';
import { evidenceWith, SHA } from '../../../test/support/certificate-evidence';
import { formatTime, PdfkitCertificateRenderer } from './pdfkit-certificate-renderer';

const renderer = new PdfkitCertificateRenderer();

async function textOf(pdf: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text, totalPages } = await extractText(document, { mergePages: true });
  return { text, pages: totalPages };
}

describe('PdfkitCertificateRenderer', () => {
  it('draws the evidence on one A4 page', async () => {
    const evidence = evidenceWith();
    const { text, pages } = await textOf(await renderer.render(evidence, new Date('2026-11-23T08:00:00Z')));
    expect(pages).toBe(1);
    expect(text).toContain('Typed name Ada Lovelace');
    expect(text).toContain(`Request id ${evidence.request.id}`);
    expect(text).toContain(`SHA-256 of the text signed ${SHA}`);
    expect(text).toContain('Signed at 22 Nov 2026, 11:30:15 UTC');
    expect(text).toContain('generated 23 Nov 2026, 08:00:00 UTC');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain("Built from the request's recorded times");
  });

  it('says when the name did not match, or when no signature record exists', async () => {
    const flagged = await textOf(await renderer.render(evidenceWith({ nameMatches: false }), new Date()));
    expect(flagged.text).toContain("No: the typed name does not resemble the recipient's name");
    const bare = await textOf(await renderer.render(evidenceWith({ signed: false, ip: null }), new Date()));
    expect(bare.text).toContain('The service holds no signature record');
  });

  it('continues on further pages, each with its footer, when the timeline is long', async () => {
    const kinds: TimelineKind[] = ['created', 'sent', 'reminded', 'bounced', 'sent', 'viewed', 'attested'];
    const timeline = Array.from({ length: 70 }, (_, index) => ({
      kind: kinds[index % kinds.length],
      at: new Date(Date.UTC(2026, 10, 1, 0, index)),
    }));
    const { text, pages } = await textOf(
      await renderer.render(evidenceWith({ timeline, userAgent: 'A'.repeat(1024) }), new Date()),
    );
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(`${formatTime(timeline[69].at)} Signed with a typed name`);
    expect(text).toContain(`Certificate of completion, continued`);
    expect(text).toContain("From the request's event log");
  });

  it('never fails on any text in any field, and the PDF always parses', async () => {
    const anyText = mixedText({ binary: 200, codePoints: 60, samples: 40 }, [
      'Zoë ',
      'Ñ',
      '王',
      'たなか',
      '김',
      'محمد ',
      'דוד',
      '<b>',
      '\u202e',
      '\u0301',
      '😀',
      '\n',
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          organizationName: anyText,
          documentName: anyText,
          recipientName: anyText,
          recipientEmail: anyText,
          typedName: anyText,
          userAgent: fc.option(anyText),
          ip: fc.option(anyText),
          nameMatches: fc.boolean(),
        }),
        async (fields) => {
          const evidence = evidenceWith(fields);
          const pdf = await renderer.render(evidence, new Date());
          const { text, pages } = await textOf(pdf);
          expect(pages).toBeGreaterThanOrEqual(1);
          expect(text).toContain(evidence.request.id);
        },
      ),
      { numRuns: 25 },
    );
    // Each run draws and parses a PDF: seconds on a loaded machine.
  }, 300_000);
});

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { FaceChain } from './visual-text';

/**
 * The fonts of the certificate, all from npm packages (SIL Open Font License), so the API and its Docker image
 * need nothing at run time: Noto Sans (Latin, Greek, Cyrillic, Vietnamese, Devanagari), Noto Naskh Arabic,
 * Noto Sans Hebrew, and Noto Sans CJK in its Simplified Chinese, Korean and Japanese subsets (Han and kana, then
 * Hangul, then the kanji the first two lack). Each is read and parsed once per process, when a certificate first
 * needs it: most certificates never load the 17 MB of CJK outlines.
 */
export const TEXT_FACES = ['latin', 'arabic', 'hebrew', 'sc', 'kr', 'jp'] as const;
export type TextFace = (typeof TEXT_FACES)[number];
/** The fixed wording is Latin only, so only Noto Sans has a bold. */
export type Face = TextFace | 'latin-bold';

const FILES: Record<Face, [pkg: string, file: string]> = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf'],
  'latin-bold': ['@embedpdf/fonts-latin', 'NotoSans-Bold.ttf'],
  arabic: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
  hebrew: ['@embedpdf/fonts-hebrew', 'NotoSansHebrew-Regular.ttf'],
  sc: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
  kr: ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf'],
  jp: ['@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf'],
};

/** The font files, by face (the Dockerfile keeps exactly these). */
export function fontFile(face: Face): string {
  const [pkg, file] = FILES[face];
  // The packages export only their index (dist/), and ship the fonts beside it.
  return join(dirname(require.resolve(pkg)), '..', 'fonts', file);
}

const loaded = new Map<Face, fontkit.Font>();

/** The parsed font of a face; pdfkit takes it as it is, so nothing is parsed twice. */
export function fontOf(face: Face): fontkit.Font {
  let font = loaded.get(face);
  if (!font) {
    const parsed = fontkit.create(readFileSync(fontFile(face)));
    if (!('layout' in parsed)) throw new Error(`${fontFile(face)} is a font collection, not a font`);
    font = parsed;
    loaded.set(face, font);
  }
  return font;
}

interface Layout {
  glyphs: fontkit.Glyph[];
  positions: fontkit.GlyphPosition[];
}

const layouts = new Map<string, Layout>();
const MAX_LAYOUTS = 5_000;
const shareable = new Map<Face, fontkit.Font>();

/**
 * The font as pdfkit is given it: the parsed font, whose `layout` (the OpenType shaping of a word, the costliest
 * step of a certificate) is remembered across certificates, most recent 5,000. pdfkit keeps such a cache only
 * for the document at hand, and scales the positions it gets in place: each call answers fresh positions.
 */
export function pdfFontOf(face: Face): fontkit.Font {
  let shared = shareable.get(face);
  if (!shared) {
    const font = fontOf(face);
    const layout = (text: string, features?: unknown) => {
      // pdfkit passes no features, or `[]` for a run to shape whole: the same defaults either way.
      if (features !== undefined && !(Array.isArray(features) && features.length === 0)) {
        return font.layout(text, features as string[]);
      }
      const key = `${face}\u0000${text}`;
      let known = layouts.get(key);
      if (known) {
        layouts.delete(key);
      } else {
        const run = font.layout(text);
        known = { glyphs: run.glyphs, positions: run.positions };
        if (layouts.size >= MAX_LAYOUTS) layouts.delete(layouts.keys().next().value!);
      }
      layouts.set(key, known);
      return freshRun(known);
    };
    shared = new Proxy(font, {
      get(target, property) {
        if (property === 'layout') return layout;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    shareable.set(face, shared);
  }
  return shared;
}

function freshRun(known: Layout) {
  const positions = known.positions.map((position) => ({ ...position }));
  return {
    glyphs: known.glyphs,
    positions,
    get advanceWidth(): number {
      return positions.reduce((sum, position) => sum + position.xAdvance, 0);
    },
  };
}

/** The fallback chain for text a person typed or named. */
export const TEXT_CHAIN: FaceChain<TextFace> = {
  faces: TEXT_FACES,
  covers: (face, codePoint) => fontOf(face).hasGlyphForCodePoint(codePoint),
  fallbackFace: 'latin',
};

/** Advances in ems, by face and text; bounded, as names and user agents vary without end. */
const advances = new Map<string, number>();
const MAX_ADVANCES = 20_000;

/**
 * The advance width of `text` at 1 pt, shaped as pdfkit shapes it: as one piece (`whole`, for the runs that
 * fontkit must reverse) or word by word, split after each space or tab, which is pdfkit's default and lets the
 * words be cached across certificates.
 */
export function advanceOf(face: Face, text: string, whole: boolean): number {
  if (whole) return cachedAdvance(face, text);
  let sum = 0;
  let last = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === ' ' || text[index] === '\t') {
      sum += cachedAdvance(face, text.slice(last, index + 1));
      last = index + 1;
    }
  }
  if (last < text.length) sum += cachedAdvance(face, text.slice(last));
  return sum;
}

function cachedAdvance(face: Face, text: string): number {
  const key = `${face}\u0000${text}`;
  let advance = advances.get(key);
  if (advance === undefined) {
    const font = fontOf(face);
    advance = font.layout(text).advanceWidth / font.unitsPerEm;
    if (advances.size >= MAX_ADVANCES) advances.delete(advances.keys().next().value!);
    advances.set(key, advance);
  }
  return advance;
}

import bidiFactory from 'bidi-js';

/**
 * Turns any string a person may type into lines of drawable runs: each run in one font face, in the visual order
 * of the Unicode Bidirectional Algorithm (UAX #9), so Latin, Arabic, Hebrew and CJK text can share a line.
 *
 * - Characters are taken by grapheme cluster and each cluster goes to the first face of the fallback chain that
 *   has every one of its glyphs (spaces, digits and punctuation to the face of the text before them, if it has
 *   them). A character no face can draw is shown as its code point, `[U+1F600]`, a run of
 *   its own marked `fallback`; a space no face has becomes U+0020. Bidirectional controls (embeddings,
 *   overrides, isolates, marks) are shown the same way and do not take part in the algorithm. Other invisible
 *   format characters (ZWJ, variation selectors…) take part in it but are drawn only when the face has them.
 * - Control characters, line and paragraph separators and tabs count as spaces: every field is one paragraph.
 * - Lines break after spaces and around Han and kana (which use none); a word wider than a line is broken
 *   between clusters. Reordering is done per line (rule L2), and mirrored characters (brackets) are swapped
 *   in right-to-left runs (rule L4).
 * - fontkit, which shapes the runs, lays out right-to-left itself any run whose first character of a specific
 *   script is Arabic, Hebrew or another right-to-left script; such a run is handed over in logical order (which
 *   also keeps Arabic joining right), every other run in visual order.
 */

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const AS_SPACE = /[\p{Cc}\p{Zl}\p{Zp}]/gu;
// Embeddings, overrides, isolates and marks: drawn as code points, never obeyed, so no typed character can make
// the text read other than it was typed (an override would draw `evil` as `live`).
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// What stands in a control's place while the algorithm runs: a control character (class BN, a cluster of its own)
// that the text can no longer hold, as they all became spaces.
const CONTROL_STAND_IN = '\u0001';
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;
const SPACE = /^\p{Zs}$/u;
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const COMMON = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const SPECIFIC_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
// The right-to-left scripts of fontkit's layout engine.
const FONTKIT_RTL_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Cypriot}\p{Script=Kharoshthi}\p{Script=Phoenician}\p{Script=Nko}\p{Script=Lydian}\p{Script=Avestan}\p{Script=Imperial_Aramaic}\p{Script=Inscriptional_Pahlavi}\p{Script=Inscriptional_Parthian}\p{Script=Old_South_Arabian}\p{Script=Old_Turkic}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Meroitic_Cursive}\p{Script=Meroitic_Hieroglyphs}\p{Script=Manichaean}\p{Script=Mende_Kikakui}\p{Script=Nabataean}\p{Script=Old_North_Arabian}\p{Script=Palmyrene}\p{Script=Psalter_Pahlavi}]/u;

/** Which faces exist and which characters each can draw. */
export interface FaceChain<Face extends string> {
  /** The faces to try, in order. */
  faces: readonly Face[];
  covers(face: Face, codePoint: number): boolean;
  /** Where code point markers and replaced spaces are drawn (a face with ASCII). */
  fallbackFace: Face;
}

export interface TextRun<Face extends string> {
  /** The text to hand to the shaper (see the note on fontkit above). */
  text: string;
  face: Face;
  /** A `[U+XXXX]` marker for characters no face can draw. */
  fallback: boolean;
  /**
   * The shaper must take the run as one piece (it reverses it); other runs may be shaped word by word, as
   * pdfkit does by default, with the same result.
   */
  whole: boolean;
  width: number;
}

export interface VisualLine<Face extends string> {
  runs: TextRun<Face>[];
  width: number;
}

export interface LayoutOptions<Face extends string> {
  chain: FaceChain<Face>;
  /** The advance width of `text` shaped in `face` at the size being laid out, as one piece or word by word. */
  measure(text: string, face: Face, whole: boolean): number;
  /** No line is wider, except one holding a single cluster wider than this. */
  maxWidth: number;
}

interface Atom<Face extends string> {
  text: string;
  face: Face;
  fallback: boolean;
  level: number;
  space: boolean;
  ideographic: boolean;
}

/** Lines of runs in visual order, left to right. An empty or blank text gives no line. */
export function layoutText<Face extends string>(raw: string, options: LayoutOptions<Face>): VisualLine<Face>[] {
  const text = raw.replace(LONE_SURROGATE, '\uFFFD').replace(AS_SPACE, ' ').replace(BIDI_CONTROL, CONTROL_STAND_IN);
  const controls = [...raw.matchAll(BIDI_CONTROL)].map((match) => match[0].charCodeAt(0));
  const atoms = atomsOf(text, bidi.getEmbeddingLevels(text, 'auto').levels, options.chain, controls);
  return breakLines(atoms, options).map((line) => visualLine(line, options.measure));
}

function atomsOf<Face extends string>(
  text: string,
  levels: Uint8Array,
  chain: FaceChain<Face>,
  controls: number[],
): Atom<Face>[] {
  const atoms: Atom<Face>[] = [];
  let control = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const level = levels[index] ?? 0;
    const previous = atoms[atoms.length - 1];
    // Spaces, digits and punctuation stay in the face of the text around them when it has them, so a run of
    // Arabic words is shaped as one.
    const inherits = previous !== undefined && !previous.fallback && COMMON.test(segment);
    if (segment.length === 1) {
      // One UTF-16 unit, by far the most common cluster: no arrays.
      const point = segment.charCodeAt(0);
      if (segment === CONTROL_STAND_IN) {
        atoms.push(atom(codePointMarker(controls[control++]), chain.fallbackFace, level, true));
        continue;
      }
      if (IGNORABLE.test(segment)) continue;
      const face =
        inherits && chain.covers(previous.face, point)
          ? previous.face
          : chain.faces.find((candidate) => chain.covers(candidate, point));
      if (face !== undefined) atoms.push(atom(segment, face, level, false));
      else if (SPACE.test(segment)) atoms.push(atom(' ', chain.fallbackFace, level, false));
      else atoms.push(atom(codePointMarker(point), chain.fallbackFace, level, true));
      continue;
    }
    const points = Array.from(segment, (char) => char.codePointAt(0)!);
    const visible = points.filter((point) => !IGNORABLE.test(String.fromCodePoint(point)));
    if (visible.length === 0) continue;
    const face =
      inherits && visible.every((point) => chain.covers(previous.face, point))
        ? previous.face
        : chain.faces.find((candidate) => visible.every((point) => chain.covers(candidate, point)));
    if (face !== undefined) {
      const drawn = points.filter((point) => visible.includes(point) || chain.covers(face, point));
      atoms.push(atom(String.fromCodePoint(...drawn), face, level, false));
      continue;
    }
    // No face draws the whole cluster: each character on its own, or its code point.
    for (const point of visible) {
      const char = String.fromCodePoint(point);
      const own = chain.faces.find((candidate) => chain.covers(candidate, point));
      if (own !== undefined) atoms.push(atom(char, own, level, false));
      else if (SPACE.test(char)) atoms.push(atom(' ', chain.fallbackFace, level, false));
      else atoms.push(atom(codePointMarker(point), chain.fallbackFace, level, true));
    }
  }
  return atoms;
}

function atom<Face extends string>(text: string, face: Face, level: number, fallback: boolean): Atom<Face> {
  return {
    text,
    face,
    fallback,
    level,
    space: !fallback && SPACE.test(text),
    ideographic: !fallback && IDEOGRAPHIC.test(text),
  };
}

export function codePointMarker(point: number): string {
  return `[U+${point.toString(16).toUpperCase().padStart(4, '0')}]`;
}

/**
 * Greedy line filling over break opportunities, in logical order; spaces at the ends of a line are dropped. A
 * line's width is the sum of its words' (shaping does not cross a space), each measured once.
 */
function breakLines<Face extends string>(atoms: Atom<Face>[], options: LayoutOptions<Face>): Atom<Face>[][] {
  const width = (part: Atom<Face>[]) => logicalWidth(part, options.measure);
  const lines: Atom<Face>[][] = [];
  let line: Atom<Face>[] = [];
  let lineWidth = 0;
  for (const word of wordsOf(atoms)) {
    const start = word.findIndex((a) => !a.space);
    if (start < 0) {
      // Spaces only (the text's first or last "word"): they count only inside a line.
      line.push(...word);
      lineWidth += width(word);
      continue;
    }
    let end = word.length;
    while (word[end - 1].space) end--;
    const body = word.slice(start, end);
    const bodyWidth = width(body);
    if (line.length > 0 && lineWidth + bodyWidth > options.maxWidth) {
      lines.push(line);
      line = [];
      lineWidth = 0;
    }
    if (line.length === 0 && bodyWidth > options.maxWidth) {
      // A word wider than a whole line is cut between clusters.
      for (const cluster of body) {
        const clusterWidth = width([cluster]);
        if (line.length > 0 && lineWidth + clusterWidth > options.maxWidth) {
          lines.push(line);
          line = [];
          lineWidth = 0;
        }
        line.push(cluster);
        lineWidth += clusterWidth;
      }
    } else {
      line.push(...body);
      lineWidth += bodyWidth;
    }
    const trail = word.slice(end);
    line.push(...trail);
    lineWidth += width(trail);
  }
  lines.push(line);
  return lines.map(trimmed).filter((candidate) => candidate.length > 0);
}

/** Words end after their spaces; Han and kana break on either side. */
function wordsOf<Face extends string>(atoms: Atom<Face>[]): Atom<Face>[][] {
  const words: Atom<Face>[][] = [];
  let word: Atom<Face>[] = [];
  atoms.forEach((current, index) => {
    word.push(current);
    const next = atoms[index + 1];
    const breakAfter =
      next !== undefined &&
      ((current.space && !next.space) || (!current.space && !next.space && (current.ideographic || next.ideographic)));
    if (breakAfter) {
      words.push(word);
      word = [];
    }
  });
  if (word.length > 0) words.push(word);
  return words;
}

function trimmed<Face extends string>(line: Atom<Face>[]): Atom<Face>[] {
  let start = 0;
  let end = line.length;
  while (start < end && line[start].space) start++;
  while (end > start && line[end - 1].space) end--;
  return start === 0 && end === line.length ? line : line.slice(start, end);
}

/** The width of atoms laid out in logical order, run by run (shaping joins only within a run). */
function logicalWidth<Face extends string>(atoms: Atom<Face>[], measure: LayoutOptions<Face>['measure']): number {
  return groupRuns(atoms).reduce((sum, run) => sum + measure(run.map((a) => a.text).join(''), run[0].face, false), 0);
}

function groupRuns<Face extends string>(atoms: Atom<Face>[]): Atom<Face>[][] {
  const runs: Atom<Face>[][] = [];
  for (const current of atoms) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (
      previous &&
      previous.face === current.face &&
      previous.level === current.level &&
      !previous.fallback &&
      !current.fallback
    ) {
      run.push(current);
    } else {
      runs.push([current]);
    }
  }
  return runs;
}

function visualLine<Face extends string>(
  line: Atom<Face>[],
  measure: LayoutOptions<Face>['measure'],
): VisualLine<Face> {
  const visual = reorder(line);
  const runs = groupRuns(visual).map((run): TextRun<Face> => {
    const face = run[0].face;
    if (run[0].fallback) {
      return { text: run[0].text, face, fallback: true, whole: false, width: measure(run[0].text, face, false) };
    }
    const rtl = run[0].level % 2 === 1;
    const chars = run.map((a) => (rtl ? mirrored(a.text) : a.text));
    const visualText = chars.join('');
    // The shaper reverses a right-to-left script run by itself: hand it the logical order.
    const whole = reversesItself(visualText);
    const text = whole ? [...chars].reverse().join('') : visualText;
    return { text, face, fallback: false, whole, width: measure(text, face, whole) };
  });
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/** Rule L2: from the highest level to the lowest odd one, reverse every sequence at that level or higher. */
function reorder<Face extends string>(line: Atom<Face>[]): Atom<Face>[] {
  const result = [...line];
  const levels = result.map((a) => a.level);
  const highest = Math.max(...levels);
  const lowest = Math.min(...levels);
  const lowestOdd = lowest % 2 === 1 ? lowest : lowest + 1;
  for (let level = highest; level >= lowestOdd; level--) {
    let start = 0;
    while (start < result.length) {
      if (result[start].level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end + 1 < result.length && result[end + 1].level >= level) end++;
      const reversed = result.slice(start, end + 1).reverse();
      result.splice(start, reversed.length, ...reversed);
      start = end + 1;
    }
  }
  return result;
}

function mirrored(text: string): string {
  return [...text].map((char) => bidi.getMirroredCharacter(char) ?? char).join('');
}

function reversesItself(text: string): boolean {
  const first = SPECIFIC_SCRIPT.exec(text);
  return first !== null && FONTKIT_RTL_SCRIPT.test(first[0]);
}

import { isBlank, MCQ_OPTION_COUNT } from '@valence/contract';
import {
  addProblem,
  addQuestion,
  type Candidate,
  lineProblem,
  type ParsedFile,
  parsedFile,
  splitLines,
} from './candidate.js';

/**
 * GIFT, multiple choice only: `::title:: question text { =right ~wrong ~wrong ~wrong ~wrong }`, with
 * `// comment` lines, `$CATEGORY:` lines, titles, `[html]`-style format markers and `#feedback`
 * ignored. Questions are separated by blank lines. Only questions with exactly five options and one
 * `=` are imported; any other kind (true/false, short answer, matching, numerical, essay) is a problem.
 *
 * Backslashes, GIFT against TeX: `\~ \= \# \{ \} \:` are GIFT escapes and stand for the character
 * after the backslash. Any other backslash is kept as written, so `\ce`, `\pu`, `\alpha` and `\\`
 * arrive unchanged (`\n` too: it is not read as a line break, since `\nu` is TeX). Chemistry and
 * maths are copied byte for byte, braces and all, without escapes: a TeX command's brace groups
 * (`\ce{H2O}`, `\frac{a}{b}`) and math between `$…$`, `$$…$$`, `\(…\)` and `\[…\]`. Inside them
 * `\{` stays `\{` (a TeX brace) and `=`, `~`, `#`, `{`, `}` are not GIFT's, so `\ce{A + B = C}` may
 * stand in a question or an option unescaped.
 */
export function parseGift(text: string): ParsedFile {
  const parsed = parsedFile('gift');
  for (const chunk of chunks(text)) {
    const result = readQuestion(chunk.text);
    if (typeof result === 'string') {
      addProblem(parsed, lineProblem(chunk.line, result));
      continue;
    }
    if (result.problem) addProblem(parsed, lineProblem(chunk.line, result.problem));
    addQuestion(parsed, { ...result.candidate, line: chunk.line });
  }
  return parsed;
}

/** The file's questions: runs of lines between blank lines, comment and category lines left out. */
function chunks(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let lines: string[] = [];
  let start = 0;
  const flush = () => {
    if (lines.length) found.push({ line: start, text: lines.join('\n') });
    lines = [];
  };
  for (const [index, raw] of splitLines(text).entries()) {
    if (/^\s*\/\//.test(raw) || /^\s*\$CATEGORY\s*:/i.test(raw)) continue;
    if (isBlank(raw)) {
      flush();
      continue;
    }
    if (!lines.length) start = index + 1;
    lines.push(raw);
  }
  flush();
  return found;
}

/**
 * A question after escapes: its text, and which of its characters (UTF-16 units) are GIFT's own
 * (an unescaped `{ } = ~ # :`). Kept as one string and one byte per character rather than an object
 * per character: a question of 5 MB made five million objects and took seconds.
 */
type Scanned = { text: string; special: Uint8Array };

const GIFT_ESCAPES = '~=#{}:';
const SPECIAL = '{}=~#:';
const COMMAND = /\\[A-Za-z]+/y;
const SPANS = [
  ['$$', '$$'],
  ['\\(', '\\)'],
  ['\\[', '\\]'],
] as const;

/**
 * Where verbatim spans (TeX commands with their groups, math) end, for one question. Every look-up is
 * kept so that no part of the text is searched twice: a question of unclosed `\(` or `\a{` searched
 * to its end from each of them, time growing with the square of its length.
 */
class Verbatim {
  /** The end (exclusive) of the brace group opening at each `{`, or -1 when never closed; made on first need. */
  private groupEnds: Int32Array | null = null;
  /** Per closing delimiter, the last place found (or -1: none after the place it was sought from). */
  private readonly found = new Map<string, number>();

  constructor(private readonly text: string) {}

  /** The first `needle` at or after `from`; `from` never decreases for a needle, as the scan only moves on. */
  private indexOf(needle: string, from: number): number {
    const known = this.found.get(needle);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = this.text.indexOf(needle, from);
    this.found.set(needle, at);
    return at;
  }

  /**
   * Braces matched in one pass, a backslash escaping the character after it. A group is only ever
   * looked up where it opens after a command's letters or a closing `}`, never after a backslash, so
   * counting from the start of the text pairs its braces as counting from the group itself would.
   */
  private groupEnd(at: number): number {
    if (!this.groupEnds) {
      const text = this.text;
      const ends = new Int32Array(text.length).fill(-1);
      const open: number[] = [];
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '\\') i++;
        else if (c === '{') open.push(i);
        else if (c === '}' && open.length) ends[open.pop() as number] = i + 1;
      }
      this.groupEnds = ends;
    }
    return this.groupEnds[at] ?? -1;
  }

  /** Where a verbatim span starting at `i` ends, or -1 when none starts there. */
  end(i: number): number {
    const text = this.text;
    const c = text[i];
    // Every span starts with one of these; most characters are none of them.
    if (c !== '$' && c !== '\\') return -1;
    for (const [open, shut] of SPANS) {
      if (!text.startsWith(open, i)) continue;
      const end = this.indexOf(shut, i + open.length);
      if (end >= 0) return end + shut.length;
    }
    if (text[i] === '$' && text[i + 1] !== '$') {
      const end = this.indexOf('$', i + 1);
      // A lone dollar (a price) is no math.
      return end > i + 1 ? end + 1 : -1;
    }
    COMMAND.lastIndex = i;
    const command = COMMAND.exec(text);
    if (!command) return -1;
    let end = i + command[0].length;
    while (text[end] === '{') {
      const after = this.groupEnd(end);
      if (after < 0) return -1;
      end = after;
    }
    return end;
  }
}

function scan(source: string): Scanned {
  const verbatim = new Verbatim(source);
  // Escapes only shorten the text, so the flags fit in the source's length.
  const special = new Uint8Array(source.length);
  const pieces: string[] = [];
  let length = 0;
  /** Source copied as it is from here up to the next escape. */
  let copyFrom = 0;
  const copyUpTo = (end: number) => {
    pieces.push(source.slice(copyFrom, end));
    length += end - copyFrom;
  };
  for (let i = 0; i < source.length; ) {
    const end = verbatim.end(i);
    if (end > i) {
      i = end;
      continue;
    }
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '\\' && next === '\\') {
      // TeX's line break: both kept, and the second does not escape what follows.
      i += 2;
      continue;
    }
    if (c === '\\' && next !== undefined && GIFT_ESCAPES.includes(next)) {
      // The backslash is dropped: copy up to it and go on from the character it escapes.
      copyUpTo(i);
      copyFrom = i + 1;
      i += 2;
      continue;
    }
    if (SPECIAL.includes(c)) special[length + (i - copyFrom)] = 1;
    i++;
  }
  copyUpTo(source.length);
  return { text: pieces.join(''), special: special.subarray(0, length) };
}

/** The first of GIFT's own `c` in [from, to), or -1. */
function indexOfSpecial(scanned: Scanned, c: string, from = 0, to = scanned.text.length): number {
  for (let i = from; i < to; i++) if (scanned.special[i] && scanned.text[i] === c) return i;
  return -1;
}

const slice = (scanned: Scanned, from: number, to = scanned.text.length): Scanned => ({
  text: scanned.text.slice(from, to),
  special: scanned.special.subarray(from, to),
});

type Read = { candidate: Candidate; problem?: string };

/** One question, or a sentence saying why it cannot be imported. */
function readQuestion(source: string): Read | string {
  let chars = scan(source);
  // ::title::
  const firstReal = chars.text.search(/\S/);
  if (
    firstReal >= 0 &&
    chars.special[firstReal] &&
    chars.text.startsWith('::', firstReal) &&
    chars.special[firstReal + 1]
  ) {
    let end = -1;
    for (let i = indexOfSpecial(chars, ':', firstReal + 2); i >= 0; i = indexOfSpecial(chars, ':', i + 1)) {
      if (chars.special[i + 1] && chars.text[i + 1] === ':') {
        end = i + 2;
        break;
      }
    }
    if (end < 0) return 'The title opened with :: is never closed with ::.';
    chars = slice(chars, end);
  }
  const open = indexOfSpecial(chars, '{');
  if (open < 0) return 'This item has no answers in { }: only multiple-choice questions can be imported.';
  const close = indexOfSpecial(chars, '}', open + 1);
  if (close < 0) return 'The answers opened with { are never closed with }.';
  const before = chars.text
    .slice(0, open)
    .trim()
    .replace(/^\[(html|moodle|plain|markdown)\]\s*/i, '');
  const after = chars.text.slice(close + 1).trim();
  const questionText = after ? `${before} _____ ${after}`.trim() : before;
  const answers = slice(chars, open + 1, close);
  const kind = otherKind(answers);
  if (kind) return `This is a ${kind} question: only multiple-choice questions with five options can be imported.`;

  const options: string[] = [];
  // Options past the fifth are only counted: the question is refused, and a report shows five.
  let optionCount = 0;
  let correctIndex: number | null = null;
  let correctCount = 0;
  const push = (from: number, to: number, right: boolean) => {
    optionCount++;
    if (optionCount > MCQ_OPTION_COUNT) {
      if (right) correctCount++;
      return;
    }
    const hash = indexOfSpecial(answers, '#', from, to);
    let text = answers.text.slice(from, hash < 0 ? to : hash).trim();
    const weight = /^%(-?\d+(?:\.\d+)?)%/.exec(text);
    if (weight) {
      text = text.slice(weight[0].length).trim();
      if (Number(weight[1]) === 100) right = true;
    }
    if (right) {
      correctCount++;
      correctIndex = options.length;
    }
    options.push(text);
  };
  let start = -1;
  let right = false;
  for (let i = 0; i < answers.text.length; i++) {
    const c = answers.text[i];
    if (!answers.special[i] || (c !== '=' && c !== '~')) continue;
    if (start >= 0) push(start, i, right);
    start = i + 1;
    right = c === '=';
  }
  if (start >= 0) push(start, answers.text.length, right);
  const candidate: Candidate = {
    line: null,
    row: null,
    questionText: questionText === '' ? null : questionText,
    options,
    correctIndex: correctCount === 1 ? correctIndex : null,
    image: null,
  };
  if (optionCount !== MCQ_OPTION_COUNT)
    return {
      candidate,
      problem: `A multiple-choice question must have exactly ${MCQ_OPTION_COUNT} options to be imported; this one has ${optionCount}.`,
    };
  if (correctCount > 1)
    return { candidate, problem: `Only one option may be right (=); this question has ${correctCount}.` };
  return { candidate };
}

/** The GIFT kind of an answer block that is not multiple choice, or null for multiple choice. */
function otherKind(answers: Scanned): string | null {
  const body = answers.text.trim();
  if (body === '') return 'essay';
  if (/^(T|F|TRUE|FALSE)(\s*#.*)?$/is.test(body)) return 'true/false';
  if (answers.text[answers.text.search(/\S/)] === '#' && indexOfSpecial(answers, '#') >= 0) return 'numerical';
  const hasWrong = indexOfSpecial(answers, '~') >= 0;
  if (body.includes('->') && !hasWrong) return 'matching';
  if (!hasWrong) return 'short-answer';
  return null;
}

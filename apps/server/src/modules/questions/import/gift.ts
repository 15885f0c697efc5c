import { isBlank } from '@valence/contract';
import { type Candidate, lineProblem, type ParsedFile, splitLines } from './candidate.js';

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
  const parsed: ParsedFile = { format: 'gift', questions: [], problems: [] };
  for (const chunk of chunks(text)) {
    const result = readQuestion(chunk.text);
    if (typeof result === 'string') {
      parsed.problems.push(lineProblem(chunk.line, result));
      continue;
    }
    if (result.problem) parsed.problems.push(lineProblem(chunk.line, result.problem));
    parsed.questions.push({ ...result.candidate, line: chunk.line });
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

/** One character of a question after escapes: `special` when it is GIFT's own (an unescaped `{ } = ~ # :`). */
type Char = { c: string; special: boolean };

const GIFT_ESCAPES = '~=#{}:';
const SPECIAL = '{}=~#:';

/** The end (exclusive) of a brace group opening at `at`, braces counted, or -1 when never closed. */
function groupEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/** Where a verbatim span (TeX command with its groups, or math) starting at `i` ends, or -1 when none starts there. */
function verbatimEnd(text: string, i: number): number {
  const rest = text.slice(i);
  const close = (open: string, shut: string) => {
    if (!rest.startsWith(open)) return -1;
    const end = text.indexOf(shut, i + open.length);
    return end < 0 ? -1 : end + shut.length;
  };
  for (const [open, shut] of [
    ['$$', '$$'],
    ['\\(', '\\)'],
    ['\\[', '\\]'],
  ] as const) {
    const end = close(open, shut);
    if (end >= 0) return end;
  }
  if (rest.startsWith('$') && !rest.startsWith('$$')) {
    const end = text.indexOf('$', i + 1);
    // A lone dollar (a price) is no math.
    return end > i + 1 ? end + 1 : -1;
  }
  const command = /^\\[A-Za-z]+/.exec(rest);
  if (!command) return -1;
  let end = i + command[0].length;
  while (text[end] === '{') {
    const after = groupEnd(text, end);
    if (after < 0) return -1;
    end = after;
  }
  return end;
}

function scan(text: string): Char[] {
  const out: Char[] = [];
  for (let i = 0; i < text.length; ) {
    const verbatim = verbatimEnd(text, i);
    if (verbatim > i) {
      for (const c of text.slice(i, verbatim)) out.push({ c, special: false });
      i = verbatim;
      continue;
    }
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next === '\\') {
      // TeX's line break: both kept, and the second does not escape what follows.
      out.push({ c, special: false }, { c: next, special: false });
      i += 2;
      continue;
    }
    if (c === '\\' && next !== undefined && GIFT_ESCAPES.includes(next)) {
      out.push({ c: next, special: false });
      i += 2;
      continue;
    }
    out.push({ c, special: SPECIAL.includes(c) });
    i++;
  }
  return out;
}

const join = (chars: Char[]) => chars.map((char) => char.c).join('');
const indexOfSpecial = (chars: Char[], c: string, from = 0) =>
  chars.findIndex((char, i) => i >= from && char.special && char.c === c);

type Read = { candidate: Candidate; problem?: string };

/** One question, or a sentence saying why it cannot be imported. */
function readQuestion(source: string): Read | string {
  let chars = scan(source);
  // ::title::
  const firstReal = chars.findIndex((char) => !/\s/.test(char.c));
  if (
    chars[firstReal]?.special &&
    chars[firstReal]?.c === ':' &&
    chars[firstReal + 1]?.special &&
    chars[firstReal + 1]?.c === ':'
  ) {
    let end = -1;
    for (let i = firstReal + 2; i < chars.length - 1; i++) {
      if (chars[i]?.special && chars[i]?.c === ':' && chars[i + 1]?.special && chars[i + 1]?.c === ':') {
        end = i + 2;
        break;
      }
    }
    if (end < 0) return 'The title opened with :: is never closed with ::.';
    chars = chars.slice(end);
  }
  const open = indexOfSpecial(chars, '{');
  if (open < 0) return 'This item has no answers in { }: only multiple-choice questions can be imported.';
  const close = indexOfSpecial(chars, '}', open + 1);
  if (close < 0) return 'The answers opened with { are never closed with }.';
  const before = join(chars.slice(0, open))
    .trim()
    .replace(/^\[(html|moodle|plain|markdown)\]\s*/i, '');
  const after = join(chars.slice(close + 1)).trim();
  const questionText = after ? `${before} _____ ${after}`.trim() : before;
  const answers = chars.slice(open + 1, close);
  const body = join(answers).trim();
  const kind = otherKind(body, answers);
  if (kind) return `This is a ${kind} question: only multiple-choice questions with five options can be imported.`;

  const options: string[] = [];
  let correctIndex: number | null = null;
  let correctCount = 0;
  let current: Char[] | null = null;
  let right = false;
  const push = () => {
    if (!current) return;
    let text = join(cutFeedback(current)).trim();
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
  for (const char of answers) {
    if (char.special && (char.c === '=' || char.c === '~')) {
      push();
      current = [];
      right = char.c === '=';
    } else if (current) current.push(char);
  }
  push();
  const candidate: Candidate = {
    line: null,
    row: null,
    questionText: questionText === '' ? null : questionText,
    options,
    correctIndex: correctCount === 1 ? correctIndex : null,
    image: null,
  };
  if (options.length !== 5)
    return {
      candidate,
      problem: `A multiple-choice question must have exactly 5 options to be imported; this one has ${options.length}.`,
    };
  if (correctCount > 1)
    return { candidate, problem: `Only one option may be right (=); this question has ${correctCount}.` };
  return { candidate };
}

/** An option's text without its `#feedback`. */
function cutFeedback(chars: Char[]): Char[] {
  const hash = chars.findIndex((char) => char.special && char.c === '#');
  return hash < 0 ? chars : chars.slice(0, hash);
}

/** The GIFT kind of an answer block that is not multiple choice, or null for multiple choice. */
function otherKind(body: string, answers: Char[]): string | null {
  if (body === '') return 'essay';
  if (/^(T|F|TRUE|FALSE)(\s*#.*)?$/is.test(body)) return 'true/false';
  if (answers.find((char) => !/\s/.test(char.c))?.c === '#' && answers.some((char) => char.special && char.c === '#'))
    return 'numerical';
  const hasWrong = answers.some((char) => char.special && char.c === '~');
  if (/->/.test(body) && !hasWrong) return 'matching';
  if (!hasWrong) return 'short-answer';
  return null;
}

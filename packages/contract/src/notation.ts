/** A run of plain text, or a formula with the text it was written as. */
export type NotationSegment =
  | { kind: 'text'; text: string }
  | { kind: 'tex'; tex: string; source: string; display: boolean };

const COMMANDS = ['\\ce{', '\\pu{'];

/** Index of the `}` closing the group opened just before `start`, or -1; `\{` and `\}` do not count. */
function closingBrace(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') i += 1;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Index where the closing `delimiter` of a math span starts, or -1; an escaped `\$` does not close it. */
function closingDollar(text: string, start: number, delimiter: string): number {
  for (let i = start; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text.startsWith(delimiter, i)) return i;
  }
  return -1;
}

/**
 * Splits text into plain runs and notation: `\ce{…}` and `\pu{…}` (mhchem), `$…$` (inline math)
 * and `$$…$$` (display math). `\$` is a literal dollar. Anything unclosed stays plain text, so a
 * lone `$` in a sentence is just a dollar.
 */
export function splitNotation(text: string): NotationSegment[] {
  const segments: NotationSegment[] = [];
  let plain = '';
  const push = (segment: NotationSegment) => {
    if (plain) segments.push({ kind: 'text', text: plain });
    plain = '';
    segments.push(segment);
  };
  let i = 0;
  while (i < text.length) {
    const command = COMMANDS.find((name) => text.startsWith(name, i));
    if (command) {
      const end = closingBrace(text, i + command.length);
      if (end > 0) {
        const source = text.slice(i, end + 1);
        push({ kind: 'tex', tex: source, source, display: false });
        i = end + 1;
        continue;
      }
    }
    if (text.startsWith('\\$', i)) {
      plain += '$';
      i += 2;
      continue;
    }
    if (text[i] === '$') {
      const delimiter = text.startsWith('$$', i) ? '$$' : '$';
      const from = i + delimiter.length;
      const end = closingDollar(text, from, delimiter);
      const tex = end > 0 ? text.slice(from, end) : '';
      if (tex.trim()) {
        push({ kind: 'tex', tex, source: text.slice(i, end + delimiter.length), display: delimiter === '$$' });
        i = end + delimiter.length;
        continue;
      }
    }
    plain += text[i];
    i += 1;
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

/** Whether `text` holds any notation that would be typeset (forms show a preview only then). */
export const hasNotation = (text: string) => splitNotation(text).some((segment) => segment.kind === 'tex');

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
  '−': '⁻',
  '=': '⁼',
  '(': '⁽',
  ')': '⁾',
  n: 'ⁿ',
  i: 'ⁱ',
  x: 'ˣ',
  '.': '·',
  '•': '·',
};
const SUBSCRIPT: Record<string, string> = {
  '0': '₀',
  '1': '₁',
  '2': '₂',
  '3': '₃',
  '4': '₄',
  '5': '₅',
  '6': '₆',
  '7': '₇',
  '8': '₈',
  '9': '₉',
  '+': '₊',
  '-': '₋',
  '−': '₋',
  '=': '₌',
  '(': '₍',
  ')': '₎',
  a: 'ₐ',
  e: 'ₑ',
  o: 'ₒ',
  x: 'ₓ',
  n: 'ₙ',
};

/** `text` raised or lowered where Unicode has the character; any other character stays as it is. */
const shift = (text: string, table: Record<string, string>) => Array.from(text, (char) => table[char] ?? char).join('');

/** mhchem's arrows, longest first so `<=>>` is not read as `<=>`. */
const ARROWS: [string, string][] = [
  ['<=>>', '⇌'],
  ['<<=>', '⇌'],
  ['<-->', '⟷'],
  ['<=>', '⇌'],
  ['<->', '↔'],
  ['->', '→'],
  ['<-', '←'],
];

/** Greek letters and the few symbols titles and questions use, as `$…$` writes them. */
const SYMBOLS: Record<string, string> = {
  alpha: 'α',
  beta: 'β',
  gamma: 'γ',
  delta: 'δ',
  epsilon: 'ε',
  varepsilon: 'ε',
  theta: 'θ',
  lambda: 'λ',
  mu: 'μ',
  nu: 'ν',
  pi: 'π',
  rho: 'ρ',
  sigma: 'σ',
  tau: 'τ',
  phi: 'φ',
  chi: 'χ',
  psi: 'ψ',
  omega: 'ω',
  Gamma: 'Γ',
  Delta: 'Δ',
  Theta: 'Θ',
  Lambda: 'Λ',
  Pi: 'Π',
  Sigma: 'Σ',
  Phi: 'Φ',
  Psi: 'Ψ',
  Omega: 'Ω',
  times: '×',
  cdot: '·',
  div: '÷',
  pm: '±',
  mp: '∓',
  leq: '≤',
  le: '≤',
  geq: '≥',
  ge: '≥',
  neq: '≠',
  ne: '≠',
  approx: '≈',
  sim: '∼',
  propto: '∝',
  infty: '∞',
  degree: '°',
  circ: '°',
  rightarrow: '→',
  to: '→',
  leftarrow: '←',
  rightleftharpoons: '⇌',
  leftrightarrow: '↔',
  uparrow: '↑',
  downarrow: '↓',
  ominus: '⊖',
  minus: '−',
  ',': ' ',
  ';': ' ',
  ':': ' ',
  quad: ' ',
  qquad: ' ',
  '%': '%',
  '&': '&',
  '#': '#',
  _: '_',
  '{': '{',
  '}': '}',
  '\\': ' ',
};

/** The argument of a group at `start` (`{…}` or one character) and where it ends. */
function argument(text: string, start: number): { value: string; end: number } {
  if (text[start] === '{') {
    const end = closingBrace(text, start + 1);
    if (end > 0) return { value: text.slice(start + 1, end), end: end + 1 };
    return { value: text.slice(start + 1), end: text.length };
  }
  const char = Array.from(text.slice(start))[0] ?? '';
  return { value: char, end: start + char.length };
}

/** `$…$` maths as plain text: `^{-1}` raised, `_2` lowered, `\Delta` as Δ, other commands by their argument. */
function mathToPlain(tex: string): string {
  let out = '';
  let i = 0;
  while (i < tex.length) {
    const char = tex[i] as string;
    if (char === '^' || char === '_') {
      const { value, end } = argument(tex, i + 1);
      out += shift(mathToPlain(value), char === '^' ? SUPERSCRIPT : SUBSCRIPT);
      i = end;
    } else if (char === '\\') {
      if (tex.startsWith('\\ce{', i) || tex.startsWith('\\pu{', i)) {
        const end = closingBrace(tex, i + 4);
        const close = end > 0 ? end : tex.length;
        const inside = tex.slice(i + 4, close);
        out += tex.startsWith('\\ce{', i) ? chemToPlain(inside) : unitsToPlain(inside);
        i = close + 1;
        continue;
      }
      const name = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))?.[1] ?? '';
      i += 1 + name.length;
      // As in TeX, the spaces ending a command's name are not text: `\Delta H` is ΔH.
      if (/^[A-Za-z]/.test(name)) while (tex[i] === ' ') i += 1;
      const symbol = SYMBOLS[name];
      if (symbol !== undefined) out += symbol;
      else if (tex[i] === '{') {
        // \text{…}, \mathrm{…}, \frac{a}{b} and the like: their words, a fraction as a/b.
        const first = argument(tex, i);
        out += mathToPlain(first.value);
        i = first.end;
        if (name === 'frac' && tex[i] === '{') {
          const second = argument(tex, i);
          out += `/${mathToPlain(second.value)}`;
          i = second.end;
        }
      }
    } else if (char === '{' || char === '}') {
      i += 1;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/**
 * A charge written after a formula without `^`: `H+`, `NO3-`, `[AgCl2]-`. As in mhchem only the
 * sign is raised; digits before it stay counts (`Cu2+` is Cu₂⁺; the charge 2+ is written `Cu^2+`).
 */
const BARE_CHARGE = /^(.*[A-Za-z)\]\d])([+-])$/;

/** One mhchem formula such as `2H2SO4`, `SO4^2-`, `Cu^{2+}`, `H2O(l)` or `^{14}C`. */
function formulaToPlain(formula: string): string {
  let out = '';
  let i = 0;
  // A leading amount (2, 1/2, 0.5) stays at the line.
  const amount = /^\d+(?:[./]\d+)?/.exec(formula)?.[0] ?? '';
  out += amount;
  i = amount.length;
  let body = formula.slice(i);
  let tail = '';
  const bare = BARE_CHARGE.exec(body);
  if (bare && !body.includes('^')) {
    body = bare[1] as string;
    tail = shift(bare[2] as string, SUPERSCRIPT);
  }
  i = 0;
  let previous = '';
  while (i < body.length) {
    const char = body[i] as string;
    if (char === '^' || char === '_') {
      const { value, end } = argument(body, i + 1);
      // `^2-` without braces: the charge runs to the end of its digits and signs.
      const run = body[i + 1] === '{' ? value : (/^[0-9+\-−]+/.exec(body.slice(i + 1))?.[0] ?? value);
      out += shift(run, char === '^' ? SUPERSCRIPT : SUBSCRIPT);
      i = body[i + 1] === '{' ? end : i + 1 + run.length;
      previous = '';
      continue;
    }
    if (/\d/.test(char) && /[A-Za-z)\]]/.test(previous)) {
      const digits = /^\d+/.exec(body.slice(i))?.[0] as string;
      out += shift(digits, SUBSCRIPT);
      i += digits.length;
      // `H2(g)` — a state after a count is read like one after a letter.
      previous = ')';
      continue;
    }
    if (char === '(' && /^\((?:s|l|g|aq)\)/.test(body.slice(i))) {
      const state = /^\((?:s|l|g|aq)\)/.exec(body.slice(i))?.[0] as string;
      out += state;
      i += state.length;
      previous = '';
      continue;
    }
    if (char === '{' || char === '}') {
      i += 1;
      continue;
    }
    // The dot of a hydrate, `CuSO4.5H2O` or `CuSO4*5H2O`; the count after it stays at the line.
    out += char === '.' || char === '*' ? '·' : char;
    previous = char;
    i += 1;
  }
  return out + tail;
}

/** The inside of `\ce{…}` or `\pu{…}` as plain text: formulas, `+`, arrows, `^` (gas) and `v` (precipitate). */
function chemToPlain(content: string): string {
  const words = content.trim().split(/\s+/);
  return words
    .map((word) => {
      const arrow = ARROWS.find(([written]) => word.startsWith(written));
      if (arrow) {
        // `->[heat]` keeps its condition in brackets.
        const label = word.slice(arrow[0].length).replace(/^\[(.*)\]$/, '($1)');
        return arrow[1] + (label && label !== '[]' ? ` ${mathToPlain(label)}` : '');
      }
      if (word === '^') return '↑';
      if (word === 'v') return '↓';
      if (word === '+' || word === '=' || word === '-' || word === '.') return word;
      if (/^\$.*\$$/.test(word)) return mathToPlain(word.slice(1, -1));
      if (word.includes('\\')) return mathToPlain(word);
      return formulaToPlain(word);
    })
    .join(' ');
}

/** A unit with a power written after it, as `\pu{}` takes it: `mol-1`, `dm^-3`, `m^{2}`. */
const POWERED_UNIT = /^([^\d^{}+\-−]+)\^?\{?([-−]?\d+)\}?$/;

/** The inside of `\pu{…}` as plain text: `25 kJ mol-1` reads 25 kJ mol⁻¹. */
function unitsToPlain(content: string): string {
  return content
    .trim()
    .split(/\s+/)
    .map((word) => {
      const powered = POWERED_UNIT.exec(word);
      if (powered) return (powered[1] as string) + shift(powered[2] as string, SUPERSCRIPT);
      return word.includes('\\') || word.includes('^') ? mathToPlain(word) : word;
    })
    .join(' ');
}

/**
 * Text with notation as one line of plain Unicode, for a document title, a file name or a PDF
 * line: `\ce{H2SO4}` reads H₂SO₄, `\ce{Cu^2+}` Cu²⁺, `\ce{A + B -> C}` A + B → C, `$\Delta H^{\circ}$`
 * ΔH°, `\$` a dollar. A character Unicode cannot raise or lower is written as it is, never dropped.
 */
export function notationToPlain(text: string): string {
  return splitNotation(text)
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      if (segment.tex.startsWith('\\ce{')) return chemToPlain(segment.tex.slice(4, -1));
      if (segment.tex.startsWith('\\pu{')) return unitsToPlain(segment.tex.slice(4, -1));
      return mathToPlain(segment.tex);
    })
    .join('');
}

import { describe, expect, it } from 'vitest';
import { parseQuestionFile } from './detect.js';

const FIVE_MB = 5 * 1024 * 1024;
/** A size a linear reader gets through in a few milliseconds and a quadratic one in about a second. */
const SMALL = 32 * 1024;

/**
 * Files made to make a reader backtrack or rescan: each is built at about `size` characters. The
 * name decides which readers see it (a `.txt` goes through every format's detection).
 */
const HOSTILE: Record<string, (size: number) => { text: string; name: string }> = {
  'only {': (size) => ({ text: '{'.repeat(size), name: 'q.txt' }),
  'only line breaks': (size) => ({ text: '\n'.repeat(size), name: 'q.txt' }),
  'lines of one space': (size) => ({ text: ' \n'.repeat(size / 2), name: 'q.txt' }),
  'a header cell then spaces': (size) => ({ text: `,question${' '.repeat(size)}x`, name: 'q.txt' }),
  'only tabs': (size) => ({ text: '\t'.repeat(size), name: 'q.txt' }),
  'ANSWER: with a run of spaces inside': (size) => ({ text: `Q\nA. a\nANSWER: x${' '.repeat(size)}y`, name: 'q.txt' }),
  'GIFT: TeX groups never closed': (size) => ({
    text: `::T:: ${'\\a{'.repeat(size / 3)} {=a ~b ~c ~d ~e}`,
    name: 'q.gift',
  }),
  'GIFT: \\( never closed': (size) => ({ text: `::T:: ${'\\('.repeat(size / 2)} {=a ~b ~c ~d ~e}`, name: 'q.gift' }),
  'GIFT: one answer block of many options': (size) => ({ text: `{${'~a '.repeat(size / 3)}}`, name: 'q.gift' }),
  'GIFT: math spans': (size) => ({ text: `::T:: ${'$$a'.repeat(size / 3)} {=a ~b ~c ~d ~e}`, name: 'q.gift' }),
  'CSV: only quotes': (size) => ({ text: '"'.repeat(size), name: 'q.csv' }),
  'CSV: unclosed quotes on every line': (size) => ({ text: '"a\n'.repeat(size / 3), name: 'q.csv' }),
  'CSV: rows with a problem each': (size) => ({
    text: `question,option1,option2,option3,option4,option5,correct\n${'q,a,b,c,d,e,9\n'.repeat(size / 14)}`,
    name: 'q.csv',
  }),
};

/**
 * The CPU time the process spent detecting and reading the file, in ms: unlike the time on the wall
 * it does not grow when other tests share the cores. The wall time is printed too.
 */
async function timed(make: (size: number) => { text: string; name: string }, size: number) {
  const { text, name } = make(size);
  const bytes = new TextEncoder().encode(text);
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await parseQuestionFile(bytes, name);
  const used = process.cpuUsage(cpu);
  return { cpu: (used.user + used.system) / 1000, wall: performance.now() - wall };
}

describe('a question file made to stall the reader', () => {
  it.each(Object.entries(HOSTILE))('%s: detected and read in time proportional to its size', async (label, make) => {
    // A small file first: a reader that backtracks would take minutes on 5 MB, so it must fail here.
    const small = await timed(make, SMALL);
    expect(small.cpu, `${label} at 32 KB took ${small.cpu.toFixed(0)} ms`).toBeLessThan(100);
    const large = await timed(make, FIVE_MB);
    console.log(
      `${label}: 32 KB in ${small.cpu.toFixed(1)} ms, 5 MB in ${large.cpu.toFixed(0)} ms of CPU (${large.wall.toFixed(0)} ms on the wall)`,
    );
    expect(large.cpu).toBeLessThan(1000);
  });
});

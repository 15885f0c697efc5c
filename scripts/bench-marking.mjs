#!/usr/bin/env node
// Marking benchmark (prints figures; not a test), in sections run one after another or by name:
//
//   npm run bench:marking                 # every section
//   npm run bench:marking -- render       # only the named sections
//
// render: the marked paper the grade call draws (apps/server's render-marked-paper, built): a
//   20-page scanned-like PDF script of about 10 MB (one ~500 KB greyscale-noise JPEG per A4 page) with
//   100 annotations (pen strokes, ticks, crosses, comments, highlights) and a 10-question mark
//   scheme. Each run is a child process of its own, so its peak memory is the render's alone: it
//   reads the script, notes its RSS, renders, and reports the time and its peak RSS (VmHWM) above
//   that. Goals, printed beside the figures, not asserted: <= 3 s and <= 100 MB extra.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './lib/bench-kit.mjs';

const RENDER_GOALS = { seconds: 3, extraMb: 100 };
const RUNS = 3;

/** One render, in this process: the child's side (`node bench-marking.mjs --render-child <dir>`). */
async function renderChild(dir) {
  const { renderMarkedPaper } = await import(
    pathToFileURL(path.join(root, 'apps/server/dist/modules/marking/render-marked-paper.js')).href
  );
  const script = readFileSync(path.join(dir, 'script.pdf'));
  const input = JSON.parse(readFileSync(path.join(dir, 'input.json'), 'utf8'));
  const before = kb('VmRSS');
  const started = process.hrtime.bigint();
  const out = await renderMarkedPaper({ ...input, script, kind: 'pdf' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const peak = kb('VmHWM');
  writeFileSync(path.join(dir, 'marked.pdf'), out);
  process.stdout.write(JSON.stringify({ ms, extraMb: (peak - before) / 1024, outBytes: out.byteLength }));
}

function kb(field) {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0);
}

/** A deterministic noise generator: the same script every run. */
function prng(seed) {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** A scanned-looking A4 page at 150 dpi: light grey paper noise with bands of dark "handwriting". */
function scanJpeg(encode, page) {
  const width = 1240;
  const height = 1754;
  const data = Buffer.alloc(width * height * 4);
  const random = prng(page + 1);
  for (let y = 0; y < height; y++) {
    const inkRow = (y >> 4) % 3 === 0 && y > 120 && y < height - 120;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = inkRow && x > 100 && x < width - 100 && random() < 0.45;
      const value = ink ? 30 + random() * 70 : 232 + random() * 23;
      data[i] = value;
      data[i + 1] = value;
      data[i + 2] = value;
      data[i + 3] = 255;
    }
  }
  return encode({ data, width, height }, 70).data;
}

/** 100 annotations over 20 pages: per page a 60-point pen stroke, a tick, a cross, a comment and a highlight. */
function annotations(pages) {
  const random = prng(99);
  const items = [];
  for (let page = 1; page <= pages; page++) {
    const start = [0.1 + random() * 0.3, 0.1 + random() * 0.6];
    const points = Array.from({ length: 60 }, (_, i) => [
      Math.min(1, start[0] + i * 0.008),
      Math.min(1, start[1] + Math.sin(i / 5) * 0.02),
    ]);
    items.push(
      { page, kind: 'pen', x: start[0], y: start[1], points },
      { page, kind: 'tick', x: 0.8, y: 0.2 + random() * 0.5 },
      { page, kind: 'cross', x: 0.85, y: 0.2 + random() * 0.5 },
      {
        page,
        kind: 'text',
        x: 0.55,
        y: 0.75,
        text: 'Check the units here: the enthalpy change is per mole of the limiting reagent, not per gram.',
      },
      { page, kind: 'highlight', x: 0.1, y: 0.4, w: 0.6, h: 0.04 },
    );
  }
  return items;
}

async function renderSection() {
  console.log('\n== render: the marked paper of a 20-page scanned script ==');
  const require = createRequire(import.meta.url);
  let encode;
  try {
    encode = require('jpeg-js').encode;
  } catch {
    console.log('jpeg-js is not installed (it comes with lighthouse, a dev dependency): section skipped.');
    return;
  }
  const { PDFDocument } = await import('pdf-lib');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'valence-bench-marking-'));
  try {
    const pages = 20;
    const doc = await PDFDocument.create();
    for (let page = 0; page < pages; page++) {
      const image = await doc.embedJpg(scanJpeg(encode, page));
      doc.addPage([595.28, 841.89]).drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
    }
    const script = await doc.save();
    writeFileSync(path.join(dir, 'script.pdf'), script);
    const scheme = Array.from({ length: 10 }, (_, i) => ({ label: `Q${i + 1}`, maxMarks: 10 }));
    const input = {
      annotations: annotations(pages),
      total: 72.5,
      scheme,
      questionMarks: [8, 7.5, 9, 6, 10, 5, 8, 7, 6, 6],
      feedback: 'Well organised answers. Revise equilibrium constants and show every step of a calculation.',
    };
    writeFileSync(path.join(dir, 'input.json'), JSON.stringify(input));
    console.log(
      `script: ${pages} pages, ${(script.byteLength / 1024 / 1024).toFixed(1)} MB; ${input.annotations.length} annotations`,
    );
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const child = spawnSync(process.execPath, [import.meta.filename, '--render-child', dir], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`render failed: ${child.stderr}`);
      runs.push(JSON.parse(child.stdout));
    }
    const marked = await PDFDocument.load(readFileSync(path.join(dir, 'marked.pdf')));
    for (const [i, run] of runs.entries()) {
      console.log(
        `run ${i + 1}: ${(run.ms / 1000).toFixed(2)} s, +${run.extraMb.toFixed(0)} MB RSS, output ${(run.outBytes / 1024 / 1024).toFixed(1)} MB`,
      );
    }
    const worst = { ms: Math.max(...runs.map((r) => r.ms)), extraMb: Math.max(...runs.map((r) => r.extraMb)) };
    console.log(
      `worst of ${RUNS}: ${(worst.ms / 1000).toFixed(2)} s (goal <= ${RENDER_GOALS.seconds} s), +${worst.extraMb.toFixed(0)} MB (goal <= ${RENDER_GOALS.extraMb} MB); pages kept: ${marked.getPageCount()} of ${pages}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The sections in the order they run; a later engineer's section (bulk zips) goes beside these. */
const SECTIONS = { render: renderSection };

async function main() {
  if (process.argv[2] === '--render-child') return renderChild(process.argv[3]);
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in SECTIONS));
  if (unknown.length)
    throw new Error(`Unknown section(s): ${unknown.join(', ')}; there are ${Object.keys(SECTIONS).join(', ')}`);
  console.log('Building the server (tsc -b packages/contract apps/server) ...');
  execFileSync('npx', ['tsc', '-b', 'packages/contract', 'apps/server'], { cwd: root, stdio: 'inherit' });
  console.log(`node ${process.version}, ${os.cpus().length} cores`);
  for (const name of asked.length ? asked : Object.keys(SECTIONS)) await SECTIONS[name]();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

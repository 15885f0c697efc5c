import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { LicenceStampInput, MarkedPaperInput, PackHeader, ReportPackData } from './pdf-jobs.js';
import type { ReportDocument } from './pdf-type/report-document.js';

/**
 * Every PDF the server makes (marked papers, report packs, the other reports, a lecture PDF's
 * licence stamp) is drawn on a thread of their own, in the embedded fonts of `pdf-type/`:
 * pdf-lib works synchronously for as long as a page takes, and on the server's thread every other
 * request (`/api/health` too) waited behind it. One thread, one PDF at a time, the others queued in
 * order; a PDF that takes longer than the time limit has its thread ended (and a new one started
 * for the next). The thread starts with the first PDF, so pdf-lib's 25 MB come with it, and ends
 * after a quiet spell to give them back.
 */

export type PdfJob =
  | { kind: 'marked-paper'; input: MarkedPaperInput }
  | { kind: 'report-pack'; data: ReportPackData; header: PackHeader }
  | { kind: 'report'; report: ReportDocument }
  | { kind: 'licence-stamp'; input: LicenceStampInput };

/** The thread's answer to one job. */
export type PdfReply = { ok: true; bytes: Uint8Array } | { ok: false; unreadable: boolean; message: string };

/** A PDF that could not be drawn; `unreadable` when the marked paper's script itself cannot be read. */
export class PdfRenderError extends Error {
  override readonly name = 'PdfRenderError';
  constructor(
    message: string,
    readonly unreadable = false,
  ) {
    super(message);
  }
}

const settings = {
  /** The longest one PDF may take on the thread (a 20-page scanned script takes about 2 s). */
  timeLimitMs: 60_000,
  /** How long the thread stays without work before it ends. */
  idleMs: 60_000,
};

/** Changes the limits (tests use short ones). */
export function configurePdfWorker(options: Partial<typeof settings>) {
  Object.assign(settings, options);
}

type Task = {
  job: PdfJob;
  transfer: ArrayBuffer[];
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
};

const queue: Task[] = [];
let worker: Worker | null = null;
let current: { task: Task; timer: NodeJS.Timeout } | null = null;
let idleTimer: NodeJS.Timeout | null = null;

/**
 * Draws the PDF on the PDF thread. `transfer` lists buffers of the job handed to the thread rather
 * than copied (the caller must not use them after). Rejects with `PdfRenderError`.
 */
export function renderOnPdfWorker(job: PdfJob, transfer: ArrayBuffer[] = []): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    queue.push({ job, transfer, resolve, reject });
    next();
  });
}

/** Ends the thread (the queued PDFs fail); the next PDF starts a new one. */
export async function closePdfWorker(): Promise<void> {
  const ending = worker;
  worker = null;
  if (idleTimer) clearTimeout(idleTimer);
  finish(new PdfRenderError('The PDF was not drawn: the server is stopping.'));
  for (const task of queue.splice(0)) task.reject(new PdfRenderError('The PDF was not drawn: the server is stopping.'));
  await ending?.terminate();
}

function next() {
  if (current) return;
  const task = queue.shift();
  if (!task) {
    if (worker && !idleTimer) idleTimer = setTimeout(endIdle, settings.idleMs).unref();
    return;
  }
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  const thread = worker ?? start();
  const timer = setTimeout(() => {
    // A PDF still drawing is stopped the only way a thread can be: by ending it.
    worker = null;
    void thread.terminate();
    finish(new PdfRenderError(`The PDF took longer than ${Math.round(settings.timeLimitMs / 1000)} s to draw.`));
  }, settings.timeLimitMs);
  current = { task, timer };
  try {
    thread.postMessage(task.job, task.transfer);
  } catch (error) {
    // A job that cannot be posted (a value the thread cannot receive) fails alone.
    finish(new PdfRenderError(error instanceof Error ? error.message : String(error)));
  }
}

/** Settles the job on the thread with its bytes or an error, then starts the next. */
function finish(outcome: Uint8Array | Error) {
  if (!current) return;
  const { task, timer } = current;
  clearTimeout(timer);
  current = null;
  if (outcome instanceof Error) task.reject(outcome);
  else task.resolve(outcome);
  next();
}

function endIdle() {
  idleTimer = null;
  if (current || queue.length > 0 || !worker) return;
  const ending = worker;
  worker = null;
  void ending.terminate();
}

function start(): Worker {
  const thread = spawn();
  // The thread never keeps the process alive: a server stops, a test run ends, with it idle.
  thread.unref();
  thread.on('message', (reply: PdfReply) => {
    if (worker !== thread) return;
    finish(reply.ok ? reply.bytes : new PdfRenderError(reply.message, reply.unreadable));
  });
  const lost = (reason: string) => {
    if (worker !== thread) return;
    worker = null;
    finish(new PdfRenderError(`The PDF thread stopped: ${reason}`));
  };
  thread.on('error', (error) => lost(error.message));
  thread.on('exit', (code) => lost(`exit code ${code}`));
  worker = thread;
  return thread;
}

/**
 * The thread's file is `src/pdf-worker-thread.ts`, above the modules whose writers it loads. Built, it is JavaScript; run from the sources (Vitest,
 * tsx) it is TypeScript, which a thread cannot load by itself on Node 20: tsx is registered in the
 * thread first (it is a development dependency, there whenever the sources are run).
 */
function spawn(): Worker {
  const here = import.meta.url;
  if (!/\.ts$/.test(new URL(here).pathname)) return new Worker(new URL('../pdf-worker-thread.js', here));
  // The ES module of tsx's API, as its package declares it (its CommonJS one cannot be imported).
  const manifest = createRequire(here).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8'));
  const tsx = pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api'].import.default)).href;
  const entry = new URL('../pdf-worker-thread.ts', here).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true });
}

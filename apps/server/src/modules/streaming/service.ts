import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { STREAMING_NEEDS_FFMPEG, type VideoStream } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { VideoStreams } from '../resources/video-streams.js';
import type { FfmpegTools } from './ffmpeg.js';
import { TranscodeError, transcodeToHls } from './ffmpeg.js';
import { transcodeJob, transcodeKey } from './jobs.js';
import { renditionKeys } from './keys.js';
import * as repo from './repository.js';
import { signStream } from './signing.js';

type Deps = Pick<FastifyInstance, 'db' | 'storage' | 'config' | 'log' | 'resources' | 'signingSecret' | 'jobs'>;

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 2000;

const CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};
export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream';

/**
 * HLS versions of uploaded videos: a transcode per video (its row written in the resource's
 * transaction, its job on the queue, run up to TRANSCODE_CONCURRENCY at once per server and retried
 * when a server stops mid-way), their state for staff, and signed addresses for students.
 */
export class StreamingService implements VideoStreams {
  /** Transcodes this server is running, by resource: a delete stops its own at once. */
  private readonly running = new Map<number, AbortController>();
  /** Videos queued in a transaction not yet committed, sent to the queue by `queued()`. */
  private readonly toSend = new Set<number>();

  constructor(
    private readonly deps: Deps,
    /** null: no ffmpeg on this server; videos play as uploaded. */
    readonly tools: FfmpegTools | null,
  ) {}

  get available() {
    return this.tools !== null;
  }

  async queue(tx: Tx, resourceId: number): Promise<void> {
    if (!this.tools) return;
    await repo.queue(tx, resourceId, new Date());
    this.toSend.add(resourceId);
  }

  queued(): void {
    const ids = [...this.toSend];
    this.toSend.clear();
    for (const id of ids) void this.send(id);
  }

  /** The queue lives on its own connection: the row is written in the resource's transaction, the job after it commits. */
  private async send(resourceId: number) {
    try {
      await this.deps.jobs.send(transcodeJob, { resourceId }, { singletonKey: transcodeKey(resourceId) });
    } catch (error) {
      // The row stays queued; the next start sends it again (`resend`).
      this.deps.log.warn({ err: error, resourceId }, 'could not queue a transcode');
    }
  }

  /** At start: a queued row whose job was never sent (the server stopped just after the commit) is sent now. */
  async resend() {
    for (const id of await repo.queuedIds(this.deps.db)) await this.send(id);
  }

  async statusOf(resourceIds: number[]): Promise<Map<number, VideoStream>> {
    const rows = await repo.ofResources(this.deps.db, resourceIds);
    const found = new Map(rows.map((row) => [row.resourceId, row]));
    const answer = new Map<number, VideoStream>();
    for (const id of resourceIds) {
      const row = found.get(id);
      if (!row) {
        answer.set(id, {
          state: 'none',
          progress: 0,
          renditions: [],
          reason: this.tools ? null : STREAMING_NEEDS_FFMPEG,
        });
        continue;
      }
      answer.set(id, {
        state: row.state,
        progress: row.state === 'ready' ? 1 : Math.round(row.progress * 100) / 100,
        renditions: row.state === 'ready' ? row.renditions.map((r) => r.height) : [],
        reason: row.state === 'failed' ? row.error : null,
      });
    }
    return answer;
  }

  async playbackFor(studentId: number, resourceIds: number[]) {
    const rows = await repo.ofResources(this.deps.db, resourceIds);
    const answer = new Map<number, { hlsUrl: string; posterUrl: string }>();
    const expires = Math.floor(Date.now() / 1000) + this.deps.config.hlsLinkTtlSeconds;
    for (const row of rows) {
      if (row.state !== 'ready' || !row.prefix) continue;
      const query = signStream(this.deps.signingSecret, row.resourceId, studentId, expires);
      const base = `${this.deps.config.apiPrefix}/streams/${row.resourceId}`;
      answer.set(row.resourceId, { hlsUrl: `${base}/master.m3u8?${query}`, posterUrl: `${base}/poster.jpg?${query}` });
    }
    return answer;
  }

  async storedKeys(tx: Tx, resourceIds: number[]): Promise<string[]> {
    const rows = await repo.ofResources(tx, resourceIds);
    for (const row of rows) this.running.get(row.resourceId)?.abort();
    return rows.flatMap((row) => (row.prefix ? renditionKeys(row.prefix, row.renditions) : []));
  }

  /** Staff's Retry (or a first transcode of a video uploaded before this server had ffmpeg). */
  async retry(resourceId: number): Promise<VideoStream> {
    const video = await this.deps.resources.storedVideo(resourceId);
    if (!video) throw notFound('Resource not found.');
    if (!video.isVideo) throw badRequest('Only an uploaded video has streaming versions.');
    if (!this.tools) throw conflict(STREAMING_NEEDS_FFMPEG);
    const row = await repo.find(this.deps.db, resourceId);
    if (row && (row.state === 'queued' || row.state === 'processing')) {
      throw conflict('This video is being transcoded already.');
    }
    await repo.queue(this.deps.db, resourceId, new Date());
    await this.send(resourceId);
    return (await this.statusOf([resourceId])).get(resourceId) as VideoStream;
  }

  /** A ready stream's row, for the delivery route. */
  findReady(resourceId: number) {
    return repo.find(this.deps.db, resourceId).then((row) => (row?.state === 'ready' && row.prefix ? row : null));
  }

  /** Where transcodes write before their files go to the store; emptied at start (a stopped server's leftovers). */
  private workDir() {
    return path.join(this.deps.config.dataDir, 'transcode');
  }

  async clearWorkDir() {
    await rm(this.workDir(), { recursive: true, force: true }).catch(() => undefined);
  }

  /**
   * The queue's handler: one transcode, from the stored upload to renditions in the store. A
   * failure ffmpeg explains is written with its reason (no retry: it would fail the same way); an
   * attempt stopped by the server closing, or failing for a reason that may pass (the store away),
   * is thrown, so the queue retries it, and on its last attempt written as failed too.
   */
  async runJob(resourceId: number, job: { signal: AbortSignal; attempt: number; lastAttempt: boolean }) {
    const workPrefix = `streams/${resourceId}/${randomUUID()}`;
    const row = await repo.start(this.deps.db, resourceId, workPrefix);
    if (!row) return { skipped: 'not queued' };
    const stop = new AbortController();
    const abort = () => stop.abort();
    job.signal.addEventListener('abort', abort, { once: true });
    this.running.set(resourceId, stop);
    await mkdir(this.workDir(), { recursive: true });
    const dir = await mkdtemp(path.join(this.workDir(), `${resourceId}-`));
    const uploaded: string[] = [];
    try {
      const result = await this.transcode(resourceId, workPrefix, dir, stop.signal, uploaded);
      return result;
    } catch (error) {
      // Whatever reached the store goes again; the work folder goes in `finally`.
      for (const key of uploaded) await this.deps.storage.delete(key).catch(() => undefined);
      if (stop.signal.aborted && !job.signal.aborted) return { skipped: 'removed' };
      const explained = error instanceof TranscodeError && !job.signal.aborted;
      if (explained || job.lastAttempt) {
        const reason = explained ? (error as Error).message : `The transcode failed: ${(error as Error).message}`;
        this.deps.log.warn({ err: error, resourceId }, 'transcode failed');
        await repo.fail(this.deps.db, resourceId, workPrefix, reason);
        return { failed: reason };
      }
      await repo.requeue(this.deps.db, resourceId, workPrefix).catch(() => undefined);
      throw error;
    } finally {
      job.signal.removeEventListener('abort', abort);
      this.running.delete(resourceId);
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  private async transcode(
    resourceId: number,
    workPrefix: string,
    dir: string,
    signal: AbortSignal,
    uploaded: string[],
  ) {
    const tools = this.tools as FfmpegTools;
    const video = await this.deps.resources.storedVideo(resourceId);
    if (!video?.objectKey) throw new TranscodeError('The video was removed.');
    const input = await this.localCopy(video.objectKey, dir);
    const out = path.join(dir, 'out');
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const onProgress = (fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      // Progress is stored as 0–0.95 while ffmpeg runs: the upload of the files is the rest.
      writing = writing
        .then(() => repo.progress(this.deps.db, resourceId, workPrefix, Math.min(0.95, fraction * 0.95)))
        .then((ours) => {
          if (!ours) this.running.get(resourceId)?.abort();
        })
        .catch(() => undefined);
    };
    const result = await transcodeToHls(tools, input, out, onProgress, signal);
    await writing;
    for (const file of await walk(out)) {
      if (signal.aborted) throw new TranscodeError('The transcode was stopped.');
      const key = `${workPrefix}/${path.relative(out, file).split(path.sep).join('/')}`;
      await this.deps.storage.put(key, createReadStream(file), { contentType: contentTypeOf(key) });
      uploaded.push(key);
    }
    const renditions = result.renditions.map(({ height, width, bandwidth, segments }) => ({
      height,
      width,
      bandwidth,
      segments,
    }));
    const before = await repo.finish(this.deps.db, resourceId, workPrefix, { renditions, duration: result.duration });
    if (!before) throw new TranscodeError('The video was removed during its transcode.');
    uploaded.length = 0;
    await this.deps.resources.setMeasuredDuration(resourceId, result.duration);
    const heights = renditions.map((r) => r.height);
    // The versions of the file this one replaced.
    if (before.prefix && before.prefix !== workPrefix) {
      for (const key of renditionKeys(before.prefix, before.renditions))
        await this.deps.storage.delete(key).catch(() => undefined);
    }
    return { duration: result.duration, renditions: heights };
  }

  /** ffmpeg reads a file: the local store's own, or a copy of an S3 object streamed into the work folder. */
  private async localCopy(key: string, dir: string): Promise<string> {
    const own = this.deps.storage.localPath?.(key);
    if (own) return own;
    const target = path.join(dir, `source${path.extname(key)}`);
    const object = await this.deps.storage.get(key, undefined, { readBytes: 1024 * 1024 });
    await pipeline(object.stream, createWriteStream(target));
    return target;
  }
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  // Segments first, playlists last: a playlist never names a segment not yet stored.
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else files.push(full);
  }
  return files.sort((a, b) => Number(a.endsWith('.m3u8')) - Number(b.endsWith('.m3u8')));
}

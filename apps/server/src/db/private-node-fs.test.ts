import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { PrivateNodeFS } from './private-node-fs.js';

/*
 * PrivateNodeFS closes two gaps of PGlite's Emscripten file system. These tests watch the library
 * itself: when one fails, PGlite has changed, and the matching half of PrivateNodeFS can go (or has
 * stopped working). Upstream: fsync, electric-sql/pglite#1107 (NODEFS has no fsync callback, so
 * `_fd_sync` answers success without a host call); file modes, emscripten-core/emscripten#9916
 * (NODEFS applies Emscripten's own mode and umask, not the host's).
 */

type StreamOps = { fsync?: unknown };
type Seen = { fsync: unknown; doSetAttr: unknown };

/** A NodeFS that only records what PGlite's NODEFS offers, then lets the database start as it would. */
class WatchedNodeFS extends NodeFS {
  seen: Seen | null = null;
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = [result.emscriptenOpts.preRun ?? []].flat() as Array<(mod: unknown) => void>;
    preRun.push((mod) => {
      const nodefs = (mod as { NODEFS: { stream_ops: StreamOps; doSetAttr: unknown } }).NODEFS;
      this.seen = { fsync: nodefs.stream_ops.fsync, doSetAttr: nodefs.doSetAttr };
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } as typeof result.emscriptenOpts };
  }
}

/** Files and folders under `dir` that the group or others may read, write or enter. */
async function openToOthers(dir: string): Promise<string[]> {
  const open: string[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    const full = path.join(dir, entry);
    if (((await stat(full)).mode & 0o077) !== 0) open.push(entry);
  }
  return open;
}

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A store made and written to through `make`'s file system; answers its folder. */
async function storeWith(make: (dir: string) => NodeFS): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), 'valence-pglite-fs-'));
  dirs.push(parent);
  const dir = path.join(parent, 'pglite');
  const db = new PGlite({ fs: make(dir) });
  await db.exec('create table t (x int); insert into t values (1)');
  await db.close();
  return dir;
}

describe("PGlite's NODEFS, as PrivateNodeFS expects it", { timeout: 120_000 }, () => {
  it('still has no fsync of its own, and still has the doSetAttr that PrivateNodeFS wraps', async () => {
    let watched: WatchedNodeFS | undefined;
    await storeWith((dir) => {
      watched = new WatchedNodeFS(dir);
      return watched;
    });
    // Defined: PGlite now syncs to the disk itself; drop PrivateNodeFS's fsync (pglite#1107).
    expect(watched?.seen?.fsync).toBeUndefined();
    // Gone or renamed: PrivateNodeFS's mode mask no longer runs (the next test says so too).
    expect(typeof watched?.seen?.doSetAttr).toBe('function');
  });

  it('still makes its files open to others under a closed umask, which PrivateNodeFS keeps to the owner', async () => {
    // The server's own umask (runtime.ts): folders and files it makes itself are private already.
    const umask = process.umask(0o077);
    onTestFinished(() => {
      process.umask(umask);
    });
    // Empty: PGlite now keeps its files private by itself; drop the mask (emscripten#9916).
    expect(await openToOthers(await storeWith((dir) => new NodeFS(dir)))).not.toEqual([]);
    expect(await openToOthers(await storeWith((dir) => new PrivateNodeFS(dir)))).toEqual([]);
  });
});

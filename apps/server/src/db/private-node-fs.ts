import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type Attr = { mode?: number };
type Stream = { nfd?: number };
type EmscriptenNodeFs = {
  doSetAttr: (target: unknown, node: unknown, attr: Attr, ...rest: unknown[]) => unknown;
  stream_ops: { fsync?: (stream: Stream) => void };
};
type Init = Awaited<ReturnType<NodeFS['init']>>;

/** Group and other bits: the database's files are the server user's alone. */
const NOT_OWNER = 0o077;

/**
 * PGlite's file system on a real folder, with two gaps of its Emscripten layer closed:
 * - it chmods every file it creates to 0666/0777 (ignoring the umask): modes are masked to the owner;
 * - its fsync is a no-op, so a commit is not on disk when it is acknowledged: fsync reaches the
 *   disk (used with `wal_sync_method=fsync`, since its fdatasync cannot be reached from here).
 * Upstream: electric-sql/pglite#1107 (no fsync) and emscripten-core/emscripten#9916 (NODEFS's own
 * modes). `private-node-fs.test.ts` fails when PGlite's behaviour changes, so either half can go.
 */
export class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]): Promise<Init> {
    const result = await super.init(pg, opts);
    const preRun = [result.emscriptenOpts.preRun ?? []].flat() as Array<(mod: unknown) => void>;
    preRun.push((mod) => {
      const nodefs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS;
      const setAttr = nodefs.doSetAttr;
      nodefs.doSetAttr = (target, node, attr, ...rest) =>
        setAttr.call(
          nodefs,
          target,
          node,
          attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~NOT_OWNER },
          ...rest,
        );
      nodefs.stream_ops.fsync = (stream) => {
        if (stream.nfd === undefined) return;
        try {
          fsyncSync(stream.nfd);
        } catch {
          // A directory handle or a closed descriptor: an exception here would abort the database.
        }
      };
    });
    return { emscriptenOpts: { ...result.emscriptenOpts, preRun } as Init['emscriptenOpts'] };
  }
}

/** PGlite's start flags without `-F` (fsync off). */
export const durableStartParams = (defaults: string[]) => defaults.filter((param) => param !== '-F');

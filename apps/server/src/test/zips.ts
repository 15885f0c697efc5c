import { Readable } from 'node:stream';
import yazl from 'yazl';

/**
 * A file of a zip made in a test: its bytes, or `zeros` bytes of zeros streamed in (never held
 * whole, so a 200 MB bomb costs the test its ~200 KB compressed), and a unix `mode` (0o120777 makes
 * a symbolic link whose bytes are the path it points at).
 */
export type ZipFileSpec = {
  name: string;
  bytes?: Uint8Array | string;
  zeros?: number;
  compress?: boolean;
  mode?: number;
};

const ZERO_CHUNK = Buffer.alloc(1024 * 1024);

function* zeros(size: number) {
  for (let left = size; left > 0; left -= ZERO_CHUNK.length)
    yield left >= ZERO_CHUNK.length ? ZERO_CHUNK : ZERO_CHUNK.subarray(0, left);
}

export async function zipOf(files: ZipFileSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    const options = { compress: file.compress ?? true, ...(file.mode === undefined ? {} : { mode: file.mode }) };
    if (file.zeros !== undefined)
      zip.addReadStream(Readable.from(zeros(file.zeros)), file.name, { ...options, size: file.zeros });
    else zip.addBuffer(Buffer.from(file.bytes ?? ''), file.name, options);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The zip with `name`'s size in its directory changed to `claimed` (the lie a zip bomb tells:
 * a small file that inflates big).
 */
export function claimSize(zip: Buffer, name: string, claimed: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = copy.indexOf('PK\x01\x02'); at >= 0; at = copy.indexOf('PK\x01\x02', at + 4)) {
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      copy.writeUInt32LE(claimed, at + 24);
      return copy;
    }
  }
  throw new Error(`${name} is not in the zip`);
}

/** The process's memory now, in MB: resident and the JavaScript heap. */
export const memoryNow = () => {
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: rss / 2 ** 20, heap: heapUsed / 2 ** 20 };
};

/**
 * Runs `task` and answers how far resident memory rose above where it started (its highest,
 * sampled every 5 ms, and at the end) and the heap's rise at the end, in MB.
 */
export async function memoryRise<T>(task: () => Promise<T>): Promise<{ result: T; peakRss: number; heap: number }> {
  const before = memoryNow();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryNow().rss);
  }, 5);
  try {
    const result = await task();
    const after = memoryNow();
    peak = Math.max(peak, after.rss);
    return { result, peakRss: peak - before.rss, heap: after.heap - before.heap };
  } finally {
    clearInterval(sampler);
  }
}

// bench:upload's measured part: a file through the server's tus endpoint as the portal sends it
// (creation, then PATCHes streamed from the file), timed, with the CPU both sides spent and the
// server's resident memory sampled throughout: its peak since start (VmHWM) alone would not say what
// the upload itself added.
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import { procKb } from './bench-kit.mjs';
import { cpuSeconds, MiB, secondsSince } from './upload-measure.mjs';

/** An HTTP request whose body may be a file stream, sent as is under the content-length a PATCH declares. */
function request(method, url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body && typeof body.pipe === 'function') body.pipe(req);
    else req.end(body);
  });
}

/**
 * Uploads `source` (`size` bytes) in PATCHes of `chunk` bytes to the server at `base` (process
 * `pid`). Resolves to { location, seconds, durableSeconds, server: { user, system }, client:
 * process.cpuUsage(), peakRssKb, hwmKb }.
 */
export async function tusUpload({ base, auth, pid, source, size, chunk }) {
  let peakRssKb = 0;
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, procKb(pid, 'VmRSS') ?? 0);
  }, 25);
  const tus = { ...auth, 'tus-resumable': '1.0.0' };
  const serverCpuBefore = cpuSeconds(pid);
  const clientCpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  const created = await request('POST', `${base}/api/uploads`, {
    ...tus,
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from('bench.bin').toString('base64')},filetype ${Buffer.from('application/octet-stream').toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`Creation failed: ${created.status} ${created.body}`);
  const location = new URL(created.headers.location, base).toString();
  let offset = 0;
  while (offset < size) {
    const end = Math.min(offset + chunk, size);
    const res = await request(
      'PATCH',
      location,
      {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      createReadStream(source, { start: offset, end: end - 1, highWaterMark: MiB }),
    );
    if (res.status !== 204) throw new Error(`PATCH at ${offset} failed: ${res.status} ${res.body}`);
    offset = Number(res.headers['upload-offset']);
  }
  const seconds = secondsSince(start);
  execFileSync('sync');
  const durableSeconds = secondsSince(start);
  const serverCpuAfter = cpuSeconds(pid);
  const client = process.cpuUsage(clientCpuBefore);
  clearInterval(sampler);
  return {
    location,
    seconds,
    durableSeconds,
    server: {
      user: serverCpuAfter.user - serverCpuBefore.user,
      system: serverCpuAfter.system - serverCpuBefore.system,
    },
    client,
    peakRssKb,
    hwmKb: procKb(pid, 'VmHWM') ?? 0,
  };
}

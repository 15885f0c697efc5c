import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '../storage/s3-storage.js';

/**
 * An s3rver (a local imitation of S3) on a free port, keeping `bucket` in a fresh temporary folder,
 * and the app's S3 store pointed at it. `prepare` may add to the server before it starts; `stop`
 * closes it and removes the folder.
 */
export async function startS3rver(bucket: string, prepare?: (s3rver: S3rver) => void) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'valence-s3rver-'));
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  prepare?.(s3rver);
  const { port } = (await s3rver.run()) as AddressInfo;
  const storage = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  const stop = async () => {
    await s3rver.close();
    await rm(directory, { recursive: true, force: true });
  };
  return { storage, stop };
}

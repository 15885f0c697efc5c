import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';
import { LocalStorage } from './storage/local-storage.js';
import type { ObjectStorage } from './storage/storage.js';

/** The signing secret: from JWT_SECRET, else generated once and kept in DATA_DIR. */
export function loadSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export async function createStorage(config: Config, secret: string): Promise<ObjectStorage> {
  if (config.s3) {
    // Loaded only for S3: the AWS SDK is ~25 MB of resident memory a local install never needs.
    const { S3Storage } = await import('./storage/s3-storage.js');
    return new S3Storage(config.s3);
  }
  const root = path.join(config.dataDir, 'files');
  mkdirSync(root, { recursive: true });
  return new LocalStorage(root, secret, `${config.apiPrefix}/files`);
}

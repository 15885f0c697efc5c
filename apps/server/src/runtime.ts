import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, MIN_SECRET_BYTES } from './config.js';
import { LocalStorage } from './storage/local-storage.js';
import type { ObjectStorage } from './storage/storage.js';

/**
 * DATA_DIR holds the database, every uploaded file and the signing secret: only the server's own
 * user may read it. New files get 0600/0700 through the umask; the folder itself is closed even when
 * an older version created it open.
 */
export function prepareDataDir(config: Config): void {
  process.umask(0o077);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(config.dataDir, 0o700);
}

/** The signing secret: from JWT_SECRET, else generated once and kept in DATA_DIR/secret.key. */
export function loadSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(config.dataDir, 'secret.key');
  let secret = readSecretFile(file);
  if (secret === undefined) {
    writeSecretOnce(file, randomBytes(48).toString('base64url'));
    // Another process starting at the same moment may have won; both use whichever file exists.
    secret = readSecretFile(file) ?? '';
  }
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: the signing secret is shorter than ${MIN_SECRET_BYTES} bytes. Remove the file to have a new one generated (every signed-in user must then sign in again), or set JWT_SECRET.`,
    );
  }
  return secret;
}

function readSecretFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Written to a temporary file, flushed, then linked into place: the name appears only with the
 * whole secret behind it, so a crash cannot leave an empty secret.key, and `link` (unlike rename)
 * never replaces a secret another process has just written.
 */
function writeSecretOnce(file: string, secret: string): void {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, secret);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
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

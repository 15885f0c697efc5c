import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { LocalStorage } from './storage/local-storage.js';

/**
 * The API's OpenAPI document as the server serves it at `/api/docs/json`, built without listening:
 * the app is made on a throwaway in-memory store (its plugins' start-up hooks need a real database)
 * and closed again. Paths are written without the API prefix, which the web client adds as its base
 * URL. The settings are fixed, so the document does not depend on the machine that builds it.
 */
export async function openApiDocument(): Promise<Record<string, unknown> & { paths: Record<string, unknown> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'valence-openapi-'));
  const config = loadConfig({ DATA_DIR: folder, LOG_LEVEL: 'silent', API_PREFIX: '/api' });
  const secret = randomBytes(32).toString('hex');
  const database = await openDatabase({});
  try {
    const app = await buildApp({
      config,
      database,
      storage: new LocalStorage(path.join(folder, 'files'), secret, `${config.apiPrefix}/files`),
      secret,
      logger: false,
    });
    try {
      await app.ready();
      const document = app.swagger() as Record<string, unknown> & { paths: Record<string, unknown> };
      const paths = Object.fromEntries(
        Object.entries(document.paths).map(([route, item]) => [route.slice(config.apiPrefix.length) || '/', item]),
      );
      return { ...document, paths };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  }
}

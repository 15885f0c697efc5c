import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource, STALE_MESSAGE } from '../../../scripts/lib/api-types.mjs';
import { openApiDocument } from './openapi-document.js';

describe('the web client types', () => {
  // Both apps call the API through types generated from this document (apps/web/src/lib/api-types.ts):
  // a route renamed or changed without regenerating them would type-check against the old API.
  it('are generated from the OpenAPI document as it is now', async () => {
    const document = await openApiDocument();
    expect(Object.keys(document.paths)).toContain('/signin');
    const [fresh, committed] = await Promise.all([apiTypesSource(document), readFile(API_TYPES_FILE, 'utf8')]);
    if (fresh !== committed) expect.fail(STALE_MESSAGE);
  }, 60_000);
});

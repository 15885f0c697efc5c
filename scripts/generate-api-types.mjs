// Writes apps/web/src/lib/api-types.ts from the server's OpenAPI document, built from the server's
// sources without starting a server. Run through tsx (`npm run generate:api-types`), so it needs no
// build and is not held up by a type error elsewhere in the server.
import { writeFile } from 'node:fs/promises';
import { openApiDocument } from '../apps/server/src/openapi-document.ts';
import { API_TYPES_FILE, apiTypesSource } from './lib/api-types.mjs';

const document = await openApiDocument();
await writeFile(API_TYPES_FILE, await apiTypesSource(document));
console.log(`${Object.keys(document.paths).length} paths written to ${API_TYPES_FILE}`);

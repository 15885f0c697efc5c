import { z } from 'zod';

/*
 * zod probes for eval with `new Function`, which the server's CSP refuses (a console violation on
 * every load); the interpreted path is fast enough for forms. zod reads this flag as each object
 * schema is built, and the contract builds its schemas as it is imported: so this module is the first
 * import of the app's entry, before anything that imports the contract.
 */
z.config({ jitless: true });

/*
 * zod probes for eval with `new Function`, which the server's CSP refuses (a console violation on
 * every load); the interpreted path is fast enough for forms. zod reads this flag as each object
 * schema is built, so it must be set before the first contract module runs: this module is the first
 * import of each app's entry.
 *
 * It does not import zod. zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an
 * object already there, so setting the flag there lets the entry leave zod (a sixth of sign-in's
 * script) to the chunks that validate. zod-jitless.test.ts fails if zod stops adopting it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

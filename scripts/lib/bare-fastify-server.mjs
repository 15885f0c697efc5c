// The bare routes bench:api compares each call with, in a process of their own:
//   GET /bare/<index>     Fastify answering the call's recorded bytes and doing nothing else, so the
//                         ratio of the two req/s is the app's own work (access check, SQL,
//                         serialisation) rather than HTTP;
//   GET /bare-db/<index>  the same bytes after one round trip to PostgreSQL (`SELECT 1`) through a
//                         node-postgres pool of the app's size, when BENCH_BARE_DATABASE_URL is set:
//                         the fairer ceiling for a call that must ask the database at least once.
//   node bare-fastify-server.mjs <fastify module URL> <pg module URL> <bodies.json: base64 answers> <port>
// GET /health answers when it is listening.
import { readFileSync } from 'node:fs';

const [fastifyPath, pgPath, bodiesFile, port] = process.argv.slice(2);
const { default: Fastify } = await import(fastifyPath);
const databaseUrl = process.env.BENCH_BARE_DATABASE_URL;
/** The app's own pool size (apps/server/src/db/client.ts): a fair reference waits for the same few connections. */
const POOL_SIZE = 4;
const pool = databaseUrl
  ? new (await import(pgPath)).default.Pool({ connectionString: databaseUrl, max: POOL_SIZE })
  : null;
const app = Fastify({ logger: false });
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')).map((body) => Buffer.from(body, 'base64'));
bodies.forEach((body, index) => {
  app.get(`/bare/${index}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  if (pool)
    app.get(`/bare-db/${index}`, async (_request, reply) => {
      await pool.query('SELECT 1');
      return reply.type('application/json; charset=utf-8').send(body);
    });
});
app.get('/health', () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () =>
  app
    .close()
    .then(() => pool?.end())
    .then(() => process.exit(0)),
);

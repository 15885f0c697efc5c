// The bare route bench:api compares each call with: Fastify answering the call's recorded bytes
// and doing nothing else, in a process of its own, so the ratio of the two req/s is the app's own
// work (access check, SQL, serialisation) rather than HTTP.
//   node bare-fastify-server.mjs <fastify module URL> <bodies.json: base64 answers> <port>
// GET /bare/<index> answers the index-th body; GET /health answers when it is listening.
import { readFileSync } from 'node:fs';

const [fastifyPath, bodiesFile, port] = process.argv.slice(2);
const { default: Fastify } = await import(fastifyPath);
const app = Fastify({ logger: false });
const bodies = JSON.parse(readFileSync(bodiesFile, 'utf8')).map((body) => Buffer.from(body, 'base64'));
bodies.forEach((body, index) => {
  app.get(`/bare/${index}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
});
app.get('/health', () => ({ ok: true }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));

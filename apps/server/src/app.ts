import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { type Clock, systemClock } from './lib/clock.js';
import { COMPRESSION } from './lib/compression.js';
import { multipartOptions } from './lib/multipart.js';
import { pageEntries } from './lib/page-entries.js';
import { redactUrl } from './lib/redact-url.js';
import { modulePlugins, moduleRoutes } from './modules/index.js';
import { accessControl, type RouteInfo, tokensPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { idempotency } from './plugins/idempotency.js';
import { type InFlight, trackInFlight } from './plugins/in-flight.js';
import { securityHeaders } from './plugins/security-headers.js';
import { jobsPlugin } from './queue/plugin.js';
import type { ObjectStorage } from './storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    databaseKind: Database['kind'];
    /** LISTEN for the database's notifications (see Database.listen). */
    dbListen: Database['listen'];
    storage: ObjectStorage;
    signingSecret: string;
    /** Every API route with its access level, as registered. */
    apiRoutes: RouteInfo[];
    /** The requests still being worked on: shutdown waits for them before closing the database. */
    inFlight: InFlight;
    /** What time it is for the app's rules (exam windows, deadlines); tests move it. */
    clock: Clock;
  }
}

export type AppDeps = {
  config: Config;
  database: Database;
  storage: ObjectStorage;
  /** Signs tokens and download links. */
  secret: string;
  /** false: no logs (tests); a stream: logs written there as JSON lines. */
  logger?: boolean | NodeJS.WritableStream;
  /** What time it is for the app's rules; the system clock unless a test moves it. */
  clock?: Clock;
};

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const trust = config.trustProxy;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof deps.logger === 'object' ? { stream: deps.logger } : {}),
            serializers: {
              // Signed links are credentials: the access log keeps where, not the signature.
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
                remotePort: request.socket?.remotePort,
              }),
            },
          },
    // X-Forwarded-For is believed only from proxies named in TRUST_PROXY: otherwise any client could
    // pick its own address and walk around the per-address sign-in limit.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    // Only JSON bodies are parsed in memory; files go through streaming multipart or tus.
    bodyLimit: 1024 * 1024,
    // HEAD only where a route asks for it (tus does), so the permission matrix lists what exists.
    exposeHeadRoutes: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('databaseKind', deps.database.kind);
  app.decorate('dbListen', deps.database.listen);
  app.decorate('storage', deps.storage);
  app.decorate('signingSecret', deps.secret);
  app.decorate('apiRoutes', []);
  app.decorate('inFlight', trackInFlight(app));
  app.decorate('clock', deps.clock ?? systemClock);
  registerErrorHandler(app);
  await app.register(compress, COMPRESSION);

  securityHeaders(app, {
    // The SPA loads only its own bundles, and the students' app YouTube's IFrame API (its loader and
    // the player script it pulls in both come from www.youtube.com); inline styles are Mantine's CSS
    // variables; media may come from the S3 store or YouTube.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://www.youtube.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'https:', 'http:'],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  await app.register(tokensPlugin, { secret: deps.secret, ttlHours: config.tokenTtlHours });
  // The job queue before the modules: each gives its jobs a worker while it is built.
  await app.register(jobsPlugin, { database: deps.database });
  for (const plugin of modulePlugins) await app.register(plugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Valence API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await accessControl(api, app.apiRoutes);
      // Routes declared `idempotent` answer a repeated Idempotency-Key with the first answer.
      await idempotency(api);
      // Forms with files (exam papers, question images) are streamed part by part (lib/multipart.ts).
      await api.register(multipart, multipartOptions);
      for (const routes of moduleRoutes) await api.register(routes);
    },
    { prefix: config.apiPrefix },
  );
  await app.register(swaggerUi, { routePrefix: `${config.apiPrefix}/docs` });

  const webDist = config.webDist ?? DEFAULT_WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      // The build writes .br/.gz beside each asset: served as they are, never compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Names under assets/ carry a content hash, so a cached copy can never be stale.
        const hashed =
          filePath.startsWith(path.join(webDist, 'assets') + path.sep) ||
          filePath.startsWith(path.join(webDist, 'learn', 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const portalFile = pageEntries(webDist, (error) =>
    app.log.error({ err: error }, 'pages/index.json of the web build is unreadable'),
  );
  const learnFile = pageEntries(path.join(webDist, 'learn'), (error) =>
    app.log.error({ err: error }, 'learn/pages/index.json of the web build is unreadable'),
  );
  /** A page of either app, always revalidated, so a new release's bundles are picked up at the next visit. */
  const sendPage = async (pathname: string, reply: FastifyReply) => {
    // The students' app (/learn, /learn/exams/3) is its own page with its own bundle.
    const learn = pathname === '/learn' || pathname.startsWith('/learn/');
    const file = learn
      ? `learn/${await learnFile(pathname.slice('/learn'.length) || '/')}`
      : await portalFile(pathname);
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(file, { cacheControl: false });
  };
  if (hasWeb && config.apiPrefix !== '') {
    // The static files' directory index would answer these with the students' app's plain entry,
    // before the not-found handler below could send its home screen's own.
    for (const url of ['/learn', '/learn/']) {
      app.get(url, { schema: { hide: true } }, (_request, reply) => sendPage('/learn', reply));
    }
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi =
      config.apiPrefix === '' || pathname === config.apiPrefix || pathname.startsWith(`${config.apiPrefix}/`);
    // A portal address (/login, /courses/7) is a page whatever the client accepts; a missing asset
    // or file (anything with an extension) stays a 404 so a broken bundle link is not served HTML.
    const isPage =
      !pathname.startsWith('/assets/') && !pathname.startsWith('/learn/assets/') && !/\.[A-Za-z0-9]+$/.test(pathname);
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb && !isApi && isPage) {
      return sendPage(pathname, reply);
    }
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
}

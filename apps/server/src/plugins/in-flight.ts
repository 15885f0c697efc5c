import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What shutdown and the idle collection (lib/idle-collection.ts) need to know of the requests. */
export type InFlight = {
  readonly count: number;
  /** Requests answered since the start: a change says the server was busy in between. */
  readonly answered: number;
  /** Resolves true once no request is being worked on, false if some still are after `limitMs`. */
  settled(limitMs: number): Promise<boolean>;
};

/**
 * Counts the requests whose answer is not yet on its way: from arrival until the answer is handed to
 * Fastify (onSend), which every path reaches, the error handler's included. The server's close waits
 * for connections, not for handlers: a client that hung up leaves a handler running with no
 * connection to wait for, and closing the database under it failed its next statement (one logged
 * error per such request at every shutdown under load). Shutdown waits for this count first.
 */
export function trackInFlight(app: FastifyInstance): InFlight {
  const working = new Set<FastifyRequest>();
  let waiters: (() => void)[] = [];
  let answered = 0;
  const finish = (request: FastifyRequest) => {
    if (!working.delete(request)) return;
    answered += 1;
    if (working.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  // Callback hooks, not async ones: they run on every request, and a promise each costs more.
  app.addHook('onRequest', (request, _reply, done) => {
    working.add(request);
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    finish(request);
    done(null, payload);
  });
  // A request Fastify answers without a handler's send (a timeout, a client error) ends here.
  app.addHook('onResponse', (request, _reply, done) => {
    finish(request);
    done();
  });
  return {
    get count() {
      return working.size;
    },
    get answered() {
      return answered;
    },
    settled(limitMs) {
      if (working.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), limitMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}

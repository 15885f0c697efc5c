import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.js';

/** A server with one route that works until `release` is called, and a client that hangs up on it. */
async function serverWithSlowRoute() {
  const app = Fastify({ logger: false });
  const inFlight = trackInFlight(app);
  let release = () => {};
  let started = () => {};
  const handlerStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  const steps: string[] = [];
  app.get('/slow', async () => {
    started();
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    steps.push('handler finished');
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const hangUp = async () => {
    const request = http.get({ port, host: '127.0.0.1', path: '/slow' });
    request.on('error', () => {});
    await handlerStarted;
    request.destroy();
  };
  return { app, inFlight, port, steps, hangUp, release: () => release() };
}

describe('trackInFlight', () => {
  it('counts a request from arrival to its answer, and is empty when all are answered', async () => {
    const { app, inFlight, port } = await serverWithSlowRoute();
    const response = await fetch(`http://127.0.0.1:${port}/fast`);
    expect(response.status).toBe(200);
    expect(inFlight.count).toBe(0);
    expect(inFlight.answered).toBe(1);
    expect(await inFlight.settled(10)).toBe(true);
    // A request no route takes is answered too (404), and leaves nothing behind.
    expect((await fetch(`http://127.0.0.1:${port}/none`)).status).toBe(404);
    expect(inFlight.count).toBe(0);
    expect(inFlight.answered).toBe(2);
    await app.close();
  });

  it('lets shutdown wait for a handler whose client hung up, which close() does not', async () => {
    const { app, inFlight, steps, hangUp, release } = await serverWithSlowRoute();
    await hangUp();
    // The connection is gone, so the server closes with the handler still at work.
    await app.close();
    expect(steps).toEqual([]);
    expect(inFlight.count).toBe(1);
    const settled = inFlight.settled(5000).then((ok) => steps.push(`settled: ${ok}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(steps).toEqual([]);
    release();
    await settled;
    expect(steps).toEqual(['handler finished', 'settled: true']);
    expect(inFlight.count).toBe(0);
    expect(inFlight.answered).toBe(1);
  });

  it('gives up after the limit when a handler never ends', async () => {
    const { app, inFlight, hangUp, release } = await serverWithSlowRoute();
    await hangUp();
    await app.close();
    const started = Date.now();
    expect(await inFlight.settled(100)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    release();
  });
});

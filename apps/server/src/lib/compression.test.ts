import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESSION, SharedAnswers } from './compression.js';

const paper = (n: number) =>
  JSON.stringify({
    id: n,
    questions: Array.from({ length: 60 }, (_, i) => ({ id: i, text: `Question ${i} of ${n}` })),
  });

describe('SharedAnswers', () => {
  it('compresses an answer once per encoding and hands out the same bytes afterwards', () => {
    const shared = new SharedAnswers();
    const json = paper(1);
    const br = shared.compressed(json, 'br');
    // Another string with the same text is the same answer.
    expect(shared.compressed(`${json}`.slice(0), 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    const gzip = shared.compressed(json, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(json);
    expect(shared.compressed(json, 'gzip')).toBe(gzip);
    expect(shared.compressed(paper(2), 'br')).not.toBe(br);
  });

  it('keeps only the newest answers, a used one counting as new', () => {
    const shared = new SharedAnswers(2);
    const first = shared.compressed(paper(1), 'br');
    const second = shared.compressed(paper(2), 'br');
    expect(shared.compressed(paper(1), 'br')).toBe(first);
    shared.compressed(paper(3), 'br');
    // The second was the least recently used: made again, the first still kept.
    expect(shared.compressed(paper(1), 'br')).toBe(first);
    const again = shared.compressed(paper(2), 'br');
    expect(again).not.toBe(second);
    expect(again.equals(second)).toBe(true);
  });

  it('sends the kept bytes in the encoding the client prefers, and plain text to one that asks for none', async () => {
    const shared = new SharedAnswers();
    const app = Fastify();
    await app.register(compress, COMPRESSION);
    const big = paper(7);
    app.get('/big', (request, reply) => shared.send(request, reply, big));
    app.get('/small', (request, reply) => shared.send(request, reply, '{"id":1}'));
    // The same answer left to the compress plugin, whose reading of the header shared answers follow.
    app.get('/plugin', () => JSON.parse(big));
    const get = (url: string, acceptEncoding?: string) =>
      app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    const br = await get('/big', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    expect(br.rawPayload.equals(shared.compressed(big, 'br'))).toBe(true);

    const gzip = await get('/big', 'br;q=0.5, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(big);

    for (const plain of [await get('/big'), await get('/big', 'identity'), await get('/small', 'br')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect((await get('/big', 'identity')).body).toBe(big);

    // Read as the compress plugin reads them: x-gzip and * stand for gzip.
    for (const alias of ['x-gzip', 'X-GZIP', '*', 'identity, *;q=0.5']) {
      const answer = await get('/big', alias);
      expect(answer.headers['content-encoding'], alias).toBe('gzip');
      expect(gunzipSync(answer.rawPayload).toString()).toBe(big);
    }
    for (const alias of ['x-gzip', '*']) expect((await get('/plugin', alias)).headers['content-encoding']).toBe('gzip');
    expect((await get('/small', 'br')).body).toBe('{"id":1}');
    await app.close();
  });
});

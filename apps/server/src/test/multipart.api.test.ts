import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exams } from '../db/schema.js';
import type { ObjectStorage } from '../storage/storage.js';
import { createExam, examDto, postExam, postQuestion, question } from './exams.js';
import { createTestApp, expectMessage, type Login, type TestApp } from './harness.js';
import { SAMPLE } from './multipart.js';
import { startS3rver } from './s3rver-store.js';

/** The store, with every key written to it remembered: a refused form must leave none behind. */
function recording(storage: ObjectStorage): ObjectStorage & { written: string[] } {
  const written: string[] = [];
  return Object.assign(Object.create(storage) as ObjectStorage, {
    written,
    put: (key: string, body: Readable, options?: { contentType?: string }) => {
      written.push(key);
      return storage.put(key, body, options);
    },
  });
}

type Store = { storage?: ObjectStorage; stop: () => Promise<void> };

const stores: [string, () => Promise<Store>][] = [
  ['the local store', async () => ({ stop: async () => undefined })],
  ['an S3-compatible store (s3rver)', () => startS3rver('forms')],
];

describe.each(stores)('streamed forms on %s', (_name, open) => {
  let store: Store;
  let t: TestApp;
  let written: string[];
  let tutor: Login;
  let courseId: number;
  beforeAll(async () => {
    store = await open();
    t = await createTestApp({
      ...(store.storage ? { storage: store.storage } : {}),
      wrapStorage: (storage) => {
        const watched = recording(storage);
        written = watched.written;
        return watched;
      },
    });
    tutor = await t.login('ROLE_ADMIN');
    courseId = (await t.createCourse(tutor.headers, 'Forms', 'Files')).id;
  });
  afterAll(async () => {
    await t.close();
    await store.stop();
  });

  it('stores a paper whole, with its kind as content type, and serves it back', async () => {
    const exam = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL' });
    const [row] = await t.database.db.select().from(exams).where(eq(exams.id, exam.id));
    const stored = await t.storage.get(row?.paperKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(SAMPLE.pdf)).toBe(true);
    if (stored.contentType !== undefined) expect(stored.contentType).toBe('application/pdf');
  });

  it('leaves nothing stored when a file is too large, of the wrong kind, or its form is refused', async () => {
    const mcq = await createExam(t, tutor.headers, courseId);
    const from = written.length;
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    SAMPLE.jpg.copy(big);
    const tooBig = await postQuestion(t, tutor.headers, mcq.id, question(), { bytes: big, name: 'big.jpg' });
    expectMessage(tooBig, 413, 'The question image is larger than 5 MB.');
    const wrong = await postQuestion(t, tutor.headers, mcq.id, question(), { bytes: SAMPLE.pdf, name: 'x.png' });
    expect(wrong.statusCode).toBe(400);
    const refused = await postExam(t, tutor.headers, examDto(courseId), { bytes: SAMPLE.pdf, name: 'p.pdf' });
    expectMessage(refused, 400, 'Only PART II exams take a paper file.');
    const attempted = written.slice(from);
    expect(attempted).toHaveLength(2);
    for (const key of attempted) expect(await t.storage.stat(key)).toBeNull();
  });
});

import { createWriteStream } from 'node:fs';
import { rm, symlink } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { uploadKeyFromUrl } from '@valence/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createExam, enrol, examAction, question } from '../test/exams.js';
import { createTestApp, expectMessage, type Login, type TestApp } from '../test/harness.js';
import { multipartBody, SAMPLE } from '../test/multipart.js';
import { SAMPLE_ANSWER, uploadAnswer } from '../test/submissions.js';
import { tusCreate, tusPatch } from '../test/tus.js';
import type { LocalStorage } from './local-storage.js';
import type { ObjectStorage } from './storage.js';

/**
 * A disk that is full: /dev/full answers every write with ENOSPC, as a full file system does, so the
 * failures below come from the real fs write, not from an error made up here.
 */
const FULL_DEVICE = '/dev/full';
const DISK_FULL = /disk .*is full/i;

let t: TestApp;
let base: string;
let port: number;
let tutor: Login;
let pupil: Login;
let examId: number;
let partTwoId: number;
/** While true, every file the app stores goes to the full disk. */
let full = false;
/** While set, storing a file fails with this instead. */
let failure: Error | null = null;

/** The app's own local store, but writing to the full disk while `full` is set. */
const fillable = (store: ObjectStorage): ObjectStorage =>
  new Proxy(store, {
    get(target, name, receiver) {
      if (name === 'put') {
        return async (key: string, body: Readable, options?: { contentType?: string }) => {
          if (failure) throw failure;
          if (!full) return target.put(key, body, options);
          await pipeline(body, createWriteStream(FULL_DEVICE));
        };
      }
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

beforeAll(async () => {
  t = await createTestApp({ wrapStorage: fillable });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  tutor = await t.login('ROLE_ADMIN', 'tutor');
  pupil = await t.login('ROLE_STUDENT', 'nimali');
  const courseId = (await t.createCourse(tutor.headers, 'Organic chemistry')).id;
  await enrol(t, tutor.headers, courseId, pupil.id);
  examId = (await createExam(t, tutor.headers, courseId)).id;
  const partTwo = await createExam(t, tutor.headers, courseId, {
    examType: 'TRADITIONAL',
    dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16),
  });
  await examAction(t, tutor.headers, partTwo.id);
  partTwoId = partTwo.id;
});

afterEach(() => {
  full = false;
  failure = null;
});

afterAll(async () => {
  await t?.close();
});

type RawAnswer = {
  /** Everything the server sent. */
  text: string;
  /** Milliseconds from the first byte sent until the answer's status line came. */
  answeredAfter: number;
  /** Milliseconds until the server closed the connection, or null if it had not within the wait. */
  closedAfter: number | null;
  /** Bytes of the body the client had sent when it stopped. */
  sent: number;
};

/**
 * A client on a slow line: sends the request head and `first`, then the rest of a body of `length`
 * bytes in 16 KiB pieces every 50 ms, reading whatever comes back. The socket keeps its own side
 * open when the server ends its side (allowHalfOpen), so only a server that really closes the
 * connection ends the exchange; a server that answers and then waits for the body would have it
 * drag on for minutes. Gives up after `waitMs`.
 */
function slowClient(head: string, first: Buffer, length: number, waitMs = 6000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const began = performance.now();
    let text = '';
    let answeredAfter = -1;
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(giveUp);
      const closedAfter = closed ? Math.round(performance.now() - began) : null;
      socket.destroy();
      resolve({ text, answeredAfter, closedAfter, sent });
    };
    const giveUp = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => {
      if (answeredAfter < 0) answeredAfter = Math.round(performance.now() - began);
      text += chunk.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.once('close', () => finish(true));
    socket.once('connect', () => {
      socket.write(head);
      socket.write(first);
      sent = first.length;
      timer = setInterval(() => {
        if (socket.destroyed || sent >= length) return;
        const piece = Buffer.alloc(Math.min(16 * 1024, length - sent), 7);
        sent += piece.length;
        socket.write(piece);
      }, 50);
    });
  });
}

const requestHead = (method: string, url: string, headers: Record<string, string | number>) =>
  `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

const statusOf = (answer: RawAnswer) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.text)?.[1]);
const bodyOf = (answer: RawAnswer) => JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4));

/** 20 MB announced: at 16 KiB per 50 ms, a minute's sending. */
const LARGE = 20 * 1024 * 1024;

/** The answer came at once and the server closed the connection, long before the body could have been sent. */
function expectAnsweredAndClosed(answer: RawAnswer) {
  expect(answer.answeredAfter, answer.text).toBeGreaterThanOrEqual(0);
  expect(answer.answeredAfter).toBeLessThan(3000);
  expect(answer.closedAfter, 'the server left the connection open').not.toBeNull();
  expect(answer.closedAfter).toBeLessThan(5000);
  expect(answer.sent).toBeLessThan(LARGE / 4);
  expect(answer.text).toMatch(/\r\nconnection: close\r\n/i);
}

describe('a full disk under a tus upload', () => {
  it('answers a PATCH with 507 saying the disk is full, and closes the connection', async () => {
    const created = await tusCreate(`${base}/api/uploads`, tutor.headers, LARGE, {
      filename: 'lecture.mp4',
      filetype: 'video/mp4',
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') as string;
    // The upload's file now sits on the full disk: every write to it fails with ENOSPC.
    const file = path.join((t.storage as LocalStorage).root, uploadKeyFromUrl(location) as string);
    await rm(file);
    await symlink(FULL_DEVICE, file);

    const answer = await slowClient(
      requestHead('PATCH', location, {
        authorization: tutor.headers.authorization,
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'content-length': LARGE,
      }),
      Buffer.alloc(64 * 1024, 1),
      LARGE,
    );
    expect(statusOf(answer), answer.text).toBe(507);
    expect(bodyOf(answer).message).toMatch(DISK_FULL);
    expectAnsweredAndClosed(answer);

    // A client that sends the whole body before it reads hears the same.
    const whole = await tusPatch(new URL(location, base), tutor.headers, 0, Buffer.alloc(256 * 1024, 2));
    expect(whole.status).toBe(507);
    expect(((await whole.json()) as { message: string }).message).toMatch(DISK_FULL);
  });
});

describe('a full disk under a multipart upload', () => {
  it('answers a question image with 507 saying the disk is full, and closes the connection', async () => {
    full = true;
    const { payload, contentType } = await multipartBody({
      questionDTO: JSON.stringify(question()),
      questionImageFile: { bytes: SAMPLE.png, name: 'diagram.png', type: 'image/png' },
    });
    // The form's image part is cut after its first bytes; the rest of the body trickles in.
    const cut = payload.indexOf(SAMPLE.png) + SAMPLE.png.length;
    const answer = await slowClient(
      requestHead('POST', `/api/api/v1/exams/${examId}/mcq-questions`, {
        authorization: tutor.headers.authorization,
        'content-type': contentType,
        'content-length': LARGE,
      }),
      payload.subarray(0, cut),
      LARGE,
    );
    expect(statusOf(answer), answer.text).toBe(507);
    expect(bodyOf(answer).message).toMatch(DISK_FULL);
    expectAnsweredAndClosed(answer);
    expect((await t.call('GET', `/api/api/v1/exams/${examId}/mcq-questions`, tutor.headers)).json()).toEqual([]);
  });

  it('closes the connection behind any refusal that comes before the body was read: a file of the wrong kind', async () => {
    const { payload, contentType } = await multipartBody({
      questionDTO: JSON.stringify(question()),
      questionImageFile: { bytes: SAMPLE.text, name: 'notes.txt', type: 'text/plain' },
    });
    const answer = await slowClient(
      requestHead('POST', `/api/api/v1/exams/${examId}/mcq-questions`, {
        authorization: tutor.headers.authorization,
        'content-type': contentType,
        'content-length': LARGE,
      }),
      payload.subarray(0, payload.indexOf(SAMPLE.text) + SAMPLE.text.length),
      LARGE,
    );
    expect(statusOf(answer), answer.text).toBe(400);
    expect(bodyOf(answer).message).toBe('The question image must be a PNG, JPG, WebP or GIF file.');
    expectAnsweredAndClosed(answer);
  });

  it('answers a PART II answer script with 507 saying the disk is full', async () => {
    full = true;
    const answer = await uploadAnswer(t, pupil.headers, partTwoId, SAMPLE_ANSWER);
    expect(answer.statusCode, answer.body).toBe(507);
    expect(answer.json().message).toMatch(DISK_FULL);
    full = false;
    expect((await uploadAnswer(t, pupil.headers, partTwoId, SAMPLE_ANSWER)).statusCode).toBe(201);
  });

  it('still answers other failures of the store with 500', async () => {
    // Not a full disk: the store's own fault, which says nothing to the client.
    failure = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO', errno: -5, syscall: 'write' });
    expectMessage(await uploadAnswer(t, pupil.headers, partTwoId, SAMPLE_ANSWER), 500, 'Internal server error.');
  });
});

describe('closing the app while a client is still sending a refused upload', () => {
  it('finishes promptly', { timeout: 20_000 }, async () => {
    // A second app of its own, so closing it leaves the others to the tests above.
    const other = await createTestApp({ wrapStorage: fillable });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const otherPort = (other.app.server.address() as AddressInfo).port;
    const staff = await other.login('ROLE_ADMIN', 'tutor');
    const course = (await other.createCourse(staff.headers, 'Chemistry')).id;
    const exam = (await createExam(other, staff.headers, course)).id;
    full = true;
    const { payload, contentType } = await multipartBody({
      questionDTO: JSON.stringify(question()),
      questionImageFile: { bytes: SAMPLE.png, name: 'diagram.png', type: 'image/png' },
    });
    const socket = net.connect({ port: otherPort, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/api/v1/exams/${exam}/mcq-questions HTTP/1.1\r\nHost: x\r\nauthorization: ${staff.headers.authorization}\r\ncontent-type: ${contentType}\r\ncontent-length: ${LARGE}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, payload.indexOf(SAMPLE.png) + SAMPLE.png.length));
    const answered = new Promise((resolve) => socket.once('data', resolve));
    const trickle = setInterval(() => socket.destroyed || socket.write(Buffer.alloc(16 * 1024, 7)), 50);
    try {
      await answered;
      const began = performance.now();
      const closed = await Promise.race([
        other.close().then(() => 'closed'),
        new Promise((resolve) => setTimeout(resolve, 10_000, 'still waiting')),
      ]);
      expect(closed).toBe('closed');
      expect(performance.now() - began).toBeLessThan(3000);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});

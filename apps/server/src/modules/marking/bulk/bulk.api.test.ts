import { readdir } from 'node:fs/promises';
import os from 'node:os';
import { type Exam, MARKING_MESSAGES, SUBMISSION_MESSAGES } from '@valence/contract';
import { asc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { auditLog, exams, submissions } from '../../../db/schema.js';
import { createExam, EXAMS, enrol, examAction, uniqueIdentifier } from '../../../test/exams.js';
import { expectMessage, expectStatus, type Login, useTestApp } from '../../../test/harness.js';
import { SAMPLE, sendForm } from '../../../test/multipart.js';
import { uploadAnswer } from '../../../test/submissions.js';

const t = useTestApp();
let tutor: Login;
let courseId: number;
let partTwo: Exam;
let mcq: Exam;
const pupils: Record<string, Login> = {};
const FUTURE = '2030-12-01T10:00';
const identifier = uniqueIdentifier('ESSAY');
/** Each student's script as uploaded. */
const scripts = {
  amara: { bytes: Buffer.concat([SAMPLE.pdf, Buffer.from('amara’s pages')]), name: 'my answer.pdf' },
  bandula: { bytes: Buffer.concat([SAMPLE.png, Buffer.from('bandula’s photo')]), name: 'photo.PNG' },
  chamari: { bytes: Buffer.concat([SAMPLE.docx, Buffer.from('chamari’s essay')]), name: 'essay.docx' },
};

const zipOf = async (files: Record<string, Uint8Array | string>) => {
  const zip = new JSZip();
  for (const [name, bytes] of Object.entries(files)) {
    if (name.endsWith('/')) zip.folder(name);
    else zip.file(name, bytes);
  }
  return zip.generateAsync({ type: 'nodebuffer' });
};
const returnPapers = async (zip: Buffer, dryRun: boolean, examId = partTwo.id, headers = tutor.headers) =>
  sendForm(t, 'POST', `${EXAMS}/${examId}/marked-papers?dryRun=${dryRun}`, headers, {
    file: { bytes: zip, name: 'marked.zip' },
  });
const rowsOf = (examId = partTwo.id) =>
  t.database.db.select().from(submissions).where(eq(submissions.examId, examId)).orderBy(asc(submissions.id));
const leftovers = async () => (await readdir(os.tmpdir())).filter((name) => name.startsWith('valence-marked-'));
const storedPapers = async () => {
  const keys: string[] = [];
  for await (const object of t.storage.list()) if (object.key.startsWith('marked/')) keys.push(object.key);
  return keys.sort();
};

beforeAll(async () => {
  tutor = await t.login('ROLE_ADMIN', 'bulk-tutor');
  courseId = (await t.createCourse(tutor.headers, 'Physical chemistry')).id;
  partTwo = await createExam(t, tutor.headers, courseId, {
    examIdentifier: identifier,
    examType: 'TRADITIONAL',
    title: 'Structured essay',
    dueDate: FUTURE,
  });
  mcq = await createExam(t, tutor.headers, courseId, { examIdentifier: identifier, dueDate: FUTURE });
  await examAction(t, tutor.headers, partTwo.id);
  for (const name of ['amara', 'bandula', 'chamari', 'dilan'] as const) {
    pupils[name] = await t.login('ROLE_STUDENT', name);
    await enrol(t, tutor.headers, courseId, (pupils[name] as Login).id);
  }
  for (const name of ['amara', 'bandula', 'chamari'] as const) {
    const answer = await uploadAnswer(t, (pupils[name] as Login).headers, partTwo.id, scripts[name]);
    expect(answer.statusCode, answer.body).toBe(201);
  }
});

describe('GET /api/v1/exams/{examId}/scripts.zip', () => {
  it('streams every script as <username>.<extension> with the bytes the student sent', async () => {
    const answer = await t.call('GET', `${EXAMS}/${partTwo.id}/scripts.zip`, tutor.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toContain(`attachment; filename="${identifier}-scripts.zip"`);
    // The entries' checksums too: yazl's is zlib's CRC-32 here (scripts-zip.ts).
    const zip = await JSZip.loadAsync(answer.rawPayload, { checkCRC32: true });
    expect(Object.keys(zip.files).sort()).toEqual(['amara.pdf', 'bandula.png', 'chamari.docx']);
    for (const [name, file] of [
      ['amara.pdf', scripts.amara],
      ['bandula.png', scripts.bandula],
      ['chamari.docx', scripts.chamari],
    ] as const) {
      expect(Buffer.from(await (zip.file(name) as JSZip.JSZipObject).async('uint8array'))).toEqual(file.bytes);
    }
  });

  it('is for staff: 401 without a session, 403 for a student; refuses an MCQ exam and a content-deleted one', async () => {
    const url = `${EXAMS}/${partTwo.id}/scripts.zip`;
    expect((await t.call('GET', url)).statusCode).toBe(401);
    expect((await t.call('GET', url, pupils.amara?.headers)).statusCode).toBe(403);
    expectMessage(
      await t.call('GET', `${EXAMS}/${mcq.id}/scripts.zip`, tutor.headers),
      400,
      MARKING_MESSAGES.notPartTwo,
    );
    expectMessage(await t.call('GET', `${EXAMS}/987654/scripts.zip`, tutor.headers), 404, 'Exam not found.');
    const gone = await createExam(t, tutor.headers, courseId, { examType: 'TRADITIONAL', dueDate: FUTURE });
    await t.database.db.update(exams).set({ contentDeleted: true }).where(eq(exams.id, gone.id));
    expectMessage(
      await t.call('GET', `${EXAMS}/${gone.id}/scripts.zip`, tutor.headers),
      409,
      SUBMISSION_MESSAGES.contentDeleted,
    );
    expectMessage(
      await returnPapers(await zipOf({ 'amara.pdf': SAMPLE.pdf }), true, gone.id),
      409,
      SUBMISSION_MESSAGES.contentDeleted,
    );
  });

  it('downloads through a signed link without a header; an edited link is refused', async () => {
    const link = await t.call('GET', `${EXAMS}/${partTwo.id}/scripts-link`, tutor.headers);
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json().url as string;
    expect(url).toMatch(new RegExp(`^${EXAMS}/${partTwo.id}/scripts\\.zip\\?by=\\d+&expires=\\d+&signature=`));
    const answer = await t.call('GET', url);
    expect(answer.statusCode).toBe(200);
    expect(Object.keys((await JSZip.loadAsync(answer.rawPayload)).files)).toHaveLength(3);
    expect((await t.call('GET', url.replace(`/${partTwo.id}/`, `/${mcq.id}/`))).statusCode).toBe(401);
    expect((await t.call('GET', url.replace(/by=\d+/, `by=${pupils.amara?.id}`))).statusCode).toBe(401);
    expect((await t.call('GET', `${EXAMS}/${partTwo.id}/scripts-link`, pupils.amara?.headers)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/exams/{examId}/marked-papers', () => {
  const csv = (lines: string[]) => ['username,score,feedback', ...lines].join('\n');

  it('reports, in a dry run, what each file matches by username (any case) or student ID, and saves nothing', async () => {
    const before = await rowsOf();
    const zip = await zipOf({
      'marked/AMARA.pdf': SAMPLE.pdf,
      [`${pupils.bandula?.id}.jpg`]: SAMPLE.jpg,
      'stranger.pdf': SAMPLE.pdf,
      'dilan.pdf': SAMPLE.pdf,
      'chamari.pdf': Buffer.from([0x00, 0x01, 0x02, 0x03]),
      '__MACOSX/._amara.pdf': 'resource fork',
      '.DS_Store': 'finder',
      'empty-folder/': '',
      'marks.csv': csv(['amara,72.5,Well argued', 'Bandula,40,']),
    });
    const answer = await returnPapers(zip, true);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      dryRun: true,
      matched: [
        { file: 'marked/AMARA.pdf', username: 'amara', submissionId: before[0]?.id },
        { file: `${pupils.bandula?.id}.jpg`, username: 'bandula', submissionId: before[1]?.id },
      ],
      // dilan handed nothing in; chamari's file is no kind a marked paper may be.
      unmatchedFiles: expect.arrayContaining(['stranger.pdf', 'dilan.pdf', 'chamari.pdf']),
      scriptsWithoutFile: ['chamari'],
      alreadyMarked: [],
      marks: { rows: 2, errors: [] },
      applied: 0,
    });
    expect(answer.json().unmatchedFiles).toHaveLength(3);
    expect(await rowsOf()).toEqual(before);
    expect(await storedPapers()).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('saves nothing when marks.csv has one bad score, and says which line', async () => {
    const zip = await zipOf({
      'amara.pdf': SAMPLE.pdf,
      'marks.csv': csv(['amara,72.5,Well argued', 'bandula,100.5,Too generous', 'nobody,10,']),
    });
    const answer = await returnPapers(zip, false);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      dryRun: false,
      marks: {
        rows: 3,
        errors: [
          { line: 3, message: SUBMISSION_MESSAGES.scoreRange },
          { line: 4, message: 'nobody has no script in this exam.' },
        ],
      },
      applied: 0,
    });
    expect((await rowsOf()).map((row) => [row.traditionalScore, row.markedPaperKey])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect(await storedPapers()).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('attaches each matched paper and sets marks.csv’s marks in one go, each audited as a grade', async () => {
    const [amara, bandula, chamari] = await rowsOf();
    const zip = await zipOf({
      'Amara.pdf': SAMPLE.pdf,
      [`${pupils.bandula?.id}.png`]: SAMPLE.png,
      'marks.csv': csv(['amara,72.5,Well argued', 'chamari,35,"Needs work,\nsee page 2"']),
    });
    const answer = await returnPapers(zip, false);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ dryRun: false, scriptsWithoutFile: ['chamari'], applied: 3 });
    const rows = await rowsOf();
    expect(rows.map((row) => [row.traditionalScore, row.instructorFeedback, row.markedPaperKey !== null])).toEqual([
      [72.5, 'Well argued', true],
      [null, null, true],
      [35, 'Needs work,\nsee page 2', false],
    ]);
    expect(rows[0]?.gradedAt).not.toBeNull();
    const papers = await storedPapers();
    expect(papers).toHaveLength(2);
    const stored = await t.storage.get(rows[1]?.markedPaperKey as string);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(SAMPLE.png);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'submission.grade'));
    const byTarget = new Map(audits.map((row) => [row.target, row]));
    expect(byTarget.get(`submission:${amara?.id}`)).toMatchObject({
      actorUsername: 'bulk-tutor',
      details: expect.objectContaining({
        before: { traditionalScore: null, questionMarks: null, hadFeedback: false },
        after: {
          traditionalScore: 72.5,
          questionMarks: null,
          feedbackChanged: true,
          markedPaperChanged: true,
          markedPaperDrawn: false,
        },
      }),
    });
    expect(byTarget.get(`submission:${bandula?.id}`)?.details).toMatchObject({
      after: { traditionalScore: null, feedbackChanged: false, markedPaperChanged: true },
    });
    expect(byTarget.get(`submission:${chamari?.id}`)?.details).toMatchObject({
      after: { traditionalScore: 35, feedbackChanged: true, markedPaperChanged: false },
    });

    // Once more: both are already marked, and their old papers are replaced (and deleted).
    const again = await returnPapers(await zipOf({ 'amara.pdf': SAMPLE.pdf, 'bandula.png': SAMPLE.png }), false);
    expect(again.json()).toMatchObject({ alreadyMarked: ['amara', 'bandula'], marks: null, applied: 2 });
    const replaced = await storedPapers();
    expect(replaced).toHaveLength(2);
    expect(replaced.some((key) => papers.includes(key))).toBe(false);
    expect((await rowsOf())[0]?.traditionalScore).toBe(72.5);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses what is not a zip, an empty zip, a missing file, students and anonymous callers', async () => {
    expectMessage(await returnPapers(Buffer.from(SAMPLE.pdf), true), 400, MARKING_MESSAGES.bulkNotZip);
    expectMessage(await returnPapers(Buffer.from('PK\u0003\u0004 broken'), true), 400, MARKING_MESSAGES.bulkNotZip);
    expectMessage(await returnPapers(await zipOf({ 'folder/': '' }), true), 400, MARKING_MESSAGES.bulkEmpty);
    expectMessage(
      await sendForm(t, 'POST', `${EXAMS}/${partTwo.id}/marked-papers?dryRun=true`, tutor.headers, { other: 'x' }),
      400,
      MARKING_MESSAGES.bulkNotZip,
    );
    expectMessage(
      await returnPapers(await zipOf({ 'a.pdf': SAMPLE.pdf }), true, mcq.id),
      400,
      MARKING_MESSAGES.notPartTwo,
    );
    // A zip bomb: 51 MB of zeros that deflate to a few kB is refused from the zip's directory alone.
    const bomb = new ZipFile();
    bomb.addBuffer(Buffer.alloc(51 * 1024 * 1024), 'bomb.pdf');
    bomb.end();
    const parts: Buffer[] = [];
    for await (const part of bomb.outputStream as AsyncIterable<Buffer>) parts.push(part);
    const bombZip = Buffer.concat(parts);
    expect(bombZip.length).toBeLessThan(1024 * 1024);
    expectMessage(await returnPapers(bombZip, true), 400, 'bomb.pdf in the zip is larger than 50 MB.');
    // A symbolic link's bytes are the path it points at: never a marked paper, nor marks.
    for (const name of ['amara.pdf', 'marks.csv']) {
      const link = new ZipFile();
      link.addBuffer(Buffer.from('/etc/passwd'), name, { mode: 0o120777 });
      link.end();
      const linkParts: Buffer[] = [];
      for await (const part of link.outputStream as AsyncIterable<Buffer>) linkParts.push(part);
      expectMessage(
        await returnPapers(Buffer.concat(linkParts), false),
        400,
        `${name} in the zip is a symbolic link; put the file itself in the zip.`,
      );
    }
    const zip = await zipOf({ 'amara.pdf': SAMPLE.pdf });
    expect((await returnPapers(zip, true, partTwo.id, pupils.amara?.headers)).statusCode).toBe(403);
    expect((await returnPapers(zip, true, partTwo.id, {} as never)).statusCode).toBe(401);
    expect(await leftovers()).toEqual([]);
  });
});

describe('marks.csv on an exam with a mark scheme', () => {
  const SCHEME = [
    { label: 'Q1', maxMarks: 40 },
    { label: 'Q2', maxMarks: 60 },
  ];
  let schemed: Exam;

  beforeAll(async () => {
    schemed = await createExam(t, tutor.headers, courseId, {
      examType: 'TRADITIONAL',
      title: 'Marked by question',
      dueDate: FUTURE,
      markScheme: SCHEME,
    });
    await examAction(t, tutor.headers, schemed.id);
    for (const name of ['amara', 'bandula'] as const) {
      const answer = await uploadAnswer(t, (pupils[name] as Login).headers, schemed.id, scripts[name]);
      expect(answer.statusCode, answer.body).toBe(201);
    }
  });

  it('refuses a total alone in the dry run, naming the question columns, and saves nothing on a real run', async () => {
    const zip = await zipOf({ 'marks.csv': 'username,score,feedback\namara,88,Good\n' });
    const dry = await returnPapers(zip, true, schemed.id);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().marks).toEqual({
      rows: 0,
      errors: [
        {
          line: 1,
          message:
            'This exam has a mark scheme: marks.csv must have the columns username, feedback and one per question (Q1, Q2); the score is their sum.',
        },
      ],
    });
    expect((await returnPapers(zip, false, schemed.id)).statusCode).toBe(400);
    expect((await rowsOf(schemed.id)).map((row) => [row.traditionalScore, row.questionMarks])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('checks each question mark against its maximum and a given score against their sum, by line', async () => {
    const zip = await zipOf({
      'marks.csv': 'Username,q1,Q2,Score,Feedback\namara,41,10,,\nbandula,30,50,70,\n',
    });
    const dry = expectStatus<{ marks: { errors: unknown[] } }>(await returnPapers(zip, true, schemed.id), 200);
    expect(dry.marks).toEqual({
      rows: 2,
      errors: [
        { line: 2, message: 'Q1: the mark must be from 0 to 40, with two decimals at most.' },
        { line: 3, message: 'The score (70) must be the sum of the question marks (80).' },
      ],
    });
    const partial = expectStatus<{ marks: { errors: unknown[] } }>(
      await returnPapers(await zipOf({ 'marks.csv': 'username,Q1,Q2,feedback\namara,20,,\n' }), true, schemed.id),
      200,
    );
    expect(partial.marks.errors).toEqual([{ line: 2, message: MARKING_MESSAGES.questionMarks }]);
  });

  it('sets the question marks and their sum as the score, as the studio would', async () => {
    const zip = await zipOf({
      'amara.pdf': SAMPLE.pdf,
      'marks.csv': 'username,Q1,Q2,feedback\namara,30.5,57.5,Well argued\nbandula,,,\n',
    });
    const answer = await returnPapers(zip, false, schemed.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ marks: { rows: 2, errors: [] }, applied: 2 });
    expect(
      (await rowsOf(schemed.id)).map((row) => [row.traditionalScore, row.questionMarks, row.instructorFeedback]),
    ).toEqual([
      [88, [30.5, 57.5], 'Well argued'],
      [null, null, null],
    ]);
    const studio = await t.call(
      'GET',
      `/api/api/v1/submissions/${(await rowsOf(schemed.id))[0]?.id}/script`,
      tutor.headers,
    );
    expect(studio.statusCode, studio.body).toBe(200);
    expect(studio.json()).toMatchObject({ traditionalScore: 88, questionMarks: [30.5, 57.5] });
  });
});

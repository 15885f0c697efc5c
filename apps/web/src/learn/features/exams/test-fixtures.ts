import type { StudentExam } from '@valence/contract';

/**
 * The start of a baseline JPEG of `width` × `height`: enough for pdf-lib, which reads the size and
 * embeds the bytes as they are. jsdom has no canvas, so tests stand these in for scaled photos.
 */
export function jpeg(width: number, height: number): Uint8Array {
  const [h1, h2, w1, w2] = [height >> 8, height & 0xff, width >> 8, width & 0xff];
  return new Uint8Array([
    ...[0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, h1, h2, w1, w2],
    ...[0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xff, 0xd9],
  ]);
}

/** A student's exam as the server sends it: not started, nothing handed in, due in an hour. */
export function studentExam(over: Partial<StudentExam> = {}): StudentExam {
  return {
    id: 5,
    courseId: 2,
    courseTitle: 'Chemistry 2026',
    title: 'Term test PART II',
    description: 'Answer any five questions.',
    dueDate: new Date(Date.now() + 3_600_000).toISOString(),
    examType: 'TRADITIONAL',
    examIdentifier: 'CHEM_T1',
    questionCount: 0,
    submitted: false,
    submittedAt: null,
    hasDraft: false,
    marked: false,
    answerUrl: null,
    opensAt: null,
    timeLimitMinutes: null,
    sitting: null,
    serverNow: new Date().toISOString(),
    questions: [],
    ...over,
  };
}

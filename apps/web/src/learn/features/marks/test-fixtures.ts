import type { MyMarksPart, MyMarksPartTwo, MyMarksRow } from '@valence/contract';

/** Marks rows as GET /me/marks answers them, for the marks feature's tests. */
export const mcqPart = (overrides: Partial<MyMarksPart> = {}): MyMarksPart => ({
  examId: 11,
  examTitle: 'Term test – Paper I',
  status: 'Marked',
  published: true,
  submittedAt: '2026-11-20T04:30:00.000Z',
  score: 40,
  feedback: null,
  ...overrides,
});

export const partTwoPart = (overrides: Partial<MyMarksPartTwo> = {}): MyMarksPartTwo => ({
  examId: 12,
  examTitle: 'Term test – Paper II',
  status: 'Submitted',
  published: false,
  submittedAt: '2026-11-20T06:30:00.000Z',
  score: null,
  grade: null,
  feedback: null,
  markedPaperUrl: null,
  ...overrides,
});

export const marksRow = (examIdentifier: string, overrides: Partial<MyMarksRow> = {}): MyMarksRow => ({
  examIdentifier,
  mcq: mcqPart(),
  partTwo: partTwoPart(),
  combinedTotalScore: 40,
  ...overrides,
});

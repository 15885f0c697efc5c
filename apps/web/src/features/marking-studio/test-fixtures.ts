import type { MarkingOverview, StudioScript } from '@valence/contract';
import { writeSession } from '../../lib/session';
import type { FakeRoute } from '../../test/render';
import { stubApi } from '../../test/stub-api';

/** Exam 6's studio as the studio tests open it: script 11 of three, one marked. */
export const OVERVIEW: MarkingOverview = {
  examId: 6,
  examTitle: 'Thermochemistry Paper II',
  examIdentifier: 'CHEM101_FINAL',
  courseTitle: 'Physical Chemistry',
  total: 3,
  marked: 1,
  markScheme: [],
  comments: [],
};

export const SCRIPT: StudioScript = {
  id: 11,
  examId: 6,
  studentId: 101,
  studentName: 'Amaya Perera',
  username: 'amaya',
  submittedAt: '2026-05-01T04:00:00.000Z',
  traditionalScore: null,
  questionMarks: null,
  instructorFeedback: null,
  gradedAt: null,
  version: 7,
  scriptKind: 'png',
  scriptUrl: 'https://files.example/11.png',
  markedPaperUrl: null,
  previousId: 10,
  nextId: 12,
};

/** The grade call's answer for `script`: the submission as the server shows it after a mark. */
export const gradedAnswer = (script: StudioScript) => ({
  ...script,
  mcqScore: null,
  submittedAnswerDownloadUrl: null,
  markedPaperPath: null,
  markedPaperDownloadUrl: null,
});

type Annotations = { items: readonly unknown[]; updatedAt: string | null; updatedBy: string | null; version: number };

export const NO_ANNOTATIONS: Annotations = { items: [], updatedAt: null, updatedBy: null, version: 7 };

/**
 * A signed-in tutor and the studio's calls for exam 6 and script 11; `open` answers the one-wave
 * opening (`POST …/marking/open`), the others the calls made after it.
 */
export function stubStudio(answers: {
  overview: MarkingOverview;
  open: FakeRoute;
  script: FakeRoute;
  annotations?: Annotations;
  grade: FakeRoute;
  next?: FakeRoute;
}) {
  writeSession({ token: 't', roles: ['ROLE_ADMIN'] });
  return stubApi({
    'POST /api/v1/exams/6/marking/open': answers.open,
    'GET /api/v1/exams/6/marking': { body: answers.overview },
    'GET /api/v1/submissions/11/script': answers.script,
    'GET /api/v1/submissions/11/annotations': { body: answers.annotations ?? NO_ANNOTATIONS },
    'PUT /api/v1/submissions/11/annotations': ({ body }) => ({
      body: { ...(body as object), updatedAt: '2026-05-02T00:00:00.000Z', updatedBy: 'tutor', version: 8 },
    }),
    'POST /api/v1/submissions/11/grade': answers.grade,
    ...(answers.next ? { 'POST /api/v1/exams/6/marking/next': answers.next } : {}),
  });
}

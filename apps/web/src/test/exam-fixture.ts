import type { Exam, ExamDetail } from '@valence/contract';

/**
 * An unpublished MCQ exam of course 7 with every setting left as "not chosen"; tests name only
 * the fields their case is about.
 */
export function examFixture(extra: Partial<Exam> = {}): Exam {
  return {
    id: 5,
    courseId: 7,
    courseTitle: 'Physical Chemistry',
    title: 'Thermochemistry Quiz',
    description: 'Enthalpy and equilibria',
    dueDate: '2026-05-01T04:30:00.000Z',
    examType: 'MCQ',
    examIdentifier: 'CHEM101_QUIZ1',
    published: false,
    gradesPublished: false,
    contentDeleted: false,
    examPaperUrl: null,
    questionCount: 0,
    submissionCount: 0,
    unmarkedCount: 0,
    markScheme: [],
    opensAt: null,
    timeLimitMinutes: null,
    shuffleQuestions: false,
    shuffleOptions: false,
    questionsPerStudent: null,
    reviewAfter: 'with-marks',
    ...extra,
  };
}

/** The same exam as its detail page reads it, with no questions written yet. */
export function examDetailFixture(extra: Partial<ExamDetail> = {}): ExamDetail {
  return { ...examFixture(), mcqQuestions: [], ...extra };
}

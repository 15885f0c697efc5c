import type { ExamDetail, McqQuestion } from '@valence/contract';

/** Fixtures and a fetch stub for this feature's tests and its page's; not part of the app. */
export const EXAM: ExamDetail = {
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
  questionCount: 2,
  submissionCount: 0,
  unmarkedCount: 0,
  markScheme: [],
  opensAt: null,
  timeLimitMinutes: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  questionsPerStudent: null,
  reviewAfter: 'with-marks',
  mcqQuestions: [],
};

export const question = (id: number, questionText: string | null, correct = 0, image: string | null = null) =>
  ({
    id,
    questionText,
    questionImageUrl: image,
    options: ['A', 'B', 'C', 'D', 'E'].map((letter, index) => ({
      id: id * 10 + index,
      optionText: `Option ${letter} of ${id}`,
      isCorrect: index === correct,
    })),
  }) satisfies McqQuestion;

export { type SentForm, stubApi } from '../../test/stub-api';

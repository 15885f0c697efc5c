import type { ExamDetail, McqFeedback, Submission } from '@valence/contract';
import { createElement } from 'react';
import { examDetailFixture } from '../../test/exam-fixture';
import { SubmissionList, useSubmissionList } from './components/submission-list';

/** Fixtures and a fetch stub for this feature's tests and its page's; not part of the app. */
export const MCQ_EXAM: ExamDetail = examDetailFixture({
  title: 'Thermochemistry Paper I',
  examIdentifier: 'CHEM101_FINAL',
  published: true,
  questionCount: 50,
  submissionCount: 2,
});
export const PART_TWO_EXAM: ExamDetail = {
  ...MCQ_EXAM,
  id: 6,
  title: 'Thermochemistry Paper II',
  examType: 'TRADITIONAL',
  examPaperUrl: 'https://files.example/paper.pdf',
  questionCount: 0,
};

// 04:00 UTC is 09:30 in Colombo.
export const submission = (id: number, studentName: string, extra: Partial<Submission> = {}): Submission => ({
  id,
  examId: 5,
  studentId: 100 + id,
  studentName,
  submittedAt: '2026-05-01T04:00:00.000Z',
  mcqScore: null,
  traditionalScore: null,
  instructorFeedback: null,
  gradedAt: null,
  submittedAnswerDownloadUrl: null,
  markedPaperPath: null,
  markedPaperDownloadUrl: null,
  version: 0,
  ...extra,
});

export const FEEDBACK: McqFeedback = {
  studentName: 'Amaya Perera',
  mcqScore: 42,
  correctCount: 42,
  totalQuestions: 50,
  questionsFeedback: [
    {
      questionId: 1,
      questionText: 'Which is sulfuric acid?',
      questionImagePath: null,
      studentSelectedOptionText: '\\ce{H2SO4}',
      studentCorrect: true,
      correctOptionText: '\\ce{H2SO4}',
    },
    {
      questionId: 2,
      questionText: 'The pH of pure water at 25 °C',
      questionImagePath: 'https://files.example/q2.png?sig=1',
      studentSelectedOptionText: '8',
      studentCorrect: false,
      correctOptionText: '7',
    },
    {
      questionId: 3,
      questionText: 'Avogadro constant',
      questionImagePath: null,
      studentSelectedOptionText: null,
      studentCorrect: false,
      correctOptionText: '6.022 × 10^23',
    },
  ],
};

export { type SentForm, stubApi } from '../../test/stub-api';

/** The list as the Submissions page draws it, with its own search and page, in the platform's zone. */
export function ExamSubmissionList({ exam }: { exam: ExamDetail }) {
  return createElement(SubmissionList, { exam, timeZone: 'Asia/Colombo', state: useSubmissionList(exam.id) });
}

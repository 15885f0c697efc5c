import type { ExamDetail, McqQuestion } from '@valence/contract';
import { examDetailFixture } from '../../test/exam-fixture';

/** Fixtures and a fetch stub for this feature's tests and its page's; not part of the app. */
export const EXAM: ExamDetail = examDetailFixture({ questionCount: 2 });

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

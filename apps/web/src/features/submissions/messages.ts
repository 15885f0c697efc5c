import { EXAM_MESSAGES, SUBMISSION_MESSAGES } from '@valence/contract';

/** The Submissions screen's texts that only the portal says (the server has no words for them). */
export const SUBMISSION_TEXTS = {
  examMissing: 'Exam ID is missing.',
  loadFailed: 'Failed to load submissions.',
  gradeFailed: 'Failed to grade submission. Please try again.',
  feedbackFailed: 'Failed to load detailed feedback.',
  empty: 'No submissions yet.',
  noMatch: 'No submissions match your search.',
  /** A search's count stops at the next hundred past the page (the server's `totalCapped`). */
  manyMatch: (total: number) =>
    `More than ${total} submissions match. Type more of the name, or the student's ID, to narrow the list.`,
  notMarked: 'Not marked yet',
  contentDeleted: `${EXAM_MESSAGES.contentDeleted} Grading is disabled.`,
  gradingRefused: SUBMISSION_MESSAGES.contentDeleted,
  missingId: SUBMISSION_MESSAGES.missingId,
} as const;

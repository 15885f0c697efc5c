/** This screen's texts that only the portal says (the server has no words for them). */
export const QUESTION_TEXTS = {
  notFound: 'Exam not found.',
  loadFailed: 'Failed to load exam data. Please ensure this is an MCQ exam.',
  saveFailed: 'Failed to save question. Check console for details.',
  bulkFailed: 'Failed to save new questions. Please check your inputs.',
  deleteFailed: 'Failed to delete question. Please try again.',
} as const;

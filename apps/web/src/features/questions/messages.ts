/** The spec's texts for this screen that only the portal says (section 8, "Questions"). */
export const QUESTION_TEXTS = {
  notFound: 'Exam not found.',
  loadFailed: 'Failed to load exam data. Please ensure this is an MCQ exam.',
  saveFailed: 'Failed to save question. Check console for details.',
  bulkFailed: 'Failed to save new questions. Please check your inputs.',
  deleteFailed: 'Failed to delete question. Please try again.',
} as const;

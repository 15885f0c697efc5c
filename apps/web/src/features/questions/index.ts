export { questionsQueryOptions, useQuestions } from './api/get-questions';
export { BulkQuestionForm } from './components/bulk-question-form';
export { CopyQuestionsDialog } from './components/copy-questions-dialog';
export { ExportQuestionsMenu } from './components/export-questions-menu';
export { ImportQuestionsDialog } from './components/import-questions-dialog';
export { QuestionDialog } from './components/question-dialog';
export { QuestionList } from './components/question-list';
export { QUESTION_TEXTS } from './messages';

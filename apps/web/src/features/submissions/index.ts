export { getMcqFeedback, mcqFeedbackQueryOptions, useMcqFeedback } from './api/get-mcq-feedback';
export { getSittingsPage, sittingsPageQueryOptions, useSittingsPage } from './api/get-sittings';
export { getSubmissionsPage, submissionsPageQueryOptions, useSubmissionsPage } from './api/get-submissions';
export { type GradeVariables, gradeSubmission, useGradeSubmission } from './api/grade-submission';
export { AnswersDialog } from './components/answers-dialog';
export { GradeDialog } from './components/grade-dialog';
export { NotHandedInList } from './components/not-handed-in-list';
export { SubmissionList, useSubmissionList } from './components/submission-list';
export { SUBMISSION_TEXTS } from './messages';

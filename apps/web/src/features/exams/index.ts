export { examDetailQueryOptions, getExamDetail, useExamDetail } from './api/get-exam-detail';
export { examGroupPageQueryOptions, getExamGroupPage, useExamGroupPage } from './api/get-exam-groups';
export type { CourseOption } from './components/course-select';
export { CreateExamDialog } from './components/create-exam-dialog';
export { ExamGroupList } from './components/exam-group-list';
export { ExamManager } from './components/exam-manager';
export { ExamOverridesPanel } from './components/exam-overrides-panel';

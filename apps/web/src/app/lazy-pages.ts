/**
 * Every lazily loaded portal page: its address (React Router's pattern, as in `router.tsx`) and its
 * module in `routes/`. The build reads this table to write, for each page, an entry HTML that starts
 * downloading the page's own code beside the first bundle (see `vite-plugin-page-preload.ts`); the
 * router test checks it against the router, so a page added to one and not the other fails.
 */
export const LAZY_PAGES = {
  contact: 'contact',
  dashboard: 'dashboard',
  courses: 'courses',
  'courses/:id': 'course-detail',
  'courses/:id/gradebook': 'gradebook',
  students: 'students',
  exams: 'exams',
  'exams/:examId/submissions': 'exam-submissions',
  'exams/:examId/manage-questions': 'manage-questions',
  'exams/:examId/mark': 'mark-exam',
  'admin/student-marks-summary': 'student-marks-summary',
  'student/combined-exam-scores': 'combined-exam-scores',
  staff: 'staff',
  audit: 'audit',
  jobs: 'jobs',
  settings: 'settings',
} as const satisfies Record<string, string>;

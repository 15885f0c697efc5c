import { accountsPlugin } from './accounts/plugin.js';
import { auditPlugin } from './audit/plugin.js';
import { auditRoutes } from './audit/routes.js';
import { authPlugin } from './auth/plugin.js';
import { authRoutes } from './auth/routes.js';
import { coursesPlugin } from './courses/plugin.js';
import { coursesRoutes } from './courses/routes.js';
import { enrollmentsPlugin } from './enrollments/plugin.js';
import { enrollmentsRoutes } from './enrollments/routes.js';
import { examsPlugin } from './exams/plugin.js';
import { examsRoutes } from './exams/routes.js';
import { filesRoutes } from './files/routes.js';
import { gradebookPlugin } from './gradebook/plugin.js';
import { gradebookRoutes } from './gradebook/routes.js';
import { healthRoutes } from './health/routes.js';
import { insightPlugin } from './insight/plugin.js';
import { insightRoutes } from './insight/routes.js';
import { jobsRoutes } from './jobs/routes.js';
import { bulkMarkingPlugin } from './marking/bulk/plugin.js';
import { bulkMarkingRoutes } from './marking/bulk/routes.js';
import { markingPlugin, marksPlugin } from './marking/plugin.js';
import { markingRoutes } from './marking/routes.js';
import { studentMarksRoutes } from './marking/student-routes.js';
import { studioRoutes } from './marking/studio-routes.js';
import { questionCopyPlugin } from './questions/copy-plugin.js';
import { questionCopyRoutes } from './questions/copy-routes.js';
import { questionImportRoutes } from './questions/import-routes.js';
import { questionsPlugin } from './questions/plugin.js';
import { questionsRoutes } from './questions/routes.js';
import { reportsPlugin } from './reports/plugin.js';
import { reportsRoutes } from './reports/routes.js';
import { resourcesPlugin } from './resources/plugin.js';
import { resourcesRoutes } from './resources/routes.js';
import { settingsPlugin } from './settings/plugin.js';
import { settingsRoutes } from './settings/routes.js';
import { staffPlugin } from './staff/plugin.js';
import { staffRoutes } from './staff/routes.js';
import { streamingPlugin } from './streaming/plugin.js';
import { streamingRoutes } from './streaming/routes.js';
import { studentExamsRoutes } from './student-app/exam-routes.js';
import { studentAppPlugin } from './student-app/plugin.js';
import { licensedPdfRoutes, studentAppRoutes, viewingRoutes } from './student-app/routes.js';
import { studentImportRoutes } from './students/import/routes.js';
import { studentsPlugin } from './students/plugin.js';
import { studentsRoutes } from './students/routes.js';
import { submissionsPlugin } from './submissions/plugin.js';
import { handInRoutes, sittingsRoutes } from './submissions/routes.js';
import { uploadsPlugin } from './uploads/plugin.js';
import { uploadsRoutes } from './uploads/routes.js';
import { watchTimePlugin } from './watch-time/plugin.js';
import { watchTimeRoutes } from './watch-time/routes.js';

/**
 * Each module's service, decorated on the root as `app.<module>`; registered before any route, in
 * an order that satisfies every plugin's declared `dependencies` (a wrong order fails at start-up).
 */
export const modulePlugins = [
  accountsPlugin,
  // Before auth: a student's sign-in reads the device limit.
  settingsPlugin,
  authPlugin,
  uploadsPlugin,
  coursesPlugin,
  examsPlugin,
  questionsPlugin,
  questionCopyPlugin,
  enrollmentsPlugin,
  submissionsPlugin,
  markingPlugin,
  marksPlugin,
  bulkMarkingPlugin,
  resourcesPlugin,
  streamingPlugin,
  staffPlugin,
  studentsPlugin,
  watchTimePlugin,
  studentAppPlugin,
  gradebookPlugin,
  auditPlugin,
  insightPlugin,
  reportsPlugin,
];

/** The API routes, in one list so the permission matrix test and the docs see the same routes. */
export const moduleRoutes = [
  healthRoutes,
  settingsRoutes,
  authRoutes,
  staffRoutes,
  studentsRoutes,
  studentImportRoutes,
  filesRoutes,
  uploadsRoutes,
  coursesRoutes,
  enrollmentsRoutes,
  resourcesRoutes,
  streamingRoutes,
  watchTimeRoutes,
  examsRoutes,
  questionsRoutes,
  questionCopyRoutes,
  questionImportRoutes,
  markingRoutes,
  sittingsRoutes,
  studioRoutes,
  bulkMarkingRoutes,
  studentAppRoutes,
  viewingRoutes,
  licensedPdfRoutes,
  studentExamsRoutes,
  handInRoutes,
  studentMarksRoutes,
  gradebookRoutes,
  auditRoutes,
  jobsRoutes,
  insightRoutes,
  reportsRoutes,
];

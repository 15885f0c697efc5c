import type * as schema from './schema.js';

/**
 * The module that owns each table: only its repository writes it, and every other module asks that
 * module's service. A read that must join tables of several modules in one statement (a list with
 * names, the marks summary) lives in the module it serves, in `reads*.ts`: it may read any table but
 * never writes one nor imports another module's repository. A new table without an owner here fails
 * the typecheck; `table-ownership.test.ts` holds the repositories and the reads files to it.
 */
export const TABLE_OWNERS = {
  accounts: 'accounts',
  accountDevices: 'accounts',
  auditLog: 'lib',
  courses: 'courses',
  enrollments: 'enrollments',
  courseEnrollmentCounts: 'enrollments',
  exams: 'exams',
  examScriptCounts: 'exams',
  examOverrides: 'exams',
  examSittings: 'submissions',
  idempotencyKeys: 'lib',
  instituteSettings: 'settings',
  markingClaims: 'marking',
  mcqQuestions: 'questions',
  mcqOptions: 'questions',
  resources: 'resources',
  scriptAnnotations: 'marking',
  signinThrottle: 'auth',
  submissions: 'submissions',
  submissionAnswers: 'submissions',
  submissionDrafts: 'submissions',
  videoStreams: 'streaming',
  watchTime: 'watch-time',
} as const satisfies Record<keyof typeof schema, string>;

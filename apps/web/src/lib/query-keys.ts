import type { PageRequest } from './paging';

/** The filters of a student's watch records: video name (`q`), a day range and a sort. */
export type WatchFilters = { from?: string; to?: string };

/** One student's marks under one exam identifier (its MCQ and PART II papers together). */
export type ScoreLookup = { studentId: number; examIdentifier: string };

/** The audit screen's filters: a person (id or username), a kind and a day range. */
export type AuditFilters = { actor?: string; action?: string; from?: string; to?: string };

/**
 * Every query key the portal uses, in one place. Features invalidate each other's data only
 * through these (a pause changes the course's enrolments too), never by spelling a key by hand.
 * Each entity's keys share its first element, so `keys.courses.all` invalidates all of them.
 */
export const keys = {
  me: ['me'] as const,
  settings: ['settings'] as const,
  institute: ['settings', 'institute'] as const,
  /** The public Contact page's details: changed with the institute's. */
  contact: ['settings', 'contact'] as const,
  /** How many devices a student may be signed in on at once. */
  deviceLimit: ['settings', 'devices'] as const,
  reportJob: (jobId: string) => ['report-jobs', jobId] as const,
  staff: ['staff'] as const,
  courses: {
    all: ['courses'] as const,
    lists: ['courses', 'list'] as const,
    page: (request: PageRequest) => ['courses', 'list', request] as const,
    count: ['courses', 'count'] as const,
    detail: (id: number) => ['courses', id] as const,
  },
  enrollments: {
    all: ['enrollments'] as const,
    ofCourse: (courseId: number) => ['enrollments', 'course', courseId] as const,
    pageOfCourse: (courseId: number, request: PageRequest) => ['enrollments', 'course', courseId, request] as const,
    ofStudent: (studentId: number) => ['enrollments', 'student', studentId] as const,
  },
  watchTime: {
    all: ['watch-time'] as const,
    ofStudent: (username: string) => ['watch-time', username] as const,
    page: (username: string, request: PageRequest & WatchFilters) => ['watch-time', username, 'page', request] as const,
    total: (username: string) => ['watch-time', username, 'total'] as const,
  },
  watchCoverage: {
    all: ['watch-coverage'] as const,
    ofCourse: (courseId: number) => ['watch-coverage', 'course', courseId] as const,
    ofStudent: (studentId: number) => ['watch-coverage', 'student', studentId] as const,
  },
  exams: {
    all: ['exams'] as const,
    /** Every course's exam lists (their cards carry counts and flags of each exam). */
    lists: ['exams', 'course'] as const,
    ofCourse: (courseId: number) => ['exams', 'course', courseId] as const,
    page: (courseId: number, request: PageRequest) => ['exams', 'course', courseId, 'page', request] as const,
    detail: (examId: number) => ['exams', examId] as const,
    questions: (examId: number) => ['exams', examId, 'questions'] as const,
    /** The exam's per-student overrides (extra time, an own window). */
    overrides: (examId: number) => ['exams', examId, 'overrides'] as const,
    /** Figures from the exam's submissions: stale whenever its questions are. */
    itemAnalysis: (examId: number) => ['exams', examId, 'item-analysis'] as const,
    /** MCQ exams of any course found by title or identifier, to copy questions from. */
    mcqSearch: (q: string) => ['exams', 'mcq-search', q] as const,
    mcqSearches: ['exams', 'mcq-search'] as const,
  },
  submissions: {
    all: ['submissions'] as const,
    ofExam: (examId: number) => ['submissions', 'exam', examId] as const,
    page: (examId: number, request: PageRequest) => ['submissions', 'exam', examId, 'page', request] as const,
    /** The class's sittings of the exam (state `not-handed-in`, counts), stale with its submissions. */
    sittings: (examId: number, request: PageRequest, state: string) =>
      ['submissions', 'exam', examId, 'sittings', request, state] as const,
    feedback: (submissionId: number) => ['submissions', submissionId, 'feedback'] as const,
  },
  marking: {
    all: ['marking'] as const,
    overview: (examId: number) => ['marking', 'exam', examId] as const,
    script: (submissionId: number) => ['marking', 'script', submissionId] as const,
    annotations: (submissionId: number) => ['marking', 'annotations', submissionId] as const,
    /** The studio's one opening call of an exam (it fills the three above). */
    opening: (examId: number) => ['marking', 'opening', examId] as const,
  },
  scores: {
    all: ['scores'] as const,
    summaryOf: (studentId: number) => ['scores', 'summary', studentId] as const,
    marksSummary: (lookup: ScoreLookup) => ['scores', 'marks-summary', lookup] as const,
    examScore: (lookup: ScoreLookup) => ['scores', 'exam-score', lookup] as const,
  },
  gradebook: {
    /** Marks change with a grade or a publication: `keys.gradebook.all` is invalidated with them. */
    all: ['gradebook'] as const,
    ofCourse: (courseId: number) => ['gradebook', courseId] as const,
    page: (courseId: number, request: PageRequest) => ['gradebook', courseId, 'page', request] as const,
    stats: (courseId: number) => ['gradebook', courseId, 'stats'] as const,
  },
  jobs: {
    all: ['jobs'] as const,
    page: (request: PageRequest & { state?: string; name?: string }) => ['jobs', 'page', request] as const,
  },
  audit: {
    all: ['audit'] as const,
    page: (request: PageRequest & AuditFilters) => ['audit', 'page', request] as const,
    actions: ['audit', 'actions'] as const,
  },
  students: {
    all: ['students'] as const,
    count: ['students', 'count'] as const,
    lists: ['students', 'list'] as const,
    page: (request: PageRequest) => ['students', 'list', request] as const,
    assignableTo: (courseId: number) => ['students', 'assignable', courseId] as const,
    assignable: (courseId: number, q: string) => ['students', 'assignable', courseId, q] as const,
    /** The devices a student is signed in on: changed by their sign-ins too, so read again whenever shown. */
    devices: (studentId: number) => ['students', 'devices', studentId] as const,
  },
};

/**
 * What a kind of change makes stale, for the mutations that make it: several make the same change
 * (a mark is given in the grade dialog, the marking studio and a bulk return), and each must re-read
 * every screen that shows it, not only its own.
 */
export const staleAfter = {
  /** A mark given, returned, published or lost: the exam's counts, the scores and the gradebooks. */
  marksOf: (examId: number) => [
    keys.submissions.ofExam(examId),
    keys.marking.overview(examId),
    keys.exams.detail(examId),
    keys.exams.lists,
    keys.scores.all,
    keys.gradebook.all,
  ],
  /** Who is in a course: its enrolments (and each student's), who may still join, its marks and coverage. */
  classOf: (courseId: number) => [
    keys.enrollments.all,
    keys.students.assignableTo(courseId),
    keys.gradebook.ofCourse(courseId),
    keys.watchCoverage.all,
    keys.scores.all,
  ],
  /** A course's lectures: its page's resource list and the watch coverage, the course's and each student's. */
  lecturesOf: (courseId: number) => [keys.courses.detail(courseId), keys.watchCoverage.all],
  /** A course's title or existence: it is named beside enrolments, exams, scripts, records and marks. */
  anyCourse: [
    keys.courses.all,
    keys.enrollments.all,
    keys.exams.all,
    keys.marking.all,
    keys.submissions.all,
    keys.watchTime.all,
    keys.watchCoverage.all,
    keys.scores.all,
    keys.gradebook.all,
  ],
  /** A student's name or existence: every list of students, marks and watching names them. */
  anyStudent: [
    keys.students.all,
    keys.enrollments.all,
    keys.submissions.all,
    keys.marking.all,
    keys.watchTime.all,
    keys.watchCoverage.all,
    keys.scores.all,
    keys.gradebook.all,
  ],
};

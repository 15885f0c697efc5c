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
  reportJob: (jobId: number) => ['report-jobs', jobId] as const,
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
    ofCourse: (courseId: number) => ['exams', 'course', courseId] as const,
    page: (courseId: number, request: PageRequest) => ['exams', 'course', courseId, 'page', request] as const,
    detail: (examId: number) => ['exams', examId] as const,
    questions: (examId: number) => ['exams', examId, 'questions'] as const,
    /** Figures from the exam's submissions: stale whenever its questions are. */
    itemAnalysis: (examId: number) => ['exams', examId, 'item-analysis'] as const,
    /** MCQ exams of any course found by title or identifier, to copy questions from. */
    mcqSearch: (q: string) => ['exams', 'mcq-search', q] as const,
  },
  submissions: {
    all: ['submissions'] as const,
    ofExam: (examId: number) => ['submissions', 'exam', examId] as const,
    page: (examId: number, request: PageRequest) => ['submissions', 'exam', examId, 'page', request] as const,
    feedback: (submissionId: number) => ['submissions', submissionId, 'feedback'] as const,
  },
  marking: {
    all: ['marking'] as const,
    overview: (examId: number) => ['marking', 'exam', examId] as const,
    script: (submissionId: number) => ['marking', 'script', submissionId] as const,
    annotations: (submissionId: number) => ['marking', 'annotations', submissionId] as const,
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
    page: (courseId: number, request: PageRequest) => ['gradebook', courseId, 'page', request] as const,
    stats: (courseId: number) => ['gradebook', courseId, 'stats'] as const,
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
  },
};

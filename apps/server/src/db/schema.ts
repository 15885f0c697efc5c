import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Staff and students alike: one account table, the role says which. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['ROLE_SUPERADMIN', 'ROLE_ADMIN', 'ROLE_STUDENT'] }).notNull(),
    loggedIn: boolean('logged_in').notNull().default(false),
    /** Bumped by logout / force logout: tokens carrying an older version are refused. */
    sessionVersion: integer('session_version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_username_lower_idx').on(sql`lower(${t.username})`),
    index('accounts_role_idx').on(t.role),
  ],
);

export const courses = pgTable('courses', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  paused: boolean('paused').notNull().default(false),
  createdAt: createdAt(),
});

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    /** Either an external http(s) link or the storage key `resources/<prefix>-<name>`. */
    url: text('url').notNull(),
    objectKey: text('object_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    duration: doublePrecision('duration').notNull().default(0),
    liveAt: ts('live_at').notNull(),
    recordingAt: ts('recording_at').notNull(),
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resources_course_idx').on(t.courseId),
    // One stored file belongs to one resource: deleting a resource deletes its file.
    uniqueIndex('resources_object_key_idx').on(t.objectKey),
  ],
);

export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['ACTIVE', 'DISABLED'] })
      .notNull()
      .default('ACTIVE'),
    enrollmentDate: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_course_student_idx').on(t.courseId, t.studentId),
    index('enrollments_student_idx').on(t.studentId),
  ],
);

export const watchTime = pgTable(
  'watch_time',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'set null' }),
    /** Kept by value so a record survives its resource's deletion. */
    videoName: text('video_name').notNull(),
    watchedDuration: doublePrecision('watched_duration').notNull(),
    timestamp: ts('timestamp').notNull().defaultNow(),
  },
  (t) => [index('watch_time_student_idx').on(t.studentId, t.timestamp)],
);

export const exams = pgTable(
  'exams',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: ts('due_date').notNull(),
    examType: text('exam_type', { enum: ['MCQ', 'TRADITIONAL'] }).notNull(),
    examIdentifier: text('exam_identifier').notNull(),
    published: boolean('published').notNull().default(false),
    gradesPublished: boolean('grades_published').notNull().default(false),
    contentDeleted: boolean('content_deleted').notNull().default(false),
    paperKey: text('paper_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('exams_course_idx').on(t.courseId),
    uniqueIndex('exams_identifier_type_idx').on(t.courseId, t.examIdentifier, t.examType),
  ],
);

export const mcqQuestions = pgTable(
  'mcq_questions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionText: text('question_text'),
    imageKey: text('image_key'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('mcq_questions_exam_idx').on(t.examId)],
);

export const mcqOptions = pgTable(
  'mcq_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => mcqQuestions.id, { onDelete: 'cascade' }),
    optionText: text('option_text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('mcq_options_question_idx').on(t.questionId)],
);

export const submissions = pgTable(
  'submissions',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'restrict' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    answerKey: text('answer_key'),
    mcqScore: doublePrecision('mcq_score'),
    traditionalScore: doublePrecision('traditional_score'),
    instructorFeedback: text('instructor_feedback'),
    gradedAt: ts('graded_at'),
    markedPaperKey: text('marked_paper_key'),
  },
  (t) => [uniqueIndex('submissions_exam_student_idx').on(t.examId, t.studentId)],
);

export const submissionAnswers = pgTable(
  'submission_answers',
  {
    id: serial('id').primaryKey(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => mcqQuestions.id, { onDelete: 'restrict' }),
    optionId: integer('option_id').references(() => mcqOptions.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('submission_answers_sub_q_idx').on(t.submissionId, t.questionId)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/**
 * Sign-in attempt counters, one row per key (address, account+address, account). Counted in the
 * database with one upsert before the password is checked, so parallel guesses and several server
 * processes share one count.
 */
export const signinThrottle = pgTable(
  'signin_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    windowStart: ts('window_start').notNull().defaultNow(),
    lastAt: ts('last_at').notNull().defaultNow(),
  },
  (t) => [index('signin_throttle_last_at_idx').on(t.lastAt)],
);

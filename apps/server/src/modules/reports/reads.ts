import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, courses, enrollments, exams, resources, submissions, watchTime } from '../../db/schema.js';

/**
 * A student's report pack reads their account, enrolments (with course titles), watch records (with
 * their lecture and its course) and submissions (with their exam and its course): tables of six
 * modules, read here by join so a pack costs four statements however much the student has done.
 * The reports module's service turns the rows into the pack.
 */

export type PackStudent = { id: number; username: string; name: string | null };
export type PackEnrolment = { courseTitle: string; status: string; enrollmentDate: Date };
/** One watch record; the lecture's fields are null once the lecture was deleted (the record keeps its name). */
export type PackWatchRow = {
  resourceId: number | null;
  videoName: string;
  courseTitle: string | null;
  lectureLength: number | null;
  watchedDuration: number;
  segments: [number, number][] | null;
};
export type PackMarkRow = {
  examId: number;
  courseId: number;
  /** Whether the student may see this mark yet: an MCQ exam's publication, a PART II exam's marks'. */
  published: boolean;
  examIdentifier: string;
  examTitle: string;
  examType: 'MCQ' | 'TRADITIONAL';
  courseTitle: string;
  mcqScore: number | null;
  traditionalScore: number | null;
  feedback: string | null;
  submittedAt: Date;
};

export function findStudent(db: DbOrTx, studentId: number): Promise<PackStudent | undefined> {
  return db
    .select({ id: accounts.id, username: accounts.username, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.id, studentId), eq(accounts.role, 'ROLE_STUDENT')))
    .then((rows) => rows[0]);
}

export function enrolmentsOf(db: DbOrTx, studentId: number): Promise<PackEnrolment[]> {
  return db
    .select({ courseTitle: courses.title, status: enrollments.status, enrollmentDate: enrollments.enrollmentDate })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.studentId, studentId))
    .orderBy(asc(courses.title), asc(courses.id));
}

export function watchRowsOf(db: DbOrTx, studentId: number): Promise<PackWatchRow[]> {
  return db
    .select({
      resourceId: watchTime.resourceId,
      videoName: watchTime.videoName,
      courseTitle: courses.title,
      lectureLength: resources.duration,
      watchedDuration: watchTime.watchedDuration,
      segments: watchTime.segments,
    })
    .from(watchTime)
    .leftJoin(resources, eq(resources.id, watchTime.resourceId))
    .leftJoin(courses, eq(courses.id, resources.courseId))
    .where(eq(watchTime.studentId, studentId))
    .orderBy(sql`${courses.title} asc nulls last`, asc(resources.liveAt), asc(watchTime.videoName), asc(watchTime.id));
}

/** Every submission of the student with its exam and course, by identifier then type (MCQ first). */
export function markRowsOf(db: DbOrTx, studentId: number): Promise<PackMarkRow[]> {
  return db
    .select({
      examId: exams.id,
      courseId: exams.courseId,
      published: sql<boolean>`case when ${exams.examType} = 'MCQ' then ${exams.published} else ${exams.gradesPublished} end`,
      examIdentifier: exams.examIdentifier,
      examTitle: exams.title,
      examType: exams.examType,
      courseTitle: courses.title,
      mcqScore: submissions.mcqScore,
      traditionalScore: submissions.traditionalScore,
      feedback: submissions.instructorFeedback,
      submittedAt: submissions.submittedAt,
    })
    .from(submissions)
    .innerJoin(exams, eq(exams.id, submissions.examId))
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .where(eq(submissions.studentId, studentId))
    .orderBy(asc(courses.title), asc(exams.examIdentifier), asc(exams.examType), asc(exams.id));
}

/** The ids of the course's enrolled students (any status), by username: the course zip's list. */
export function enrolledStudents(db: DbOrTx, courseId: number): Promise<{ id: number; username: string }[]> {
  return db
    .select({ id: accounts.id, username: accounts.username })
    .from(enrollments)
    .innerJoin(accounts, eq(accounts.id, enrollments.studentId))
    .where(eq(enrollments.courseId, courseId))
    .orderBy(asc(accounts.usernameLower));
}

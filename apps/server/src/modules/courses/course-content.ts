import type { Tx } from '../../db/client.js';

/**
 * What another module keeps in a course (enrolments, resources, exams). The courses module knows
 * none of those modules: each attaches itself with `app.courses.attach`, and a delete or a pause
 * asks every attached module inside the course's own transaction, under its row lock, so the
 * course and everything in it change together or not at all.
 */
export interface CourseContent {
  /** Throws (an HttpError) to refuse deleting the course; asked of every module before any removal. */
  refuseCourseDelete?(tx: Tx, course: { id: number; title: string; paused: boolean }): Promise<void>;
  /** Removes the module's rows of the course; answers the stored keys to delete once committed. */
  deleteCourseContent?(tx: Tx, courseId: number): Promise<string[]>;
  /** Pauses (or resumes) the module's part of the course. */
  pauseCourseContent?(tx: Tx, courseId: number, paused: boolean): Promise<void>;
}

import type { DbOrTx, Tx } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { CourseContent } from '../courses/course-content.js';
import * as repo from './repository.js';

/** Exams, their questions and the students' submissions. For now only their part in a course. */
export class ExamsService implements CourseContent {
  /** Marks are never lost silently: a course whose exams have submissions cannot be deleted. */
  async refuseCourseDelete(tx: Tx, course: { id: number; title: string }): Promise<void> {
    const submissions = await repo.countSubmissionsOfCourse(tx, course.id);
    if (submissions > 0) {
      throw conflict(
        `Cannot delete course "${course.title}" because its exams have ${submissions} submission(s). Delete or archive the exams' marks first.`,
      );
    }
  }

  async deleteCourseContent(tx: Tx, courseId: number): Promise<string[]> {
    const keys = await repo.storedKeysOfCourse(tx, courseId);
    await repo.deleteExamsOfCourse(tx, courseId);
    return keys;
  }

  /** How many exam submissions (marks) a student has: deleting the student deletes them too. */
  submissionsOfStudent(tx: DbOrTx, studentId: number): Promise<number> {
    return repo.countSubmissionsOfStudent(tx, studentId);
  }
}

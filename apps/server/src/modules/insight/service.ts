import {
  type CourseCoverage,
  type CourseCoverageQuery,
  EXAM_MESSAGES,
  type ItemAnalysis,
  itemAnalysisOf,
  NOT_WATCHED_DEFAULT,
  type StudentCoverage,
} from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AccountsService } from '../accounts/service.js';
import type { CoursesService } from '../courses/service.js';
import type { ExamsService } from '../exams/service.js';
import { itemSums } from './reads-item-analysis.js';
import { courseCoverage, enrolledCount, studentCoverage } from './reads-watch-coverage.js';

/**
 * Staff's figures about a class: how an MCQ paper's questions performed, and how much of each
 * lecture students watched. Each is one aggregate read (in `reads-*.ts`); the rules here are which
 * exam, course or student may be asked about, and the arithmetic the contract defines.
 */
export class InsightService {
  private readonly db: Db;
  private readonly accounts: AccountsService;
  private readonly courses: CoursesService;
  private readonly exams: ExamsService;

  constructor({ db, accounts, courses, exams }: Pick<FastifyInstance, 'db' | 'accounts' | 'courses' | 'exams'>) {
    this.db = db;
    this.accounts = accounts;
    this.courses = courses;
    this.exams = exams;
  }

  /** 404 for an unknown exam, 400 for a PART II one (it has no options to analyse). */
  async itemAnalysis(examId: number): Promise<ItemAnalysis> {
    const exam = await this.exams.info(examId);
    if (exam.examType !== 'MCQ') throw badRequest(EXAM_MESSAGES.notMcq);
    const { paper, items } = await itemSums(this.db, examId);
    return itemAnalysisOf(examId, paper, items);
  }

  async courseCoverage(courseId: number, query: CourseCoverageQuery): Promise<CourseCoverage> {
    await this.courses.get(courseId);
    const [rows, enrolled] = await Promise.all([
      courseCoverage(this.db, courseId, query.notWatchedLimit ?? NOT_WATCHED_DEFAULT),
      // Asked apart: a course without lectures still has its students.
      enrolledCount(this.db, courseId),
    ]);
    return {
      courseId,
      enrolled,
      lectures: rows.map((row) => ({
        lectureId: row.id,
        title: row.name,
        length: row.duration,
        opened: row.opened,
        averageCoverage: row.average_coverage,
        dropOff: (row.drop_off ?? []).map(Number),
        dropOffBase: row.drop_off_base,
        legacy: row.legacy,
        notWatched: { total: row.not_watched, items: row.not_watched_items ?? [] },
      })),
    };
  }

  async studentCoverage(studentId: number): Promise<StudentCoverage> {
    const student = await this.accounts.findById(studentId);
    if (student?.role !== 'ROLE_STUDENT') throw notFound('Student not found.');
    const courses: StudentCoverage['courses'] = [];
    for (const row of await studentCoverage(this.db, studentId)) {
      let course = courses.at(-1);
      if (course?.courseId !== row.course_id) {
        course = { courseId: row.course_id, title: row.title, lectures: [] };
        courses.push(course);
      }
      if (row.lecture_id === null) continue;
      course.lectures.push({
        lectureId: row.lecture_id,
        title: row.name ?? '',
        length: Number(row.duration),
        opened: row.opened,
        coverage: Number(row.coverage ?? 0),
        legacy: row.legacy,
      });
    }
    return { studentId, username: student.username, name: student.name, courses };
  }
}

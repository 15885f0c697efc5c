import type { Exam, ExamDetail, ExamGroupPage, PageQuery } from '@valence/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { searchValue, searchWay } from '../../lib/paging.js';
import type { CoursesService } from '../courses/service.js';
import type { ExamContent, ExamInfo } from './exam-content.js';
import type { ExamPresenter } from './presenter.js';
import * as activity from './reads-activity.js';
import * as repo from './repository.js';

export const EXAM_NOT_FOUND = 'Exam not found.';

/** What the exams module answers about its exams; `ExamsService` adds the changes. */
export class ExamReads {
  /** A course's pages of exam groups, each row with the total and the course's title. */
  private readonly groupPage: ReturnType<typeof activity.examGroupPages>;
  /** The MCQ questions' module, once it has attached itself (it depends on exams, not the reverse). */
  protected content: ExamContent | undefined;

  constructor(
    protected readonly db: Db,
    protected readonly courses: CoursesService,
    protected readonly presenter: ExamPresenter,
  ) {
    this.groupPage = activity.examGroupPages(courses.titleSql(sql.placeholder('courseId')));
  }

  /** Called by the questions module when it is registered; answers `content`. */
  attach<T extends ExamContent>(content: T): T {
    this.content = content;
    return content;
  }

  /**
   * Without `limit`: every exam of the course (content-deleted ones too), newest first, `q` matching
   * title or description. With it: a page of identifier groups having an exam that matches, ordered
   * by their newest exam; `items` holds every exam of those groups and `total` counts groups.
   */
  async list(courseId: number, query: PageQuery): Promise<Exam[] | ExamGroupPage> {
    if (query.limit === undefined) {
      const course = await this.courses.get(courseId);
      return this.presenter.present(await activity.listExams(this.db, courseId, query.q), course.title);
    }
    const window = { limit: query.limit, offset: query.offset ?? 0 };
    const rows =
      window.limit === 0
        ? []
        : await this.groupPage(this.db, searchWay(query.q), window).execute({
            courseId,
            q: searchValue(query.q),
            ...window,
          });
    const first = rows[0];
    // A row proves the course exists; an empty page may be an unknown course (404).
    const courseTitle = first?.courseTitle ?? (await this.courses.get(courseId)).title;
    const total = first?.total ?? (await repo.countGroups(this.db, courseId, query.q));
    return { items: await this.presenter.present(rows, courseTitle), total, ...window };
  }

  async get(id: number, db: DbOrTx = this.db): Promise<Exam> {
    const row = await activity.findExam(db, id);
    if (!row) throw notFound(EXAM_NOT_FOUND);
    const course = await this.courses.get(row.courseId, db);
    const [exam] = await this.presenter.present([row], course.title);
    return exam as Exam;
  }

  async detail(id: number): Promise<ExamDetail> {
    const exam = await this.get(id);
    const mcqQuestions = (await this.content?.listForExam(this.db, id)) ?? [];
    return { ...exam, mcqQuestions };
  }

  /** The exam as other modules may know it; 404 for an unknown exam. */
  async info(examId: number, db: DbOrTx = this.db): Promise<ExamInfo> {
    const row = await repo.findExamRow(db, examId);
    if (!row) throw notFound(EXAM_NOT_FOUND);
    return row;
  }

  /** A fresh signed link to the exam's paper, or null when it has none (MCQ, or content deleted). */
  async paperLink(examId: number): Promise<string | null> {
    const row = await repo.findExamRow(this.db, examId);
    return row ? this.presenter.paperUrl(row) : null;
  }
}

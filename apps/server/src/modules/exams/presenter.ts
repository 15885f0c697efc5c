import type { Exam } from '@valence/contract';
import type { Config } from '../../config.js';
import { fileNameOfKey } from '../../lib/multipart.js';
import type { ObjectStorage } from '../../storage/storage.js';
import type { ExamWithCounts } from './reads-activity.js';

/** Turns exam rows into the API's exams: course title, counts and a fresh signed link to the paper. */
export class ExamPresenter {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly config: Pick<Config, 'downloadLinkTtlSeconds'>,
  ) {}

  /** A paper whose exam's content is deleted has no link (its file is gone). */
  paperUrl(row: Pick<ExamWithCounts, 'paperKey' | 'contentDeleted'>): Promise<string | null> {
    if (!row.paperKey || row.contentDeleted) return Promise.resolve(null);
    return this.storage.signedUrl(row.paperKey, {
      ttlSeconds: this.config.downloadLinkTtlSeconds,
      fileName: fileNameOfKey(row.paperKey),
    });
  }

  /** Exams of one course (their counts came with the rows). */
  present(rows: ExamWithCounts[], courseTitle: string): Promise<Exam[]> {
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        courseId: row.courseId,
        courseTitle,
        title: row.title,
        description: row.description,
        dueDate: row.dueDate.toISOString(),
        examType: row.examType,
        examIdentifier: row.examIdentifier,
        published: row.published,
        gradesPublished: row.gradesPublished,
        contentDeleted: row.contentDeleted,
        examPaperUrl: await this.paperUrl(row),
        questionCount: row.questionCount,
        submissionCount: row.submissionCount,
        unmarkedCount: row.unmarkedCount,
        markScheme: row.markScheme,
        opensAt: row.opensAt?.toISOString() ?? null,
        timeLimitMinutes: row.timeLimitMinutes,
        shuffleQuestions: row.shuffleQuestions,
        shuffleOptions: row.shuffleOptions,
        questionsPerStudent: row.questionsPerStudent,
        reviewAfter: row.reviewAfter,
      })),
    );
  }
}

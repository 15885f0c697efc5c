import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { EXAM_MESSAGES, type QuestionExportFormat, type QuestionImportResult } from '@valence/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.js';
import { KIND_CONTENT_TYPES, nameForKind } from '../../lib/file-kind.js';
import type { StoredFile } from '../../lib/multipart.js';
import { deleteStoredFiles } from '../../storage/delete-files.js';
import { sanitizeFileName } from '../../storage/storage.js';
import { parseQuestionFile } from './import/detect.js';
import { EXPORT_TYPES, exportQuestions } from './import/export.js';
import { type Picture, planImport } from './import/plan.js';
import type { ImportForm } from './import/read-form.js';

export const NO_QUESTION_FILE = 'Choose a question file to import (file).';

/**
 * Questions from a file (CSV, XLSX, Aiken, GIFT; pictures from a zip) and to one (CSV, XLSX, Aiken):
 * what is refused, what is stored, and what is undone when the save fails.
 */
export class QuestionImportService {
  constructor(private readonly app: Pick<FastifyInstance, 'db' | 'storage' | 'log' | 'questions' | 'exams'>) {}

  /**
   * Checks the file and, unless `dryRun`, saves its questions with their pictures. Anything wrong
   * in the file refuses the whole of it (400 with the report); `saved` says whether it was stored.
   */
  async importFile(
    examId: number,
    form: ImportForm,
    dryRun: boolean,
  ): Promise<{ saved: boolean; result: QuestionImportResult }> {
    // The exam first: a file for an exam that cannot take questions is not worth reading.
    await this.app.questions.checkCanAdd(examId, 0);
    if (!form.file) throw badRequest(NO_QUESTION_FILE);
    const parsed = await parseQuestionFile(form.file.bytes, form.file.name);
    if (typeof parsed === 'string') throw badRequest(parsed);
    const { report, inputs, pictures } = await planImport(parsed, form.images?.bytes ?? null);
    if (report.problemCount > 0) {
      const count = report.problemCount;
      const unlisted = report.unlistedProblems
        ? ` The first ${report.problems.length} problems of the file are listed; ${report.unlistedProblems} more are only counted.`
        : '';
      const message = `The file has ${count} ${count === 1 ? 'problem' : 'problems'}; nothing was imported.${unlisted}`;
      throw new HttpError(400, message, {}, report);
    }
    if (dryRun) {
      await this.app.questions.checkCanAdd(examId, inputs.length);
      return { saved: false, result: { ...report, dryRun, saved: [] } };
    }
    const images = await this.storePictures(pictures);
    try {
      const saved = await this.app.questions.importMany(examId, inputs, images);
      return { saved: true, result: { ...report, dryRun, saved } };
    } catch (error) {
      await this.removeFiles(images);
      throw error;
    }
  }

  /** The exam's questions as a file the import reads back, with the name to download it under. */
  async exportFile(examId: number, format: QuestionExportFormat) {
    const exam = await this.app.exams.info(examId);
    if (exam.examType !== 'MCQ') throw badRequest(EXAM_MESSAGES.notMcq);
    const body = await exportQuestions(await this.app.questions.answerKey(this.app.db, examId), format);
    const type = EXPORT_TYPES[format];
    return { body, contentType: type.contentType, fileName: `${exam.examIdentifier}-questions.${type.extension}` };
  }

  /** The pictures stored under new keys, one per question that has one; all removed if one fails. */
  private async storePictures(pictures: (Picture | null)[]): Promise<(StoredFile | null)[]> {
    const stored: (StoredFile | null)[] = [];
    try {
      for (const picture of pictures) {
        if (!picture) {
          stored.push(null);
          continue;
        }
        const fileName = nameForKind(sanitizeFileName(picture.name), picture.kind);
        const key = `questions/${randomUUID()}-${fileName}`;
        await this.app.storage.put(key, Readable.from([Buffer.from(picture.bytes)]), {
          contentType: KIND_CONTENT_TYPES[picture.kind],
        });
        stored.push({ key, fileName, kind: picture.kind, size: picture.bytes.length });
      }
    } catch (error) {
      await this.removeFiles(stored);
      throw error;
    }
    return stored;
  }

  private removeFiles(files: (StoredFile | null)[]) {
    return deleteStoredFiles(
      this.app.storage,
      this.app.log,
      files.map((file) => file?.key),
    );
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type BulkReturnReport, MARKED_PAPER_KINDS, MARKING_MESSAGES, SUBMISSION_MESSAGES } from '@valence/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, conflict, HttpError } from '../../../lib/errors.js';
import { detectFileKind, type FileKind, SNIFF_BYTES } from '../../../lib/file-kind.js';
import { type StoredFile, storeFilePart } from '../../../lib/multipart-file.js';
import type { Principal } from '../../../lib/principal.js';
import { type ZipItem, ZipReader } from '../../../lib/zip-reader.js';
import type { ExamInfo } from '../../exams/exam-content.js';
import { type ScriptRow, scriptsOfExam } from '../reads-scripts.js';
import { MARKED_PAPER_MAX_BYTES } from '../routes.js';
import { auditGrade } from '../service.js';
import { type MarkLine, parseMarksCsv } from './marks-csv.js';
import { receiveZip } from './receive-zip.js';
import { SCRIPTS_PAGE, streamScriptsZip } from './scripts-zip.js';

/** marks.csv is read whole: a line per student of the largest exam is far below this. */
export const MARKS_CSV_MAX_BYTES = 5 * 1024 * 1024;
const MARKS_CSV = 'marks.csv';
/** Marked papers copied from the zip into the store at the same time. */
const STORE_AT_ONCE = 4;

type Deps = Pick<FastifyInstance, 'db' | 'exams' | 'submissions' | 'storage' | 'log'>;

/** A file of the zip and the script it is the marked paper of. */
type Match = { item: ZipItem; row: ScriptRow };

/** What a zip of marked papers comes to, before anything is saved. */
type Plan = { report: BulkReturnReport; matches: Match[]; marks: Map<number, MarkLine>; scheme: string };

/** A mark scheme's shape (its maxima): marks per question read against one fit no other. */
const shapeOf = (exam: ExamInfo) => exam.markScheme.map((question) => question.maxMarks).join(',');

/**
 * The bulk side of marking a PART II exam: every script out as one zip, and a zip of marked papers
 * (with an optional marks.csv) back in. It writes marks only through the `submissions` module, each
 * with the grade call's audit row, and only what the grade call would accept.
 */
export class BulkMarkingService {
  constructor(private readonly deps: Deps) {}

  /** A PART II exam that may still be marked: 404 unknown, 409 content deleted (as grading), 400 MCQ. */
  private async markable(examId: number, db = this.deps.db): Promise<ExamInfo> {
    const exam = await this.deps.exams.info(examId, db);
    if (exam.contentDeleted) throw conflict(SUBMISSION_MESSAGES.contentDeleted);
    if (exam.examType !== 'TRADITIONAL') throw badRequest(MARKING_MESSAGES.notPartTwo);
    return exam;
  }

  /** Before a download link is given: the same refusals as the download. */
  async assertMarkable(examId: number): Promise<void> {
    await this.markable(examId);
  }

  /** The exam's scripts as a zip stream, and the name it is downloaded under. */
  async scriptsZip(examId: number): Promise<{ fileName: string; stream: Readable }> {
    const exam = await this.markable(examId);
    const stream = streamScriptsZip(this.deps, examId);
    return { fileName: `${exam.examIdentifier}-scripts.zip`, stream };
  }

  /**
   * Reads the uploaded zip (onto disk first, removed whatever happens), matches its files to the
   * exam's scripts and checks marks.csv. A dry run stops at the report. Otherwise a marks.csv with
   * any error saves nothing (400 with the report); else every matched paper is stored, then one
   * transaction attaches the papers and sets the marks, each audited as a grade. A failure leaves
   * nothing behind: the transaction is undone and the papers stored for it are removed.
   */
  async returnMarkedPapers(
    actor: Principal,
    examId: number,
    request: FastifyRequest,
    dryRun: boolean,
  ): Promise<BulkReturnReport> {
    const exam = await this.markable(examId);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'valence-marked-'));
    try {
      const file = path.join(dir, 'upload.zip');
      const began = performance.now();
      if (!(await receiveZip(request, file))) throw badRequest(MARKING_MESSAGES.bulkNotZip);
      const receivedAt = performance.now();
      const zip = await ZipReader.open(file);
      try {
        const plan = await this.plan(exam, zip, dryRun);
        // How long the body took to arrive and how long matching took, for bench:marking-zip.
        this.deps.log.info(
          {
            examId,
            dryRun,
            receiveMs: Math.round(receivedAt - began),
            planMs: Math.round(performance.now() - receivedAt),
          },
          'marked papers read',
        );
        if (dryRun) return plan.report;
        if (plan.report.marks?.errors.length) throw new BulkRefusal(plan.report);
        const applied = await this.apply(actor, examId, zip, plan);
        return { ...plan.report, applied };
      } finally {
        await zip.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true }).catch((error) =>
        this.deps.log.warn({ err: error, dir }, 'could not remove a marked-papers upload'),
      );
    }
  }

  private async plan(exam: ExamInfo, zip: ZipReader, dryRun: boolean): Promise<Plan> {
    const examId = exam.id;
    const items = await zip.items(Math.max(MARKED_PAPER_MAX_BYTES, MARKS_CSV_MAX_BYTES));
    const byUsername = new Map<string, ScriptRow>();
    const byStudentId = new Map<number, ScriptRow>();
    const scripts: ScriptRow[] = [];
    for await (const page of scriptsOfExam(this.deps.db, examId, SCRIPTS_PAGE * 5)) {
      for (const row of page) {
        scripts.push(row);
        byUsername.set(row.username.toLowerCase(), row);
        byStudentId.set(row.studentId, row);
      }
    }
    const csvItem = items.find((item) => item.baseName.toLowerCase() === MARKS_CSV);
    const papers = items.filter((item) => item !== csvItem);
    if (papers.length === 0 && !csvItem) throw badRequest(MARKING_MESSAGES.bulkEmpty);

    const matches: Match[] = [];
    const unmatchedFiles: string[] = [];
    const taken = new Set<number>();
    for (const item of papers) {
      const row = matchScript(item.baseName, byUsername, byStudentId);
      if (!row || taken.has(row.id) || item.size > MARKED_PAPER_MAX_BYTES || !(await this.isPaper(zip, item))) {
        unmatchedFiles.push(item.name);
        continue;
      }
      taken.add(row.id);
      matches.push({ item, row });
    }

    let marks: BulkReturnReport['marks'] = null;
    const markLines = new Map<number, MarkLine>();
    if (csvItem) {
      if (csvItem.size > MARKS_CSV_MAX_BYTES) throw badRequest('marks.csv is larger than 5 MB.');
      const csv = parseMarksCsv(await zip.text(csvItem), (username) => byUsername.has(username), exam.markScheme);
      marks = { rows: csv.rows, errors: csv.errors };
      for (const line of csv.lines) markLines.set((byUsername.get(line.username) as ScriptRow).id, line);
    }
    return {
      report: {
        dryRun,
        matched: matches.map(({ item, row }) => ({ file: item.name, username: row.username, submissionId: row.id })),
        unmatchedFiles,
        scriptsWithoutFile: scripts.filter((row) => !taken.has(row.id)).map((row) => row.username),
        alreadyMarked: matches.filter(({ row }) => row.markedPaperKey !== null).map(({ row }) => row.username),
        marks,
        applied: 0,
      },
      matches,
      marks: markLines,
      scheme: shapeOf(exam),
    };
  }

  /** A kind the grade call takes as a marked paper, told by the file's first bytes as an upload's is. */
  private async isPaper(zip: ZipReader, item: ZipItem): Promise<boolean> {
    const kind = detectFileKind(await zip.head(item, SNIFF_BYTES), item.baseName);
    return kind !== null && (MARKED_PAPER_KINDS as readonly FileKind[]).includes(kind);
  }

  private async apply(actor: Principal, examId: number, zip: ZipReader, plan: Plan): Promise<number> {
    const stored = new Map<number, StoredFile>();
    const removeStored = () => this.deps.submissions.files.remove([...stored.values()].map((file) => file.key));
    let replaced: (string | null)[];
    const began = performance.now();
    let storedAt = began;
    try {
      // A few at once: one file's read from the zip overlaps another's write to the store.
      const queue = [...plan.matches];
      let failure: { error: unknown } | undefined;
      const worker = async () => {
        for (let next = queue.shift(); next && !failure; next = queue.shift()) {
          const { item, row } = next;
          try {
            const file = await storeFilePart(
              this.deps.storage,
              { file: await zip.open(item), filename: item.baseName },
              { kinds: MARKED_PAPER_KINDS, maxBytes: MARKED_PAPER_MAX_BYTES, keyPrefix: 'marked/', label: item.name },
            );
            if (file) stored.set(row.id, file);
          } catch (error) {
            failure ??= { error };
          }
        }
      };
      await Promise.all(Array.from({ length: STORE_AT_ONCE }, worker));
      if (failure) throw failure.error;
      storedAt = performance.now();
      const ids = [...new Set([...stored.keys(), ...plan.marks.keys()])].sort((a, b) => a - b);
      replaced = await this.deps.db.transaction(async (tx) => {
        const exam = await this.markable(examId, tx);
        if (shapeOf(exam) !== plan.scheme) {
          throw conflict('The mark scheme changed while the zip was read; please try again.');
        }
        const old: (string | null)[] = [];
        for (const id of ids) {
          const current = await this.deps.submissions.lockForMarking(tx, id);
          // Gone meanwhile (the student was deleted): nothing may be half done, so all of it stops.
          if (current?.examId !== examId) throw conflict('A script changed while the zip was read; please try again.');
          const paper = stored.get(id);
          const mark = plan.marks.get(id);
          const score = mark ? mark.traditionalScore : current.traditionalScore;
          const keepDate = score === current.traditionalScore && current.gradedAt;
          // With a mark scheme the line gives the marks per question (their sum is its score). Without
          // one, as with the grade call: marks per question stay only while the score is still their sum.
          const questionMarks =
            mark?.questionMarks !== undefined
              ? mark.questionMarks
              : score === current.traditionalScore
                ? current.questionMarks
                : null;
          await this.deps.submissions.recordMark(
            tx,
            id,
            {
              ...(mark
                ? {
                    traditionalScore: mark.traditionalScore,
                    instructorFeedback: mark.instructorFeedback,
                    gradedAt: score === null ? null : keepDate ? current.gradedAt : new Date(),
                    questionMarks,
                  }
                : {}),
              ...(paper ? { markedPaperKey: paper.key } : {}),
            },
            actor.id,
          );
          await auditGrade(
            tx,
            actor,
            current,
            { examType: exam.examType, examIdentifier: exam.examIdentifier },
            {
              traditionalScore: score,
              questionMarks,
              feedbackChanged: mark !== undefined && mark.instructorFeedback !== current.instructorFeedback,
              markedPaperChanged: paper !== undefined,
              markedPaperDrawn: false,
            },
          );
          if (paper) old.push(current.markedPaperKey);
        }
        return old;
      });
    } catch (error) {
      await removeStored();
      throw error;
    }
    const committedAt = performance.now();
    await this.deps.submissions.files.remove(replaced);
    const applied = new Set([...stored.keys(), ...plan.marks.keys()]).size;
    this.deps.log.info(
      {
        examId,
        applied,
        papers: stored.size,
        storeMs: Math.round(storedAt - began),
        commitMs: Math.round(committedAt - storedAt),
      },
      'marked papers returned',
    );
    return applied;
  }
}

/** The script a file is for: its name (without extension) is the student's username, any case, or their ID. */
function matchScript(
  baseName: string,
  byUsername: Map<string, ScriptRow>,
  byStudentId: Map<number, ScriptRow>,
): ScriptRow | undefined {
  const dot = baseName.lastIndexOf('.');
  const stem = (dot > 0 ? baseName.slice(0, dot) : baseName).trim();
  const byName = byUsername.get(stem.toLowerCase());
  if (byName) return byName;
  return /^\d{1,10}$/.test(stem) ? byStudentId.get(Number(stem)) : undefined;
}

/** A marks.csv with errors on a real run: 400, answered with the report so the tutor sees each line. */
export class BulkRefusal extends HttpError {
  constructor(readonly report: BulkReturnReport) {
    super(400, 'marks.csv has errors: nothing was saved.');
  }
}

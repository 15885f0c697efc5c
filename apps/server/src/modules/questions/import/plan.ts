import {
  EXAM_LIMITS,
  IMAGE_KINDS,
  type ImportedQuestion,
  QUESTION_IMPORT_LIMITS,
  type QuestionImportReport,
  type QuestionInput,
} from '@valence/contract';
import type JSZip from 'jszip';
import { detectFileKind, type FileKind } from '../../../lib/file-kind.js';
import { describeKinds, formatBytes } from '../../../lib/multipart-errors.js';
import { numberedProblems } from '../question-input.js';
import { fileProblem, type ParsedFile } from './candidate.js';

/** A picture taken from the images zip for one question, its kind told by its first bytes. */
export type Picture = { name: string; bytes: Uint8Array; kind: FileKind };

/** The report, and what saving needs when it has no problem: each question as the add-many form sends it, and its picture. */
export type ImportPlan = { report: QuestionImportReport; inputs: QuestionInput[]; pictures: (Picture | null)[] };

/** Unpacked pictures may weigh this much in all: a zip that inflates beyond it is refused, not unpacked. */
const UNPACKED_MAX = 4 * QUESTION_IMPORT_LIMITS.imagesMaxBytes;

type ZipEntry = JSZip.JSZipObject & { _data?: { uncompressedSize?: number } };

/** The zip's files by their path and, when that name is unique in the zip, by their base name too. */
function entriesOf(zip: JSZip): Map<string, ZipEntry> {
  const byName = new Map<string, ZipEntry>();
  const baseCount = new Map<string, number>();
  const files = Object.values(zip.files).filter((entry) => !entry.dir && !entry.name.startsWith('__MACOSX/'));
  for (const entry of files) {
    const base = entry.name.split('/').pop() ?? entry.name;
    baseCount.set(base, (baseCount.get(base) ?? 0) + 1);
  }
  for (const entry of files) byName.set(entry.name, entry);
  for (const entry of files) {
    const base = entry.name.split('/').pop() ?? entry.name;
    if (baseCount.get(base) === 1 && !byName.has(base)) byName.set(base, entry);
  }
  return byName;
}

/**
 * Applies the add-many form's rules to every question read from the file (same numbered words),
 * finds each named picture in the zip and checks it like a question picture (kind by its first
 * bytes, at most 5 MB), and counts every problem. Nothing is stored here.
 */
export async function planImport(parsed: ParsedFile, zipBytes: Uint8Array | null): Promise<ImportPlan> {
  const problems = [...parsed.problems];
  const count = parsed.questions.length;
  if (count > QUESTION_IMPORT_LIMITS.questions)
    problems.push(
      fileProblem(`The file holds ${count} questions; one import takes at most ${QUESTION_IMPORT_LIMITS.questions}.`),
    );
  if (count === 0 && problems.length === 0) problems.push(fileProblem('The file holds no questions.'));

  let entries: Map<string, ZipEntry> | null = null;
  if (zipBytes) {
    try {
      const { default: JSZip } = await import('jszip');
      entries = entriesOf(await JSZip.loadAsync(zipBytes));
    } catch {
      problems.push(fileProblem('The images file could not be read as a zip.'));
    }
  }

  let unpacked = 0;
  const inputs: QuestionInput[] = [];
  const pictures: (Picture | null)[] = [];
  const questions: ImportedQuestion[] = [];
  for (const [i, candidate] of parsed.questions.entries()) {
    const n = i + 1;
    const own: string[] = [];
    let picture: Picture | null = null;
    if (candidate.image) {
      const name = candidate.image;
      const entry = entries?.get(name);
      if (!zipBytes) own.push(`Question ${n}: The image "${name}" is named but no images zip was sent.`);
      else if (entries && !entry) own.push(`Question ${n}: The image "${name}" is not in the images zip.`);
      else if (entry) {
        const declared = entry._data?.uncompressedSize ?? 0;
        if (declared > EXAM_LIMITS.imageMaxBytes || unpacked + declared > UNPACKED_MAX) {
          own.push(`Question ${n}: The image "${name}" is larger than ${formatBytes(EXAM_LIMITS.imageMaxBytes)}.`);
        } else {
          const bytes = await entry.async('uint8array').catch(() => null);
          unpacked += bytes?.length ?? 0;
          const kind = bytes ? detectFileKind(bytes, name) : null;
          if (!bytes) own.push(`Question ${n}: The image "${name}" could not be unpacked from the zip.`);
          else if (bytes.length > EXAM_LIMITS.imageMaxBytes)
            own.push(`Question ${n}: The image "${name}" is larger than ${formatBytes(EXAM_LIMITS.imageMaxBytes)}.`);
          else if (!kind || !(IMAGE_KINDS as readonly string[]).includes(kind))
            own.push(`Question ${n}: The image "${name}" must be a ${describeKinds(IMAGE_KINDS)} file.`);
          else picture = { name, bytes, kind };
        }
      }
    }
    const input: QuestionInput = {
      questionText: candidate.questionText,
      options: candidate.options.map((optionText, at) => ({ optionText, isCorrect: at === candidate.correctIndex })),
    };
    const all = [...own, ...numberedProblems(input, picture !== null, n)];
    inputs.push(input);
    pictures.push(picture);
    questions.push({ number: n, ...candidate, problems: all });
  }
  const problemCount = problems.length + questions.reduce((sum, question) => sum + question.problems.length, 0);
  return { report: { format: parsed.format, questions, problems, problemCount }, inputs, pictures };
}

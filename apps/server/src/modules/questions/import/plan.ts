import {
  EXAM_LIMITS,
  IMAGE_KINDS,
  type ImportedQuestion,
  type ImportFileProblem,
  QUESTION_IMPORT_LIMITS,
  type QuestionImportReport,
  type QuestionInput,
} from '@valence/contract';
import { HttpError } from '../../../lib/errors.js';
import { detectFileKind, type FileKind } from '../../../lib/file-kind.js';
import { describeKinds, formatBytes } from '../../../lib/multipart-errors.js';
import { type ZipItem, ZipReader } from '../../../lib/zip-reader.js';
import { numberedProblems } from '../question-input.js';
import { fileProblem, type ParsedFile } from './candidate.js';

/** A picture taken from the images zip for one question, its kind told by its first bytes. */
export type Picture = { name: string; bytes: Uint8Array; kind: FileKind };

/** The report, and what saving needs when it has no problem: each question as the add-many form sends it, and its picture. */
export type ImportPlan = { report: QuestionImportReport; inputs: QuestionInput[]; pictures: (Picture | null)[] };

/**
 * Unpacked pictures may weigh this much in all: a zip whose named pictures inflate beyond it is
 * refused, not unpacked. The sizes are the zip's directory's; the reader fails an entry that inflates
 * to more, so a zip cannot claim small pictures and inflate large ones.
 */
const UNPACKED_MAX = 4 * QUESTION_IMPORT_LIMITS.imagesMaxBytes;
/** Files in the images zip: far more than one import's pictures, far fewer than a directory could hold. */
const IMAGES_MAX_FILES = 5000;
const IMAGES_NOT_ZIP = 'The images file could not be read as a zip.';

/** The zip's files by their path and, when that name is unique in the zip, by their base name too. */
function entriesOf(items: ZipItem[]): Map<string, ZipItem> {
  const byName = new Map<string, ZipItem>();
  const baseCount = new Map<string, number>();
  for (const item of items) baseCount.set(item.baseName, (baseCount.get(item.baseName) ?? 0) + 1);
  for (const item of items) byName.set(item.name, item);
  for (const item of items)
    if (baseCount.get(item.baseName) === 1 && !byName.has(item.baseName)) byName.set(item.baseName, item);
  return byName;
}

/**
 * Applies the add-many form's rules to every question read from the file (same numbered words),
 * finds each named picture in the zip and checks it like a question picture (kind by its first
 * bytes, at most 5 MB), and counts every problem. Nothing is stored here.
 */
export async function planImport(parsed: ParsedFile, zipBytes: Uint8Array | null): Promise<ImportPlan> {
  const own: ImportFileProblem[] = [];
  const count = parsed.questions.length + parsed.moreQuestions;
  const limit = QUESTION_IMPORT_LIMITS.questions;
  if (count > limit)
    own.push(
      fileProblem(
        `The file holds ${count} questions; one import takes at most ${limit}. Only the first ${limit} are checked.`,
      ),
    );
  if (count === 0 && parsed.problems.length === 0) own.push(fileProblem('The file holds no questions.'));

  let zip: ZipReader | null = null;
  let entries: Map<string, ZipItem> | null = null;
  if (zipBytes) {
    try {
      zip = await ZipReader.fromBytes(zipBytes, IMAGES_NOT_ZIP);
      // Any size here: a picture too large is its question's problem, told below.
      entries = entriesOf(await zip.items(Number.MAX_SAFE_INTEGER, { maxFiles: IMAGES_MAX_FILES }));
    } catch (error) {
      own.push(fileProblem(error instanceof HttpError ? error.message : IMAGES_NOT_ZIP));
    }
  }
  // The report lists so many of the file's problems, the parser's first, then these (always shown).
  const kept = Math.max(0, QUESTION_IMPORT_LIMITS.listedProblems - own.length);
  const problems = [...parsed.problems.slice(0, kept), ...own];
  const unlisted = parsed.unlisted + Math.max(0, parsed.problems.length - kept);
  try {
    return await planQuestions(parsed, problems, unlisted, zipBytes !== null, zip, entries);
  } finally {
    await zip?.close();
  }
}

async function planQuestions(
  parsed: ParsedFile,
  problems: ImportFileProblem[],
  unlistedProblems: number,
  zipSent: boolean,
  zip: ZipReader | null,
  entries: Map<string, ZipItem> | null,
): Promise<ImportPlan> {
  // Each picture is inflated once, however many rows name it (twenty rows once inflated it twenty times).
  const unpackedOnce = new Map<ZipItem, Promise<Buffer | null>>();
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
      if (!zipSent) own.push(`Question ${n}: The image "${name}" is named but no images zip was sent.`);
      else if (entries && !entry) own.push(`Question ${n}: The image "${name}" is not in the images zip.`);
      else if (entry && zip) {
        let once = unpackedOnce.get(entry);
        if (!once && entry.size <= EXAM_LIMITS.imageMaxBytes && unpacked + entry.size <= UNPACKED_MAX) {
          unpacked += entry.size;
          once = zip.bytes(entry).catch(() => null);
          unpackedOnce.set(entry, once);
        }
        const bytes = once ? await once : undefined;
        const kind = bytes ? detectFileKind(bytes, name) : null;
        if (bytes === undefined)
          own.push(`Question ${n}: The image "${name}" is larger than ${formatBytes(EXAM_LIMITS.imageMaxBytes)}.`);
        else if (!bytes) own.push(`Question ${n}: The image "${name}" could not be unpacked from the zip.`);
        else if (!kind || !(IMAGE_KINDS as readonly string[]).includes(kind))
          own.push(`Question ${n}: The image "${name}" must be a ${describeKinds(IMAGE_KINDS)} file.`);
        else picture = { name, bytes, kind };
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
  const problemCount =
    problems.length + unlistedProblems + questions.reduce((sum, question) => sum + question.problems.length, 0);
  return {
    report: { format: parsed.format, questions, problems, unlistedProblems, problemCount },
    inputs,
    pictures,
  };
}

import type { Tx } from '../db/client.js';
import { exams, mcqOptions, mcqQuestions } from '../db/schema.js';
import type { DemoCourse } from './demo-data.js';
import { QUESTIONS_PER_PAPER } from './plan.js';
import { demoPaper } from './question-bank.js';
import { Random } from './random.js';
import { TERM_TESTS, type TermTest, termTestIdentifier } from './term-tests.js';

/** Exams of this many courses per batch of INSERTs: 2,000 question rows, 10,000 option rows. */
const COURSES_PER_BATCH = 40;

/** The ids of a term test's two papers, by course index. */
export type TermExamIds = { mcq: number[]; partTwo: number[] };

/**
 * Each course's term tests (TERM_TESTS), each a Paper I of MCQs and a Paper II (written, PART II)
 * under one identifier, in the publication state of the term's stage, so the exams screen shows
 * every badge. PART II papers have no stored file: the seed writes only to the database, and a
 * tutor uploading real papers would replace them anyway. Returns the ids by term (index term − 1).
 */
export async function insertExams(
  tx: Tx,
  courses: DemoCourse[],
  courseIds: number[],
  scale: number,
  report: (phase: 'exams' | 'questions', done: number) => void,
): Promise<TermExamIds[]> {
  const context = { tx, courses, courseIds, report, done: { exams: 0, questions: 0 } };
  const ids: TermExamIds[] = [];
  for (const test of TERM_TESTS)
    ids.push(await insertTermTest(context, test, new Random(`${test.streams.exams}:${scale}`)));
  return ids;
}

type Context = {
  tx: Tx;
  courses: DemoCourse[];
  courseIds: number[];
  report: (phase: 'exams' | 'questions', done: number) => void;
  /** Rows written so far, over all terms. */
  done: { exams: number; questions: number };
};

async function insertTermTest(
  { tx, courses, courseIds, report, done }: Context,
  test: TermTest,
  random: Random,
): Promise<TermExamIds> {
  const ids: TermExamIds = { mcq: [], partTwo: [] };
  const name = `Term test ${test.term}`;
  for (let from = 0; from < courses.length; from += COURSES_PER_BATCH) {
    const batch = courses.slice(from, from + COURSES_PER_BATCH).map((course, k) => {
      const index = from + k;
      const due = test.due(course, index);
      const stage = test.stage(index);
      const common = {
        courseId: courseIds[index] as number,
        examIdentifier: termTestIdentifier(index, test.term),
        dueDate: due,
        createdAt: due,
      };
      return {
        mcq: {
          ...common,
          title: `${name} – Paper I`,
          description: `${QUESTIONS_PER_PAPER} multiple-choice questions, 2 hours. ${course.title}.`,
          examType: 'MCQ' as const,
          published: stage.mcq,
        },
        partTwo: {
          ...common,
          title: `${name} – Paper II`,
          description: `Structured and essay questions, 3 hours. Upload your answer script as one PDF. ${course.title}.`,
          examType: 'TRADITIONAL' as const,
          published: stage.partTwo,
          gradesPublished: stage.gradesPublished,
        },
        questions: demoPaper(random, QUESTIONS_PER_PAPER),
      };
    });
    const rows = await tx
      .insert(exams)
      .values(batch.flatMap((exam) => [exam.mcq, exam.partTwo]))
      .returning({ id: exams.id, identifier: exams.examIdentifier, type: exams.examType });
    const mcqId = new Map(rows.filter((row) => row.type === 'MCQ').map((row) => [row.identifier, row.id]));
    const partTwoId = new Map(rows.filter((row) => row.type !== 'MCQ').map((row) => [row.identifier, row.id]));
    for (const exam of batch) {
      ids.mcq.push(mcqId.get(exam.mcq.examIdentifier) as number);
      ids.partTwo.push(partTwoId.get(exam.mcq.examIdentifier) as number);
    }
    done.exams += rows.length;
    report('exams', done.exams);

    const questionRows = await tx
      .insert(mcqQuestions)
      .values(
        batch.flatMap((exam) =>
          exam.questions.map((question, position) => ({
            examId: mcqId.get(exam.mcq.examIdentifier) as number,
            questionText: question.text,
            position,
          })),
        ),
      )
      .returning({ id: mcqQuestions.id, examId: mcqQuestions.examId, position: mcqQuestions.position });
    const questionId = new Map(questionRows.map((row) => [`${row.examId} ${row.position}`, row.id]));
    await tx.insert(mcqOptions).values(
      batch.flatMap((exam) => {
        const examId = mcqId.get(exam.mcq.examIdentifier) as number;
        return exam.questions.flatMap((question, position) =>
          question.options.map((optionText, k) => ({
            questionId: questionId.get(`${examId} ${position}`) as number,
            optionText,
            isCorrect: k === question.correct,
            position: k,
          })),
        );
      }),
    );
    done.questions += questionRows.length;
    report('questions', done.questions);
  }
  return ids;
}

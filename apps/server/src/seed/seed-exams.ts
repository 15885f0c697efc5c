import type { Tx } from '../db/client.js';
import { exams, mcqOptions, mcqQuestions } from '../db/schema.js';
import type { DemoCourse } from './generate.js';
import { QUESTIONS_PER_PAPER } from './plan.js';
import { termTestDue, termTestIdentifier, termTestStage } from './plan-submissions.js';
import { demoPaper } from './question-bank.js';
import { Random } from './random.js';

/** Exams of this many courses per batch of INSERTs: 2,000 question rows, 10,000 option rows. */
const COURSES_PER_BATCH = 40;

/**
 * Each course's first term test: a Paper I of MCQs and a Paper II (written, PART II) under one
 * identifier. One course in three has both published (marks too), one only the MCQ paper, one none
 * yet, so the exams screen shows every badge. PART II papers have no stored file: the seed writes
 * only to the database, and a tutor uploading real papers would replace them anyway.
 */
export async function insertExams(
  tx: Tx,
  courses: DemoCourse[],
  courseIds: number[],
  scale: number,
  report: (phase: 'exams' | 'questions', done: number) => void,
): Promise<{ mcq: number[]; partTwo: number[] }> {
  const random = new Random(`exams:${scale}`);
  const ids = { mcq: [] as number[], partTwo: [] as number[] };
  let examsDone = 0;
  let questionsDone = 0;
  for (let from = 0; from < courses.length; from += COURSES_PER_BATCH) {
    const batch = courses.slice(from, from + COURSES_PER_BATCH).map((course, k) => {
      const index = from + k;
      const identifier = termTestIdentifier(index);
      const due = termTestDue(course, index);
      const stage = termTestStage(index);
      const common = { courseId: courseIds[index] as number, examIdentifier: identifier, dueDate: due, createdAt: due };
      return {
        mcq: {
          ...common,
          title: 'Term test 1 – Paper I',
          description: `${QUESTIONS_PER_PAPER} multiple-choice questions, 2 hours. ${course.title}.`,
          examType: 'MCQ' as const,
          published: stage < 2,
        },
        partTwo: {
          ...common,
          title: 'Term test 1 – Paper II',
          description: `Structured and essay questions, 3 hours. Upload your answer script as one PDF. ${course.title}.`,
          examType: 'TRADITIONAL' as const,
          published: stage === 0,
          gradesPublished: stage === 0,
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
    examsDone += rows.length;
    report('exams', examsDone);

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
    questionsDone += questionRows.length;
    report('questions', questionsDone);
  }
  return ids;
}

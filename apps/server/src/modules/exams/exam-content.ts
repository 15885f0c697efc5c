import type { ExamType, MarkScheme, McqQuestion } from '@valence/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { ExamSettings } from './exam-input.js';

/** What another module may know of an exam it keeps something in. */
export type ExamInfo = {
  id: number;
  courseId: number;
  title: string;
  description: string;
  examType: ExamType;
  examIdentifier: string;
  published: boolean;
  gradesPublished: boolean;
  contentDeleted: boolean;
  dueDate: Date;
  /** PART II: its questions' maximum marks (empty: marked by the score alone), and reusable comments. */
  markScheme: MarkScheme;
  commentBank: string[];
  // The sitting settings; a student's own window is read with their override applied (`studentTiming`).
} & ExamSettings;

/**
 * What another module keeps in an exam: its MCQ questions. The exams module knows no such module:
 * the questions module attaches itself (`app.exams.attach`), and the exam's list, detail, content
 * delete and course delete ask it, inside the exam's transaction where one is open.
 */
export interface ExamContent {
  /** How many questions each of these exams has (absent: none). */
  countByExam(db: DbOrTx, examIds: number[]): Promise<Map<number, number>>;
  /** The exam's questions in order, options in order, pictures as signed links. */
  listForExam(db: DbOrTx, examId: number): Promise<McqQuestion[]>;
  /** Removes what these exams hold; answers the stored keys to delete once the transaction commits. */
  deleteForExams(tx: Tx, examIds: number[]): Promise<string[]>;
}

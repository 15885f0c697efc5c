import { MCQ_EXAM_SEARCH_LIMIT, type McqExamFound } from '@valence/contract';
import { and, desc, eq, not, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { courses, exams, mcqQuestions } from '../../db/schema.js';
import { contains } from '../../lib/paging.js';

/**
 * The MCQ exams of every course a tutor may copy questions from, searched by title or identifier,
 * with the course's title and the question count so two papers of one name can be told apart. It
 * joins exams, courses and questions in one statement, hence here rather than in one module.
 */
export function searchMcqExams(db: DbOrTx, q: string | undefined): Promise<McqExamFound[]> {
  const questionCount = sql<number>`(select count(*) from ${mcqQuestions} where ${mcqQuestions}.exam_id = ${exams}.id)`;
  const match = q
    ? or(contains(sql`lower(${exams.title})`, q), contains(sql`lower(${exams.examIdentifier})`, q))
    : undefined;
  return db
    .select({
      id: exams.id,
      title: exams.title,
      examIdentifier: exams.examIdentifier,
      courseId: exams.courseId,
      courseTitle: courses.title,
      questionCount: questionCount.mapWith(Number),
    })
    .from(exams)
    .innerJoin(courses, eq(courses.id, exams.courseId))
    .where(and(eq(exams.examType, 'MCQ'), not(exams.contentDeleted), match))
    .orderBy(desc(exams.createdAt), desc(exams.id))
    .limit(MCQ_EXAM_SEARCH_LIMIT);
}

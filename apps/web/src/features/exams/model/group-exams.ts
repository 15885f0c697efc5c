import type { Exam } from '@valence/contract';

export type ExamGroup = { identifier: string; exams: Exam[] };

/** MCQ (part I) before PART II inside a group, the order students sit them in. */
const typeOrder = { MCQ: 0, TRADITIONAL: 1 } as const;

/**
 * The page's exams as the cards show them: one group per exam identifier, in the order the server
 * sent the groups, each with its MCQ exam and/or PART II exam.
 */
export function groupExams(exams: Exam[]): ExamGroup[] {
  const groups = new Map<string, Exam[]>();
  for (const exam of exams) {
    const group = groups.get(exam.examIdentifier);
    if (group) group.push(exam);
    else groups.set(exam.examIdentifier, [exam]);
  }
  return [...groups].map(([identifier, members]) => ({
    identifier,
    exams: [...members].sort((a, b) => typeOrder[a.examType] - typeOrder[b.examType] || a.id - b.id),
  }));
}

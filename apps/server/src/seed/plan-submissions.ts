import type { DemoCourse, DemoData } from './generate.js';
import { ANCHOR } from './generate.js';
import { QUESTIONS_PER_PAPER } from './plan.js';
import { Random } from './random.js';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** What a course's term test is open for (seed-exams.ts): both papers, the MCQ only, or neither yet. */
export const termTestStage = (courseIndex: number) => courseIndex % 3;
/** Stage 0: both papers published, PART II marks too; stage 1: the MCQ paper only. */
export const mcqOpen = (courseIndex: number) => termTestStage(courseIndex) < 2;
export const partTwoOpen = (courseIndex: number) => termTestStage(courseIndex) === 0;

/**
 * Which questions of a Paper I a submission answered, and which it got right: the same arithmetic
 * runs in SQL (seed-submissions.ts) over the stored questions, so the answers are written in one
 * statement per batch and counted exactly here. About one question in twenty is left unanswered.
 */
export const answered = (seed: number, position: number) => (seed * 13 + position * 7) % 20 !== 0;

export type DemoSubmission = {
  student: number;
  course: number;
  kind: 'MCQ' | 'TRADITIONAL';
  at: Date;
  /** MCQ: picks the answers (with `ability`, the share right in per cent). */
  seed: number;
  ability: number;
  /** PART II: the mark (null: not marked yet), the feedback and when it was marked. */
  score: number | null;
  feedback: string | null;
  gradedAt: Date | null;
};

export type SubmissionCounts = {
  /** MCQ and PART II together, one per student and exam. */
  submissions: number;
  /** PART II scripts with a mark; the rest wait for marking. */
  markedScripts: number;
  /** submission_answers rows: the answered questions of every MCQ submission. */
  answers: number;
};

const FEEDBACK = [
  'Good structure; balance the redox equations in Q3.',
  'Show units in every calculation.',
  'Excellent answers to the organic conversions.',
  'Revise Hess cycles; Q5 lost marks on signs.',
  'Name the reagents and conditions for each step.',
  'Clear diagrams. Explain the trend in Q2 with ionisation energies.',
];

/**
 * The term-test submissions of the demo class: on each ACTIVE enrolment of a course whose MCQ paper
 * is published, four students in five sat it; where PART II is published too, seven in ten handed
 * in a script, three in four of those marked. Chosen by index, so every count is exact.
 */
export function planSubmissions(data: DemoData): { submissions: DemoSubmission[]; counts: SubmissionCounts } {
  const random = new Random(`submissions:${data.scale}`);
  const submissions: DemoSubmission[] = [];
  const counts: SubmissionCounts = { submissions: 0, markedScripts: 0, answers: 0 };
  for (const [student, { enrollments }] of data.students.entries()) {
    for (const { course, status } of enrollments) {
      if (status !== 'ACTIVE') continue;
      const closes = Math.min(dueOf(data.courses, course), ANCHOR.getTime());
      if (mcqOpen(course) && (student + course) % 10 < 8) {
        const seed = random.int(0, 9999);
        submissions.push({
          student,
          course,
          kind: 'MCQ',
          at: new Date(closes - random.int(1, 96) * HOUR_MS),
          seed,
          ability: random.int(35, 95),
          score: null,
          feedback: null,
          gradedAt: null,
        });
        counts.submissions += 1;
        for (let position = 0; position < QUESTIONS_PER_PAPER; position++) {
          if (answered(seed, position)) counts.answers += 1;
        }
      }
      if (partTwoOpen(course) && (student + 2 * course) % 10 < 7) {
        const at = new Date(closes - random.int(1, 96) * HOUR_MS);
        const marked = (3 * student + course) % 4 !== 0;
        submissions.push({
          student,
          course,
          kind: 'TRADITIONAL',
          at,
          seed: 0,
          ability: 0,
          score: marked ? random.int(1500, 9850) / 100 : null,
          feedback: marked ? random.pick(FEEDBACK) : null,
          gradedAt: marked ? new Date(at.getTime() + random.int(1, 10) * DAY_MS) : null,
        });
        counts.submissions += 1;
        if (marked) counts.markedScripts += 1;
      }
    }
  }
  return { submissions, counts };
}

/** The term test's due date, as seed-exams.ts sets it (kept in step by the seed's API test). */
export const dueOf = (courses: DemoCourse[], course: number) =>
  termTestDue(courses[course] as DemoCourse, course).getTime();

/** Fixed per course: created + 45 to 200 days, from the course's own index (no shared stream). */
export function termTestDue(course: DemoCourse, index: number): Date {
  return new Date(course.createdAt.getTime() + (45 + ((index * 37) % 156)) * DAY_MS);
}

/** An identifier of a course's term test. */
export const termTestIdentifier = (courseIndex: number) => `CHEM_C${String(courseIndex + 1).padStart(3, '0')}_TERM1`;

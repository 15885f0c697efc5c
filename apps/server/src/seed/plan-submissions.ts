import type { DemoCourse, DemoData } from './demo-data.js';
import { ANCHOR } from './generate.js';
import { QUESTIONS_PER_PAPER } from './plan.js';
import { Random } from './random.js';
import { TERM_TESTS, type TermTest } from './term-tests.js';

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Which questions of a Paper I a submission answered, and which it got right: the same arithmetic
 * runs in SQL (seed-submissions.ts) over the stored questions, so the answers are written in one
 * statement per batch and counted exactly here. About one question in twenty is left unanswered.
 */
export const answered = (seed: number, position: number) => (seed * 13 + position * 7) % 20 !== 0;

export type DemoSubmission = {
  student: number;
  course: number;
  /** Which term test (TERM_TESTS[term - 1]). */
  term: TermTest['term'];
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
 * The term-test submissions of the demo class, term by term (TERM_TESTS): on each ACTIVE enrolment
 * of a course whose paper is published, the students the term's rules choose by index sat the MCQ
 * paper or handed in a script, and those it chooses have their script marked. Every count is exact.
 */
export function planSubmissions(data: DemoData): { submissions: DemoSubmission[]; counts: SubmissionCounts } {
  const submissions: DemoSubmission[] = [];
  const counts: SubmissionCounts = { submissions: 0, markedScripts: 0, answers: 0 };
  for (const test of TERM_TESTS) planTerm(data, test, submissions, counts);
  return { submissions, counts };
}

function planTerm(data: DemoData, test: TermTest, submissions: DemoSubmission[], counts: SubmissionCounts) {
  const random = new Random(`${test.streams.submissions}:${data.scale}`);
  const { term } = test;
  for (const [student, { enrollments }] of data.students.entries()) {
    for (const { course, status } of enrollments) {
      if (status !== 'ACTIVE') continue;
      const stage = test.stage(course);
      const closes = Math.min(dueOf(data, test, course), ANCHOR.getTime());
      if (stage.mcq && test.sat(student, course)) {
        const seed = random.int(0, 9999);
        submissions.push({
          student,
          course,
          term,
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
      if (stage.partTwo && test.handedIn(student, course)) {
        const at = new Date(closes - random.int(1, 96) * HOUR_MS);
        const marked = test.marked(student, course);
        submissions.push({
          student,
          course,
          term,
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
}

/** A term test's due date in a course, as seed-exams.ts sets it (kept in step by the seed's API test). */
export const dueOf = (data: DemoData, test: TermTest, course: number) =>
  test.due(data.courses[course] as DemoCourse, course).getTime();

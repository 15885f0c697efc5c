import { MAX_SCALE } from './plan.js';
import { type SeedCounts, seedPlan } from './seed.js';

export const DEFAULT_STUDENT_PASSWORD = 'demo-chem-2026';

export const LABELS: Record<keyof SeedCounts, string> = {
  students: 'students',
  courses: 'courses',
  resources: 'resources',
  enrollments: 'enrolments',
  watchRecords: 'watch records',
  exams: 'exams',
  questions: 'MCQ questions',
  submissions: 'submissions',
  markedScripts: 'marked scripts',
  answers: 'MCQ answers',
};

export const number = (value: number) => value.toLocaleString('en-US');

export function usage(): string {
  const examples = [1, 50, MAX_SCALE].map((scale) => ({ scale, plan: seedPlan(scale) }));
  const column = (key: keyof SeedCounts) => examples.map(({ plan }) => number(plan[key]).padStart(10)).join('');
  return `Usage: npm run seed:demo -- [--scale N] [--reset] [--password SECRET]
                            [--database-url postgres://...] [--data-dir DIR]

Fills an empty database with a demo A/L chemistry class: Sri Lankan students, courses with YouTube
lessons, enrolments (about 8 % disabled), watch-time records and a term test per course (an MCQ
paper of 50 questions and a PART II paper under one identifier, in every publication state) with
its submissions: on active enrolments, 4 students in 5 sat a published MCQ paper (marked from their
stored answers) and 7 in 10 handed in a published PART II script, 3 in 4 of those marked with
feedback (marks published). PART II scripts have no stored file (no answer to download). The same
scale gives the same data. Uses the server's settings: DATABASE_URL, else the embedded database in DATA_DIR (default
./data); --database-url and --data-dir override them. Creates the superadmin from ADMIN_USERNAME /
ADMIN_PASSWORD, as the server's first start does, when there is none.

  --scale N      1 to ${MAX_SCALE} (default 1):
                   students       40 × N
                   courses        6 × N, at most 300
                   resources      3, 4 or 5 lessons per course
                   enrolments     3 or 4 courses per student (3 students in 5 take 4)
                   watch records  8 + round(92 × (N − 1) / 499) per student
                   exams          2 per course; questions 50 per MCQ paper
                   submissions    see above; MCQ answers: about 19 in 20 questions answered
                 scale           ${examples.map(({ scale }) => String(scale).padStart(10)).join('')}
                 students        ${column('students')}
                 courses         ${column('courses')}
                 resources       ${column('resources')}
                 enrolments      ${column('enrollments')}
                 watch records   ${column('watchRecords')}
                 questions       ${column('questions')}
                 submissions     ${column('submissions')}
                 marked scripts  ${column('markedScripts')}
                 MCQ answers     ${column('answers')}
  --reset        delete the demo data of an earlier run first (every student and course, with
                 their enrolments and watch records; staff accounts stay). Without it a second run
                 stops with "already has demo data". Data the seed did not make is never deleted.
  --password S   the password every demo student shares (default ${DEFAULT_STUDENT_PASSWORD})
`;
}

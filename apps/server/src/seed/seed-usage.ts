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
  const column = (key: keyof SeedCounts) => examples.map(({ plan }) => number(plan[key]).padStart(11)).join('');
  return `Usage: npm run seed:demo -- [--scale N] [--reset] [--password SECRET]
                            [--database-url postgres://...] [--data-dir DIR]

Fills an empty database with a demo A/L chemistry class: Sri Lankan students, courses with YouTube
lessons, enrolments (about 8 % disabled), watch-time records and two term tests per course (each an
MCQ paper of 50 questions and a PART II paper under one identifier, CHEM_C001_TERM1 and _TERM2, the
second due 10 to 16 weeks after the first) with their submissions on active enrolments:
  term test 1  of 3 courses: 1 both papers out, marks published; 1 the MCQ paper only; 1 neither.
               4 students in 5 sat the MCQ paper, 7 in 10 handed in a script, 3 in 4 marked.
  term test 2  of 6 courses: 3 both papers out, marks published; 1 both out, scripts being marked
               (1 in 2 marked, marks not yet published); 1 the MCQ paper only; 1 neither.
               7 students in 10 sat the MCQ paper, 6 in 10 handed in a script, 3 in 4 marked
               where marks are published.
MCQ papers are marked from the stored answers; marked scripts have a mark and feedback. PART II
scripts have no stored file (no answer to download). The same scale gives the same data.

Uses the server's settings: DATABASE_URL, else the embedded database in DATA_DIR (default ./data);
--database-url and --data-dir override them. Creates the superadmin from ADMIN_USERNAME /
ADMIN_PASSWORD, as the server's first start does, when there is none.

  --scale N      1 to ${MAX_SCALE} (default 1):
                   students       40 × N
                   courses        6 × N, at most 300
                   resources      3, 4 or 5 lessons per course
                   enrolments     3 or 4 courses per student (3 students in 5 take 4)
                   watch records  8 + round(92 × (N − 1) / 499) per student
                   exams          4 per course (2 term tests); questions 50 per MCQ paper
                   submissions    see above; MCQ answers: about 19 in 20 questions answered
                 scale           ${examples.map(({ scale }) => String(scale).padStart(11)).join('')}
                 students        ${column('students')}
                 courses         ${column('courses')}
                 resources       ${column('resources')}
                 enrolments      ${column('enrollments')}
                 watch records   ${column('watchRecords')}
                 exams           ${column('exams')}
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

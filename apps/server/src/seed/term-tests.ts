import type { DemoCourse } from './demo-data.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How far a course's term test has got: `mcq` Paper I published, `partTwo` Paper II published (its
 * scripts then being marked), `gradesPublished` the PART II marks released to the students.
 */
export type TermTestStage = { mcq: boolean; partTwo: boolean; gradesPublished: boolean };

const MARKS_OUT: TermTestStage = { mcq: true, partTwo: true, gradesPublished: true };
const MARKING: TermTestStage = { mcq: true, partTwo: true, gradesPublished: false };
const MCQ_ONLY: TermTestStage = { mcq: true, partTwo: false, gradesPublished: false };
const NOT_YET: TermTestStage = { mcq: false, partTwo: false, gradesPublished: false };

/**
 * A term test of every course: a Paper I of MCQs and a Paper II (PART II) under one identifier.
 * The rules pick by index, not at random, so plan-submissions.ts counts every row exactly; the
 * random parts (times, answers, marks, questions) each draw from the term's own streams.
 */
export type TermTest = {
  term: 1 | 2;
  /** The Random stream names of its questions (seed-exams.ts) and of its submissions. */
  streams: { exams: string; submissions: string };
  stage: (course: number) => TermTestStage;
  due: (course: DemoCourse, index: number) => Date;
  /** On an ACTIVE enrolment where the paper is published: sat the MCQ paper, handed in a script. */
  sat: (student: number, course: number) => boolean;
  handedIn: (student: number, course: number) => boolean;
  /** A handed-in script has its mark (where marks are out, or still being marked). */
  marked: (student: number, course: number) => boolean;
};

/** Fixed per course: created + 45 to 200 days, from the course's own index (no shared stream). */
const firstDue = (course: DemoCourse, index: number) =>
  new Date(course.createdAt.getTime() + (45 + ((index * 37) % 156)) * DAY_MS);

/** Term test 2 of six courses: three with marks out, one being marked, one MCQ paper only, one neither. */
const secondStage = (course: number) =>
  [MARKS_OUT, MARKS_OUT, MARKING, MCQ_ONLY, NOT_YET, MARKS_OUT][course % 6] as TermTestStage;

export const TERM_TESTS: readonly TermTest[] = [
  {
    // One course in three has both papers out with marks, one only the MCQ paper, one neither yet.
    // Four students in five sat the MCQ paper, seven in ten handed in a script, three in four marked.
    term: 1,
    streams: { exams: 'exams', submissions: 'submissions' },
    stage: (course) => [MARKS_OUT, MCQ_ONLY, NOT_YET][course % 3] as TermTestStage,
    due: firstDue,
    sat: (student, course) => (student + course) % 10 < 8,
    handedIn: (student, course) => (student + 2 * course) % 10 < 7,
    marked: (student, course) => (3 * student + course) % 4 !== 0,
  },
  {
    // Ten to sixteen weeks after term test 1. Of six courses, three have both papers out with marks,
    // one its scripts half marked (marks not released), one only the MCQ paper, one neither yet.
    // Fewer turn up late in the year: seven in ten sat the MCQ paper, six in ten handed in a script.
    term: 2,
    streams: { exams: 'exams:term2', submissions: 'submissions:term2' },
    stage: secondStage,
    due: (course, index) => new Date(firstDue(course, index).getTime() + (70 + ((index * 29) % 43)) * DAY_MS),
    sat: (student, course) => (student + course + 3) % 10 < 7,
    handedIn: (student, course) => (student + 2 * course + 5) % 10 < 6,
    marked: (student, course) =>
      secondStage(course).gradesPublished ? (3 * student + course + 1) % 4 !== 0 : (student + course) % 2 === 0,
  },
];

/** How many term tests each course has (two exams, an MCQ and a PART II paper, per test). */
export const TERMS_PER_COURSE = TERM_TESTS.length;

/** The term test's identifier in a course: CHEM_C001_TERM1, CHEM_C001_TERM2, … */
export const termTestIdentifier = (courseIndex: number, term: number) =>
  `CHEM_C${String(courseIndex + 1).padStart(3, '0')}_TERM${term}`;

import { TERMS_PER_COURSE } from './term-tests.js';

/**
 * How big the demo is at a scale. Every count is exact (the API test holds the seed to it), and
 * scale 500 is the benchmark size: 20,000 students, 300 courses, 2,000,000 watch records
 * (and over 100,000 term-test submissions, counted by plan-submissions.ts from the generated class).
 */
export const MAX_SCALE = 500;
export const STUDENTS_PER_SCALE = 40;
export const COURSES_PER_SCALE = 6;
export const MAX_COURSES = 300;

/** Course j has 3, 4 or 5 lessons. */
export const resourcesOfCourse = (courseIndex: number) => 3 + (courseIndex % 3);

/** Three students in five take four classes, the others three: 60 % of the six classes at scale 1. */
export const coursesOfStudent = (studentIndex: number) => (studentIndex % 5 < 3 ? 4 : 3);

/**
 * Watch records per student: 8 at scale 1 (a few hundred in all), 100 at scale 500. A longer
 * history at larger scales is what makes 2 million rows from 20,000 students.
 */
export const watchRecordsPerStudent = (scale: number) => 8 + Math.round((92 * (scale - 1)) / (MAX_SCALE - 1));

/** Every course's Paper I has this many MCQs (the mark out of 50, 50 × right ÷ questions, is then the count right). */
export const QUESTIONS_PER_PAPER = 50;

export type DemoCounts = {
  students: number;
  courses: number;
  resources: number;
  enrollments: number;
  watchRecords: number;
  /** Four per course: two term tests, each an MCQ paper and a PART II paper under one identifier. */
  exams: number;
  questions: number;
};

export function demoPlan(scale: number): DemoCounts {
  if (!Number.isInteger(scale) || scale < 1 || scale > MAX_SCALE) {
    throw new RangeError(`The scale must be a whole number from 1 to ${MAX_SCALE}.`);
  }
  const students = STUDENTS_PER_SCALE * scale;
  const courses = Math.min(COURSES_PER_SCALE * scale, MAX_COURSES);
  let resources = 0;
  for (let j = 0; j < courses; j++) resources += resourcesOfCourse(j);
  let enrollments = 0;
  for (let i = 0; i < students; i++) enrollments += Math.min(coursesOfStudent(i), courses);
  return {
    students,
    courses,
    resources,
    enrollments,
    watchRecords: students * watchRecordsPerStudent(scale),
    exams: 2 * TERMS_PER_COURSE * courses,
    questions: QUESTIONS_PER_PAPER * TERMS_PER_COURSE * courses,
  };
}

import { modulePlugin } from '../../lib/module-plugin.js';
import { MarksService } from './marks.js';
import { SubmissionsService } from './service.js';
import { StudentExamsService } from './student-exams.js';

declare module 'fastify' {
  interface FastifyInstance {
    submissions: SubmissionsService;
    marks: MarksService;
    studentExams: StudentExamsService;
  }
}

/** Staff's side: an exam's scripts, marking, MCQ answers; also removes a deleted student's files. */
export const submissionsPlugin = modulePlugin('submissions', (app) => new SubmissionsService(app), {
  dependencies: ['exams', 'questions'],
  decorators: ['db', 'storage', 'config'],
});

/** Marks by exam identifier: the marks summary, score rows, one exam's combined score. */
export const marksPlugin = modulePlugin('marks', (app) => new MarksService(app), {
  dependencies: ['accounts', 'submissions'],
  decorators: ['db'],
});

/** The students' side: their exams, the paper, MCQ answers and PART II scripts. */
export const studentExamsPlugin = modulePlugin('studentExams', (app) => new StudentExamsService(app), {
  name: 'student-exams',
  dependencies: ['courses', 'enrollments', 'exams', 'questions', 'submissions'],
  decorators: ['db'],
});

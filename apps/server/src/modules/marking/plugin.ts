import { modulePlugin } from '../../lib/module-plugin.js';
import { MarksService } from './marks.js';
import { MarkingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    marking: MarkingService;
    marks: MarksService;
  }
}

/**
 * Staff's side of what students hand in: an exam's scripts, grading, one student's MCQ answers, and
 * the marking studio (`app.marking.studio`: annotations, neighbours, progress, "next unmarked").
 * Owns the studio's tables (claims, annotations); a mark is written through `submissions`.
 */
export const markingPlugin = modulePlugin('marking', (app) => new MarkingService(app), {
  dependencies: ['exams', 'questions', 'submissions'],
  decorators: ['db', 'storage', 'config'],
});

/** Marks by exam identifier: the marks summary, score rows, one exam's combined score. */
export const marksPlugin = modulePlugin('marks', (app) => new MarksService(app), {
  dependencies: ['accounts', 'submissions'],
  decorators: ['db'],
});

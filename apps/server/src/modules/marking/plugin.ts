import { modulePlugin } from '../../lib/module-plugin.js';
import { MarksService } from './marks.js';
import { MarkingService } from './service.js';
import { StudioService } from './studio.js';

declare module 'fastify' {
  interface FastifyInstance {
    marking: MarkingService;
    marks: MarksService;
    studio: StudioService;
  }
}

/** Staff's side: an exam's scripts, marking, one student's MCQ answers. */
export const markingPlugin = modulePlugin('marking', (app) => new MarkingService(app), {
  dependencies: ['exams', 'questions', 'submissions'],
  decorators: ['db', 'storage', 'config'],
});

/** The marking studio: a script's annotations and neighbours, an exam's progress, "next unmarked". */
export const studioPlugin = modulePlugin('studio', (app) => new StudioService(app), {
  dependencies: ['exams', 'submissions'],
  decorators: ['db', 'config'],
});

/** Marks by exam identifier: the marks summary, score rows, one exam's combined score. */
export const marksPlugin = modulePlugin('marks', (app) => new MarksService(app), {
  dependencies: ['accounts', 'submissions'],
  decorators: ['db'],
});

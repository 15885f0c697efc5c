import { modulePlugin, repeatWhileOpen } from '../../lib/module-plugin.js';
import { DRAFT_SWEEP_MS, SubmissionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    submissions: SubmissionsService;
  }
}

/**
 * What students hand in (their exams, the paper, MCQ answers and drafts, PART II scripts); owns the
 * submissions tables. Every server sweeps the drafts whose exam is due: the hand-in must not wait
 * for the student to come back.
 */
export const submissionsPlugin = modulePlugin(
  'submissions',
  (app) => {
    const submissions = new SubmissionsService(app);
    repeatWhileOpen(app, DRAFT_SWEEP_MS, () => submissions.sweepDueDrafts(), 'could not hand in due drafts');
    return submissions;
  },
  {
    dependencies: ['courses', 'enrollments', 'exams', 'questions'],
    decorators: ['db', 'storage', 'config', 'clock'],
  },
);

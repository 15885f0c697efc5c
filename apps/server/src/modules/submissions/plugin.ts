import { modulePlugin } from '../../lib/module-plugin.js';
import { handInDueDraftsJob } from './jobs.js';
import { DRAFT_SWEEP_MS, SubmissionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    submissions: SubmissionsService;
  }
}

/**
 * What students hand in (their exams, the paper, MCQ answers and drafts, PART II scripts); owns the
 * submissions tables. The drafts whose exam is due are handed in by a job on the queue every
 * DRAFT_SWEEP_MS (`jobs.ts`): the hand-in must not wait for the student to come back.
 */
export const submissionsPlugin = modulePlugin(
  'submissions',
  (app) => {
    const submissions = new SubmissionsService(app);
    void app.jobs.work(handInDueDraftsJob, async () => ({
      summary: `${await submissions.sweepDueDrafts()} draft(s) handed in`,
    }));
    app.jobs.every(handInDueDraftsJob, DRAFT_SWEEP_MS);
    return submissions;
  },
  {
    dependencies: ['courses', 'enrollments', 'exams', 'questions'],
    decorators: ['db', 'storage', 'config', 'clock', 'jobs'],
  },
);

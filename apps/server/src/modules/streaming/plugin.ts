import { modulePlugin } from '../../lib/module-plugin.js';
import { findFfmpeg } from './ffmpeg.js';
import { transcodeJob } from './jobs.js';
import { StreamingService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    streaming: StreamingService;
  }
}

export const streamingPlugin = modulePlugin(
  'streaming',
  async (app) => {
    const tools = await findFfmpeg(app.config);
    if (!tools)
      app.log.warn('ffmpeg or ffprobe not found: videos play as uploaded, without streaming versions (see README).');
    const service = new StreamingService(app, tools);
    app.resources.attachStreams(service);
    if (tools) {
      // Concurrency 0 gives no worker here (another server transcodes); the handler stays for `drain`.
      app.jobs.work(
        transcodeJob,
        (payload, job) =>
          service.runJob(payload.resourceId, {
            signal: job.signal,
            attempt: job.attempt,
            lastAttempt: job.attempt > transcodeJob.retryLimit,
          }),
        { concurrency: app.config.transcodeConcurrency },
      );
      // A stopped server's leftovers, before any worker starts (at onReady).
      await service.clearWorkDir();
      app.addHook('onReady', () => service.resend());
    }
    return service;
  },
  { dependencies: ['resources'], decorators: ['db', 'storage', 'config', 'signingSecret', 'jobs'] },
);

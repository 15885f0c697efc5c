import { modulePlugin } from '../../lib/module-plugin.js';
import { StudentAppService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    studentApp: StudentAppService;
  }
}

export const studentAppPlugin = modulePlugin('studentApp', (app) => new StudentAppService(app), {
  name: 'student-app',
  dependencies: ['courses', 'enrollments', 'resources', 'watch-time', 'accounts'],
  decorators: ['signingSecret', 'config'],
});

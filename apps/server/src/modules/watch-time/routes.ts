import { idParamSchema, usernameParamSchema, watchRecordSchema, watchTimeQuerySchema } from '@valence/contract';
import { z } from 'zod';
import { StreamedList } from '../../lib/paging.js';
import { sendReport } from '../../lib/pdf-type/send-report.js';
import { errors, moduleRoutes, noContent, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { watchReport } from './report-pdf.js';

export const watchTimeRoutes = moduleRoutes('watch time', async (app, route) => {
  app.get(
    '/api/watchtime/total/:username',
    route('staff', {
      summary: 'Seconds the student has watched in all',
      params: usernameParamSchema,
      response: { 200: z.number(), ...errors(404) },
    }),
    (request) => app.watchTime.totalSeconds(request.params.username),
  );

  app.get(
    '/api/watchtime/:username',
    route('staff', {
      summary: "A student's watch records, newest first; with limit, one page (q: video name; from/to: days; sort)",
      params: usernameParamSchema,
      ...pagedList(watchTimeQuerySchema, watchRecordSchema, 404),
    }),
    async (request, reply) => sendList(reply, await app.watchTime.list(request.params.username, request.query)),
  );

  app.get(
    '/api/watchtime/:username/report.pdf',
    route('staff', {
      summary: "A student's watch records (the list's filters, every page) as the PDF a tutor hands a parent",
      params: usernameParamSchema,
      querystring: watchTimeQuerySchema,
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const { username } = request.params;
      const { limit: _limit, offset: _offset, ...filters } = request.query;
      const [list, totalSeconds, account, institute] = await Promise.all([
        app.watchTime.list(username, filters),
        app.watchTime.totalSeconds(username),
        app.accounts.findByUsername(username),
        app.settings.header(),
      ]);
      const records = list instanceof StreamedList ? await list.readAll() : list.items;
      const report = watchReport({
        username: account?.username ?? username,
        name: account?.name ?? null,
        records,
        totalSeconds,
        timeZone: app.config.timeZone,
        now: new Date(),
        institute,
      });
      return sendReport(reply, report, `${account?.username ?? username}_watch_time.pdf`);
    },
  );

  app.delete(
    '/api/watchtime/:id',
    route('superadmin', { summary: 'Delete one watch record (superadmin only)', params: idParamSchema }),
    (request, reply) => noContent(reply, app.watchTime.delete(requirePrincipal(request), request.params.id)),
  );
});

import {
  annotationsInputSchema,
  annotationsSchema,
  examIdParamSchema,
  idParamSchema,
  markingOverviewSchema,
  nextScriptQuerySchema,
  nextScriptSchema,
  staleChangeSchema,
  studioOpeningSchema,
  studioOpenQuerySchema,
  studioScriptSchema,
} from '@valence/contract';
import { errors, moduleRoutes } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { IF_MATCH_NOTE, ifMatchHeaderSchema, readIfMatch } from './versions.js';

/** What a studio call may answer besides its result: bad input, not staff, unknown, content deleted. */
const failures = errors(400, 403, 404, 409);

/** The marking studio's calls (staff, as grading is); the mark itself is the grade call. */
export const studioRoutes = moduleRoutes('marking', async (app, route) => {
  app.get(
    '/api/v1/submissions/:id/annotations',
    route('staff', {
      summary: "A PART II script's annotations, with who saved them last and when",
      params: idParamSchema,
      response: { 200: annotationsSchema, ...failures },
    }),
    (request) => app.marking.studio.annotations(request.params.id),
  );

  app.put(
    '/api/v1/submissions/:id/annotations',
    route('staff', {
      summary: "Replace a PART II script's annotations (page from 1; x, y fractions of the page)",
      description: IF_MATCH_NOTE,
      params: idParamSchema,
      headers: ifMatchHeaderSchema,
      body: annotationsInputSchema,
      response: { 200: annotationsSchema, ...failures, 409: staleChangeSchema },
    }),
    (request) =>
      app.marking.studio.saveAnnotations(
        requirePrincipal(request),
        request.params.id,
        request.body,
        readIfMatch(request.headers['if-match']),
      ),
  );

  app.get(
    '/api/v1/submissions/:id/script',
    route('staff', {
      summary: 'One PART II script as the studio shows it: signed links, marks, and its neighbours in the list',
      params: idParamSchema,
      response: { 200: studioScriptSchema, ...failures },
    }),
    (request) => app.marking.studio.script(request.params.id),
  );

  app.get(
    '/api/v1/exams/:examId/marking',
    route('staff', {
      summary: "A PART II exam's marking progress, mark scheme and comment bank",
      params: examIdParamSchema,
      response: { 200: markingOverviewSchema, ...failures },
    }),
    (request) => app.marking.studio.overview(request.params.examId),
  );

  app.post(
    '/api/v1/exams/:examId/marking/open',
    route('staff', {
      summary:
        'All the studio needs to open: the overview, and ?script= (else the next unmarked script after ?after=, claimed for the caller) with its annotations',
      params: examIdParamSchema,
      querystring: studioOpenQuerySchema,
      response: { 200: studioOpeningSchema, ...failures },
    }),
    (request) => app.marking.studio.open(requirePrincipal(request), request.params.examId, request.query),
  );

  app.post(
    '/api/v1/exams/:examId/marking/next',
    route('staff', {
      summary: `Claim the next unmarked script after ?after= (wrapping round) for the caller; null when none is free`,
      params: examIdParamSchema,
      querystring: nextScriptQuerySchema,
      response: { 200: nextScriptSchema, ...failures },
    }),
    (request) => app.marking.studio.next(requirePrincipal(request), request.params.examId, request.query.after),
  );
});

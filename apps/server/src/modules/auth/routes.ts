import { errors, moduleRoutes, noContent } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from './examples.js';

export const authRoutes = moduleRoutes('auth', async (app, route) => {
  app.post(
    '/signin',
    route('public', {
      body: examples.signinBody,
      response: { 200: examples.signinAnswer, ...errors(401, 403, 429) },
    }),
    (request) => app.auth.signin(request.body, request.ip, request.headers['user-agent']),
  );

  app.get('/me', route('authenticated', { response: { 200: examples.me } }), (request) =>
    app.auth.me(requirePrincipal(request)),
  );

  app.patch(
    '/me',
    route('student', {
      summary: "A student's own settings: the students' app's language and Data saver (either or both)",
      body: examples.updateMeBody,
      response: { 200: examples.me, ...errors(400, 401, 403) },
    }),
    (request) => app.auth.updateMe(requirePrincipal(request), request.body),
  );

  app.post(
    '/me/password',
    route('authenticated', {
      summary: 'Change my own password: other sessions end, and a fresh token for this one is answered',
      body: examples.changePasswordBody,
      response: { 200: examples.signinAnswer, ...errors(400, 401, 429) },
    }),
    (request) =>
      app.auth.changeOwnPassword(requirePrincipal(request), request.body, request.ip, request.headers['user-agent']),
  );

  app.post('/logout', route('authenticated', {}), (request, reply) =>
    noContent(reply, app.auth.logout(requirePrincipal(request))),
  );
});

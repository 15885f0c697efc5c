import {
  deleteStudentQuerySchema,
  idParamSchema,
  logoutStudentRequestSchema,
  studentDeviceParamsSchema,
  studentDeviceSchema,
  studentListQuerySchema,
  studentSchema,
  studentSignupRequestSchema,
  studentUpdateRequestSchema,
} from '@valence/contract';
import { errors, moduleRoutes, noContent, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';

export const studentsRoutes = moduleRoutes('students', async (app, route) => {
  app.get(
    '/students',
    route('staff', {
      summary:
        'Students; with limit, one page of them (q: username or name contains, any case; notInCourse: not enrolled there) and the total',
      ...pagedList(studentListQuerySchema, studentSchema),
    }),
    async (request, reply) => sendList(reply, await app.students.list(request.query)),
  );

  app.post(
    '/students/signup',
    route('staff', { body: studentSignupRequestSchema, response: { 201: studentSchema, ...errors(409) } }),
    async (request, reply) => reply.status(201).send(await app.students.signup(request.principal, request.body)),
  );

  app.put(
    '/students/:id',
    route('staff', {
      summary:
        "Change a student's username, name when given (null clears it) and, when given, password (which ends their sessions)",
      params: idParamSchema,
      body: studentUpdateRequestSchema,
      response: { 200: studentSchema, ...errors(404, 409) },
    }),
    (request) => app.students.update(requirePrincipal(request), request.params.id, request.body),
  );

  app.delete(
    '/students/:id',
    route('superadmin', {
      summary: 'Delete a student with enrolments and watch records; confirmMarks=true when they have exam marks',
      params: idParamSchema,
      querystring: deleteStudentQuerySchema,
    }),
    (request, reply) =>
      noContent(
        reply,
        app.students.delete(requirePrincipal(request), request.params.id, request.query.confirmMarks === 'true'),
      ),
  );

  app.get(
    '/students/:id/devices',
    route('staff', {
      summary: 'The devices a student is signed in on: browser, when signed in, when last seen (most recent first)',
      params: idParamSchema,
      response: { 200: studentDeviceSchema.array(), ...errors(404) },
    }),
    (request) => app.students.devices(request.params.id),
  );

  app.delete(
    '/students/:id/devices/:deviceId',
    route('staff', {
      summary: 'Sign a student out on one device: its next request is answered 401 with code DEVICE_SIGNED_OUT',
      params: studentDeviceParamsSchema,
    }),
    (request, reply) =>
      noContent(reply, app.students.endDevice(requirePrincipal(request), request.params.id, request.params.deviceId)),
  );

  app.post(
    '/logoutstudent',
    route('staff', { summary: 'End every session of a student at once', body: logoutStudentRequestSchema }),
    (request, reply) => noContent(reply, app.students.forceLogout(requirePrincipal(request), request.body.username)),
  );
});

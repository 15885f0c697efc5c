import type { Role } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

/**
 * Every API route the server registers x who calls it (anyone, a student, staff, a superadmin), each
 * answered as the route's declared access level says. Requests are built to pass the access check
 * and then fail harmlessly (unknown id, invalid body), so an allowed caller sees the route's own 4xx
 * and a refused one sees 401/403. A route added without rows here fails the test.
 */
type Cell = number;
type Row = {
  /** The URL, where it cannot be the route's own with each parameter naming nothing that exists (`pathOf`). */
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** anonymous, student, instructor (ROLE_ADMIN), superadmin */
  expect: [Cell, Cell, Cell, Cell];
};

const MISSING = 987654;
/** What a path parameter is filled with when it is not an id. */
const UNKNOWN: Record<string, string> = { username: 'nobody-here', examIdentifier: 'NO_SUCH_EXAM' };
const pathOf = (route: string) =>
  route.replace(/^\w+ /, '').replace(/:(\w+)/g, (_, name) => UNKNOWN[name] ?? `${MISSING}`);
const tus = { 'tus-resumable': '1.0.0' };

const matrix: Record<string, Row> = {
  'GET /api/health': { expect: [200, 200, 200, 200] },
  'GET /api/settings': { expect: [200, 200, 200, 200] },
  'GET /api/settings/contact': { expect: [200, 200, 200, 200] },
  'GET /api/settings/institute': { expect: [401, 200, 200, 200] },
  'PUT /api/settings/institute': { body: {}, expect: [401, 403, 403, 400] },
  'PUT /api/settings/institute/logo': { body: {}, expect: [401, 403, 403, 400] },
  'DELETE /api/settings/institute/logo': { expect: [401, 403, 403, 404] },
  'GET /api/settings/devices': { expect: [401, 403, 403, 200] },
  'PUT /api/settings/devices': { body: {}, expect: [401, 403, 403, 400] },
  // Report packs: staff, whoever the student or course.
  'GET /api/students/:studentId/report-pack.pdf': { expect: [401, 403, 404, 404] },
  'POST /api/courses/:courseId/report-packs': { expect: [401, 403, 404, 404] },
  // A job's id is the queue's UUID.
  'GET /api/report-jobs/:jobId': {
    path: '/api/report-jobs/00000000-0000-4000-8000-000000000000',
    expect: [401, 403, 404, 404],
  },
  'POST /api/signin': { body: {}, expect: [400, 400, 400, 400] },
  'GET /api/me': { expect: [401, 200, 200, 200] },
  // A student's own settings (language, Data saver): staff have none to set.
  'PATCH /api/me': { body: {}, expect: [401, 400, 403, 403] },
  'POST /api/me/password': { body: {}, expect: [401, 400, 400, 400] },
  'POST /api/logout': { expect: [401, 204, 204, 204] },
  'GET /api/staff': { expect: [401, 403, 403, 200] },
  'POST /api/staff': { body: {}, expect: [401, 403, 403, 400] },
  'PATCH /api/staff/:id': { body: {}, expect: [401, 403, 403, 400] },
  'GET /api/students': { expect: [401, 403, 200, 200] },
  'PUT /api/students/:id': { body: {}, expect: [401, 403, 400, 400] },
  'DELETE /api/students/:id': { expect: [401, 403, 403, 404] },
  'POST /api/logoutstudent': { body: {}, expect: [401, 403, 400, 400] },
  // A student's devices: staff only.
  'GET /api/students/:id/devices': { expect: [401, 403, 404, 404] },
  'DELETE /api/students/:id/devices/:deviceId': {
    path: `/api/students/${MISSING}/devices/00000000-0000-4000-8000-000000000000`,
    expect: [401, 403, 404, 404],
  },
  'GET /api/enrollments/student/:studentId': { expect: [401, 403, 404, 404] },
  'PUT /api/enrollments/:id': { body: {}, expect: [401, 403, 400, 400] },
  'DELETE /api/enrollments/:id': { expect: [401, 403, 403, 404] },
  'POST /api/students/signup': { body: {}, expect: [401, 403, 400, 400] },
  // Not multipart: refused as such once past the access check.
  'POST /api/students/import': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/files/*': { path: '/api/files/resources/x.pdf', expect: [400, 400, 400, 400] },
  // A student's stamped lecture PDF: its signed link is the permission; without one, a 400.
  'GET /api/me/lectures/:id/licensed.pdf': { expect: [400, 400, 400, 400] },
  'GET /api/courses': { expect: [401, 403, 200, 200] },
  'POST /api/courses': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/courses/:id': { expect: [401, 403, 404, 404] },
  'GET /api/courses/:id/watch-coverage': { expect: [401, 403, 404, 404] },
  'GET /api/students/:id/watch-coverage': { expect: [401, 403, 404, 404] },
  'PUT /api/courses/:id': { body: {}, expect: [401, 403, 400, 400] },
  'DELETE /api/courses/:id': { expect: [401, 403, 403, 404] },
  'PUT /api/enrollments/course/:id/disable': { expect: [401, 403, 403, 404] },
  'PUT /api/enrollments/course/:id/enable': { expect: [401, 403, 403, 404] },
  'GET /api/enrollments/course/:id': { expect: [401, 403, 404, 404] },
  'POST /api/enrollments': { body: {}, expect: [401, 403, 400, 400] },
  'POST /api/enrollments/bulk': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/api/watchtime/:username': { expect: [401, 403, 404, 404] },
  'GET /api/api/watchtime/total/:username': { expect: [401, 403, 404, 404] },
  'GET /api/api/watchtime/:username/report.pdf': { expect: [401, 403, 404, 404] },
  'DELETE /api/api/watchtime/:id': { expect: [401, 403, 403, 404] },
  'POST /api/resources': { body: {}, expect: [401, 403, 400, 400] },
  'DELETE /api/resources/:id': { expect: [401, 403, 403, 404] },
  // A video's transcode again (after a failure): staff.
  'POST /api/resources/:id/stream/retry': { expect: [401, 403, 404, 404] },
  // A student's HLS files: anyone with a signed address (checked per request); unsigned is a 400.
  'GET /api/streams/:id/*': { path: `/api/streams/${MISSING}/master.m3u8`, expect: [400, 400, 400, 400] },
  // The student app: students only.
  'GET /api/me/courses': { expect: [401, 200, 403, 403] },
  'GET /api/me/courses/:id/resources': { expect: [401, 404, 403, 403] },
  'GET /api/me/courses/:id/upcoming': { expect: [401, 404, 403, 403] },
  'POST /api/api/watchtime': { body: {}, expect: [401, 400, 403, 403] },
  // Reachable without a header (the token may be in the body): still only a student gets past.
  'POST /api/me/lectures/:id/heartbeat': { body: {}, expect: [401, 400, 403, 403] },
  'GET /api/me/lectures/:id/resume': { expect: [401, 404, 403, 403] },
  // Exams and questions (their /api/v1 paths under the API prefix). A JSON body where a
  // form is expected is a 400 for staff.
  'GET /api/api/v1/exams/course/:courseId/all': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/api/v1/exams/:id': { expect: [401, 403, 404, 404] },
  'DELETE /api/api/v1/exams/:id': { expect: [401, 403, 404, 404] },
  'PATCH /api/api/v1/exams/:examId': { body: {}, expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/:examId/overrides': { expect: [401, 403, 404, 404] },
  // An override giving nothing is refused before the exam is looked for.
  'PUT /api/api/v1/exams/:examId/overrides/:studentId': { body: {}, expect: [401, 403, 400, 400] },
  'DELETE /api/api/v1/exams/:examId/overrides/:studentId': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:id/publish': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:id/unpublish': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:id/publish-grades': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:id/unpublish-grades': { expect: [401, 403, 404, 404] },
  'PUT /api/api/v1/exams/:examId/mark-scheme': { body: {}, expect: [401, 403, 400, 400] },
  'PUT /api/api/v1/exams/:examId/comment-bank': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/api/v1/exams/:examId/marking': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:examId/marking/next': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:examId/marking/open': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/submissions/:id/annotations': { expect: [401, 403, 404, 404] },
  'PUT /api/api/v1/submissions/:id/annotations': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/api/v1/submissions/:id/script': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/:examId/mcq-questions': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/:examId/item-analysis': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:examId/mcq-questions': { body: {}, expect: [401, 403, 400, 400] },
  'POST /api/api/v1/exams/:examId/mcq-questions/bulk': { body: {}, expect: [401, 403, 400, 400] },
  'PUT /api/api/v1/exams/:examId/mcq-questions/:questionId': { body: {}, expect: [401, 403, 400, 400] },
  'DELETE /api/api/v1/exams/:examId/mcq-questions/:questionId': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/:examId/mcq-questions/:questionId/answered': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/mcq-search': { expect: [401, 403, 200, 200] },
  'POST /api/api/v1/exams/:examId/mcq-questions/copy': { body: {}, expect: [401, 403, 400, 400] },
  'POST /api/api/v1/exams/:examId/mcq-questions/import': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/api/v1/exams/:examId/mcq-questions/export': {
    path: `/api/api/v1/exams/${MISSING}/mcq-questions/export?format=csv`,
    expect: [401, 403, 404, 404],
  },
  // Submissions and marks: staff's calls; the two score calls are any signed-in caller's, a student
  // only for their own id (MISSING is always another student's: 403).
  'GET /api/api/v1/submissions/exam/:examId': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/:examId/sittings': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/submissions/:id/grade': { body: {}, expect: [401, 403, 400, 400] },
  'GET /api/api/v1/submissions/:id/mcq-feedback': { expect: [401, 403, 404, 404] },
  // Bulk marking of a PART II exam; the zip also downloads through a link signed for a staff account.
  'GET /api/api/v1/exams/:examId/scripts.zip': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/:examId/scripts-link': { expect: [401, 403, 404, 404] },
  'POST /api/api/v1/exams/:examId/marked-papers': { body: {}, expect: [401, 403, 404, 404] },
  'GET /api/api/v1/submissions/admin/student/:studentId/marks-summary/:examIdentifier': {
    expect: [401, 403, 404, 404],
  },
  'GET /api/api/v1/submissions/student/:studentId/exam-score/:examIdentifier': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/exams/student/:studentId/score-summary': { expect: [401, 403, 404, 404] },
  // The reports the portal downloads as PDFs (drawn on the server): staff, like their data.
  'GET /api/api/v1/exams/student/:studentId/score-summary.pdf': { expect: [401, 403, 404, 404] },
  'GET /api/api/v1/submissions/admin/student/:studentId/marks-summary/:examIdentifier/summary.pdf': {
    expect: [401, 403, 404, 404],
  },
  // The students' exam calls: students only.
  'GET /api/me/exams': { expect: [401, 200, 403, 403] },
  'GET /api/me/exams/:examId': { expect: [401, 404, 403, 403] },
  'POST /api/me/exams/:examId/start': { expect: [401, 404, 403, 403] },
  'GET /api/api/v1/submissions/exam/:examId/draft': { expect: [401, 404, 403, 403] },
  'PUT /api/api/v1/submissions/exam/:examId/draft': { body: {}, expect: [401, 400, 403, 403] },
  'GET /api/api/v1/exams/:id/paper': { expect: [401, 404, 403, 403] },
  'POST /api/api/v1/submissions/exam/:examId/mcq': { body: {}, expect: [401, 400, 403, 403] },
  'POST /api/api/v1/submissions/exam/:examId/upload': { body: {}, expect: [401, 404, 403, 403] },
  'GET /api/me/marks': { expect: [401, 200, 403, 403] },
  'GET /api/me/marks.pdf': { expect: [401, 200, 403, 403] },
  // The gradebook (staff) and the audit log (superadmin).
  'GET /api/courses/:id/gradebook': { expect: [401, 403, 404, 404] },
  'GET /api/courses/:id/gradebook/stats': { expect: [401, 403, 404, 404] },
  'GET /api/courses/:id/gradebook.csv': { expect: [401, 403, 404, 404] },
  'GET /api/courses/:id/gradebook.xlsx': { expect: [401, 403, 404, 404] },
  'GET /api/audit': { expect: [401, 403, 403, 200] },
  'GET /api/audit/actions': { expect: [401, 403, 403, 200] },
  // The job queue (superadmin).
  'GET /api/jobs': { expect: [401, 403, 403, 200] },
  'POST /api/jobs/:id/retry': {
    path: '/api/jobs/00000000-0000-4000-8000-000000000000/retry',
    expect: [401, 403, 403, 404],
  },
  // tus: a creation without Upload-Length, and requests for an upload that does not exist.
  'POST /api/uploads': { headers: tus, expect: [401, 403, 400, 400] },
  'OPTIONS /api/uploads': { headers: tus, expect: [401, 403, 204, 204] },
  'HEAD /api/uploads/*': { path: '/api/uploads/cmVzb3VyY2VzL25vbmU', headers: tus, expect: [401, 403, 404, 404] },
  'PATCH /api/uploads/*': {
    path: '/api/uploads/cmVzb3VyY2VzL25vbmU',
    headers: { ...tus, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    expect: [401, 403, 404, 404],
  },
  'DELETE /api/uploads/*': { path: '/api/uploads/cmVzb3VyY2VzL25vbmU', headers: tus, expect: [401, 403, 404, 404] },
  'GET /api/uploads/*': { path: '/api/uploads/cmVzb3VyY2VzL25vbmU', headers: tus, expect: [401, 403, 404, 404] },
  'OPTIONS /api/uploads/*': { path: '/api/uploads/cmVzb3VyY2VzL25vbmU', headers: tus, expect: [401, 403, 204, 204] },
  'POST /api/uploads/*': { path: '/api/uploads/cmVzb3VyY2VzL25vbmU', headers: tus, expect: [401, 403, 400, 400] },
  'GET /api/uploads': { headers: tus, expect: [401, 403, 404, 404] },
  'HEAD /api/uploads': { headers: tus, expect: [401, 403, 404, 404] },
  'PATCH /api/uploads': { headers: tus, expect: [401, 403, 404, 404] },
  'DELETE /api/uploads': { headers: tus, expect: [401, 403, 404, 404] },
};

const roles: (Role | null)[] = [null, 'ROLE_STUDENT', 'ROLE_ADMIN', 'ROLE_SUPERADMIN'];
const who = ['anonymous', 'student', 'instructor', 'superadmin'];

const t = useTestApp();

describe('permission matrix', () => {
  it('has rows for exactly the routes the server registers', () => {
    const registered = [...new Set(t.app.apiRoutes.map((route) => `${route.method} ${route.url}`))].sort();
    const rows = Object.keys(matrix).sort();
    const missingRows = registered.filter((route) => !rows.includes(route));
    const staleRows = rows.filter((route) => !registered.includes(route));
    expect({ missingRows, staleRows }).toEqual({ missingRows: [], staleRows: [] });
  });

  it.each(Object.entries(matrix))('%s answers each caller as its access level says', async (route, row) => {
    const method = route.split(' ')[0] as 'GET';
    const actual: Cell[] = [];
    for (const role of roles) {
      // A fresh account per cell: logout in one cell must not end the next cell's session.
      const headers = role ? (await t.login(role)).headers : {};
      const response = await t.app.inject({
        method,
        url: row.path ?? pathOf(route),
        headers: { ...headers, ...row.headers },
        ...(row.body !== undefined ? { payload: row.body as object } : {}),
      });
      actual.push(response.statusCode);
    }
    expect(Object.fromEntries(who.map((name, i) => [name, actual[i]]))).toEqual(
      Object.fromEntries(who.map((name, i) => [name, row.expect[i]])),
    );
  });
});

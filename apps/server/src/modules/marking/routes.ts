import {
  examIdParamSchema,
  identifierParamSchema,
  idParamSchema,
  MARKED_PAPER_KINDS,
  marksSummarySchema,
  mcqFeedbackSchema,
  scoreSummaryRowSchema,
  staleChangeSchema,
  studentIdParamSchema,
  submissionListQuerySchema,
  submissionSchema,
} from '@valence/contract';
import { notFound } from '../../lib/errors.js';
import { acceptAnyBody, type FormSpec, withMultipartForm } from '../../lib/multipart.js';
import { sendReport } from '../../lib/pdf-type/send-report.js';
import { errors, moduleRoutes, pagedList, sendList } from '../../lib/route-options.js';
import { requirePrincipal } from '../../plugins/auth.js';
import { examples } from '../student-app/examples.js';
import { marksSummaryReport, scoreSummaryReport } from './report-pdfs.js';
import { IF_MATCH_NOTE, ifMatchHeaderSchema, readIfMatch } from './versions.js';

/** The marked paper a tutor may attach to a grade. */
export const MARKED_PAPER_MAX_BYTES = 50 * 1024 * 1024;

const GRADE_FORM: FormSpec = {
  fields: {
    instructorFeedback: { maxBytes: 64 * 1024 },
    traditionalScore: { maxBytes: 64 },
    questionMarks: { maxBytes: 4 * 1024 },
  },
  files: {
    markedPaperFile: {
      kinds: MARKED_PAPER_KINDS,
      maxBytes: MARKED_PAPER_MAX_BYTES,
      keyPrefix: 'marked/',
      label: 'The marked paper',
    },
  },
};

/** The refusals (`{ message }`) most calls here document beside their answer. */
const failures = errors(400, 403, 404);

/** The marking and marks calls (staff), and the two score calls a student may make for themselves. */
export const markingRoutes = moduleRoutes('submissions', async (app, route) => {
  acceptAnyBody(app);

  app.get(
    '/api/v1/submissions/exam/:examId',
    route('staff', {
      summary: "An exam's submissions, newest first; with limit, a page (q: student name, username or id)",
      params: examIdParamSchema,
      ...pagedList(submissionListQuerySchema, submissionSchema, 400, 403, 404),
    }),
    async (request, reply) => sendList(reply, await app.marking.list(request.params.examId, request.query)),
  );

  app.post(
    '/api/v1/submissions/:id/grade',
    route('staff', {
      summary:
        'Mark a submission: multipart instructorFeedback, traditionalScore (PART II), questionMarks (JSON, with a mark scheme), markedPaperFile',
      description: IF_MATCH_NOTE,
      consumes: ['multipart/form-data'],
      params: idParamSchema,
      headers: ifMatchHeaderSchema,
      response: { 200: submissionSchema, ...errors(400, 403, 404, 413, 503), 409: staleChangeSchema },
    }),
    (request) => {
      // Read before the body, so a malformed header is refused before an upload is stored.
      const expected = readIfMatch(request.headers['if-match']);
      return withMultipartForm(request, app.storage, GRADE_FORM, (form) =>
        app.marking.grade(
          requirePrincipal(request),
          request.params.id,
          form.fields,
          form.file('markedPaperFile'),
          expected,
        ),
      );
    },
  );

  app.get(
    '/api/v1/submissions/:id/mcq-feedback',
    route('staff', { params: idParamSchema, response: { 200: mcqFeedbackSchema, ...failures } }),
    (request) => app.marking.mcqFeedback(request.params.id),
  );

  app.get(
    '/api/v1/submissions/admin/student/:studentId/marks-summary/:examIdentifier',
    route('staff', {
      summary: "A student's MCQ and PART II marks under one exam identifier, unpublished ones included",
      params: identifierParamSchema,
      response: { 200: marksSummarySchema, ...failures },
    }),
    (request) => app.marks.marksSummary(request.params.studentId, request.params.examIdentifier),
  );

  app.get(
    '/api/v1/submissions/student/:studentId/exam-score/:examIdentifier',
    route('authenticated', {
      summary: "A student's combined score under one identifier: staff see all, a student their own published marks",
      params: identifierParamSchema,
      response: { 200: examples.examScore, ...failures },
    }),
    (request) =>
      app.marks.examScore(requirePrincipal(request), request.params.studentId, request.params.examIdentifier),
  );

  app.get(
    '/api/v1/exams/student/:studentId/score-summary',
    route('authenticated', {
      summary:
        "A student's scores per exam identifier, newest first: staff see all, a student their own published marks",
      params: studentIdParamSchema,
      response: { 200: scoreSummaryRowSchema.array(), ...failures },
    }),
    (request) => app.marks.scoreSummary(requirePrincipal(request), request.params.studentId),
  );

  app.get(
    '/api/v1/exams/student/:studentId/score-summary.pdf',
    route('staff', {
      summary: "A student's score summary as the PDF a tutor hands a parent (any script, notation typeset)",
      params: studentIdParamSchema,
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const { studentId } = request.params;
      const student = await app.accounts.findById(studentId);
      if (student?.role !== 'ROLE_STUDENT') throw notFound('Student not found.');
      const [rows, institute] = await Promise.all([
        app.marks.scoreSummary(requirePrincipal(request), studentId),
        app.settings.header(),
      ]);
      const report = scoreSummaryReport({
        username: student.username,
        name: student.name,
        rows,
        timeZone: app.config.timeZone,
        now: new Date(),
        institute,
      });
      return sendReport(reply, report, `exam_scores_${student.username}.pdf`);
    },
  );

  app.get(
    '/api/v1/submissions/admin/student/:studentId/marks-summary/:examIdentifier/summary.pdf',
    route('staff', {
      summary: "A student's marks under one identifier as the PDF a tutor hands a parent",
      params: identifierParamSchema,
      produces: ['application/pdf'],
    }),
    async (request, reply) => {
      const { studentId, examIdentifier } = request.params;
      const [summary, institute] = await Promise.all([
        app.marks.marksSummary(studentId, examIdentifier),
        app.settings.header(),
      ]);
      const report = marksSummaryReport({ summary, timeZone: app.config.timeZone, now: new Date(), institute });
      const who = summary.studentName || `student_${summary.studentId}`;
      return sendReport(reply, report, `marks_summary_${who}_${summary.examIdentifier}.pdf`);
    },
  );
});

import { describe, expect, it, vi } from 'vitest';
import { auditQueryOptions } from '../features/audit/api/get-audit';
import { useCreateCourse } from '../features/courses/api/create-course';
import { useDeleteCourse } from '../features/courses/api/delete-course';
import { useSetCoursePaused } from '../features/courses/api/set-course-paused';
import { useUpdateCourse } from '../features/courses/api/update-course';
import { useAssignStudents } from '../features/enrollments/api/create-enrollments';
import { useDeleteEnrollment } from '../features/enrollments/api/delete-enrollment';
import { useUpdateEnrollmentStatus } from '../features/enrollments/api/update-enrollment-status';
import { useCreateExam } from '../features/exams/api/create-exam';
import { useDeleteExamContent } from '../features/exams/api/delete-exam-content';
import { useDeleteOverride, useSaveOverride } from '../features/exams/api/exam-overrides';
import { useSetExamPublished } from '../features/exams/api/set-exam-published';
import { useSetMarksPublished } from '../features/exams/api/set-marks-published';
import { useUpdateExam } from '../features/exams/api/update-exam';
import { exam } from '../features/exams/test-fixtures';
import { gradebookQueryOptions } from '../features/gradebook/api/get-gradebook';
import { gradebookStatsQueryOptions } from '../features/gradebook/api/get-gradebook-stats';
import { useDeleteLogo } from '../features/institute/api/delete-logo';
import { useUpdateInstitute } from '../features/institute/api/update-institute';
import { useUploadLogo } from '../features/institute/api/upload-logo';
import { useReturnMarkedPapers } from '../features/marked-papers/api/return-marked-papers';
import { useGradeScript } from '../features/marking-studio/api/grade-script';
import { useSaveCommentBank } from '../features/marking-studio/api/save-comment-bank';
import { useSaveMarkScheme } from '../features/marking-studio/api/save-mark-scheme';
import { useAddQuestion } from '../features/questions/api/add-question';
import { useAddQuestions } from '../features/questions/api/add-questions';
import { useCopyQuestions } from '../features/questions/api/copy-questions';
import { useDeleteQuestion } from '../features/questions/api/delete-question';
import { useImportQuestions } from '../features/questions/api/import-questions';
import { useUpdateQuestion } from '../features/questions/api/update-question';
import { useCreateResource } from '../features/resources/api/create-resource';
import { useDeleteResource } from '../features/resources/api/delete-resource';
import { useUpdateDeviceLimit } from '../features/settings/api/update-device-limit';
import { useCreateStaff } from '../features/staff/api/create-staff';
import { useSetStaffDisabled, useUpdateStaff } from '../features/staff/api/update-staff';
import { useCreateStudent } from '../features/students/api/create-student';
import { useDeleteStudent } from '../features/students/api/delete-student';
import { useEndStudentDevice } from '../features/students/api/end-student-device';
import { useImportStudents } from '../features/students/api/import-students';
import { useLogoutStudent } from '../features/students/api/logout-student';
import { useUpdateStudent } from '../features/students/api/update-student';
import { useGradeSubmission } from '../features/submissions/api/grade-submission';
import { courseCoverageQueryOptions } from '../features/watch-coverage/api/get-course-coverage';
import { useDeleteWatchRecord } from '../features/watch-time/api/delete-watch-record';
import { type Change, itReReads } from '../test/changes';
import { createQueryClient } from './query-client';
import { keys } from './query-keys';

const EXAM = exam(11, 'CHEM_T1', 'TRADITIONAL', { published: true });
const png = () => new File(['x'], 'logo.png', { type: 'image/png' });
const question = { input: { questionText: 'Q', options: [], correctAnswerIndex: 0 }, image: null };
// Every screen that names a student (a rename) or lists them (a delete).
/** What a change to student 3's place in course 7 refreshes: both sides of the enrolment and what counts it. */
const classOfCourse7 = [
  keys.enrollments.ofCourse(7),
  keys.enrollments.ofStudent(3),
  keys.students.assignableTo(7),
  keys.gradebook.ofCourse(7),
  keys.watchCoverage.ofCourse(7),
];
const everyStudentList = [
  keys.students.all,
  keys.enrollments.all,
  keys.submissions.all,
  keys.watchTime.all,
  keys.watchCoverage.all,
  keys.scores.all,
  keys.gradebook.all,
];
// A mark given, returned or published: the exam's counts (its page and its card), scores, gradebooks.
const marksOfExam11 = [
  keys.submissions.ofExam(11),
  keys.marking.overview(11),
  keys.exams.detail(11),
  keys.exams.ofCourse(7),
  keys.scores.all,
  keys.gradebook.ofCourse(7),
];

const CHANGES: Record<string, Change> = {
  'create a course': {
    use: useCreateCourse,
    variables: { title: 'T', description: 'D' },
    touches: [keys.courses.page({ page: 1, pageSize: 6 }), keys.courses.count],
  },
  'rename a course': {
    use: useUpdateCourse,
    variables: { id: 7, input: { title: 'T', description: 'D' } },
    // The title is shown beside enrolments, exams, scripts, watch records and marks.
    touches: [
      keys.courses.detail(7),
      keys.courses.page({ page: 1, pageSize: 6 }),
      keys.enrollments.ofStudent(3),
      keys.exams.ofCourse(7),
      keys.marking.overview(11),
      keys.submissions.ofExam(11),
      keys.watchTime.ofStudent('nimal'),
      keys.watchCoverage.ofStudent(3),
      keys.scores.all,
    ],
  },
  'pause a course': {
    use: useSetCoursePaused,
    variables: { id: 7, paused: true, title: 'T' },
    touches: [keys.courses.detail(7), keys.courses.count, keys.enrollments.ofCourse(7), keys.enrollments.ofStudent(3)],
  },
  'delete a course': {
    use: useDeleteCourse,
    variables: { id: 7, title: 'T' },
    touches: [
      keys.courses.page({ page: 1, pageSize: 6 }),
      keys.courses.count,
      keys.enrollments.ofStudent(3),
      keys.exams.ofCourse(7),
      keys.watchCoverage.ofStudent(3),
      keys.scores.all,
      keys.gradebook.ofCourse(7),
    ],
  },
  'assign students': {
    use: useAssignStudents,
    variables: { courseId: 7, studentIds: [3] },
    answer: { created: 1, alreadyEnrolled: 0, status: 'ACTIVE' },
    touches: [...classOfCourse7, keys.watchCoverage.ofStudent(3), keys.scores.all],
  },
  'remove an enrolment': {
    use: useDeleteEnrollment,
    variables: 5,
    touches: [...classOfCourse7, keys.scores.all],
  },
  'change an enrolment status': {
    use: useUpdateEnrollmentStatus,
    variables: { id: 5, status: 'DISABLED' },
    touches: [keys.enrollments.ofCourse(7), keys.enrollments.ofStudent(3)],
  },
  'add a student': { use: useCreateStudent, variables: { username: 'u', password: 'p' }, touches: [keys.students.all] },
  'import students': {
    use: useImportStudents,
    variables: new File(['username\n'], 'class.csv'),
    answer: { format: 'csv', rows: [], problems: [], unlistedProblems: 0, problemCount: 0, dryRun: false, created: [] },
    // New students, some enrolled: every list of students, the enrolments and what counts them.
    touches: [
      keys.students.all,
      keys.enrollments.all,
      keys.courses.all,
      keys.gradebook.all,
      keys.watchCoverage.all,
      keys.scores.all,
    ],
  },
  'edit a student': { use: useUpdateStudent, variables: { id: 3, input: { name: 'N' } }, touches: everyStudentList },
  'delete a student': { use: useDeleteStudent, variables: { id: 3, username: 'u' }, touches: everyStudentList },
  'sign a student out': {
    use: useLogoutStudent,
    variables: 'u',
    touches: [keys.students.page({ page: 1, pageSize: 6 })],
  },
  'create an exam': {
    use: useCreateExam,
    variables: { exam: { ...EXAM, courseId: 7 }, paper: null },
    answer: EXAM,
    // A new identifier is a new gradebook column and a new line in the students' summaries.
    touches: [keys.exams.ofCourse(7), keys.exams.mcqSearch('chem'), keys.gradebook.ofCourse(7), keys.scores.all],
  },
  'edit an exam': {
    use: useUpdateExam,
    variables: { exam: EXAM, changes: { title: 'T' } },
    answer: EXAM,
    // Its title and due date show on its card and page, in the gradebook's column, the students'
    // summaries and the scripts' list.
    touches: [
      keys.exams.ofCourse(7),
      keys.exams.detail(11),
      keys.exams.mcqSearch('chem'),
      keys.gradebook.ofCourse(7),
      keys.scores.all,
      keys.submissions.ofExam(11),
    ],
  },
  'set a student override': {
    use: useSaveOverride,
    variables: { examId: 11, studentId: 3, input: { extraMinutes: 30 } },
    answer: { studentId: 3, username: 'u', name: '', extraMinutes: 30, opensAt: null, dueDate: null },
    // The sittings list shows each student's own deadline.
    touches: [keys.exams.overrides(11), keys.submissions.ofExam(11)],
  },
  'remove a student override': {
    use: useDeleteOverride,
    variables: { examId: 11, studentId: 3, username: 'u' },
    touches: [keys.exams.overrides(11), keys.submissions.ofExam(11)],
  },
  'delete an exam content': {
    use: useDeleteExamContent,
    variables: EXAM,
    // Only an exam without scripts loses its content, and is unpublished with it.
    touches: [keys.exams.detail(11), keys.exams.ofCourse(7), keys.gradebook.ofCourse(7), keys.scores.all],
  },
  'publish an exam': {
    use: useSetExamPublished,
    variables: { exam: EXAM, published: true },
    answer: EXAM,
    // The exam lists take the server's answer into their cached copy instead.
    touches: [keys.exams.detail(11), keys.scores.all, keys.gradebook.ofCourse(7)],
  },
  'publish marks': {
    use: useSetMarksPublished,
    variables: { exam: EXAM, published: true },
    answer: { ...EXAM, gradesPublished: true },
    // The exam lists take the server's answer into their cached copy instead.
    touches: [
      keys.submissions.ofExam(11),
      keys.marking.overview(11),
      keys.exams.detail(11),
      keys.scores.all,
      keys.gradebook.ofCourse(7),
    ],
  },
  'grade in the dialog': {
    use: useGradeSubmission,
    variables: {
      examId: 11,
      examType: 'TRADITIONAL',
      submissionId: 21,
      studentName: 'S',
      instructorFeedback: '',
      traditionalScore: '70',
      markedPaper: null,
    },
    touches: [...marksOfExam11, keys.gradebook.all],
  },
  'grade in the studio': {
    use: useGradeScript,
    variables: {
      examId: 11,
      submissionId: 21,
      studentName: 'S',
      score: 70,
      questionMarks: null,
      instructorFeedback: '',
    },
    touches: [...marksOfExam11, keys.gradebook.all, keys.marking.script(21)],
  },
  'return marked papers': {
    use: useReturnMarkedPapers,
    variables: { examId: 11, zip: new File(['x'], 'papers.zip') },
    touches: [...marksOfExam11, keys.gradebook.all],
  },
  'save a mark scheme': {
    use: useSaveMarkScheme,
    variables: { examId: 11, markScheme: [] },
    touches: [keys.marking.overview(11), keys.exams.detail(11)],
  },
  'save a comment bank': {
    use: useSaveCommentBank,
    variables: { examId: 11, comments: [] },
    touches: [keys.marking.overview(11)],
  },
  'add a question': {
    use: useAddQuestion,
    variables: { examId: 11, ...question },
    touches: [keys.exams.questions(11), keys.exams.ofCourse(7)],
  },
  'add questions': {
    use: useAddQuestions,
    variables: { examId: 11, questions: [question] },
    touches: [keys.exams.questions(11), keys.exams.ofCourse(7)],
  },
  'edit a question': {
    use: useUpdateQuestion,
    variables: { examId: 11, questionId: 2, ...question },
    touches: [keys.exams.questions(11), keys.exams.ofCourse(7)],
  },
  'delete a question': {
    use: useDeleteQuestion,
    variables: { examId: 11, questionId: 2 },
    touches: [keys.exams.questions(11), keys.exams.ofCourse(7)],
  },
  'copy questions': {
    use: useCopyQuestions,
    variables: { examId: 11, fromExamId: 12, questionIds: [2] },
    answer: [],
    touches: [keys.exams.questions(11), keys.exams.ofCourse(7)],
  },
  'import questions': {
    use: useImportQuestions,
    variables: { examId: 11, file: new File(['x'], 'q.csv'), images: null },
    touches: [keys.exams.questions(11), keys.exams.ofCourse(7)],
  },
  'add a lecture': {
    use: useCreateResource,
    variables: { courseId: 7, name: 'L', url: 'k', type: 'video/mp4', duration: 60 },
    touches: [keys.courses.detail(7), keys.watchCoverage.ofCourse(7), keys.watchCoverage.ofStudent(3)],
  },
  'delete a lecture': {
    use: useDeleteResource,
    variables: { id: 4, courseId: 7 },
    touches: [keys.courses.detail(7), keys.watchCoverage.ofCourse(7), keys.watchCoverage.ofStudent(3)],
  },
  'delete a watch record': {
    use: useDeleteWatchRecord,
    variables: 9,
    touches: [keys.watchTime.page('nimal', { page: 1, pageSize: 6 }), keys.watchCoverage.ofCourse(7)],
  },
  'save the institute': {
    use: useUpdateInstitute,
    variables: { name: 'I' },
    touches: [keys.institute, keys.contact],
  },
  'upload a logo': { use: useUploadLogo, variables: png(), touches: [keys.institute] },
  'set the device limit': {
    use: useUpdateDeviceLimit,
    variables: { maxDevicesPerStudent: 3 },
    answer: { maxDevicesPerStudent: 3, serverDefault: 2, custom: true },
    touches: [keys.deviceLimit],
  },
  'sign a student out on one device': {
    use: useEndStudentDevice,
    variables: { studentId: 3, deviceId: '7d0b5a0e-3c1f-4a57-9a55-0c1b8f6f2a11', browser: 'Chrome on Android' },
    touches: [keys.students.devices(3)],
  },
  'remove the logo': { use: useDeleteLogo, variables: undefined, touches: [keys.institute] },
  'add staff': {
    use: useCreateStaff,
    variables: { username: 's', password: 'p', role: 'ROLE_ADMIN' },
    touches: [keys.staff],
  },
  'edit staff': { use: useUpdateStaff, variables: { id: 2, input: { role: 'ROLE_ADMIN' } }, touches: [keys.staff] },
  'disable staff': {
    use: useSetStaffDisabled,
    variables: { id: 2, username: 's', disabled: true },
    touches: [keys.staff],
  },
};

describe('every change re-reads what it changed', () => {
  itReReads(CHANGES, createQueryClient);
});

describe('lists that change without a portal user doing anything', () => {
  // Students hand in, are marked by other tutors and watch lectures from their phones; any change
  // makes an audit entry. These lists are read again each time they are shown.
  it.each([
    ['the gradebook', gradebookQueryOptions(7, { page: 1, pageSize: 25 })],
    ['the gradebook figures', gradebookStatsQueryOptions(7)],
    ['the watch coverage', courseCoverageQueryOptions(7)],
    ['the audit log', auditQueryOptions({ page: 1, pageSize: 20 })],
  ])('%s is read again when shown again', async (_name, options) => {
    const fetched = vi.fn(async () => new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetched);
    const queryClient = createQueryClient();
    const noParse = { ...options, queryFn: () => fetch('/api/x').then(() => ({})) } as never;
    await queryClient.fetchQuery(noParse);
    await queryClient.fetchQuery(noParse);
    expect(fetched).toHaveBeenCalledTimes(2);
  });
});

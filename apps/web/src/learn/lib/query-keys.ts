/**
 * Every query key of the students' app, in one place, so a change re-reads what it touched by the
 * same names the screens read it by. The student's own data is under `me`.
 */
export const learnKeys = {
  me: ['me'] as const,
  settings: ['settings'] as const,
  myCourses: ['me', 'courses'] as const,
  courseLectures: (courseId: number) => ['me', 'courses', courseId, 'lectures'] as const,
  upcomingLectures: (courseId: number) => ['me', 'courses', courseId, 'upcoming'] as const,
  resumePoint: (lectureId: number) => ['me', 'lectures', lectureId, 'resume'] as const,
  myExams: ['me', 'exams'] as const,
  myExam: (examId: number) => ['me', 'exams', examId] as const,
  mcqDraft: (examId: number) => ['me', 'exams', examId, 'draft'] as const,
  paper: (examId: number) => ['me', 'exams', examId, 'paper'] as const,
  myMarks: ['me', 'marks'] as const,
};

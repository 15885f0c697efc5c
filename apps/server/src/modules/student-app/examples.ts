import {
  courseSchema,
  examScoreSchema,
  heartbeatAnswerSchema,
  heartbeatSchema,
  mcqAnswersSchema,
  mcqDraftInputSchema,
  mcqDraftSchema,
  mySubmissionSchema,
  recordWatchSchema,
  resourceSchema,
  resumePointSchema,
  studentExamSchema,
  studentExamSummarySchema,
  upcomingLectureSchema,
  watchRecordSchema,
} from '@valence/contract';
import { z } from 'zod';

/*
 * Worked examples of the students' app's calls for the OpenAPI page (/api/docs): what a student's
 * app sends and gets back. `.meta` only documents; validation is the contract's schema unchanged.
 */
const at = '2026-11-23T04:30:00.000Z';

/** An MCQ exam begun (a draft saved) and not yet submitted, as the list shows it. */
const exam = {
  id: 17,
  courseId: 3,
  courseTitle: '2026 A/L Chemistry – Theory',
  title: 'Term test 1 – Paper I',
  description: '50 multiple-choice questions, 2 hours.',
  dueDate: '2026-12-01T04:30:00.000Z',
  examType: 'MCQ' as const,
  examIdentifier: 'CHEM_C001_TERM1',
  questionCount: 50,
  submitted: false,
  submittedAt: null,
  hasDraft: true,
};

export const examples = {
  courses: courseSchema.array().meta({
    examples: [
      [
        {
          id: 3,
          title: '2026 A/L Chemistry – Theory',
          description: 'Physical, inorganic and organic chemistry for the 2026 A/L examination.',
          createdAt: at,
          paused: false,
        },
      ],
    ],
  }),
  lectures: resourceSchema.array().meta({
    examples: [
      [
        {
          id: 41,
          name: 'Lesson 7 – Chemical equilibrium',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          type: 'link',
          courseId: 3,
          duration: 5400,
          liveAt: at,
          recordingAt: at,
          expiresAt: null,
        },
      ],
    ],
  }),
  // `example`, not `examples`: zod leaves `examples` out of the input side of a schema that transforms.
  watchBody: recordWatchSchema.meta({ example: { resourceId: 41, watchedDuration: 1754.5 } }),
  watchAnswer: watchRecordSchema.meta({
    examples: [{ id: 9001, videoName: 'Lesson 7 – Chemical equilibrium', timestamp: at, watchedDuration: 1754.5 }],
  }),
  exams: studentExamSummarySchema.array().meta({ examples: [[exam]] }),
  exam: studentExamSchema.meta({
    examples: [
      {
        ...exam,
        marked: false,
        answerUrl: null,
        questions: [
          {
            id: 301,
            questionText: 'What is the oxidation state of Mn in \\ce{KMnO4}?',
            questionImageUrl: null,
            options: [
              { id: 1501, optionText: '+7' },
              { id: 1502, optionText: '+2' },
              { id: 1503, optionText: '+4' },
              { id: 1504, optionText: '+6' },
              { id: 1505, optionText: '-1' },
            ],
          },
        ],
      },
    ],
  }),
  draftBody: mcqDraftInputSchema.meta({
    example: { answers: [{ questionId: 301, optionId: 1501 }], revision: 7 },
  }),
  draft: mcqDraftSchema.meta({
    examples: [{ examId: 17, answers: [{ questionId: 301, optionId: 1501 }], revision: 7, updatedAt: at }],
  }),
  paper: z
    .object({ url: z.string() })
    .meta({ examples: [{ url: '/api/files/exams/7d1c…-paper.pdf?expires=…&sig=…' }] }),
  mcqBody: mcqAnswersSchema.meta({ example: { answers: [{ questionId: 301, optionId: 1501 }] } }),
  submission: mySubmissionSchema.meta({
    examples: [{ id: 880, examId: 17, submittedAt: at, mcqScore: 42, traditionalScore: null }],
  }),
  examScore: examScoreSchema.meta({
    examples: [
      {
        studentId: 412,
        examIdentifier: 'CHEM_C001_TERM1',
        mcqScore: 40,
        traditionalScore: 90,
        combinedTotalScore: 85,
        mcqPublished: true,
        traditionalPublished: true,
      },
    ],
  }),
  upcoming: upcomingLectureSchema.array().meta({
    examples: [
      [
        {
          id: 44,
          name: 'Lesson 8 – Ionic equilibrium',
          type: 'link',
          duration: 5400,
          liveAt: '2026-11-30T12:30:00.000Z',
        },
      ],
    ],
  }),
  heartbeatBody: heartbeatSchema.meta({
    example: {
      viewingKey: '6f1d2c3a-8b4e-4f7a-9c2d-1e5b7a9c3d4f',
      segments: [
        [120, 126.5],
        [300, 303.2],
      ],
      position: 303.2,
    },
  }),
  heartbeatAnswer: heartbeatAnswerSchema.meta({ examples: [{ watchedDuration: 412.7 }] }),
  resumePoint: resumePointSchema.meta({ examples: [{ position: 303.2 }, { position: null }] }),
};

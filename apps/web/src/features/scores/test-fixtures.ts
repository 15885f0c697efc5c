import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { MarksSummary, ScoreSummaryRow } from '@valence/contract';
import { expect, it } from 'vitest';

/** A student's marks under one identifier, both parts marked; tests override what they look at. */
export const marksSummary = (overrides: Partial<MarksSummary> = {}): MarksSummary => ({
  studentId: 12,
  studentName: 'Kasun Perera',
  examIdentifier: 'CHEM101_FINAL',
  mcqExamId: 3,
  mcqExamTitle: 'Paper I (MCQ)',
  mcqScore: 40,
  mcqSubmissionStatus: 'Graded',
  mcqInstructorFeedback: 'Revise the periodic trends.',
  mcqSubmittedAt: '2026-03-01T04:30:00.000Z',
  traditionalExamId: 4,
  traditionalExamTitle: 'Paper II (Structured essay)',
  traditionalScore: 90,
  traditionalGrade: 'A',
  traditionalSubmissionStatus: 'Graded',
  traditionalInstructorFeedback: 'Clear mechanisms, well laid out.',
  traditionalSubmittedAt: '2026-03-01T06:00:00.000Z',
  traditionalSubmittedAnswerDownloadUrl: 'https://files.example/answer.pdf',
  traditionalMarkedPaperDownloadUrl: 'https://files.example/marked.pdf',
  overallExamStatus: 'Fully Graded',
  totalScore: 85,
  ...overrides,
});

export const scoreRow = (examIdentifier: string, mcqScore: number | null, traditionalScore: number | null) => ({
  examIdentifier,
  mcqScore,
  traditionalScore,
  combinedTotalScore:
    mcqScore === null && traditionalScore === null ? null : (mcqScore ?? 0) + (traditionalScore ?? 0) * 0.5,
});

/** Six exams: two pages of five, one half-done and one not marked at all. */
export const SCORE_ROWS: ScoreSummaryRow[] = [
  scoreRow('CHEM101_FINAL', 40, 90),
  scoreRow('CHEM101_MID', 32.5, 71.35),
  scoreRow('ORG_UNIT1', 45, null),
  scoreRow('ORG_UNIT2', null, null),
  scoreRow('PHYS_CHEM_T2', 36, 64.5),
  scoreRow('INORG_REVISION', 41, 88),
];

type LookupScreen = {
  /** Renders the screen with the lookup call answered by `answer`. */
  setup: (answer: { status: number; body: unknown }) => { user: UserEvent };
  /** Fills the form and asks. */
  lookUp: (user: UserEvent) => Promise<void>;
  /** What the server says when nothing matches. */
  refusal: string;
  /** The screen's own sentence for a failure the server gives no usable reason for. */
  failureText: string;
};

/**
 * The two ways a score lookup fails, alike on both score screens: a refusal (4xx) shows the server's
 * reason, a server failure (5xx) the screen's own sentence and never the server's words.
 */
export function itShowsLookupFailures({ setup, lookUp, refusal, failureText }: LookupScreen) {
  it("shows the server's reason for a refusal", async () => {
    const { user } = setup({ status: 404, body: { message: refusal } });
    await lookUp(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('says the lookup failed when the server fails', async () => {
    const { user } = setup({ status: 500, body: { message: 'relation "submissions" does not exist' } });
    await lookUp(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(failureText);
    expect(alert).not.toHaveTextContent('relation');
  });
}

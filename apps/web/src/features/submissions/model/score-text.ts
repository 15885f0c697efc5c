import { type ExamType, mcqPercentage, type Submission } from '@valence/contract';
import { SUBMISSION_TEXTS } from '../messages';

/**
 * A submission's mark as the list shows it: PART II out of 100 with one decimal,
 * MCQ out of 50 with two, and an unmarked one said in words, never as zero.
 */
export function scoreText(submission: Submission, examType: ExamType): string {
  if (examType === 'MCQ')
    return submission.mcqScore === null ? SUBMISSION_TEXTS.notMarked : `${submission.mcqScore.toFixed(2)} / 50`;
  return submission.traditionalScore === null
    ? SUBMISSION_TEXTS.notMarked
    : `${submission.traditionalScore.toFixed(1)} / 100`;
}

/** The answers dialog's score: the share of questions answered correctly, two decimals ('84.00%'). */
export const percentageText = (correct: number, total: number) => `${mcqPercentage(correct, total).toFixed(2)}%`;

/** Which grade button a row gets: MCQ papers only take feedback; PART II takes a score. */
export function gradeLabel(submission: Submission, examType: ExamType): string {
  if (examType === 'MCQ') return submission.instructorFeedback ? 'Edit Feedback' : 'Add Feedback';
  return submission.traditionalScore === null ? 'Mark Submission' : 'Update Score';
}

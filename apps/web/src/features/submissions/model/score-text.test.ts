import { describe, expect, it } from 'vitest';
import { gradeFormData } from '../api/grade-submission';
import { submission } from '../test-api';
import { gradeLabel, percentageText, scoreText } from './score-text';

describe('score texts', () => {
  it('shows PART II with one decimal out of 100 and MCQ with two out of 50', () => {
    expect(scoreText(submission(1, 'A', { traditionalScore: 90 }), 'TRADITIONAL')).toBe('90.0 / 100');
    expect(scoreText(submission(1, 'A', { traditionalScore: 72.25 }), 'TRADITIONAL')).toBe('72.3 / 100');
    expect(scoreText(submission(1, 'A', { mcqScore: 42 }), 'MCQ')).toBe('42.00 / 50');
  });

  it('says an unmarked submission is not marked, never zero', () => {
    expect(scoreText(submission(1, 'A'), 'TRADITIONAL')).toBe('Not marked yet');
    expect(scoreText(submission(1, 'A', { traditionalScore: 0 }), 'TRADITIONAL')).toBe('0.0 / 100');
    expect(scoreText(submission(1, 'A'), 'MCQ')).toBe('Not marked yet');
  });

  it('gives the answers dialog a two-decimal percentage of correct answers', () => {
    expect(percentageText(42, 50)).toBe('84.00%');
    expect(percentageText(2, 3)).toBe('66.67%');
    expect(percentageText(0, 0)).toBe('0.00%');
  });

  it('names the grade button by exam type and what is already there', () => {
    expect(gradeLabel(submission(1, 'A'), 'MCQ')).toBe('Add Feedback');
    expect(gradeLabel(submission(1, 'A', { instructorFeedback: 'Ok' }), 'MCQ')).toBe('Edit Feedback');
    expect(gradeLabel(submission(1, 'A'), 'TRADITIONAL')).toBe('Mark Submission');
    expect(gradeLabel(submission(1, 'A', { traditionalScore: 0 }), 'TRADITIONAL')).toBe('Update Score');
  });
});

describe('gradeFormData', () => {
  const base = { examId: 5, submissionId: 1, studentName: 'A', instructorFeedback: 'Fine', markedPaper: null };
  it('sends a PART II score, empty when cleared, and never one for MCQ', () => {
    expect(gradeFormData({ ...base, examType: 'TRADITIONAL', traditionalScore: ' 88 ' }).get('traditionalScore')).toBe(
      '88',
    );
    expect(gradeFormData({ ...base, examType: 'TRADITIONAL', traditionalScore: '' }).get('traditionalScore')).toBe('');
    expect(gradeFormData({ ...base, examType: 'MCQ', traditionalScore: '88' }).has('traditionalScore')).toBe(false);
  });
});

import { EXAM_MESSAGES } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { emptyExamForm, examFormSchema, PAPER_TOO_BIG, toCreateExam, toLocalDateTime } from './exam-form';

const paper = () => new File(['%PDF-1.7'], 'paper.pdf', { type: 'application/pdf' });
const filled = {
  ...emptyExamForm(7),
  title: ' Final ',
  examIdentifier: 'CHEM101_FINAL',
  description: 'Organic reactions',
  dueDate: '2026-05-01T09:30',
};
/** Each distinct message once: a field may fail two ways with the same sentence. */
const messagesOf = (values: object) => {
  const issues = examFormSchema.safeParse(values).error?.issues;
  return issues && [...new Set(issues.map((issue) => issue.message))];
};

describe('examFormSchema', () => {
  it("gives every missing field the screen's fixed sentence at once, the paper's too", () => {
    expect(messagesOf(emptyExamForm(null))?.sort()).toEqual(
      [EXAM_MESSAGES.course, EXAM_MESSAGES.identifier, EXAM_MESSAGES.paper, EXAM_MESSAGES.required].sort(),
    );
  });

  it('refuses a date it cannot read', () => {
    expect(messagesOf({ ...filled, examType: 'MCQ', dueDate: 'next Friday' })).toEqual([EXAM_MESSAGES.date]);
    expect(messagesOf({ ...filled, examType: 'MCQ', dueDate: '2026-13-45T10:00' })).toEqual([EXAM_MESSAGES.date]);
  });

  it('refuses a due date that is no real date between 1900 and 2100, naming the field', () => {
    const real = 'dueDate: Enter a real date and time between 1900 and 2100.';
    expect(messagesOf({ ...filled, examType: 'MCQ', dueDate: '0001-01-01T00:00' })).toEqual([real]);
    expect(messagesOf({ ...filled, examType: 'MCQ', dueDate: '2026-02-29T10:00' })).toEqual([real]);
    expect(messagesOf({ ...filled, examType: 'MCQ', dueDate: '2024-02-29T10:00' })).toBeUndefined();
    expect(messagesOf({ ...filled, examType: 'MCQ', dueDate: '2100-12-31T23:59' })).toBeUndefined();
  });

  it('needs a paper for PART II only, and refuses one over the limit', () => {
    expect(messagesOf({ ...filled, examType: 'MCQ' })).toBeUndefined();
    expect(messagesOf({ ...filled, paper: paper() })).toBeUndefined();
    const huge = paper();
    Object.defineProperty(huge, 'size', { value: 51 * 1024 * 1024 });
    expect(messagesOf({ ...filled, paper: huge })).toEqual([PAPER_TOO_BIG]);
  });
});

describe('toCreateExam', () => {
  it('sends the course as a number, trimmed text and a local time to the second', () => {
    const file = paper();
    expect(toCreateExam({ ...filled, paper: file })).toEqual({
      exam: {
        courseId: 7,
        title: 'Final',
        examIdentifier: 'CHEM101_FINAL',
        description: 'Organic reactions',
        examType: 'TRADITIONAL',
        dueDate: '2026-05-01T09:30:00',
      },
      paper: file,
    });
  });

  it('sends no paper with an MCQ exam', () => {
    expect(toCreateExam({ ...filled, examType: 'MCQ', paper: paper() }).paper).toBeNull();
  });

  it('keeps seconds and offsets as typed', () => {
    expect(toLocalDateTime('2026-05-01 09:30')).toBe('2026-05-01T09:30:00');
    expect(toLocalDateTime('2026-05-01T09:30:15')).toBe('2026-05-01T09:30:15');
    expect(toLocalDateTime('2026-05-01T04:00Z')).toBe('2026-05-01T04:00Z');
  });
});

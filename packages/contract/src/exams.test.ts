import { describe, expect, it } from 'vitest';
import { createExamSchema, EXAM_MESSAGES } from './exams.js';
import { questionProblems } from './questions.js';
import { gradeFieldsSchema } from './submissions.js';

const valid = {
  courseId: 3,
  title: 'Final',
  description: 'Paper I',
  dueDate: '2026-12-01T10:00',
  examType: 'MCQ',
  examIdentifier: 'CHEM101_FINAL',
};

const firstMessage = (value: unknown) => {
  const result = createExamSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('createExamSchema', () => {
  it('accepts a whole exam and reads the course id from text too', () => {
    expect(createExamSchema.parse({ ...valid, courseId: '3' }).courseId).toBe(3);
  });

  it("answers each missing field with the spec's words", () => {
    expect(firstMessage({ ...valid, courseId: undefined })).toBe(EXAM_MESSAGES.course);
    expect(firstMessage({ ...valid, courseId: '' })).toBe(EXAM_MESSAGES.course);
    expect(firstMessage({ ...valid, examIdentifier: '  ' })).toBe(EXAM_MESSAGES.identifier);
    expect(firstMessage({ ...valid, title: '' })).toBe(EXAM_MESSAGES.required);
    expect(firstMessage({ ...valid, description: undefined })).toBe(EXAM_MESSAGES.required);
    expect(firstMessage({ ...valid, dueDate: '' })).toBe(EXAM_MESSAGES.required);
    expect(firstMessage({ ...valid, dueDate: '01/12/2026 10:00' })).toBe(EXAM_MESSAGES.date);
    expect(firstMessage({ ...valid, dueDate: '2026-13-45T10:00' })).toBe(EXAM_MESSAGES.date);
    expect(firstMessage({ ...valid, examIdentifier: 'CHEM 101' })).toBe(EXAM_MESSAGES.identifierShape);
  });

  it('refuses a due date that is no real date between 1900 and 2100, naming the field', () => {
    const real = 'dueDate: Enter a real date and time between 1900 and 2100.';
    expect(firstMessage({ ...valid, dueDate: '0001-01-01T00:00' })).toBe(real);
    expect(firstMessage({ ...valid, dueDate: '2026-02-29T10:00' })).toBe(real);
    expect(firstMessage({ ...valid, dueDate: '2026-01-01T00:00+9999' })).toBe(
      'dueDate: Enter a time-zone offset between -23:59 and +23:59, or Z.',
    );
    expect(firstMessage({ ...valid, dueDate: '2024-02-29T10:00' })).toBeNull();
  });
});

describe('questionProblems', () => {
  const options = (correct: number[]) =>
    ['A', 'B', 'C', 'D', 'E'].map((optionText, i) => ({ optionText, isCorrect: correct.includes(i) }));

  it('finds nothing wrong with text, five filled options and one correct', () => {
    expect(questionProblems({ questionText: '\\ce{H2O}', options: options([2]) }, false)).toEqual([]);
    expect(questionProblems({ questionText: '', options: options([0]) }, true)).toEqual([]);
  });

  it('names each rule, numbered in the bulk form', () => {
    expect(questionProblems({ questionText: ' ', options: options([]) }, false)).toEqual([
      'Question must have either text or an image.',
      'Exactly one option must be marked as correct.',
    ]);
    expect(questionProblems({ questionText: 'Q', options: options([0, 1]).slice(0, 4) }, false, 2)).toEqual([
      'Question 2: All 5 answer options must be filled.',
      'Question 2: Exactly one option must be marked as correct.',
    ]);
    expect(questionProblems({ questionText: null, options: options([]) }, false, 3)).toEqual([
      'Question 3: Question text or image file is required.',
      'Question 3: A correct option must be selected.',
    ]);
  });
});

describe('gradeFieldsSchema', () => {
  const score = (traditionalScore?: string) => gradeFieldsSchema.safeParse({ traditionalScore });

  it('takes an empty score as not marked and a number from 0 to 100 with two decimals', () => {
    expect(score('').data?.traditionalScore).toBeNull();
    expect(score(undefined).data?.traditionalScore).toBeNull();
    expect(score('90').data?.traditionalScore).toBe(90);
    expect(score('72.25').data?.traditionalScore).toBe(72.25);
    expect(score('0').data?.traditionalScore).toBe(0);
  });

  it("refuses the rest with the spec's words", () => {
    for (const text of ['abc', '1e2', '--3', 'NaN']) {
      expect(score(text).error?.issues[0]?.message).toBe('Traditional Score must be a valid number.');
    }
    for (const text of ['100.5', '72.255', '-1']) {
      expect(score(text).error?.issues[0]?.message).toMatch(/^Traditional Score must be/);
    }
  });
});

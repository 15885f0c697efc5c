import { z } from 'zod';

/** One sentence for whichever part of the lookup is missing, so the tutor sees what to fill in. */
export const MARKS_LOOKUP_MISSING = 'Please select a student and enter an Exam Identifier.';
export const SCORE_LOOKUP_MISSING = 'Please enter your Student ID (if applicable) and the Exam Identifier.';

const identifier = (missing: string) =>
  z
    .string()
    .trim()
    .min(1, { message: missing })
    .max(64, { message: 'The Exam Identifier must be at most 64 characters.' });

export const marksLookupSchema = z.object({
  studentId: z.string().min(1, { message: MARKS_LOOKUP_MISSING }),
  examIdentifier: identifier(MARKS_LOOKUP_MISSING),
});

export const scoreLookupSchema = z.object({
  studentId: z
    .string()
    .trim()
    .min(1, { message: SCORE_LOOKUP_MISSING })
    .regex(/^[1-9]\d{0,9}$/, { message: 'The Student ID must be a whole number, such as 12.' }),
  examIdentifier: identifier(SCORE_LOOKUP_MISSING),
});

/** What both lookup forms hold: the student id as text (a select's value, a typed field). */
export type LookupValues = { studentId: string; examIdentifier: string };

/** The lookup the server is asked for, once the form's values have passed their schema. */
export const lookupOf = (values: LookupValues) => ({
  studentId: Number(values.studentId),
  examIdentifier: values.examIdentifier.trim(),
});

import { Checkbox, Fieldset, Input, NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import {
  EXAM_MESSAGES,
  EXAM_TYPE_LABELS,
  type Exam,
  type ExamType,
  instantOf,
  PAPER_ACCEPT,
  readDateTime,
} from '@valence/contract';
import { useId, useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { MarkSchemeFields } from '../../../components/mark-scheme-fields';
import { ApiError } from '../../../lib/api-client';
import { failureText } from '../../../lib/failure-text';
import { useContractForm } from '../../../lib/form';
import { useCreateExam } from '../api/create-exam';
import { useUpdateExam } from '../api/update-exam';
import {
  type ExamFormValues,
  editExamFormSchema,
  emptyExamForm,
  examFormOf,
  examFormSchema,
  toCreateExam,
  toLocalDateTime,
  toUpdateExam,
} from '../model/exam-form';
import { type CourseOption, CourseSelect } from './course-select';

const TYPE_OPTIONS = (['TRADITIONAL', 'MCQ'] as const).map((value) => ({ value, label: EXAM_TYPE_LABELS[value] }));
const REVIEW_OPTIONS = [
  { value: 'with-marks', label: 'With the marks' },
  { value: 'after-close', label: 'After the exam closes' },
  { value: 'never', label: 'Never' },
];

export const PAST_DUE_QUESTION = 'This due date has passed: the exam will be closed at once. Continue?';
export const SHORTER_NOTE = 'Sittings in progress end at the new time.';

type CreateExamDialogProps = {
  courses: CourseOption[];
  /** The filter's course, chosen to begin with. */
  courseId: number | null;
  onCourseSearch: (text: string) => void;
  timeZone: string;
  onClose: () => void;
  onCreated: (exam: Exam) => void;
  /** Given: the Edit dialog, filled in with this exam; its course, identifier, type and paper stay. */
  exam?: Exam;
};

/** The instant a typed due date names, or null while it is no date. */
function typedInstant(text: string, timeZone: string): number | null {
  const local = toLocalDateTime(text);
  return readDateTime(local).ok ? instantOf(local, timeZone).getTime() : null;
}

/**
 * 'Create New Exam', or 'Edit Exam' with `exam`: a failure is said inside the dialog and everything
 * typed stays. A due date already past is sent again, once the tutor confirms, as meant.
 */
export function CreateExamDialog({
  courses,
  courseId,
  onCourseSearch,
  timeZone,
  onClose,
  onCreated,
  exam,
}: CreateExamDialogProps) {
  const create = useCreateExam();
  const update = useUpdateExam();
  const editing = exam !== undefined;
  const [initial] = useState(() => (exam ? examFormOf(exam, timeZone) : emptyExamForm(courseId)));
  const form = useContractForm<ExamFormValues>(editing ? editExamFormSchema : examFormSchema, initial);
  const paperId = useId();
  const values = form.getValues();
  const { examType } = values;
  const paperError = form.errors.paper;
  const change = editing ? update : create;
  const pending = create.isPending || update.isPending;

  // Shortening the due date of an exam still open cuts short whoever is sitting it.
  const newDue = typedInstant(values.dueDate, timeZone);
  const oldDue = exam ? Date.parse(exam.dueDate) : null;
  const shortening =
    exam?.published === true && oldDue !== null && newDue !== null && newDue < oldDue && Date.now() < oldDue;

  function send(form: ExamFormValues, allowPastDueDate: boolean): Promise<Exam> {
    if (exam) {
      const changes = toUpdateExam(initial, form);
      return update.mutateAsync({ exam, changes: allowPastDueDate ? { ...changes, allowPastDueDate } : changes });
    }
    const variables = toCreateExam(form);
    return create.mutateAsync(
      allowPastDueDate ? { ...variables, exam: { ...variables.exam, allowPastDueDate } } : variables,
    );
  }

  async function handleSubmit(values: ExamFormValues) {
    if (pending) return;
    try {
      onCreated(await send(values, false));
    } catch (error) {
      // The server's clock decides what has passed; the tutor says whether that is meant.
      if (!(error instanceof ApiError && error.status === 400 && error.message === EXAM_MESSAGES.pastDue)) return;
      change.reset();
      const sure = await confirmDialog({
        title: 'Due date passed',
        message: PAST_DUE_QUESTION,
        confirmLabel: 'Continue',
      });
      if (!sure) return;
      try {
        onCreated(await send(values, true));
      } catch {
        // Shown below the fields from the mutation's error.
      }
    }
  }

  function chooseType(value: string) {
    form.setFieldValue('examType', value as ExamType);
    // An MCQ exam sends no paper; a file chosen before would otherwise come back unseen.
    if (value === 'MCQ') form.setFieldValue('paper', null);
  }

  const failure = editing
    ? update.isError && failureText(update.error, 'Failed to save the exam. Please try again.')
    : create.isError && failureText(create.error, 'Failed to create exam. Please try again.');
  return (
    <FormDialog
      title={editing ? 'Edit Exam' : 'Create New Exam'}
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      error={failure}
      submitLabel={editing ? 'Save Changes' : 'Create Exam'}
      pending={pending}
    >
      <CourseSelect
        label="Course"
        placeholder="Select a course"
        withAsterisk
        courses={courses}
        onSearch={onCourseSearch}
        disabled={editing}
        {...form.getInputProps('courseId')}
      />
      <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
      <TextInput
        label="Exam Identifier"
        placeholder="e.g., CHEM101_FINAL"
        description="The MCQ and PART II exams of one paper share it."
        withAsterisk
        disabled={editing}
        {...form.getInputProps('examIdentifier')}
      />
      <Textarea label="Description" withAsterisk rows={3} {...form.getInputProps('description')} />
      <NativeSelect
        label="Exam Type"
        data={TYPE_OPTIONS}
        disabled={editing}
        {...form.getInputProps('examType')}
        onChange={(event) => chooseType(event.currentTarget.value)}
      />
      {!editing && examType === 'TRADITIONAL' && (
        <Input.Wrapper
          id={paperId}
          label="Exam Paper"
          description="PDF, Word, JPG or PNG"
          withAsterisk
          error={paperError}
        >
          <input
            id={paperId}
            type="file"
            accept={PAPER_ACCEPT}
            aria-invalid={paperError ? true : undefined}
            aria-describedby={paperError ? `${paperId}-error ${paperId}-description` : `${paperId}-description`}
            onChange={(event) => form.setFieldValue('paper', event.currentTarget.files?.[0] ?? null)}
            style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
          />
        </Input.Wrapper>
      )}
      {!editing && examType === 'TRADITIONAL' && (
        <Input.Wrapper
          label="Mark Scheme"
          description="Optional: the questions and their maximum marks, adding up to 100. Without one, each script gets one score."
        >
          <MarkSchemeFields
            rows={form.getValues().markScheme}
            onChange={(rows) => form.setFieldValue('markScheme', rows)}
            error={typeof form.errors.markScheme === 'string' ? form.errors.markScheme : null}
          />
        </Input.Wrapper>
      )}
      <TextInput
        type="datetime-local"
        label="Due Date and Time"
        description={`In the platform's time zone (${timeZone})`}
        withAsterisk
        {...form.getInputProps('dueDate')}
      />
      {shortening && (
        <Text size="sm" c="orange.8" fw={500} role="note">
          {SHORTER_NOTE}
        </Text>
      )}
      <Fieldset legend="Sitting" variant="filled">
        <TextInput
          type="datetime-local"
          label="Opens at"
          description="Optional. Before then students see the exam listed but cannot open it."
          {...form.getInputProps('opensAt')}
        />
        <TextInput
          type="number"
          min={1}
          label="Time limit (minutes)"
          description="Optional. Each student's sitting lasts this long from their start, and never past the due date."
          {...form.getInputProps('timeLimitMinutes')}
        />
        {examType === 'MCQ' && (
          <>
            <Checkbox
              mt="sm"
              label="Shuffle questions"
              {...form.getInputProps('shuffleQuestions', { type: 'checkbox' })}
            />
            <Checkbox mt="xs" label="Shuffle options" {...form.getInputProps('shuffleOptions', { type: 'checkbox' })} />
            <TextInput
              type="number"
              min={1}
              label="Questions per student"
              description="Optional. Each student gets this many of the paper's questions, drawn at their start."
              {...form.getInputProps('questionsPerStudent')}
            />
            <NativeSelect label="Show answers" data={REVIEW_OPTIONS} {...form.getInputProps('reviewAfter')} />
          </>
        )}
      </Fieldset>
    </FormDialog>
  );
}

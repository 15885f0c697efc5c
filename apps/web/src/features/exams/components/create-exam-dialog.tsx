import { Input, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { EXAM_TYPE_LABELS, type Exam, type ExamType, PAPER_ACCEPT } from '@valence/contract';
import { useId } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { MarkSchemeFields } from '../../../components/mark-scheme-fields';
import { failureText } from '../../../lib/failure-text';
import { useContractForm } from '../../../lib/form';
import { useCreateExam } from '../api/create-exam';
import { type ExamFormValues, emptyExamForm, examFormSchema, toCreateExam } from '../model/exam-form';
import { type CourseOption, CourseSelect } from './course-select';

const TYPE_OPTIONS = (['TRADITIONAL', 'MCQ'] as const).map((value) => ({ value, label: EXAM_TYPE_LABELS[value] }));

type CreateExamDialogProps = {
  courses: CourseOption[];
  /** The filter's course, chosen to begin with. */
  courseId: number | null;
  onCourseSearch: (text: string) => void;
  timeZone: string;
  onClose: () => void;
  onCreated: (exam: Exam) => void;
};

/** 'Create New Exam': a failure is said inside the dialog and everything typed stays. */
export function CreateExamDialog({
  courses,
  courseId,
  onCourseSearch,
  timeZone,
  onClose,
  onCreated,
}: CreateExamDialogProps) {
  const create = useCreateExam();
  const form = useContractForm<ExamFormValues>(examFormSchema, emptyExamForm(courseId));
  const paperId = useId();
  const { examType } = form.getValues();
  const paperError = form.errors.paper;

  async function handleSubmit(values: ExamFormValues) {
    if (create.isPending) return;
    try {
      onCreated(await create.mutateAsync(toCreateExam(values)));
    } catch {
      // Shown below the fields from the mutation's error.
    }
  }

  function chooseType(value: string) {
    form.setFieldValue('examType', value as ExamType);
    // An MCQ exam sends no paper; a file chosen before would otherwise come back unseen.
    if (value === 'MCQ') form.setFieldValue('paper', null);
  }

  return (
    <FormDialog
      title="Create New Exam"
      size="lg"
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      error={create.isError && failureText(create.error, 'Failed to create exam. Please try again.')}
      submitLabel="Create Exam"
      pending={create.isPending}
    >
      <CourseSelect
        label="Course"
        placeholder="Select a course"
        withAsterisk
        courses={courses}
        onSearch={onCourseSearch}
        {...form.getInputProps('courseId')}
      />
      <TextInput label="Title" withAsterisk data-autofocus {...form.getInputProps('title')} />
      <TextInput
        label="Exam Identifier"
        placeholder="e.g., CHEM101_FINAL"
        description="The MCQ and PART II exams of one paper share it."
        withAsterisk
        {...form.getInputProps('examIdentifier')}
      />
      <Textarea label="Description" withAsterisk rows={3} {...form.getInputProps('description')} />
      <NativeSelect
        label="Exam Type"
        data={TYPE_OPTIONS}
        {...form.getInputProps('examType')}
        onChange={(event) => chooseType(event.currentTarget.value)}
      />
      {examType === 'TRADITIONAL' && (
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
      {examType === 'TRADITIONAL' && (
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
    </FormDialog>
  );
}

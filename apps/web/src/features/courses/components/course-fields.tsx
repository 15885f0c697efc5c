import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type CourseInput, courseInputSchema } from '@valence/contract';

type CourseFieldErrors = Partial<Record<keyof CourseInput, string>>;

/**
 * Blank fields only disable the submit button (spec section 5); any other broken rule, such as a
 * title over the length limit, is said under its field as it is typed, so the user knows why.
 */
export function courseFieldErrors(values: CourseInput): CourseFieldErrors {
  const result = courseInputSchema.safeParse(values);
  if (result.success) return {};
  const errors: CourseFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'title' || field === 'description') && values[field].trim()) errors[field] ??= issue.message;
  }
  return errors;
}

type CourseFieldsProps = {
  form: UseFormReturnType<CourseInput>;
  descriptionRows: number;
  placeholders?: CourseInput;
};

/** The course title and description inputs, shared by the create form and the edit toggle. */
export function CourseFields({ form, descriptionRows, placeholders }: CourseFieldsProps) {
  const errors = courseFieldErrors(form.getValues());
  return (
    <>
      <TextInput
        label="Course Title"
        placeholder={placeholders?.title}
        required
        {...form.getInputProps('title')}
        error={errors.title}
      />
      <Textarea
        label="Course Description"
        placeholder={placeholders?.description}
        required
        rows={descriptionRows}
        {...form.getInputProps('description')}
        error={errors.description}
      />
    </>
  );
}

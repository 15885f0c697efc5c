import { Textarea, TextInput } from '@mantine/core';
import { type CourseInput, courseInputSchema } from '@valence/contract';

type CourseFieldErrors = Partial<Record<keyof CourseInput, string>>;

/**
 * Blank fields only disable the submit button (spec section 5); any other broken rule, such as a
 * title over the length limit, is said under its field so the user knows why nothing happens.
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
  values: CourseInput;
  onChange: (values: CourseInput) => void;
  descriptionRows: number;
  placeholders?: CourseInput;
};

/** The course title and description inputs, shared by the create form and the edit toggle. */
export function CourseFields({ values, onChange, descriptionRows, placeholders }: CourseFieldsProps) {
  const errors = courseFieldErrors(values);
  return (
    <>
      <TextInput
        label="Course Title"
        placeholder={placeholders?.title}
        required
        value={values.title}
        error={errors.title}
        onChange={(event) => onChange({ ...values, title: event.currentTarget.value })}
      />
      <Textarea
        label="Course Description"
        placeholder={placeholders?.description}
        required
        rows={descriptionRows}
        value={values.description}
        error={errors.description}
        onChange={(event) => onChange({ ...values, description: event.currentTarget.value })}
      />
    </>
  );
}

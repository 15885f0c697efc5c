import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type CourseInput, courseInputSchema } from '@valence/contract';
import { useContractForm } from '../../../lib/form';

/**
 * A course's title and description under the contract's rules, checked as they are typed: a broken
 * rule such as a title over the length limit is said under its field at once, so the user knows why
 * the button stays disabled. `ready` is false while any rule is broken.
 */
export function useCourseForm(initialValues: CourseInput) {
  const form = useContractForm(courseInputSchema, initialValues, { validateInputOnChange: true });
  return { form, ready: form.isValid() };
}

type CourseFieldsProps = {
  form: UseFormReturnType<CourseInput>;
  descriptionRows: number;
  placeholders?: CourseInput;
};

/** The course title and description inputs, shared by the create form and the edit toggle. */
export function CourseFields({ form, descriptionRows, placeholders }: CourseFieldsProps) {
  const values = form.getValues();
  // Blank fields only disable the submit button: their "is required" stays unsaid.
  const inputProps = (field: keyof CourseInput) => {
    const props = form.getInputProps(field);
    return { ...props, error: values[field].trim() ? props.error : undefined };
  };
  return (
    <>
      <TextInput label="Course Title" placeholder={placeholders?.title} required {...inputProps('title')} />
      <Textarea
        label="Course Description"
        placeholder={placeholders?.description}
        required
        rows={descriptionRows}
        {...inputProps('description')}
      />
    </>
  );
}

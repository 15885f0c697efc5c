import { Button, Card, Stack, Title } from '@mantine/core';
import { type CourseInput, courseInputSchema } from '@valence/contract';
import { type FormEvent, useState } from 'react';
import { failure, type ShowStatus, success } from '../../../components/status';
import { useCreateCourse } from '../api/create-course';
import { CourseFields } from './course-fields';

const EMPTY: CourseInput = { title: '', description: '' };

export function CreateCourseForm({ onStatus }: { onStatus: ShowStatus }) {
  const [values, setValues] = useState(EMPTY);
  const createCourse = useCreateCourse();
  const parsed = courseInputSchema.safeParse(values);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!parsed.success || createCourse.isPending) return;
    // A stale success line must not pass for this save's result.
    onStatus(null);
    try {
      await createCourse.mutateAsync(parsed.data);
      setValues(EMPTY);
      onStatus(success('Course created successfully'));
    } catch {
      onStatus(failure('Error creating course'));
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-course-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={3} id="add-course-heading">
            Add New Course
          </Title>
          <CourseFields
            values={values}
            onChange={setValues}
            descriptionRows={3}
            placeholders={{ title: 'e.g. Organic Chemistry 2025', description: 'What the course covers' }}
          />
          <Button
            type="submit"
            disabled={!parsed.success || createCourse.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {createCourse.isPending ? 'Creating Course...' : 'Create Course'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

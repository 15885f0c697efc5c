import { Button, Card, Stack, Title } from '@mantine/core';
import { courseInputSchema } from '@valence/contract';
import { useCreateCourse } from '../api/create-course';
import { CourseFields, useCourseForm } from './course-fields';

export function CreateCourseForm() {
  const { form, ready } = useCourseForm({ title: '', description: '' });
  const createCourse = useCreateCourse();

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-course-heading">
      <form
        noValidate
        onSubmit={form.onSubmit(async (values) => {
          if (createCourse.isPending) return;
          try {
            await createCourse.mutateAsync(courseInputSchema.parse(values));
            form.reset();
          } catch {
            // 'Error creating course' is on the status line; the typed text stays.
          }
        })}
      >
        <Stack>
          <Title order={3} id="add-course-heading">
            Add New Course
          </Title>
          <CourseFields
            form={form}
            descriptionRows={3}
            placeholders={{ title: 'e.g. Organic Chemistry 2025', description: 'What the course covers' }}
          />
          <Button type="submit" disabled={!ready || createCourse.isPending} style={{ alignSelf: 'flex-start' }}>
            {createCourse.isPending ? 'Creating Course...' : 'Create Course'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

import { Button, Card, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { courseInputSchema } from '@valence/contract';
import { type FormEvent, useState } from 'react';
import { useCreateCourse } from '../api/create-course';

export function CreateCourseForm({ onStatus }: { onStatus: (message: string | null) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const createCourse = useCreateCourse();
  const blank = title.trim() === '' || description.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = courseInputSchema.safeParse({ title, description });
    if (!parsed.success || createCourse.isPending) return;
    // A stale success line must not pass for this save's result.
    onStatus(null);
    try {
      await createCourse.mutateAsync(parsed.data);
      setTitle('');
      setDescription('');
      onStatus('Course created successfully');
    } catch {
      onStatus('Error creating course');
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="add-course-heading">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={3} id="add-course-heading">
            Add New Course
          </Title>
          <TextInput
            label="Course Title"
            placeholder="e.g. Organic Chemistry 2025"
            required
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
          />
          <Textarea
            label="Course Description"
            placeholder="What the course covers"
            required
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Button type="submit" disabled={blank || createCourse.isPending} style={{ alignSelf: 'flex-start' }}>
            {createCourse.isPending ? 'Creating Course...' : 'Create Course'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

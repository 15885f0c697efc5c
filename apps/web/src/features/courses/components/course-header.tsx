import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type CourseDetail, courseInputSchema } from '@valence/contract';
import { type FormEvent, useState } from 'react';
import { failure, type ShowStatus, success } from '../../../components/status';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateCourse } from '../api/update-course';
import { CourseFields } from './course-fields';

/** Title and description in read mode, with an edit toggle; Save returns to read mode. */
export function CourseHeader({ course, onStatus }: { course: CourseDetail; onStatus: ShowStatus }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState({ title: course.title, description: course.description });
  const updateCourse = useUpdateCourse();
  const parsed = courseInputSchema.safeParse(values);

  function startEditing() {
    setValues({ title: course.title, description: course.description });
    setEditing(true);
  }

  async function handleSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!parsed.success) return;
    onStatus(null);
    try {
      await updateCourse.mutateAsync({ id: course.id, input: parsed.data });
      onStatus(success('Course updated successfully'));
      setEditing(false);
    } catch (error) {
      onStatus(failure(`Error updating course: ${errorMessage(error, 'unknown error')}`));
    }
  }

  if (!editing)
    return (
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* The text gives way to the button, never the reverse: a long title wraps, Edit stays whole. */}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {course.title}
            </Title>
            <Text c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {course.description}
            </Text>
          </Stack>
          <Button
            variant="light"
            leftSection={<IconPencil size={16} />}
            onClick={startEditing}
            style={{ flexShrink: 0 }}
          >
            Edit
          </Button>
        </Group>
      </Card>
    );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={handleSave} noValidate>
        <Stack>
          <CourseFields values={values} onChange={setValues} descriptionRows={4} />
          <Group>
            <Button type="submit" loading={updateCourse.isPending} disabled={!parsed.success}>
              Save
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

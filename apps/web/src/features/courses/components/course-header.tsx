import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type CourseDetail, type CourseInput, courseInputSchema } from '@valence/contract';
import { useState } from 'react';
import { ChemText, useDocumentTitle } from '../../../components/chem-text';
import { useUpdateCourse } from '../api/update-course';
import { CourseFields, useCourseForm } from './course-fields';

/** Title and description in read mode, with an edit toggle; Save returns to read mode. */
export function CourseHeader({ course }: { course: CourseDetail }) {
  const [editing, setEditing] = useState(false);
  const { form, ready } = useCourseForm({ title: course.title, description: course.description });
  const updateCourse = useUpdateCourse();
  useDocumentTitle(course.title);

  function startEditing() {
    // Setting the values also drops a message left by an edit that was cancelled.
    form.setValues({ title: course.title, description: course.description });
    setEditing(true);
  }

  async function handleSave(values: CourseInput) {
    try {
      await updateCourse.mutateAsync({ id: course.id, input: courseInputSchema.parse(values) });
      setEditing(false);
    } catch {
      // The status line says why; the edit stays open with what was typed.
    }
  }

  if (!editing)
    return (
      <Card withBorder padding="lg">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          {/* The text gives way to the button, never the reverse: a long title wraps, Edit stays whole. */}
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              <ChemText text={course.title} />
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
      <form onSubmit={form.onSubmit(handleSave)} noValidate>
        <Stack>
          <CourseFields form={form} descriptionRows={4} />
          <Group>
            <Button type="submit" loading={updateCourse.isPending} disabled={!ready}>
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

import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { type Course, notationToPlain } from '@valence/contract';
import { Link } from 'react-router';
import { ChemText } from '../../../components/chem-text';

export type CourseCardActions = {
  onTogglePaused: (course: Course) => void;
  onDelete: (course: Course) => void;
  pausePending: boolean;
  deletePending: boolean;
};

/** A course card; `actions` (superadmin only) adds pause/resume and delete. */
export function CourseCard({ course, actions }: { course: Course; actions?: CourseCardActions }) {
  return (
    <Card withBorder shadow="xs" padding="lg" component="article" aria-label={notationToPlain(course.title)}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor
            component={Link}
            to={`/courses/${course.id}`}
            fw={700}
            size="lg"
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
          >
            <ChemText text={course.title} />
          </Anchor>
          {/* A long title wraps beside the badge; the badge itself is never squeezed to "P…". */}
          {course.paused && (
            <Badge color="orange" style={{ flexShrink: 0 }}>
              Paused
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
          {course.description}
        </Text>
        {actions && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              color={course.paused ? 'teal' : 'orange'}
              leftSection={course.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
              loading={actions.pausePending}
              onClick={() => actions.onTogglePaused(course)}
            >
              {course.paused ? 'Resume' : 'Pause'}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={actions.deletePending}
              onClick={() => actions.onDelete(course)}
            >
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

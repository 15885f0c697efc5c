import { Anchor, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandYoutube, IconFile, IconFileTypePdf, IconPhoto, IconTrash, IconVideo } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDuration, formatInTimeZone, type Resource } from '@valence/contract';
import { useEffect } from 'react';
import { ChemText } from '../../../components/chem-text';
import { confirmAction } from '../../../components/confirm-dialog';
import { keys } from '../../../lib/query-keys';
import { useDeleteResource } from '../api/delete-resource';
import { StreamStatus } from './stream-status';

/** How often the course is read again while a video is queued or transcoding, for its progress. */
const STREAM_POLL_MS = 3000;

export type ResourceKind = 'image' | 'video' | 'pdf' | 'link' | 'file';

export function resourceKind(type: string): ResourceKind {
  if (type === 'link') return 'link';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type === 'application/pdf') return 'pdf';
  return 'file';
}

const ICONS: Record<ResourceKind, { icon: typeof IconFile; color: string; label: string }> = {
  image: { icon: IconPhoto, color: 'cyan', label: 'Image' },
  video: { icon: IconVideo, color: 'violet', label: 'Video' },
  link: { icon: IconBrandYoutube, color: 'red', label: 'YouTube video' },
  pdf: { icon: IconFileTypePdf, color: 'orange', label: 'PDF' },
  file: { icon: IconFile, color: 'gray', label: 'File' },
};

type ResourceListProps = { courseId: number; resources: Resource[]; canDelete: boolean; timeZone: string };

export function ResourceList({ courseId, resources, canDelete, timeZone }: ResourceListProps) {
  const deleteResource = useDeleteResource();
  const queryClient = useQueryClient();
  const transcoding = resources.some((r) => r.stream?.state === 'queued' || r.stream?.state === 'processing');
  useEffect(() => {
    if (!transcoding) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: keys.courses.detail(courseId), exact: true }),
      STREAM_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [transcoding, queryClient, courseId]);

  // Deleting removes the lecture and its stored file for good, so it asks first, as course delete does.
  async function handleDelete(resource: Resource) {
    const confirmed = await confirmAction('Delete', `Are you sure you want to delete ${resource.name}?`);
    if (confirmed) deleteResource.mutate({ id: resource.id, courseId });
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="resources-heading">
      <Title order={3} id="resources-heading" mb="sm">
        Resources
      </Title>
      {resources.length === 0 ? (
        <Text c="dimmed">No resources available</Text>
      ) : (
        <Stack gap="sm">
          {resources.map((resource) => {
            const kind = ICONS[resourceKind(resource.type)];
            const Icon = kind.icon;
            // A file whose length is unknown (0) shows none.
            const duration = resource.duration ? formatDuration(resource.duration) : '';
            return (
              <Card key={resource.id} withBorder padding="sm" component="article" aria-label={resource.name}>
                {/* On a phone the Delete button moves under the name rather than squeezing either. */}
                <Group justify="space-between" gap="xs">
                  <Group wrap="nowrap" gap="sm" style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <ThemeIcon size="lg" variant="light" color={kind.color} aria-label={kind.label} role="img">
                      <Icon size={20} aria-hidden />
                    </ThemeIcon>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor
                        href={resource.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        <ChemText text={resource.name} />
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        Live {formatInTimeZone(resource.liveAt, timeZone)}
                        {resource.expiresAt ? ` · expires ${formatInTimeZone(resource.expiresAt, timeZone)}` : ''}
                        {duration ? ` · ${duration}` : ''}
                      </Text>
                      {resource.stream && (
                        <StreamStatus stream={resource.stream} resourceId={resource.id} courseId={courseId} />
                      )}
                    </Stack>
                  </Group>
                  {canDelete && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      ml="auto"
                      loading={deleteResource.isPending && deleteResource.variables?.id === resource.id}
                      onClick={() => handleDelete(resource)}
                    >
                      Delete
                    </Button>
                  )}
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

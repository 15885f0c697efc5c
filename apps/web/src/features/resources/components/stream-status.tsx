import { Button, Group, Text } from '@mantine/core';
import type { VideoStream } from '@valence/contract';
import { useRetryStream } from '../api/retry-stream';

/** What the course page says of a video's streaming versions. */
export function streamLabel(stream: VideoStream): string | null {
  switch (stream.state) {
    case 'queued':
      return 'Queued';
    case 'processing':
      return `Transcoding ${Math.round(stream.progress * 100)} %`;
    case 'ready':
      return `Ready (${stream.renditions.map((height) => `${height}p`).join(' · ')})`;
    case 'failed':
      return stream.reason ? `Failed: ${stream.reason}` : 'Failed';
    default:
      // No streaming versions: a server without ffmpeg says why; a video from before them says nothing.
      return stream.reason;
  }
}

/** A video's streaming state, with Retry after a failure. */
export function StreamStatus({
  stream,
  resourceId,
  courseId,
}: {
  stream: VideoStream;
  resourceId: number;
  courseId: number;
}) {
  const retry = useRetryStream();
  const label = streamLabel(stream);
  if (!label) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs" c={stream.state === 'failed' ? 'red' : 'dimmed'} role="status" aria-label="Streaming versions">
        {label}
      </Text>
      {stream.state === 'failed' && (
        <Button
          size="compact-xs"
          variant="light"
          loading={retry.isPending}
          onClick={() => retry.mutate({ id: resourceId, courseId })}
        >
          Retry
        </Button>
      )}
    </Group>
  );
}

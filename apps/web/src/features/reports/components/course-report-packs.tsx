import { Anchor, Button, Card, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { clearStatus } from '../../../lib/status-store';
import { useReportJob } from '../api/get-report-job';
import { useStartReportPacks } from '../api/start-report-packs';

function JobProgress({ jobId }: { jobId: string }) {
  const job = useReportJob(jobId);
  if (!job.data) return job.isError ? <Text c="red">Could not read the job's progress.</Text> : null;
  const { status, done, total, downloadUrl, error } = job.data;
  const percent = total > 0 ? Math.round((done / total) * 100) : status === 'done' ? 100 : 0;
  if (status === 'failed') return <Text c="red">{error ?? 'The report packs could not be made.'}</Text>;
  if (status === 'expired')
    return <Text c="dimmed">{error ?? 'This zip was removed. Start the report packs again.'}</Text>;
  return (
    <Stack gap={6}>
      <Progress value={percent} animated={status !== 'done'} aria-label="Report packs progress" />
      <Text size="sm" c="dimmed">
        {status === 'queued' ? 'Waiting to start' : `${done} of ${total} students`}
      </Text>
      {status === 'done' && downloadUrl ? (
        <Anchor href={downloadUrl} download>
          Download the report packs (zip)
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** Every enrolled student's report pack in one zip, made on the server: a progress bar until its link appears. */
export function CourseReportPacks({ courseId }: { courseId: number }) {
  const start = useStartReportPacks();
  const [jobId, setJobId] = useState<string | null>(null);
  return (
    <Card withBorder padding="lg" component="section" aria-label="Report packs">
      <Stack>
        <Title order={4}>Report packs</Title>
        <Text size="sm" c="dimmed">
          One PDF per enrolled student (enrolments, watch summary, marks and feedback), zipped on the server.
        </Text>
        <Button
          variant="light"
          loading={start.isPending}
          onClick={async () => {
            clearStatus();
            const job = await start.mutateAsync(courseId).catch(() => null);
            if (job) setJobId(job.id);
          }}
        >
          Report packs (zip)
        </Button>
        {jobId !== null ? <JobProgress key={jobId} jobId={jobId} /> : null}
      </Stack>
    </Card>
  );
}

import { Button } from '@mantine/core';
import { clearStatus } from '../../../lib/status-store';
import { useDownloadReportPack } from '../api/download-report-pack';

/** One student's report pack (one PDF made on the server), downloaded. */
export function ReportPackButton({ studentId, username }: { studentId: number; username: string }) {
  const download = useDownloadReportPack();
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={download.isPending}
      onClick={() => {
        clearStatus();
        download.mutate({ studentId, username });
      }}
    >
      Report pack
    </Button>
  );
}

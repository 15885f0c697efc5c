import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useScriptsLink } from '../api/get-scripts-link';
import { MARKED_PAPER_TEXTS as TEXTS } from '../messages';

/**
 * 'Download all scripts': fetches a short-lived signed link, then lets the browser follow it, so the
 * zip streams straight to the downloads folder. A refusal (content deleted) is said beside it.
 */
export function DownloadScriptsButton({ examId, disabled }: { examId: number; disabled?: boolean }) {
  const link = useScriptsLink();
  const [failure, setFailure] = useState<string | null>(null);
  const download = async () => {
    setFailure(null);
    try {
      window.location.assign(await link.mutateAsync(examId));
    } catch (error) {
      setFailure(error instanceof ApiError && error.status !== 500 ? error.message : TEXTS.downloadFailed);
    }
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => void download()}
        loading={link.isPending}
        disabled={disabled}
      >
        {TEXTS.download}
      </Button>
      {failure && (
        <span role="alert" style={{ color: 'var(--mantine-color-red-7)', fontSize: 'var(--mantine-font-size-sm)' }}>
          {failure}
        </span>
      )}
    </>
  );
}

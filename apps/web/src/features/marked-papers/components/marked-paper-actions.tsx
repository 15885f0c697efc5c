import { Button, Group } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MARKED_PAPER_TEXTS as TEXTS } from '../messages';
import { DownloadScriptsButton } from './download-scripts-button';
import { ReturnMarkedPapersDialog } from './return-marked-papers-dialog';

/** A PART II exam's bulk marking on its Submissions screen: every script out, marked papers back in. */
export function MarkedPaperActions({ examId, disabled = false }: { examId: number; disabled?: boolean }) {
  const [returning, setReturning] = useState(false);
  return (
    <Group gap="xs">
      <DownloadScriptsButton examId={examId} disabled={disabled} />
      <Button
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden />}
        onClick={() => setReturning(true)}
        disabled={disabled}
      >
        {TEXTS.open}
      </Button>
      <ReturnMarkedPapersDialog examId={examId} opened={returning} onClose={() => setReturning(false)} />
    </Group>
  );
}

import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { QUESTION_EXPORT_FORMATS } from '@valence/contract';
import { EXPORT_FORMATS, useExportQuestions } from '../api/export-questions';

/** 'Export': the exam's questions as CSV, XLSX or Aiken, each a file the import reads back unchanged. */
export function ExportQuestionsMenu({ examId }: { examId: number }) {
  const exportQuestions = useExportQuestions();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={exportQuestions.isPending}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {QUESTION_EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => exportQuestions.mutate({ examId, format })}>
            Export {EXPORT_FORMATS[format].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { PagedList } from '../../../components/paged-list';
import { Panel } from '../../../components/panel';
import { SearchInput } from '../../../components/search-input';
import { usePagedSearch } from '../../../lib/paging';
import { type GradebookFormat, useExportGradebook } from '../api/export-gradebook';
import { useGradebookPage } from '../api/get-gradebook';
import { DEFAULT_SORT } from '../model/sort';
import { GradebookTable } from './gradebook-table';

/** Students per page of the gradebook. */
export const GRADEBOOK_PAGE_SIZE = 20;

function ExportButtons({ courseId }: { courseId: number }) {
  const exporting = useExportGradebook();
  const button = (format: GradebookFormat, label: string) => (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      loading={exporting.isPending && exporting.variables?.format === format}
      onClick={() => exporting.mutate({ courseId, format })}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs">
      {button('csv', 'Download CSV')}
      {button('xlsx', 'Download XLSX')}
    </Group>
  );
}

/**
 * Every enrolled student by exam identifier: searched by username, sorted by any header, paged on
 * the server; page, search and sort live in the address.
 */
export function GradebookPanel({ courseId }: { courseId: number }) {
  const list = usePagedSearch(GRADEBOOK_PAGE_SIZE, { defaultSort: DEFAULT_SORT });
  const gradebook = useGradebookPage(courseId, list.request);
  return (
    <Panel title="Gradebook" actions={<ExportButtons courseId={courseId} />}>
      <Stack>
        <SearchInput label="Search students by username" placeholder="Search by username" list={list} />
        <Text size="xs" c="dimmed">
          Every mark is shown, published or not; a yellow tag marks those students cannot see yet.
        </Text>
        <PagedList
          query={gradebook}
          paging={list}
          loadingLabel="Loading gradebook"
          errorText="Failed to load the gradebook"
          emptyText={list.searching ? 'No students match this search.' : 'No students are enrolled in this course.'}
        >
          {() => gradebook.data && <GradebookTable gradebook={gradebook.data} sort={list.sort} onSort={list.setSort} />}
        </PagedList>
      </Stack>
    </Panel>
  );
}

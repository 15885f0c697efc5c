import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { GradebookFigures, GradebookStats } from '@valence/contract';
import { useState } from 'react';
import { type Column, DataTable } from '../../../components/data-table';
import { Panel } from '../../../components/panel';
import { QueryView } from '../../../components/query-view';
import { useGradebookStats } from '../api/get-gradebook-stats';
import { formatMark } from './gradebook-table';
import { Histogram } from './histogram';

const COLUMNS: Column<GradebookFigures>[] = [
  { header: 'Exam identifier', cell: (row) => row.examIdentifier },
  { header: 'Sat', cell: (row) => row.sat },
  { header: 'Mean', cell: (row) => formatMark(row.mean) },
  { header: 'Median', cell: (row) => formatMark(row.median) },
  { header: 'Highest', cell: (row) => formatMark(row.highest) },
  { header: 'Lowest', cell: (row) => formatMark(row.lowest) },
];

function Figures({ stats }: { stats: GradebookStats }) {
  const [chosen, setChosen] = useState(stats.identifiers[0]?.examIdentifier ?? '');
  const shown = stats.identifiers.find((row) => row.examIdentifier === chosen) ?? stats.identifiers[0];
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {stats.enrolled} students enrolled. Figures are of combined totals (MCQ + half of PART II), unpublished marks
        included.
      </Text>
      <DataTable
        rows={stats.identifiers}
        columns={COLUMNS}
        rowKey={(row) => row.examIdentifier}
        label="Class figures"
      />
      {shown && (
        <SimpleGrid cols={1}>
          <NativeSelect
            label="Histogram of"
            data={stats.identifiers.map((row) => row.examIdentifier)}
            value={shown.examIdentifier}
            onChange={(event) => setChosen(event.currentTarget.value)}
            maw={320}
          />
          <Histogram counts={shown.histogram} title={`${shown.examIdentifier}: combined totals`} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Per exam identifier: how many sat, mean, median, highest, lowest, and a histogram of the totals. */
export function GradebookFiguresPanel({ courseId }: { courseId: number }) {
  const stats = useGradebookStats(courseId);
  return (
    <Panel title="Class figures">
      <QueryView
        query={stats}
        loadingLabel="Loading class figures"
        errorText="Failed to load class figures"
        isEmpty={(data) => data.identifiers.length === 0}
        emptyText="This course has no exams yet."
      >
        {(data) => <Figures stats={data} />}
      </QueryView>
    </Panel>
  );
}

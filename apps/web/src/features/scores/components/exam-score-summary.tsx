import { Button, Text } from '@mantine/core';
import { PAGE_SIZE, type ScoreSummaryRow } from '@valence/contract';
import { DataTable } from '../../../components/data-table';
import { Pagination, totalPagesOf } from '../../../components/pagination';
import { Panel } from '../../../components/panel';
import { ListView } from '../../../components/query-view';
import { usePageParam } from '../../../lib/paging';
import { useExportScoreSummaryPdf } from '../api/export-score-summary-pdf';
import { useScoreSummary } from '../api/get-score-summary';
import { formatScore, partialTotalNote } from '../model/format';

type ExamScoreSummaryProps = {
  studentId: number;
  username: string;
  /** The student's name, for the PDF. */
  studentName?: string | null;
  timeZone: string;
  /** Put before the list's page param, so it keeps apart from another list on the same screen. */
  paramPrefix?: string;
};

/** A total made of one part says so, so it is not read as the final mark. */
function TotalCell({ row }: { row: ScoreSummaryRow }) {
  const partial = row.combinedTotalScore === null ? null : partialTotalNote(row.mcqScore, row.traditionalScore);
  return (
    <>
      <Text span fw={600} size="sm">
        {formatScore(row.combinedTotalScore)}
      </Text>
      {partial && (
        <Text span c="dimmed" size="xs" ml={6}>
          ({partial})
        </Text>
      )}
    </>
  );
}

/** A student's marks per exam identifier, 5 a page, and the PDF a tutor hands a parent. */
export function ExamScoreSummary({
  studentId,
  username,
  studentName = null,
  timeZone,
  paramPrefix,
}: ExamScoreSummaryProps) {
  const scores = useScoreSummary(studentId);
  const exportPdf = useExportScoreSummaryPdf();
  const { page, pageSize, setPage } = usePageParam(PAGE_SIZE.examScores, paramPrefix);

  return (
    <Panel
      title="Exam Score Summary"
      actions={
        <Button
          variant="light"
          loading={exportPdf.isPending}
          onClick={() => exportPdf.mutate({ studentId, username, studentName, timeZone })}
        >
          Export PDF
        </Button>
      }
    >
      <ListView
        query={scores}
        loadingLabel="Loading exam scores"
        errorText="Error fetching student data"
        emptyText="No exam scores yet."
      >
        {(rows) => {
          // The call returns every row; a page past the end (fewer rows after a refresh) shows the last.
          const current = Math.min(page, totalPagesOf(rows.length, pageSize));
          return (
            <>
              <DataTable
                label="Exam Score Summary"
                rows={rows.slice((current - 1) * pageSize, current * pageSize)}
                rowKey={(row) => row.examIdentifier}
                columns={[
                  { header: 'Exam Code', cell: (row) => row.examIdentifier },
                  { header: 'MCQ', cell: (row) => formatScore(row.mcqScore) },
                  { header: 'PART II', cell: (row) => formatScore(row.traditionalScore) },
                  { header: 'Total', cell: (row) => <TotalCell row={row} /> },
                ]}
              />
              <Pagination page={current} totalItems={rows.length} pageSize={pageSize} onChange={setPage} />
            </>
          );
        }}
      </ListView>
    </Panel>
  );
}

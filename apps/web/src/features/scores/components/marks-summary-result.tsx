import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type MarksSummary, OVERALL_STATUS_LABELS, statusLabel, TOTAL_FORMULA } from '@valence/contract';
import type { ReactNode } from 'react';
import { ChemText } from '../../../components/chem-text';
import { useExportMarksSummaryPdf } from '../api/export-marks-summary-pdf';
import { formatScore, NO_SCORE, partialTotalNote } from '../model/format';
import { type SummaryPaper, summaryPapers } from '../model/summary-papers';
import { DetailList } from './detail-list';

type MarksSummaryResultProps = { summary: MarksSummary; timeZone: string };

/** A signed link to a file, opened beside the portal. */
const fileLink = (href: string | null, text: string) =>
  href ? (
    <Anchor key={text} href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {text}
    </Anchor>
  ) : null;

function PartCard({ title, absent, rows, links }: SummaryPaper & { links?: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {absent ? (
          <Text c="dimmed">No {title} paper under this identifier.</Text>
        ) : (
          // Feedback and titles are typed by staff and may hold notation, typeset as in the questions.
          <DetailList rows={rows.map(([label, value]) => [label, <ChemText key={label} text={value} />])} />
        )}
        {links}
      </Stack>
    </Card>
  );
}

/** The MCQ and PART II details, the overall status, the combined total and the PDF of them. */
export function MarksSummaryResult({ summary, timeZone }: MarksSummaryResultProps) {
  const exportPdf = useExportMarksSummaryPdf();
  const [mcq, partTwo] = summaryPapers(summary, timeZone, 'Submitted At');
  const total = formatScore(summary.totalScore);
  const partial = partialTotalNote(summary.mcqScore, summary.traditionalScore);
  const links = [
    fileLink(summary.traditionalSubmittedAnswerDownloadUrl, 'View Submission'),
    fileLink(summary.traditionalMarkedPaperDownloadUrl, 'View Marked Paper'),
  ].filter(Boolean);

  return (
    <Stack>
      <Title order={3}>
        {summary.studentName || `Student ${summary.studentId}`}: {summary.examIdentifier}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PartCard {...mcq} />
        <PartCard {...partTwo} links={links.length > 0 && <Group gap="md">{links}</Group>} />
      </SimpleGrid>
      <Card withBorder padding="lg" component="section" aria-label="Overall">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <DetailList
              rows={[
                ['Overall Status', statusLabel(summary.overallExamStatus, OVERALL_STATUS_LABELS)],
                [
                  'Combined Total',
                  <Text key="total" fw={700} size="lg" span>
                    {total === NO_SCORE ? total : `${total} / 100`}
                    {partial && total !== NO_SCORE && (
                      <Text span c="dimmed" size="sm" ml="xs">
                        ({partial})
                      </Text>
                    )}
                  </Text>,
                ],
              ]}
            />
            <Button
              variant="light"
              loading={exportPdf.isPending}
              onClick={() => exportPdf.mutate({ summary, timeZone })}
            >
              Download Summary PDF
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {TOTAL_FORMULA}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

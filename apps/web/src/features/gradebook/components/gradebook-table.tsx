import { Badge, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import {
  type Gradebook,
  type GradebookCell,
  type GradebookColumn,
  OVERALL_STATUS_LABELS,
  statusLabel,
  toHundredths,
} from '@valence/contract';
import type { ReactNode } from 'react';
import { nextSort, type SortKey, sortState } from '../model/sort';

/** A mark as the table shows it: up to two decimals, a dash when absent. */
export const formatMark = (value: number | null | undefined) =>
  value === null || value === undefined ? '–' : String(toHundredths(value));

type Sub = { key: SortKey; header: string; cell: (cell: GradebookCell | undefined) => ReactNode };

/** The columns one identifier shows: MCQ and PART II where it has them, then total and status. */
function subColumns(column: GradebookColumn): Sub[] {
  const id = column.examIdentifier;
  return [
    ...(column.hasMcq ? [{ key: `mcq:${id}`, header: 'MCQ', cell: (c?: GradebookCell) => formatMark(c?.mcq) }] : []),
    ...(column.hasPartTwo
      ? [{ key: `partTwo:${id}`, header: 'PART II', cell: (c?: GradebookCell) => formatMark(c?.partTwo) }]
      : []),
    {
      key: `total:${id}`,
      header: 'Total',
      cell: (c) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {formatMark(c?.total)}
          </Text>
          {c?.unpublished && (
            <Tooltip label="Students cannot see this mark yet">
              <Badge size="xs" color="yellow" variant="light">
                Unpublished
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { key: `status:${id}`, header: 'Status', cell: (c) => statusLabel(c?.status, OVERALL_STATUS_LABELS) },
  ];
}

type SortHeaderProps = {
  label: string;
  /** The column's full name, for screen readers, where the heading above gives its identifier. */
  fullLabel?: string;
  sortKey: SortKey;
  sort: string | undefined;
  onSort: (sort: string) => void;
};

/** A header that sorts its column: a click sorts by it, a second click turns the order round. */
function SortHeader({ label, fullLabel, sortKey, sort, onSort }: SortHeaderProps) {
  const state = sortState(sort, sortKey);
  const Icon = state === 'ascending' ? IconArrowUp : state === 'descending' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={state}>
      <UnstyledButton onClick={() => onSort(nextSort(sort, sortKey))} aria-label={`Sort by ${fullLabel ?? label}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={700}>
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** Which of an identifier's marks students cannot see yet, for its heading. */
function unpublishedNote(column: GradebookColumn): string | null {
  const parts = [
    column.mcqPublished === false ? 'MCQ exam' : null,
    column.partTwoPublished === false ? 'PART II marks' : null,
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' and ')} not published` : null;
}

type GradebookTableProps = {
  gradebook: Gradebook;
  sort: string | undefined;
  onSort: (sort: string) => void;
};

/** The class by exam identifier: a row per student, every header sorts (on the server). */
export function GradebookTable({ gradebook, sort, onSort }: GradebookTableProps) {
  const groups = gradebook.columns.map((column, index) => ({ column, index, subs: subColumns(column) }));
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped withColumnBorders aria-label="Gradebook">
        <Table.Thead>
          <Table.Tr>
            <Table.Th colSpan={2} />
            {groups.map(({ column, subs }) => {
              const note = unpublishedNote(column);
              return (
                <Table.Th key={column.examIdentifier} colSpan={subs.length}>
                  <Group gap={6}>
                    <Text size="sm" fw={700}>
                      {column.examIdentifier}
                    </Text>
                    {note && (
                      <Badge size="xs" color="yellow" variant="light">
                        {note}
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
              );
            })}
          </Table.Tr>
          <Table.Tr>
            <SortHeader label="Username" sortKey="username" sort={sort} onSort={onSort} />
            <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} />
            {groups.flatMap(({ column, subs }) =>
              subs.map((sub) => (
                <SortHeader
                  key={sub.key}
                  label={sub.header}
                  fullLabel={`${column.examIdentifier} ${sub.header}`}
                  sortKey={sub.key}
                  sort={sort}
                  onSort={onSort}
                />
              )),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {gradebook.items.map((row) => (
            <Table.Tr key={row.studentId}>
              <Table.Td>{row.username}</Table.Td>
              <Table.Td>{row.name ?? ''}</Table.Td>
              {groups.flatMap(({ index, subs }) =>
                subs.map((sub) => <Table.Td key={sub.key}>{sub.cell(row.cells[index])}</Table.Td>),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

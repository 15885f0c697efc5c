import { Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { useNarrowScreen } from '../lib/screen-width';

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * The 'Actions' column of a row's one destructive action (Delete, Remove), for the tables whose only
 * action is that; spread it in only for the roles that may use it.
 */
export const dangerColumn = <T,>(label: string, onClick: (row: T) => void): Column<T> => ({
  header: 'Actions',
  cell: (row) => (
    <Button size="compact-sm" color="red" variant="light" onClick={() => onClick(row)}>
      {label}
    </Button>
  ),
});

type DataTableProps<T> = {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => Key;
  /** Names the table (and the card list) for screen readers. */
  label: string;
  /** Cards or a table by choice (a toggle); by default cards below 36em. */
  cards?: boolean;
};

/**
 * Rows as a table on a wide screen and as one card per row at phone width (below 36em, Mantine's
 * `xs`), where a table of several columns would need sideways scrolling.
 */
export function DataTable<T>({ rows, columns, rowKey, label, cards }: DataTableProps<T>) {
  const phone = useNarrowScreen('36em');
  if (cards ?? phone)
    return (
      <Stack gap="xs" role="list" aria-label={label}>
        {rows.map((row) => (
          <Card key={rowKey(row)} withBorder padding="sm" role="listitem">
            {columns.map((column) => (
              <Group key={column.header} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" c="dimmed">
                  {column.header}
                </Text>
                <Text size="sm" component="div" ta="right">
                  {column.cell(row)}
                </Text>
              </Group>
            ))}
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table striped aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.header}>{column.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

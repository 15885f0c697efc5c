import { Group, NativeSelect, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { ITEM_TOO_EASY, ITEM_TOO_HARD, type ItemAnalysis } from '@valence/contract';
import { QueryView } from '../../../components/query-view';
import { ITEM_ORDERS, type ItemOrder } from '../model/item-order';

type Props = { query: UseQueryResult<ItemAnalysis>; order: ItemOrder; onOrderChange: (order: ItemOrder) => void };

const figure = (value: number | null, digits = 2) => (value === null ? '–' : value.toFixed(digits));

/** The paper's figures in one line (sitters, mean, KR-20) and the order the questions are listed in. */
export function ItemAnalysisSummary({ query, order, onOrderChange }: Props) {
  return (
    <QueryView query={query} loadingLabel="Loading item analysis" errorText="Failed to load the item analysis.">
      {(analysis) => (
        <Group justify="space-between" align="flex-end" gap="xs" aria-label="Item analysis summary" role="group">
          <div>
            <Text fw={600}>
              Sitters: {analysis.sitters} · Mean: {figure(analysis.mean)} of {analysis.questionCount} · KR-20:{' '}
              {figure(analysis.kr20)}
            </Text>
            <Text size="xs" c="dimmed">
              Facility is the share who answered right (unanswered counts as wrong); discrimination is the
              point-biserial with the total score. Flags: too easy above {ITEM_TOO_EASY * 100}%, too hard below{' '}
              {ITEM_TOO_HARD * 100}%, negative discrimination, a wrong option nobody chose.
            </Text>
          </div>
          <NativeSelect
            label="Order"
            value={order}
            onChange={(event) => onOrderChange(event.currentTarget.value as ItemOrder)}
            data={Object.entries(ITEM_ORDERS).map(([value, label]) => ({ value, label }))}
          />
        </Group>
      )}
    </QueryView>
  );
}

import { Badge, Group, Text } from '@mantine/core';
import { ITEM_FLAG_LABELS, type ItemStatistics } from '@valence/contract';

const LETTERS = ['A', 'B', 'C', 'D', 'E'];
const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/**
 * One question's figures beside it: facility, discrimination, the share choosing each option and
 * its flags as badges (in words, so they do not rely on colour). With a question pool, says over
 * how many students they were counted (those whose paper held the question, not all `sitters`).
 */
export function ItemBadges({ item, sitters }: { item: ItemStatistics | undefined; sitters?: number | undefined }) {
  if (!item) return null;
  return (
    <Group gap={6} aria-label="Item analysis" role="group">
      <Badge variant="light" color="blue">
        Facility {percent(item.facility)}
      </Badge>
      <Badge variant="light" color="gray">
        Discrimination {item.discrimination === null ? '–' : item.discrimination.toFixed(2)}
      </Badge>
      {item.flags.map((flag) => (
        <Badge key={flag} color={flag === 'unused-distractor' ? 'yellow' : 'orange'} variant="filled">
          {ITEM_FLAG_LABELS[flag]}
        </Badge>
      ))}
      <Text size="xs" c="dimmed">
        Chosen:{' '}
        {item.options.map((option, index) => `${LETTERS[index] ?? index + 1} ${percent(option.share)}`).join(' · ')}
      </Text>
      {sitters !== undefined && item.drawnBy !== sitters && (
        <Text size="xs" c="dimmed">
          Counted over the {item.drawnBy} {item.drawnBy === 1 ? 'student' : 'students'} whose paper included this
          question.
        </Text>
      )}
    </Group>
  );
}

import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ExamScore, TOTAL_FORMULA } from '@valence/contract';
import { formatScore, NO_SCORE, partialTotalNote } from '../model/format';

const NOT_PUBLISHED = 'Not published yet';

function ScoreCard({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <Card withBorder padding="lg" component="section" aria-label={label}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text size="xl" fw={700}>
          {value}
        </Text>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** A part's mark as the student may see it: its number once published, never a zero in its place. */
const partText = (score: number | null, published: boolean, outOf: number) => {
  if (!published) return NOT_PUBLISHED;
  const text = formatScore(score);
  return text === NO_SCORE ? text : `${text} / ${outOf}`;
};

/** MCQ, PART II and the combined total (MCQ + half of PART II), two decimals each. */
export function CombinedScoreResult({ score }: { score: ExamScore }) {
  // Only published parts count towards what the student sees, so the note names the parts shown.
  const mcq = score.mcqPublished ? score.mcqScore : null;
  const partTwo = score.traditionalPublished ? score.traditionalScore : null;
  const total = formatScore(score.combinedTotalScore);
  const partial = partialTotalNote(mcq, partTwo);

  return (
    <Stack>
      <Title order={3}>{score.examIdentifier}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <ScoreCard label="MCQ" value={partText(score.mcqScore, score.mcqPublished, 50)} />
        <ScoreCard label="PART II" value={partText(score.traditionalScore, score.traditionalPublished, 100)} />
        <ScoreCard
          label="Combined Total"
          value={total === NO_SCORE ? total : `${total} / 100`}
          note={
            total === NO_SCORE ? null : partial && `${partial}; the total will change when the other part is published.`
          }
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {TOTAL_FORMULA}
      </Text>
    </Stack>
  );
}

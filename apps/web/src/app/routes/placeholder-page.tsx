import { Container, Text, Title } from '@mantine/core';

/** Screens of later issues: the route and guard exist now, the content arrives with its issue. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Container size="lg">
      <Title order={2}>{title}</Title>
      <Text c="dimmed" mt="sm">
        This screen is coming soon.
      </Text>
    </Container>
  );
}

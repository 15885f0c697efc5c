import { Container, Stack, Title } from '@mantine/core';
import { InstituteSettingsForm } from '../../features/institute';

export function SettingsRoute() {
  return (
    <Container size="md">
      <Stack>
        <Title order={2}>Settings</Title>
        <InstituteSettingsForm />
      </Stack>
    </Container>
  );
}

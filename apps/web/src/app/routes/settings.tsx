import { Container, Stack, Title } from '@mantine/core';
import { StatusOutlet } from '../../components/status-outlet';
import { InstituteSettingsForm } from '../../features/institute';
import { DeviceLimitForm } from '../../features/settings';

export function SettingsRoute() {
  return (
    <Container size="md">
      <Stack>
        <Title order={2}>Settings</Title>
        {/* One status line for both forms: each save says how it went here. */}
        <StatusOutlet />
        <InstituteSettingsForm />
        <DeviceLimitForm />
      </Stack>
    </Container>
  );
}

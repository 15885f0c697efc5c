import { Container, Stack, Title } from '@mantine/core';
import { usePlatformTimeZone } from '../../features/settings';
import { CreateStaffForm, StaffList } from '../../features/staff';

export function StaffRoute() {
  const timeZone = usePlatformTimeZone();
  return (
    <Container size="lg">
      <Stack>
        <Title order={2}>Staff</Title>
        <CreateStaffForm />
        <StaffList timeZone={timeZone} />
      </Stack>
    </Container>
  );
}

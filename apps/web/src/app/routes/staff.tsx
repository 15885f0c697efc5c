import { Container, Stack, Title } from '@mantine/core';
import { CreateStaffForm, StaffList } from '../../features/staff';

export function StaffRoute() {
  return (
    <Container size="lg">
      <Stack>
        <Title order={2}>Staff</Title>
        <CreateStaffForm />
        <StaffList />
      </Stack>
    </Container>
  );
}

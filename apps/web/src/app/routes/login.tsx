import { Container } from '@mantine/core';
import { useNavigate } from 'react-router';
import { LoginForm } from '../../features/auth';

export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <Container size="xs">
      <LoginForm onSuccess={() => navigate('/dashboard', { replace: true })} />
    </Container>
  );
}

import { Container } from '@mantine/core';
import { ContactCards } from '../../features/contact';

export function ContactRoute() {
  return (
    <Container size="lg">
      <ContactCards />
    </Container>
  );
}

import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const env = import.meta.env;

/** Contact details are deployment settings; the defaults are placeholders for a new install. */
const CONTACTS = {
  phone: (env.VITE_CONTACT_PHONE as string | undefined) ?? '+94 77 123 4567',
  instagram: (env.VITE_CONTACT_INSTAGRAM as string | undefined) ?? 'valence.chemistry',
  facebook: (env.VITE_CONTACT_FACEBOOK as string | undefined) ?? 'valence.chemistry',
  email: (env.VITE_CONTACT_EMAIL as string | undefined) ?? 'hello@valence.example',
};

type ContactCard = { title: string; value: string; href: string; icon: ReactNode; color: string };

const cards: ContactCard[] = [
  {
    title: 'Phone / WhatsApp',
    value: CONTACTS.phone,
    href: `https://wa.me/${CONTACTS.phone.replace(/\D/g, '')}`,
    icon: <IconBrandWhatsapp aria-hidden />,
    color: 'green',
  },
  {
    title: 'Instagram',
    value: `@${CONTACTS.instagram}`,
    href: `https://instagram.com/${CONTACTS.instagram}`,
    icon: <IconBrandInstagram aria-hidden />,
    color: 'pink',
  },
  {
    title: 'Facebook',
    value: CONTACTS.facebook,
    href: `https://facebook.com/${CONTACTS.facebook}`,
    icon: <IconBrandFacebook aria-hidden />,
    color: 'blue',
  },
  {
    title: 'E-mail',
    value: CONTACTS.email,
    href: `mailto:${CONTACTS.email}`,
    icon: <IconMail aria-hidden />,
    color: 'grape',
  },
];

export function ContactCards() {
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Contact</Title>
        <Badge size="lg" color="teal">
          Available 24/7
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {cards.map((card) => (
          <Card key={card.title} withBorder shadow="sm" padding="lg">
            <Stack gap="xs">
              <ThemeIcon size="xl" radius="xl" color={card.color}>
                {card.icon}
              </ThemeIcon>
              <Title order={4}>{card.title}</Title>
              <Anchor href={card.href} target="_blank" rel="noopener noreferrer">
                {card.value}
              </Anchor>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text c="dimmed" size="sm">
        Reach us any time; we answer on all channels.
      </Text>
    </Stack>
  );
}

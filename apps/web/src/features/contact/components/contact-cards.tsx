import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandWhatsapp, IconMail, IconMapPin } from '@tabler/icons-react';
import type { InstituteContact } from '@valence/contract';
import type { ReactNode } from 'react';
import { useContact } from '../api/get-contact';

type ContactCard = { title: string; value: string; href?: string; icon: ReactNode; color: string };

/**
 * A card for each detail the superadmin has set on the Settings screen, in the spec's order; a
 * detail not set has no card (nothing is shown that the institute did not give).
 */
function cardsOf(contact: InstituteContact): ContactCard[] {
  const cards: (ContactCard | false)[] = [
    !!contact.phone && {
      title: 'Phone / WhatsApp',
      value: contact.phone,
      href: `https://wa.me/${contact.phone.replace(/\D/g, '')}`,
      icon: <IconBrandWhatsapp aria-hidden />,
      color: 'green',
    },
    !!contact.instagram && {
      title: 'Instagram',
      value: `@${contact.instagram}`,
      href: `https://instagram.com/${contact.instagram}`,
      icon: <IconBrandInstagram aria-hidden />,
      color: 'pink',
    },
    !!contact.facebook && {
      title: 'Facebook',
      value: contact.facebook,
      href: `https://facebook.com/${contact.facebook}`,
      icon: <IconBrandFacebook aria-hidden />,
      color: 'blue',
    },
    !!contact.email && {
      title: 'E-mail',
      value: contact.email,
      href: `mailto:${contact.email}`,
      icon: <IconMail aria-hidden />,
      color: 'grape',
    },
    !!contact.address && {
      title: 'Address',
      value: contact.address,
      icon: <IconMapPin aria-hidden />,
      color: 'gray',
    },
  ];
  return cards.filter((card): card is ContactCard => card !== false);
}

function Cards({ contact }: { contact: InstituteContact }) {
  const cards = cardsOf(contact);
  if (cards.length === 0)
    return <Text>The institute has not put its contact details here yet: please ask the institute directly.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
      {cards.map((card) => (
        <Card key={card.title} withBorder shadow="sm" padding="lg">
          <Stack gap="xs">
            <ThemeIcon size="xl" radius="xl" color={card.color}>
              {card.icon}
            </ThemeIcon>
            <Title order={4}>{card.title}</Title>
            {card.href ? (
              <Anchor href={card.href} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
                {card.value}
              </Anchor>
            ) : (
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{card.value}</Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** The public Contact page: the institute's details as set on the Settings screen, read when shown. */
export function ContactCards() {
  const contact = useContact();
  const anySet = !!contact.data && cardsOf(contact.data).length > 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Contact</Title>
        {anySet ? (
          <Badge size="lg" color="teal">
            Available 24/7
          </Badge>
        ) : null}
      </Group>
      {contact.data?.name ? <Text fw={600}>{contact.data.name}</Text> : null}
      {contact.isPending ? <Text>Loading</Text> : null}
      {contact.isError ? <Text c="red">Could not load the contact details. Try again later.</Text> : null}
      {contact.data ? <Cards contact={contact.data} /> : null}
    </Stack>
  );
}

import { Anchor, Box, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFlask } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout } from '../features/auth';
import { useNarrowScreen } from '../lib/screen-width';
import { clearSession, isSuperadmin, useSession } from '../lib/session';

type NavItem = { to: string; label: string };

const HEADER_HEIGHT = 60;

const PUBLIC_ITEMS: NavItem[] = [{ to: '/contact', label: 'Contact' }];
const SIGNED_IN_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/students', label: 'Students' },
  { to: '/exams', label: 'Exams' },
  { to: '/admin/student-marks-summary', label: 'Student Summary' },
];

/**
 * The bar across the top with the brand, and `children` (the navigation) at its right. index.html
 * draws the same bar without scripts (the first thing a phone paints): a change of look here belongs
 * there too.
 */
function HeaderBar({ children }: { children?: ReactNode }) {
  return (
    <Box
      component="header"
      pos="sticky"
      top={0}
      h={HEADER_HEIGHT}
      px="md"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Anchor component={Link} to="/" fw={700} size="lg" underline="never">
          <Group gap={6} wrap="nowrap">
            <IconFlask size={22} aria-hidden />
            Valence
          </Group>
        </Anchor>
        {children}
      </Group>
    </Box>
  );
}

/**
 * What shows while the stored session is read: the plain "Loading" message under the bar, so the
 * bar index.html painted stays put instead of vanishing for a frame.
 */
export function AuthLoading() {
  return (
    <>
      <HeaderBar />
      <Text p="md">Loading</Text>
    </>
  );
}

/** Top navigation to every screen; on phone widths the links move into a burger menu. */
export function AppLayout() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isPhone = useNarrowScreen('48em');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();

  // Following a link from the burger menu should fold it away again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path change on purpose
  useEffect(() => close(), [location.pathname, close]);

  const items = [
    ...(session ? SIGNED_IN_ITEMS : []),
    ...(isSuperadmin(session)
      ? [
          { to: '/staff', label: 'Staff' },
          { to: '/audit', label: 'Audit log' },
          { to: '/jobs', label: 'Jobs' },
          { to: '/settings', label: 'Settings' },
        ]
      : []),
    ...PUBLIC_ITEMS,
  ];

  async function handleLogout() {
    // Queries still loading are abandoned, so no late answer refills the cache of a closed session.
    await queryClient.cancelQueries();
    // The session ends locally whatever the server answers.
    await logout.mutateAsync(undefined).catch(() => undefined);
    clearSession();
    // The page may stay mounted a moment after this navigation; emptying the cache under it would make
    // its queries fetch again at once, which only the session check in query-client.ts prevents.
    // Clearing afterwards keeps the page from flashing empty too.
    await navigate('/login');
    queryClient.clear();
  }

  const links = (
    <>
      {items.map((item) => (
        <Anchor key={item.to} component={Link} to={item.to} fw={location.pathname.startsWith(item.to) ? 700 : 400}>
          {item.label}
        </Anchor>
      ))}
      {session ? (
        <Button variant="light" size="xs" onClick={handleLogout} loading={logout.isPending}>
          Logout
        </Button>
      ) : (
        <Anchor component={Link} to="/login">
          Login
        </Anchor>
      )}
    </>
  );

  // Mantine's AppShell would bring a resize handle, side panels and a scroll lock this layout never
  // uses: about 8 KB of sign-in's script. A sticky header and a panel under it do the same here.
  return (
    <>
      <HeaderBar>
        {isPhone ? (
          <Burger opened={opened} onClick={toggle} aria-label="Toggle navigation" />
        ) : (
          <Group component="nav" aria-label="Main navigation" gap="md">
            {links}
          </Group>
        )}
      </HeaderBar>
      {/* Rendered only when open on a phone so each link exists once for assistive tech and tests. */}
      {isPhone && opened && (
        <Box
          pos="fixed"
          top={HEADER_HEIGHT}
          left={0}
          right={0}
          bottom={0}
          p="md"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 100, overflowY: 'auto' }}
        >
          <Stack component="nav" aria-label="Main navigation" gap="sm">
            {links}
          </Stack>
        </Box>
      )}
      <Box component="main" p="md">
        <Outlet />
      </Box>
    </>
  );
}

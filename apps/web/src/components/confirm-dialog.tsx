import { Text } from '@mantine/core';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

export type ConfirmDialogOptions = {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
};

/*
 * The modals manager (Modal, focus trap, scroll lock, Floating UI) is a fifth of the first load's
 * script, yet only a destructive action ever opens it: it is fetched and mounted on the first
 * confirm, not with every page.
 */
let mounted: Promise<void> | null = null;
let markMounted: () => void = () => undefined;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Resolves once the provider listens: its listeners attach in a layout effect, before this effect. */
function Mounted() {
  useEffect(() => markMounted(), []);
  return null;
}

const LazyModalsProvider = lazy(async () => {
  const { ModalsProvider } = await import('@mantine/modals');
  return {
    default: () => (
      <ModalsProvider>
        <Mounted />
      </ModalsProvider>
    ),
  };
});

/** Where the confirm dialog renders; mounted once at the root, inside MantineProvider. */
export function ConfirmDialogHost() {
  const requested = useSyncExternalStore(
    subscribe,
    () => mounted !== null,
    () => false,
  );
  return requested ? (
    <Suspense fallback={null}>
      <LazyModalsProvider />
    </Suspense>
  ) : null;
}

function mountModals(): Promise<void> {
  if (!mounted) {
    mounted = new Promise((resolve) => {
      markMounted = resolve;
    });
    for (const listener of listeners) listener();
  }
  return mounted;
}

/**
 * Asks before a destructive action, in the app's one confirm dialog (ConfirmDialogHost is mounted
 * at the root). Resolves true when confirmed, false when cancelled or dismissed.
 */
export async function confirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel' }: ConfirmDialogOptions) {
  const [{ modals }] = await Promise.all([import('@mantine/modals'), mountModals()]);
  return new Promise<boolean>((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      children: <Text>{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      // Mantine also calls onClose after a confirm; the promise keeps the first answer.
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The usual question before a delete or a remove: 'Confirm Delete', answered with 'Delete'. */
export const confirmAction = (action: 'Delete' | 'Remove', message: string) =>
  confirmDialog({ title: `Confirm ${action}`, message, confirmLabel: action });

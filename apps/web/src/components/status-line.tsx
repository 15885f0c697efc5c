import { Text } from '@mantine/core';

/** Spec section 8: a message reads red when it contains 'Error', otherwise green. */
export function isErrorStatus(message: string): boolean {
  return message.includes('Error');
}

export function StatusLine({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  const error = isErrorStatus(message);
  return (
    <Text role="status" c={error ? 'red' : 'green'} data-tone={error ? 'error' : 'success'} fw={500}>
      {message}
    </Text>
  );
}

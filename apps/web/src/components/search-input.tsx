import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchInputProps = { label: string; placeholder: string; value: string; onChange: (text: string) => void };

/** The search box above a paged list; the list's own hook decides when the server is asked. */
export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

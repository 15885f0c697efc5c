import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchInputProps = {
  label: string;
  placeholder: string;
  /** The list searched: `usePagedSearch`'s result, whose hook decides when the server is asked. */
  list: { search: string; setSearch: (text: string) => void };
};

/** The search box above a paged list. */
export function SearchInput({ label, placeholder, list }: SearchInputProps) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={list.search}
      onChange={(event) => list.setSearch(event.currentTarget.value)}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeSession } from '../lib/session';
import { renderWithProviders } from '../test/render';
import { QueryView } from './query-view';

/** Letters from `load`; `seen` gets, at the commit that brings each answer, whether it is drawn yet. */
function Letters({ load, seen = [] }: { load: () => Promise<string[]>; seen?: boolean[] }) {
  const query = useQuery({ queryKey: ['letters'], queryFn: load, retry: false });
  useLayoutEffect(() => {
    if (query.data?.length) seen.push(screen.queryByText(query.data.join(' ')) !== null);
  }, [query.data, seen]);
  return (
    <QueryView
      query={query}
      loadingLabel="Loading letters"
      errorText="Failed to load letters"
      isEmpty={(letters) => letters.length === 0}
      emptyText="No letters."
    >
      {(letters) => <p>{letters.join(' ')}</p>}
    </QueryView>
  );
}

describe('QueryView', () => {
  // Queries run only for a signed-in user.
  beforeEach(() => writeSession({ token: 't', roles: ['ROLE_ADMIN'] }));

  it('draws an answer in a render after the one that brings it, so that render stays short', async () => {
    const seen: boolean[] = [];
    renderWithProviders(<Letters load={async () => ['a', 'b']} seen={seen} />);
    expect(await screen.findByText('a b')).toBeInTheDocument();
    expect(seen).toEqual([false]);
    expect(screen.queryByLabelText('Loading letters')).not.toBeInTheDocument();
  });

  it('shows a failure with nothing loaded as the failure, not as loading', async () => {
    renderWithProviders(
      <Letters
        load={async () => {
          throw new Error('offline');
        }}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load letters');
    expect(screen.queryByLabelText('Loading letters')).not.toBeInTheDocument();
  });

  it('says so when the answer is empty', async () => {
    renderWithProviders(<Letters load={async () => []} />);
    expect(await screen.findByText('No letters.')).toBeInTheDocument();
  });
});

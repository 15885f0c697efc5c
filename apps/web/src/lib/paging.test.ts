import { describe, expect, it } from 'vitest';
import { listQueryString, pageQueryString } from './paging';

describe('list query strings', () => {
  it('sends one page as limit and offset, then the search, sort and filters that were chosen', () => {
    expect(
      pageQueryString({ page: 3, pageSize: 8, q: '  ka ', sort: '-timestamp' }, { from: '2026-03-01', to: '' }),
    ).toBe('?limit=8&offset=16&q=ka&sort=-timestamp&from=2026-03-01');
  });

  it('leaves out what was not chosen, down to no query string at all', () => {
    expect(listQueryString({ q: '   ', sort: undefined, from: '' })).toBe('');
    expect(listQueryString({ q: 'organic', to: '2026-03-02' })).toBe('?q=organic&to=2026-03-02');
  });
});

import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination';

function renderPagination(page: number, totalItems: number, onChange = vi.fn(), more = false) {
  render(
    <MantineProvider>
      <Pagination page={page} totalItems={totalItems} pageSize={6} onChange={onChange} more={more} />
    </MantineProvider>,
  );
  return onChange;
}

const numberButtons = () =>
  screen
    .getAllByRole('button')
    .map((button) => button.textContent ?? '')
    .filter((text) => /^\d+$/.test(text));

describe('pageWindow', () => {
  it('keeps five pages centred on the current one and shifts at the ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('Pagination', () => {
  it('is hidden when everything fits on one page', () => {
    renderPagination(1, 6);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByText(/Page 1 of/)).not.toBeInTheDocument();
  });

  it('is hidden when there is nothing to show', () => {
    renderPagination(1, 0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('reads "Page X of Y (N items)"', () => {
    renderPagination(2, 7);
    expect(screen.getByText('Page 2 of 2 (7 items)')).toBeInTheDocument();
  });

  it('says "Y+" and "N+ items" when the count stopped short, with no last page to jump to', async () => {
    const onChange = renderPagination(17, 100, vi.fn(), true);
    expect(screen.getByText('Page 17 of 17+ (100+ items)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(18);
  });

  it('shows the window with ellipses and the first and last pages in the middle of a long list', () => {
    renderPagination(6, 60);
    expect(numberButtons()).toEqual(['1', '4', '5', '6', '7', '8', '10']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '6' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no ellipsis before the window on the first page', () => {
    renderPagination(1, 60);
    expect(numberButtons()).toEqual(['1', '2', '3', '4', '5', '10']);
    expect(screen.getAllByText('…')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('moves with Previous, Next, First, Last and the numbers', async () => {
    const onChange = renderPagination(5, 60);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'First' }));
    await user.click(screen.getByRole('button', { name: 'Last' }));
    await user.click(screen.getByRole('button', { name: '7' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([6, 4, 1, 10, 7]);
  });
});

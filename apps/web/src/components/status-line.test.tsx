import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusLine } from './status-line';

function renderStatus(message: string | null) {
  return render(
    <MantineProvider>
      <StatusLine message={message} />
    </MantineProvider>,
  );
}

describe('StatusLine', () => {
  it('is red when the text contains "Error"', () => {
    renderStatus('Error creating course');
    const line = screen.getByRole('status');
    expect(line).toHaveTextContent('Error creating course');
    expect(line).toHaveAttribute('data-tone', 'error');
    expect(line.getAttribute('style')).toContain('red');
  });

  it('is green otherwise', () => {
    renderStatus('Course created successfully');
    const line = screen.getByRole('status');
    expect(line).toHaveAttribute('data-tone', 'success');
    expect(line.getAttribute('style')).toContain('green');
  });

  it('matches "Error" case-sensitively, as the spec words it', () => {
    renderStatus('No error here');
    expect(screen.getByRole('status')).toHaveAttribute('data-tone', 'success');
  });

  it('renders nothing without a message', () => {
    renderStatus(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

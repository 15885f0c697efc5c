import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, type StatusMessage, success } from '../lib/status';
import { StatusLine } from './status-line';

function renderStatus(status: StatusMessage | null) {
  return render(
    <MantineProvider>
      <StatusLine status={status} />
    </MantineProvider>,
  );
}

describe('StatusLine', () => {
  it('shows a failure red, as an alert', () => {
    renderStatus(failure('Error creating course'));
    const line = screen.getByRole('alert');
    expect(line).toHaveTextContent('Error creating course');
    expect(line).toHaveAttribute('data-kind', 'error');
    expect(line.getAttribute('style')).toContain('red');
  });

  it('shows a failure red even when its text has no "Error" in it', () => {
    renderStatus(failure('Cannot delete course "Kinetics" because its exams have 2 submission(s).'));
    const line = screen.getByRole('alert');
    expect(line).toHaveAttribute('data-kind', 'error');
    expect(line.getAttribute('style')).toContain('red');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a success green, whatever its wording', () => {
    renderStatus(success('Error log cleared successfully'));
    const line = screen.getByRole('status');
    expect(line).toHaveAttribute('data-kind', 'success');
    expect(line.getAttribute('style')).toContain('green');
  });

  it('renders nothing without a message', () => {
    renderStatus(null);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmBox } from './confirm-box';

describe('ConfirmBox', () => {
  it('is an alert dialog named by its question, with its buttons, and takes the focus', () => {
    render(
      <ConfirmBox question="Hand in now?">
        <button type="button">Hand in</button>
      </ConfirmBox>,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Hand in now?' });
    expect(dialog).toHaveFocus();
    expect(dialog).toContainElement(screen.getByRole('button', { name: 'Hand in' }));
  });
});

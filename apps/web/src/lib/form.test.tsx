import { act, renderHook } from '@testing-library/react';
import { createStaffRequestSchema } from '@valence/contract';
import { describe, expect, it } from 'vitest';
import { useContractForm } from './form';

describe('useContractForm', () => {
  it("puts the contract's first message for each field under that field, and clears it once fixed", () => {
    const { result } = renderHook(() =>
      useContractForm(createStaffRequestSchema, { username: 'ab', password: '   ', role: 'ROLE_ADMIN' }),
    );
    act(() => {
      result.current.validate();
    });
    expect(result.current.errors).toEqual({
      username: 'Username must be at least 3 characters.',
      password: 'Password must be at least 6 characters.',
    });
    act(() => {
      result.current.setValues({ username: 'nimali', password: 'chem-2026' });
      result.current.validate();
    });
    expect(result.current.errors).toEqual({});
  });
});

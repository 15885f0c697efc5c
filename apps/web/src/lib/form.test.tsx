import { act, renderHook } from '@testing-library/react';
import { courseInputSchema, createStaffRequestSchema } from '@valence/contract';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useContractForm } from './form';

const submitEvent = () => ({ preventDefault: () => undefined }) as FormEvent<HTMLFormElement>;

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

  it('submits only values the contract accepts', () => {
    const onValid = vi.fn();
    const onInvalid = vi.fn();
    const { result } = renderHook(() => useContractForm(courseInputSchema, { title: '  ', description: 'Rates' }));
    act(() => result.current.onSubmit(onValid, onInvalid)(submitEvent()));
    expect(onValid).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith({ title: 'Title is required.' }, expect.anything(), expect.anything());
    act(() => result.current.setFieldValue('title', 'Kinetics'));
    act(() => result.current.onSubmit(onValid, onInvalid)(submitEvent()));
    expect(onValid).toHaveBeenCalledWith({ title: 'Kinetics', description: 'Rates' }, expect.anything());
  });

  it("passes the form's other options on, such as checking a field as it is typed", () => {
    const { result } = renderHook(() =>
      useContractForm(courseInputSchema, { title: '', description: '' }, { validateInputOnChange: true }),
    );
    act(() => result.current.setFieldValue('title', 'x'.repeat(201)));
    expect(result.current.errors).toEqual({ title: 'Title must be at most 200 characters.' });
    expect(result.current.isValid()).toBe(false);
  });
});

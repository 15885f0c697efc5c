import { act, renderHook } from '@testing-library/react';
import { courseInputSchema, createStaffRequestSchema } from '@valence/contract';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useContractForm, useLazyContractForm } from './form';

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

describe('useLazyContractForm', () => {
  const loaded = () => Promise.resolve(courseInputSchema);

  it('loads nothing until the form is focused or sent', async () => {
    const load = vi.fn(loaded);
    const { result } = renderHook(() => useLazyContractForm(load, { title: '', description: '' }));
    expect(load).not.toHaveBeenCalled();
    await act(async () => result.current.prefetch());
    expect(load).toHaveBeenCalledTimes(1);
    // Loaded once: a later focus or submit uses what came.
    await act(async () => result.current.prefetch());
    await act(() => result.current.onSubmit(() => undefined, { onUnavailable: () => undefined })(submitEvent()));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not show the form as submitting when a field is refused', async () => {
    const { result } = renderHook(() => useLazyContractForm(loaded, { title: '', description: 'Rates' }));
    await act(async () => result.current.prefetch());
    const onInvalid = vi.fn();
    let sent: Promise<void> = Promise.resolve();
    // Rendered before any promise settles: a loaded schema checks the fields at once.
    act(() => {
      sent = result.current.onSubmit(() => undefined, { onInvalid, onUnavailable: () => undefined })(submitEvent());
    });
    expect(result.current.submitting).toBe(false);
    expect(result.current.form.errors).toEqual({ title: 'Title is required.' });
    await act(() => sent);
    expect(onInvalid).toHaveBeenCalled();
  });

  it("checks the fields on submit with the contract's messages, and hands on the parsed values", async () => {
    const handler = vi.fn();
    const onInvalid = vi.fn();
    const onUnavailable = vi.fn();
    const { result } = renderHook(() => useLazyContractForm(loaded, { title: '  ', description: 'Rates' }));
    await act(() => result.current.onSubmit(handler, { onInvalid, onUnavailable })(submitEvent()));
    expect(result.current.form.errors).toEqual({ title: 'Title is required.' });
    expect(onInvalid).toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();

    act(() => result.current.form.setFieldValue('title', '  Kinetics '));
    await act(() => result.current.onSubmit(handler, { onInvalid, onUnavailable })(submitEvent()));
    expect(result.current.form.errors).toEqual({});
    // What the schema makes of the values (trimmed), not the raw text.
    expect(handler).toHaveBeenCalledWith({ title: 'Kinetics', description: 'Rates' });
    expect(onUnavailable).not.toHaveBeenCalled();
  });

  it('reports a schema that could not load, keeps what was typed, and is not left submitting', async () => {
    const handler = vi.fn();
    const onUnavailable = vi.fn();
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const { result } = renderHook(() => useLazyContractForm(load, { title: 'Kinetics', description: '' }));
    await act(async () => result.current.prefetch());
    await act(() => result.current.onSubmit(handler, { onUnavailable })(submitEvent()));
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    expect(handler).not.toHaveBeenCalled();
    expect(result.current.form.getValues()).toEqual({ title: 'Kinetics', description: '' });
    expect(result.current.submitting).toBe(false);
  });

  it('is submitting from the click until the handler has finished', async () => {
    let finish: (() => void) | undefined;
    const handler = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    const { result } = renderHook(() => useLazyContractForm(loaded, { title: 'Kinetics', description: 'Rates' }));
    let sent: Promise<void> = Promise.resolve();
    act(() => {
      sent = result.current.onSubmit(handler, { onUnavailable: () => undefined })(submitEvent());
    });
    // Already while the schema loads, and still once the handler runs.
    expect(result.current.submitting).toBe(true);
    await vi.waitFor(() => expect(finish).toBeDefined());
    expect(result.current.submitting).toBe(true);
    await act(async () => {
      finish?.();
      await sent;
    });
    expect(result.current.submitting).toBe(false);
  });
});

import { Button, TextInput } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseInputSchema } from '@valence/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useLazyContractForm } from './lazy-form';

type Load = () => Promise<typeof courseInputSchema>;
type Handler = (values: { title: string; description: string }) => unknown;

const loaded: Load = () => Promise.resolve(courseInputSchema);

function CourseForm({
  load,
  handler,
  onInvalid = () => undefined,
  onUnavailable = () => undefined,
}: {
  load: Load;
  handler: Handler;
  onInvalid?: () => void;
  onUnavailable?: () => void;
}) {
  const { field, onSubmit, prefetch, submitting } = useLazyContractForm(load);
  return (
    <form onSubmit={onSubmit(handler, { onInvalid, onUnavailable })} onFocus={prefetch} noValidate>
      <TextInput label="Title" {...field('title')} />
      <TextInput label="Description" {...field('description')} />
      <Button type="submit" loading={submitting}>
        Save
      </Button>
      <output>{submitting ? 'sending' : 'idle'}</output>
    </form>
  );
}

const form = () => screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement;

describe('useLazyContractForm', () => {
  it('loads the schema only once a field is focused, and once', async () => {
    const load = vi.fn(loaded);
    renderWithProviders(<CourseForm load={load} handler={() => undefined} />);
    expect(load).not.toHaveBeenCalled();
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Title'));
    expect(load).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Title'), 'Kinetics');
    await user.click(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows the contract's message under a refused field, clears it on change, and hands on parsed values", async () => {
    const handler = vi.fn<Handler>();
    const onInvalid = vi.fn();
    renderWithProviders(<CourseForm load={loaded} handler={handler} onInvalid={onInvalid} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Description'), 'Rates');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required.')).toBeInTheDocument();
    expect(onInvalid).toHaveBeenCalled();
    expect(handler).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Title'), '  Kinetics ');
    expect(screen.queryByText('Title is required.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // What the schema makes of the values (trimmed), not the raw text.
    await waitFor(() => expect(handler).toHaveBeenCalledWith({ title: 'Kinetics', description: 'Rates' }));
  });

  it('reports a schema that could not load, keeps what was typed, and is not left sending', async () => {
    const handler = vi.fn<Handler>();
    const onUnavailable = vi.fn();
    const load: Load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    renderWithProviders(<CourseForm load={load} handler={handler} onUnavailable={onUnavailable} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Kinetics');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onUnavailable).toHaveBeenCalledTimes(1));
    expect(handler).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Kinetics');
    expect(screen.getByText('idle')).toBeInTheDocument();
  });

  it('does not show the form as sending when a field is refused', async () => {
    renderWithProviders(<CourseForm load={loaded} handler={() => undefined} />);
    await userEvent.setup().click(screen.getByLabelText('Title'));
    await act(() => Promise.resolve());
    // Rendered before any promise settles: a loaded schema checks the fields at once.
    act(() => {
      fireEvent.submit(form());
    });
    expect(screen.getByText('idle')).toBeInTheDocument();
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
  });

  it('is sending from the click until the handler has finished', async () => {
    let finish: (() => void) | undefined;
    const handler: Handler = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    renderWithProviders(<CourseForm load={loaded} handler={handler} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'Kinetics');
    await user.type(screen.getByLabelText('Description'), 'Rates');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(finish).toBeDefined());
    expect(screen.getByText('sending')).toBeInTheDocument();
    await act(async () => finish?.());
    expect(screen.getByText('idle')).toBeInTheDocument();
  });
});

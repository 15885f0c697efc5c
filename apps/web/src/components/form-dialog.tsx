import { type MantineSize, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { DialogActions, type DialogActionsProps } from './dialog-actions';
import { ResponsiveModal } from './responsive-modal';

type FormDialogProps = Omit<DialogActionsProps, 'onCancel'> & {
  title: string;
  onClose: () => void;
  /** The form's own submit (`form.onSubmit(handler)`), which checks the fields first. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  size?: MantineSize;
  /** A long form takes the whole screen at phone width, where a centred box leaves no room. */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
};

/** A form in a dialog: its fields, then its failure and Cancel / submit at the foot (`DialogActions`). */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  size,
  fullScreenOnPhone = false,
  children,
  ...actions
}: FormDialogProps) {
  return (
    <ResponsiveModal opened onClose={onClose} title={title} size={size} fullScreenOnPhone={fullScreenOnPhone}>
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          {children}
          <DialogActions onCancel={onClose} {...actions} />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}

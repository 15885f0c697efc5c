import { Modal, type ModalProps } from '@mantine/core';
import { useNarrowScreen } from '../lib/screen-width';

type ResponsiveModalProps = Omit<ModalProps, 'fullScreen' | 'centered'> & {
  /** Off for a short dialog, which stays a centred box at any width. */
  fullScreenOnPhone?: boolean;
};

/**
 * A dialog centred on a wide screen that takes the whole screen below 48em, where a centred box
 * leaves a table or a long form no room. The width is read on the first render, so a phone never
 * draws the box first.
 */
export function ResponsiveModal({ fullScreenOnPhone = true, ...props }: ResponsiveModalProps) {
  const isPhone = useNarrowScreen('48em');
  return <Modal {...props} fullScreen={fullScreenOnPhone && isPhone} centered />;
}

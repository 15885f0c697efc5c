import { Component, type ReactNode } from 'react';
import { i18next } from '../lib/i18n';

type Props = {
  /** The address shown: going to another screen tries again. */
  address: string;
  children: ReactNode;
};
type State = { failed: boolean; address: string };

/**
 * What a screen shows when it cannot be drawn, above all when its code did not arrive (a phone
 * losing its network between two taps): without it React drops the whole app and the student sees
 * a blank page.
 */
export class ScreenFailed extends Component<Props, State> {
  override state: State = { failed: false, address: this.props.address };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.address === state.address ? null : { failed: false, address: props.address };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert error" role="alert">
        <p>{i18next.t('screen.failed')}</p>
        <button type="button" className="button secondary" onClick={() => window.location.reload()}>
          {i18next.t('common.tryAgain')}
        </button>
      </div>
    );
  }
}

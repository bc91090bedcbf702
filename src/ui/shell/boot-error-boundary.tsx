// Catches what nothing else can (the app's code failing to load): a plain message and a way to try again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { bootMessages } from '../i18n/boot-messages';

interface State {
  error: unknown;
}

export class BootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The app could not start', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const messages = bootMessages();
    return (
      <main className="boot-error" role="alert">
        <h1>{messages.failedTitle}</h1>
        <p>{messages.failedText}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {messages.tryAgain}
        </button>
      </main>
    );
  }
}

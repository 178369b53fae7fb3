import { Alert } from './Alert.tsx';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message ("the result", "the form"). */
  label: string;
  children: ReactNode;
  /** Changing this resets the boundary (e.g. the selected tool). */
  resetKey?: unknown;
  /** What to show instead; defaults to a one-line alert. */
  fallback?: (error: Error) => ReactNode;
}

interface State {
  error?: Error;
  resetKey?: unknown;
}

/** Contains a rendering crash to one panel, so bad server data never blanks the page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: undefined } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`Toolscope could not render ${this.props.label}:`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.state.error);
    return (
      <Alert tone="danger" role="alert" className="p-3">
        Toolscope could not display {this.props.label}: {this.state.error.message}. The rest of the app keeps working.
      </Alert>
    );
  }
}

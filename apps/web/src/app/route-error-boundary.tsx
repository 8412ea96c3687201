import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  error?: unknown;
  location: Location;
}

/**
 * What createBrowserRouter's default errorElement did, kept for the declarative router: a page
 * that throws while rendering shows the error in place of the routes, not a blank window (React
 * unmounts everything under an uncaught error), and the next navigation renders the routes again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const error = this.state.error;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    return (
      <>
        {/* eslint-disable-next-line lingui/no-unlocalized-strings -- react-router's own default text, as before */}
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {error instanceof Error && error.stack ? <pre style={{ padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' }}>{error.stack}</pre> : null}
      </>
    );
  }
}

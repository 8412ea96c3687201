import { render, screen } from '@testing-library/react';
import type { Location } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

const at = (pathname: string): Location => ({ pathname, search: '', hash: '', state: null, key: pathname });

function Page({ broken }: { broken: boolean }) {
  if (broken) throw new Error('Cannot read the schedule');
  return <p>The page</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('the route error boundary', () => {
  it('shows a page that throws as the error, not a blank window, and renders again after a navigation', () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const view = render(
      <RouteErrorBoundary location={at('/doctor')}>
        <Page broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cannot read the schedule' })).toBeInTheDocument();

    view.rerender(
      <RouteErrorBoundary location={at('/user')}>
        <Page broken={false} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument();
  });
});

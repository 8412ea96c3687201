import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSeenOnce } from './seen-once';

function Below() {
  const ref = useRef<HTMLDivElement>(null);
  const seen = useSeenOnce(ref);
  return <div ref={ref}>{seen ? 'heavy part' : 'placeholder'}</div>;
}

/** A stand-in IntersectionObserver (jsdom has none) whose callbacks the test fires. */
function fakeObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  const disconnect = vi.fn();
  class FakeIntersectionObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  const intersect = (isIntersecting: boolean) =>
    act(() => {
      for (const callback of callbacks) callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { intersect, disconnect };
}

describe('a part loaded when it scrolls into view', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits until the element nears the viewport, then stays loaded', () => {
    const { intersect, disconnect } = fakeObserver();
    render(<Below />);
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    intersect(false);
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    intersect(true);
    expect(screen.getByText('heavy part')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('loads at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Below />);
    expect(screen.getByText('heavy part')).toBeInTheDocument();
  });
});

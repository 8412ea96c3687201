import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the first time the element comes within `margin` of the viewport: heavy parts below
 * the fold (the dashboard's charts, ~80 KB gzip of x-charts) load when the person scrolls to them,
 * not with the page. Without IntersectionObserver (an old browser, jsdom) it is true at once.
 */
export function useSeenOnce(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, margin]);
  return seen;
}

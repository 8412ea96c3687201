import { useEffect, useRef } from 'react';
import { useT } from '@/i18n/use-t';

let firstPage = true;

/**
 * The page's heading, also its document title. After a navigation (not on the first load) focus
 * moves to it, so a screen reader announces the new page as a full page load would.
 */
export function PageTitle({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const t = useT();
  const title = t('app.documentTitle', { page: children });
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (firstPage) firstPage = false;
    else ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

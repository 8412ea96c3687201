import { useState } from 'react';

/**
 * True from the first time `open` is true: a dialog or drawer loaded on demand is mounted when it
 * first opens (not at the page's first paint) and stays mounted, so it can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

import { useEffect, useRef, useSyncExternalStore } from 'react';

/** A key the desk presses instead of reaching for the mouse, while the page that offers it is open. */
export interface Shortcut {
  /** The key as KeyboardEvent.key reports it, lower case for letters: 'n'. */
  key: string;
  /** What it does, as the '?' dialog lists it: 'New appointment'. */
  label: string;
}

interface Entry extends Shortcut {
  run: () => void;
  /** Offered by a dialog: runs while focus is inside one. */
  inDialog: boolean;
}

// Module-level: one console per tab, and pages come and go while the listener stays.
let entries: Entry[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The shortcuts offered now, newest registration first for a key two pages both claim. */
export function useShortcuts(): Shortcut[] {
  return useSyncExternalStore(subscribe, () => entries);
}

/** Offers `key` while the calling component is mounted (and `enabled`). */
export function useShortcut(key: string, label: string, run: () => void, enabled = true, options: { inDialog?: boolean } = {}): void {
  const dialogOwned = options.inDialog ?? false;
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    const entry: Entry = { key, label, run: () => latest.current(), inDialog: dialogOwned };
    entries = [entry, ...entries];
    emit();
    return () => {
      entries = entries.filter((one) => one !== entry);
      emit();
    };
  }, [key, label, enabled, dialogOwned]);
}

/**
 * Typing in a field, or a key combined with Ctrl, Alt or ⌘, is never a shortcut. Inside a
 * dialog only what the dialog itself offers runs (the visit drawer's check-in), as the page's
 * own shortcuts are not on screen behind it.
 */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const inDialog = (event: KeyboardEvent) => (event.target as HTMLElement | null)?.closest?.('[role="dialog"]') ?? null;

/** Runs the shortcut for this key press, if any; true when one ran. */
export function runShortcut(event: KeyboardEvent): boolean {
  if (isTyping(event)) return false;
  const dialog = inDialog(event) !== null;
  const entry = entries.find((one) => one.key === event.key.toLowerCase() && one.inDialog === dialog);
  if (!entry) return false;
  event.preventDefault();
  entry.run();
  return true;
}

export { useShortcut, useShortcuts, type Shortcut } from './registry';
export { KeyboardShortcuts } from './shortcuts-dialog';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useT } from './i18n';
import { isTyping, runShortcut, useShortcuts } from './registry';

const Key = ({ children }: { children: string }) => (
  <Box component="kbd" sx={{ px: 1, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'monospace', fontWeight: 600, minWidth: 28, textAlign: 'center' }}>
    {children}
  </Box>
);

/**
 * Listens for the console's shortcuts on every page and, on '?', lists the ones this page offers.
 * Mounted once, by the dashboard layout.
 */
export function KeyboardShortcuts() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const shortcuts = useShortcuts();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !isTyping(event)) {
        event.preventDefault();
        setOpen(true);
        return;
      }
      runShortcut(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // One line per key: the page's own claim wins over a layout-wide one.
  const listed = shortcuts.filter((one, index) => shortcuts.findIndex((other) => other.key === one.key) === index);
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcuts-title">{t('shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1.5, alignItems: 'center', m: 0 }}>
          {[...listed, { key: '?', label: t('shortcuts.showThese') }].map((shortcut) => (
            <Box key={shortcut.key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ m: 0 }}>
                <Key>{shortcut.key.toUpperCase()}</Key>
              </Box>
              <Typography component="dd" sx={{ m: 0 }}>
                {shortcut.label}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('shortcuts.whenNotTyping')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{t('shortcuts.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

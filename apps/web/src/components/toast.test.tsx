import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeSnackbar, enqueueSnackbar } from './toast';
import { ToastHost } from './toast-host';

describe('toasts', () => {
  it('mounts notistack with the first toast, shows what was asked before it loaded, in order, and forgets what was closed', async () => {
    render(<ToastHost />);
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    let key: ReturnType<typeof enqueueSnackbar> | undefined;
    act(() => {
      key = enqueueSnackbar('Doctor saved', { variant: 'success' });
      enqueueSnackbar('Never shown', { key: 'closed-early' });
      closeSnackbar('closed-early');
    });
    expect(key).toEqual(expect.any(String));

    expect(await screen.findByText('Doctor saved', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('Never shown')).not.toBeInTheDocument();

    // Loaded now: straight to notistack, the given key kept.
    act(() => void enqueueSnackbar('Patient deleted', { key: 'deleted' }));
    expect(await screen.findByText('Patient deleted')).toBeInTheDocument();
    act(() => closeSnackbar('deleted'));
    await screen.findByText('Doctor saved');
  });
});

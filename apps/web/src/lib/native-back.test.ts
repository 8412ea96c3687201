import { beforeEach, describe, expect, it, vi } from 'vitest';

type BackListener = (event: { canGoBack: boolean }) => void;

const mocks = vi.hoisted(() => ({
  isNativePlatform: vi.fn<() => boolean>(),
  addListener: vi.fn(),
  exitApp: vi.fn(),
  remove: vi.fn(),
}));

vi.mock('@capacitor/core', () => ({ Capacitor: { isNativePlatform: mocks.isNativePlatform } }));
vi.mock('@capacitor/app', () => ({ App: { addListener: mocks.addListener, exitApp: mocks.exitApp } }));

const { registerNativeBackButton } = await import('./native-back');

function registeredListener(): BackListener {
  const call = mocks.addListener.mock.calls[0] as [string, BackListener];
  expect(call[0]).toBe('backButton');
  return call[1];
}

describe('the hardware back button', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    mocks.addListener.mockResolvedValue({ remove: mocks.remove });
    mocks.exitApp.mockResolvedValue(undefined);
  });

  it('is left alone in a browser', async () => {
    mocks.isNativePlatform.mockReturnValue(false);
    expect(await registerNativeBackButton()).toBeUndefined();
    expect(mocks.addListener).not.toHaveBeenCalled();
  });

  it('goes back in history when it can', async () => {
    mocks.isNativePlatform.mockReturnValue(true);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await registerNativeBackButton();
    registeredListener()({ canGoBack: true });
    expect(back).toHaveBeenCalledOnce();
    expect(mocks.exitApp).not.toHaveBeenCalled();
  });

  it('exits the app on the first page', async () => {
    mocks.isNativePlatform.mockReturnValue(true);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    back.mockClear();
    const unregister = await registerNativeBackButton();
    registeredListener()({ canGoBack: false });
    expect(mocks.exitApp).toHaveBeenCalledOnce();
    expect(back).not.toHaveBeenCalled();
    await unregister?.();
    expect(mocks.remove).toHaveBeenCalledOnce();
  });
});

import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';

/**
 * In the mobile app shell the hardware back button walks back through the console's history
 * and exits the app from the first page (SPEC.md §2). In a browser this does nothing.
 */
export async function registerNativeBackButton(): Promise<(() => Promise<void>) | undefined> {
  if (!Capacitor.isNativePlatform()) return undefined;
  const handle = await App.addListener('backButton', ({ canGoBack }) => {
    if (canGoBack) window.history.back();
    else void App.exitApp();
  });
  return () => handle.remove();
}

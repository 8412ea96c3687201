import { loadApp, opensSignInShell, pseudoLocale } from './app-loader';
import './theme/fonts';
import { CONSOLE_TITLE } from '@caredesk/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInShell } from './app/sign-in-shell';
import { activateLanguage, storedLanguage } from './i18n/i18n';

document.title = CONSOLE_TITLE;

const element = document.getElementById('root');
if (!element) throw new Error('The page has no #root element');
const root = createRoot(element);

// The console is a chunk of its own (app-loader.ts), so that a first load of /sign-in runs only
// the sign-in page (issue 18: its JavaScript budget).
const preloadApp = () => void loadApp();

let opening = false;
function openApp(to?: string, history: 'push' | 'replace' = 'replace'): void {
  if (opening) return;
  opening = true;
  loadApp().then(
    ({ App }) => {
      // The router reads the URL when it is created, on its first render.
      if (to && history === 'push') window.history.pushState(null, '', to);
      else if (to) window.history.replaceState(null, '', to);

      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    },
    () => {
      // The console's chunk could not be fetched (offline, or a newer build deployed): a full page load.
      if (to) window.location.assign(to);
      else window.location.reload();
    },
  );
}

function start(): void {
  if (opensSignInShell) {
    root.render(
      <StrictMode>
        <SignInShell preloadApp={preloadApp} openApp={openApp} />
      </StrictMode>,
    );
  } else {
    // At /sign-in with an access token stored, the console's /sign-in route sends the person home.
    openApp();
  }
}

// This browser's last language before the first paint, so a Hindi desk never sees English
// flash first; English (in the bundle already) starts at once.
const language = storedLanguage();
if (language === 'en' && !pseudoLocale) start();
else void Promise.all([pseudoLocale, language === 'en' ? undefined : activateLanguage(language)]).then(start, start);

// Only in the mobile app shell, whose native bridge defines window.Capacitor before any page
// script runs: a browser never downloads the native shell's code.
if ('Capacitor' in window) void import('./lib/native-back').then(({ registerNativeBackButton }) => registerNativeBackButton());

import './theme/fonts';
import { CONSOLE_TITLE } from '@caredesk/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

document.title = CONSOLE_TITLE;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Only in the mobile app shell, whose native bridge defines window.Capacitor before any page
// script runs: a browser never downloads the native shell's code.
if ('Capacitor' in window) void import('./lib/native-back').then(({ registerNativeBackButton }) => registerNativeBackButton());

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

// Loaded apart so the browser build never pays for the native shell up front.
void import('./lib/native-back').then(({ registerNativeBackButton }) => registerNativeBackButton());

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { activateLanguage, preferredLanguage } from './i18n/i18n';
import { registerServiceWorker } from './lib/service-worker';
import './styles/tokens.css';
import './styles/base.css';

// Hindi's catalog is its own small file: the first paint waits for it rather than flash English.
void activateLanguage(preferredLanguage()).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
if (import.meta.env.PROD) registerServiceWorker();

import { PSEUDO_LOCALE_KEY } from '@caredesk/catalogues/pseudo-locale-key';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { activateLanguage, preferredLanguage } from './i18n/i18n';
import { registerServiceWorker } from './lib/service-worker';
import './styles/tokens.css';
import './styles/base.css';

// Only when a test has switched it on (e2e/pseudo-locale.spec.ts): every text in the pseudo-locale.
const pseudoLocale = localStorage.getItem(PSEUDO_LOCALE_KEY) === 'on' ? import('./i18n/pseudo-locale').then((module) => module.installPseudoLocale()) : undefined;

// Hindi's catalog is its own small file: the first paint waits for it rather than flash English.
void Promise.resolve(pseudoLocale)
  .then(() => activateLanguage(preferredLanguage()))
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
if (import.meta.env.PROD) registerServiceWorker();

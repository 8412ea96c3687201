import { render } from '@testing-library/react';
import { App } from '@/app/app';
import { activateLanguage, type Language } from '@/i18n/i18n';

/** The whole app at `path`, in English unless the test chose otherwise. */
export async function renderApp(path: string, language: Language = 'en') {
  window.history.replaceState(null, '', path);
  await activateLanguage(language);
  return render(<App />);
}

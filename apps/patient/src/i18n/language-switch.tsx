import { useLingui } from '@lingui/react';
import { chooseLanguage } from './account-language';
import { languages, type Language } from './i18n';
import { useT } from './use-t';
import './language-switch.css';

/** The visible switch on every screen: each language named in its own script. */
export function LanguageSwitch() {
  const t = useT();
  const { i18n } = useLingui();
  const choose = (language: Language) => {
    void chooseLanguage(language);
  };
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {languages.map((language) => (
        <button key={language.code} type="button" lang={language.code} aria-pressed={i18n.locale === language.code} onClick={() => choose(language.code)}>
          {language.name}
        </button>
      ))}
    </div>
  );
}

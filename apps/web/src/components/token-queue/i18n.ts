import type { Language } from '@caredesk/shared';
import { setupI18n, type I18n } from '@lingui/core';
import { useEffect, useState } from 'react';
import type english from '@/i18n/locales/en/queue.json';
import { defineArea, type Translate } from '@/i18n/use-t';
import messages from 'virtual:catalog/en/queue';

export type QueueMessageId = keyof typeof english;

export const { useT, t } = defineArea<QueueMessageId>(messages);

const translatorOf =
  (instance: I18n): Translate<QueueMessageId> =>
  (id, values) =>
    instance._(id, values);

/**
 * The waiting-room display's English, whatever the console's language: a wall screen speaks to the
 * waiting room, not to the staff member who opened it. A Lingui instance of its own, so the
 * console's active language never changes under the display (nor the display's under it).
 */
export const inEnglish = translatorOf(setupI18n({ locale: 'en', locales: ['en-IN', 'en'], messages: { en: messages } }));

const instances = new Map<Exclude<Language, 'en'>, Promise<Translate<QueueMessageId>>>();

/** The language's catalogue (and its script's font), loaded once, in an instance beside the console's. */
function translatorFor(language: Exclude<Language, 'en'>): Promise<Translate<QueueMessageId>> {
  let pending = instances.get(language);
  if (!pending) {
    pending = import('@/i18n/load-language')
      .then(({ loadLanguage }) => loadLanguage(language))
      .then((catalogue) => translatorOf(setupI18n({ locale: language, locales: [`${language}-IN`, language], messages: { [language]: catalogue } })));
    // A failed load (offline at that moment) is tried again by the next display, not remembered.
    void pending.catch(() => instances.delete(language));
    instances.set(language, pending);
  }
  return pending;
}

/**
 * The organisation's own language's texts for the display, or null for English (the display then
 * shows English alone) and while the catalogue loads (English first, the second language after).
 */
export function useLocalTranslator(language: Language): Translate<QueueMessageId> | null {
  const [loaded, setLoaded] = useState<{ language: Language; translate: Translate<QueueMessageId> } | null>(null);
  useEffect(() => {
    if (language === 'en') return;
    let current = true;
    translatorFor(language).then(
      (translate) => {
        if (current) setLoaded({ language, translate });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);
  return loaded && loaded.language === language && language !== 'en' ? loaded.translate : null;
}

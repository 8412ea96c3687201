import { useT } from './i18n';

/** MUI Autocomplete's own texts (its buttons' names, the empty and loading lists) in the console's language. */
export function useAutocompleteTexts() {
  const t = useT();
  return {
    openText: t('records.open'),
    closeText: t('records.close'),
    clearText: t('records.clear'),
    noOptionsText: t('records.noOptions'),
    loadingText: t('records.loadingOptions'),
  };
}

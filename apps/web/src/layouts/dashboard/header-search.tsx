import type { MenuEntry, MenuIcon as MenuIconName, SearchResult } from '@caredesk/shared';
import Box from '@mui/material/Box';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useMenuTitle } from '../../components/menu-title';
import { paths } from '../../config/paths';
import { SEARCH_MIN_CHARS, useSearchRecords } from '../../features/search/api/search-records';
import { fPhone } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type * as searchBoxModule from './header-search-box';
import type { HeaderSearchBoxProps } from './header-search-box';
import { useT as useShellT } from '../../i18n/use-t';
import { searchStartAdornment, SearchStatus, useSearchInputTexts, type SearchOption } from './header-search-parts';
import { useT } from './i18n';

const DEBOUNCE_MS = 250;

const everyone = [
  { id: 'account.notifications', path: paths.notifications },
  { id: 'account.plan', path: paths.plan },
  { id: 'account.profile', path: paths.profile },
] as const;

const kindIcon: Record<SearchResult['kind'], MenuIconName> = { patient: 'patient', doctor: 'doctor', service: 'service' };

type SearchBoxModule = typeof searchBoxModule;
// Hover and then focus both ask for the chunk: one import, asked once (again after a failed one).
let searchBox: Promise<SearchBoxModule> | undefined;
const loadSearchBox = () =>
  (searchBox ??= import('./header-search-box').catch((error: unknown) => {
    searchBox = undefined;
    throw error;
  }));

/** Ctrl+K (Cmd+K on a Mac) focuses the box from anywhere in the console. */
function useFocusShortcut(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/**
 * One box for the account's pages and its records (patients by name or phone, doctors, services).
 * Records come from GET /api/search once typing pauses; while the shown query and the typed one
 * differ the box says it is loading instead of showing an older query's rows.
 *
 * Until it is first focused the box is a plain input that looks the same (same role, name and
 * shortcut); focus loads the autocomplete (header-search-box.tsx), which takes over what was typed
 * meanwhile. The query, the debounce and the request live here, so a search starts on the first
 * keystroke whether or not the autocomplete has arrived.
 */
export function HeaderSearch({ entries }: { entries: readonly MenuEntry[] }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const [box, setBox] = useState<{ module: SearchBoxModule; takeOver?: HeaderSearchBoxProps['takeOver'] }>();
  const typed = input.trim();
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  const search = useSearchRecords(debounced);
  const t = useT();
  const shellT = useShellT();
  const texts = useSearchInputTexts();
  const patientsTitle = useMenuTitle('patients', shellT('nav.patients'));
  useFocusShortcut(inputRef);

  const loadBox = () => {
    if (box) return;
    void loadSearchBox().then((module) => {
      const field = inputRef.current;
      const focused = field !== null && field === document.activeElement;
      setBox((loaded) => loaded ?? { module, ...(focused ? { takeOver: { start: field.selectionStart, end: field.selectionEnd } } : {}) });
    });
  };

  const wantsRecords = typed.length >= SEARCH_MIN_CHARS;
  const current = wantsRecords && debounced === typed;
  const loading = wantsRecords && (!current || search.isFetching);

  if (!box) {
    return (
      <Box sx={{ width: 320 }}>
        <OutlinedInput
          size="small"
          fullWidth
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onFocus={loadBox}
          // Hovering starts the download a moment before the click focuses the box.
          onPointerEnter={loadBox}
          inputRef={inputRef}
          placeholder={texts.placeholder}
          startAdornment={searchStartAdornment}
          endAdornment={<SearchStatus loading={loading} empty={!input} />}
          // The autocomplete's spacing (MUI Autocomplete, small outlined), so nothing moves when it takes over.
          sx={{ py: '6px', pl: '6px', '& input': { p: '2.5px 4px 2.5px 8px' } }}
          inputProps={{
            ...texts.attributes,
            role: 'combobox',
            'aria-expanded': false,
            'aria-autocomplete': 'list',
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
          }}
        />
      </Box>
    );
  }

  const groupOf: Record<SearchResult['kind'], string> = { patient: patientsTitle, doctor: t('layouts.search.doctors'), service: t('layouts.search.services') };
  const records: SearchOption[] =
    current && search.data
      ? search.data.map((r) => ({
          key: `${r.kind}:${r.id}`,
          group: groupOf[r.kind],
          title: r.title,
          // A patient's subtitle is their number: grouped as people read it out.
          subtitle: r.subtitle && r.kind === 'patient' ? fPhone(r.subtitle) : r.subtitle,
          path: r.path,
          icon: kindIcon[r.kind],
        }))
      : [];
  // Records arrive in any kind order; groupBy needs each group's options together.
  const order = ['patient', 'doctor', 'service'].map((kind) => groupOf[kind as SearchResult['kind']]);
  records.sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
  const needle = typed.toLowerCase();
  // The pages by the names the menu shows them under, in the console's language.
  const pages: SearchOption[] = [
    ...entries.map(({ key, path, icon }) => ({ title: shellT(`nav.${key}`), path, icon })),
    ...everyone.map(({ id, path }) => ({ title: shellT(id), path, icon: 'page' as const })),
  ]
    .filter((page) => page.title.toLowerCase().includes(needle))
    .map((page) => ({ ...page, key: `page:${page.path}:${page.title}`, group: t('layouts.search.pages'), subtitle: null }));

  // While records load the list shows only 'Searching…': pages shown alone first would keep
  // MUI's highlight when the records arrive, and Enter would open a page instead of the top record.
  const options = loading ? [] : [...records, ...pages];
  const { HeaderSearchBox } = box.module;

  return (
    <HeaderSearchBox
      options={options}
      input={input}
      onInput={setInput}
      onPick={(option) => {
        setInput('');
        void navigate(option.path);
      }}
      loading={loading}
      inputRef={inputRef}
      {...(box.takeOver ? { takeOver: box.takeOver } : {})}
    />
  );
}

import type { MenuEntry, MenuIcon as MenuIconName, SearchResult } from '@caredesk/shared';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import { useMenuTitle } from '../../components/menu-title';
import { paths } from '../../config/paths';
import { SEARCH_MIN_CHARS, useSearchRecords } from '../../features/search/api/search-records';
import { fPhone } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';

const DEBOUNCE_MS = 250;

interface SearchOption {
  key: string;
  group: string;
  title: string;
  subtitle: string | null;
  path: string;
  icon: MenuIconName | 'page';
}

const everyone = [
  { title: 'Notifications', path: paths.notifications },
  { title: 'Plan', path: paths.plan },
  { title: 'Profile', path: paths.profile },
];

const kindIcon: Record<SearchResult['kind'], MenuIconName> = { patient: 'patient', doctor: 'doctor', service: 'service' };

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

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
 */
export function HeaderSearch({ entries }: { entries: readonly MenuEntry[] }) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const typed = input.trim();
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  const search = useSearchRecords(debounced);
  const patientsTitle = useMenuTitle('patients', 'Patients');
  useFocusShortcut(inputRef);

  const wantsRecords = typed.length >= SEARCH_MIN_CHARS;
  const current = wantsRecords && debounced === typed;
  const loading = wantsRecords && (!current || search.isFetching);
  const groupOf: Record<SearchResult['kind'], string> = { patient: patientsTitle, doctor: 'Doctors', service: 'Services' };
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
  const pages: SearchOption[] = [...entries.map(({ title, path, icon }) => ({ title, path, icon })), ...everyone.map((page) => ({ ...page, icon: 'page' as const }))]
    .filter((page) => page.title.toLowerCase().includes(needle))
    .map((page) => ({ ...page, key: `page:${page.path}:${page.title}`, group: 'Pages', subtitle: null }));
  // While records load the list shows only 'Searching…': pages shown alone first would keep
  // MUI's highlight when the records arrive, and Enter would open a page instead of the top record.
  const options = loading ? [] : [...records, ...pages];

  return (
    <Autocomplete<SearchOption>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') setInput(value);
      }}
      onChange={(_, option) => {
        if (!option) return;
        setInput('');
        void navigate(option.path);
      }}
      filterOptions={(all) => all}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.title}
      getOptionKey={(option) => option.key}
      isOptionEqualToValue={(a, b) => a.key === b.key}
      autoHighlight
      blurOnSelect
      forcePopupIcon={false}
      loading={loading}
      loadingText="Searching…"
      noOptionsText={typed ? 'No results' : 'Type to search'}
      size="small"
      sx={{ width: 320 }}
      // Taller than MUI's 40vh so patients, doctors and services fit without scrolling.
      slotProps={{ listbox: { sx: { maxHeight: '70vh' } } }}
      renderGroup={({ key, group, children }) => (
        <li key={key} role="presentation">
          <ListSubheader id={`search-group-${key}`} component="div" sx={{ lineHeight: 2.5, typography: 'overline' }}>
            {group}
          </ListSubheader>
          <Box component="ul" role="group" aria-labelledby={`search-group-${key}`} sx={{ p: 0 }}>
            {children}
          </Box>
        </li>
      )}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          {option.icon === 'page' ? (
            <ArticleOutlined fontSize="small" sx={{ color: 'text.secondary' }} />
          ) : (
            <MenuIcon name={option.icon} fontSize="small" sx={{ color: 'text.secondary' }} />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.title}
            </Typography>
            {option.subtitle ? (
              <Typography variant="caption" component="p" noWrap sx={{ color: 'text.secondary' }}>
                {option.subtitle}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          placeholder="Search patients, doctors"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search', 'aria-keyshortcuts': 'Control+K Meta+K' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: (
                <>
                  {loading ? <CircularProgress size={16} aria-label="Searching" /> : null}
                  {!input ? (
                    <Typography
                      component="kbd"
                      variant="caption"
                      sx={{ px: 0.75, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontFamily: 'inherit', whiteSpace: 'nowrap' }}
                    >
                      {isMac ? '⌘K' : 'Ctrl K'}
                    </Typography>
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}

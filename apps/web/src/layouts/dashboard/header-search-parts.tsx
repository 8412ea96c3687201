import type { MenuIcon as MenuIconName } from '@caredesk/shared';
import SearchIcon from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { useT } from './i18n';

/** One row of the header search's list: a record from GET /api/search or one of the account's pages. */
export interface SearchOption {
  key: string;
  group: string;
  title: string;
  subtitle: string | null;
  path: string;
  icon: MenuIconName | 'page';
}

/** The input's own placeholder and attributes, the same on the box shown first and on the autocomplete it turns into. */
export function useSearchInputTexts() {
  const t = useT();
  return {
    placeholder: t('layouts.search.placeholder'),
    attributes: { 'aria-label': t('layouts.search.label'), 'aria-keyshortcuts': KEY_SHORTCUTS },
  } as const;
}

/** aria-keyshortcuts' own key names, and the Mac's key cap, neither of them words to translate. */
const KEY_SHORTCUTS = 'Control+K Meta+K';
const MAC_HINT = '⌘K';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export const searchStartAdornment = (
  <InputAdornment position="start">
    <SearchIcon fontSize="small" />
  </InputAdornment>
);

/** The spinner while records load and the shortcut's hint while the box is empty. */
export function SearchStatus({ loading, empty }: { loading: boolean; empty: boolean }) {
  const t = useT();
  return (
    <>
      {loading ? <CircularProgress size={16} aria-label={t('layouts.search.searchingLabel')} /> : null}
      {empty ? (
        <Typography
          component="kbd"
          variant="caption"
          sx={{ px: 0.75, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontFamily: 'inherit', whiteSpace: 'nowrap' }}
        >
          {isMac ? MAC_HINT : t('layouts.search.shortcutHint')}
        </Typography>
      ) : null}
    </>
  );
}

import type { MenuIcon as MenuIconName } from '@caredesk/shared';
import SearchIcon from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';

/** One row of the header search's list: a record from GET /api/search or one of the account's pages. */
export interface SearchOption {
  key: string;
  group: string;
  title: string;
  subtitle: string | null;
  path: string;
  icon: MenuIconName | 'page';
}

export const SEARCH_PLACEHOLDER = 'Search patients, doctors';

/** The input's own attributes, the same on the box shown first and on the autocomplete it turns into. */
export const searchInputAttributes = { 'aria-label': 'Search', 'aria-keyshortcuts': 'Control+K Meta+K' } as const;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

export const searchStartAdornment = (
  <InputAdornment position="start">
    <SearchIcon fontSize="small" />
  </InputAdornment>
);

/** The spinner while records load and the shortcut's hint while the box is empty. */
export function SearchStatus({ loading, empty }: { loading: boolean; empty: boolean }) {
  return (
    <>
      {loading ? <CircularProgress size={16} aria-label="Searching" /> : null}
      {empty ? (
        <Typography
          component="kbd"
          variant="caption"
          sx={{ px: 0.75, border: 1, borderColor: 'divider', borderRadius: 1, color: 'text.secondary', fontFamily: 'inherit', whiteSpace: 'nowrap' }}
        >
          {isMac ? '⌘K' : 'Ctrl K'}
        </Typography>
      ) : null}
    </>
  );
}

import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useT } from './i18n';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  /** The committed search (from the URL); the field follows it when it changes elsewhere. */
  value: string;
  /** Called 300 ms after the last keystroke with the new text. */
  onSearch: (value: string) => void;
  placeholder?: string;
}

/** The list toolbar's search box, labelled 'Search', debounced so typing does not query per key. */
export function SearchField({ value, onSearch, placeholder }: SearchFieldProps) {
  const t = useT();
  const [text, setText] = useState(value);
  const committed = useRef(value);

  // "Clear filters" or the back button changed the URL: show what the list now uses.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return undefined;
    const timer = setTimeout(() => {
      committed.current = text;
      onSearch(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <TextField
      label={t('records.search')}
      type="search"
      size="small"
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      sx={{ flex: '1 1 220px', minWidth: 0, maxWidth: { md: 360 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

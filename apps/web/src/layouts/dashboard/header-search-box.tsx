import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { MenuIcon } from '../../components/menu-icon';
import { searchStartAdornment, SearchStatus, useSearchInputTexts, type SearchOption } from './header-search-parts';
import { useT } from './i18n';

export interface HeaderSearchBoxProps {
  options: SearchOption[];
  input: string;
  onInput: (value: string) => void;
  onPick: (option: SearchOption) => void;
  loading: boolean;
  inputRef: Ref<HTMLInputElement>;
  /** The caret of the box this one replaces while the person was typing in it; undefined when it was not focused. */
  takeOver?: { start: number | null; end: number | null };
}

/**
 * The header search's autocomplete, loaded when the box is first focused (issue 18: MUI's
 * Autocomplete, Popper and TextField are not on every page's first load). It takes over focus,
 * caret and what was typed from the plain box shown until then, and opens its list when there
 * already is text, as it would have on that text's first keystroke.
 */
export function HeaderSearchBox({ options, input, onInput, onPick, loading, inputRef, takeOver }: HeaderSearchBoxProps) {
  const t = useT();
  const texts = useSearchInputTexts();
  const own = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(Boolean(takeOver) && input.length > 0);
  const typed = input.trim();

  // Before paint and before any further key event: no keystroke lands on the removed box.
  useLayoutEffect(() => {
    if (!takeOver) return;
    own.current?.focus();
    own.current?.setSelectionRange(takeOver.start, takeOver.end);
    // Only when this box first appears.
  }, []);

  return (
    <Autocomplete<SearchOption>
      options={options}
      value={null}
      inputValue={input}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onInputChange={(_, value, reason) => {
        if (reason !== 'reset') onInput(value);
      }}
      onChange={(_, option) => {
        if (option) onPick(option);
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
      loadingText={t('layouts.search.searching')}
      noOptionsText={typed ? t('layouts.search.noResults') : t('layouts.search.typeToSearch')}
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
          inputRef={(element: HTMLInputElement | null) => {
            own.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          placeholder={texts.placeholder}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, ...texts.attributes },

            input: {
              ...params.slotProps.input,
              startAdornment: searchStartAdornment,
              endAdornment: (
                <>
                  <SearchStatus loading={loading} empty={!input} />
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

import type { MenuEntry } from '@caredesk/shared';
import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';

interface SearchOption {
  title: string;
  path: string;
}

const everyone: SearchOption[] = [
  { title: 'Notifications', path: paths.notifications },
  { title: 'Plan', path: paths.plan },
  { title: 'Profile', path: paths.profile },
];

/** Finds the account's pages by name and opens the chosen one. */
export function HeaderSearch({ entries }: { entries: readonly MenuEntry[] }) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const options: SearchOption[] = [...entries.map(({ title, path }) => ({ title, path })), ...everyone];
  return (
    <Autocomplete<SearchOption>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      onChange={(_, option) => {
        if (!option) return;
        setInput('');
        void navigate(option.path);
      }}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(a, b) => a.path === b.path}
      noOptionsText="No matching pages"
      size="small"
      sx={{ width: 260 }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Search"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search' },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}

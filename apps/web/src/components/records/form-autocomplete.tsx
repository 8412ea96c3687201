import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { FormAutocompleteBoxProps } from './form-autocomplete-box';
import { useT } from './i18n';

interface FormAutocompleteProps {
  /** The text field's name in the surrounding react-hook-form FormProvider. */
  name: string;
  label: string;
  /** Suggestions; any other text may be typed too, unless freeSolo is false. */
  options: readonly string[];
  required?: boolean;
  /** false: the value is one of the options, picked from the list, and never cleared. */
  freeSolo?: boolean;
}

const importBox = () => import('./form-autocomplete-box');
type BoxModule = Awaited<ReturnType<typeof importBox>>;
let boxRequest: Promise<BoxModule> | undefined;
// One request for every field and event (pointer, focus) that asks before it arrives.
const loadBox = () => (boxRequest ??= importBox());
/** Once loaded, every later field starts as the autocomplete. */
let loadedBox: BoxModule | undefined;

/**
 * Loads the autocomplete ahead of any field, so that fields start as it. The console's tests do
 * this for every file: user-event clicks the element it was given, which the takeover would
 * replace under it; form-autocomplete.test.tsx covers the takeover itself.
 */
export async function preloadFormAutocomplete(): Promise<void> {
  loadedBox ??= await loadBox();
}

/**
 * A text field with suggestions (e.g. specialization, category, time zone) bound to the
 * surrounding form.
 *
 * Until it is first focused or pointed at, the field is a plain text field that looks the same
 * (same role, name, value, error and, for a pick, the 'Open' button); then the autocomplete
 * (form-autocomplete-box.tsx) loads and takes over what was typed meanwhile.
 */
export function FormAutocomplete({ name, label, options, required, freeSolo = true }: FormAutocompleteProps) {
  const t = useT();
  const { control } = useFormContext();
  const fieldRef = useRef<HTMLInputElement | null>(null);
  // A click or a keystroke in the plain field asks for the list, as it would in the autocomplete.
  const wantsList = useRef(false);
  const typedIn = useRef(false);
  // A pick's filter typed before the autocomplete arrived (free text goes straight to the form).
  const [typed, setTyped] = useState<string>();
  const [box, setBox] = useState<{ module: BoxModule; takeOver?: FormAutocompleteBoxProps['takeOver'] } | undefined>(loadedBox && { module: loadedBox });

  const load = () => {
    if (box) return;
    void loadBox().then((module) => {
      loadedBox = module;
      const field = fieldRef.current;
      const focused = field !== null && field === document.activeElement;
      setBox(
        (current) =>
          current ?? {
            module,
            ...(focused ? { takeOver: { start: field.selectionStart, end: field.selectionEnd, open: wantsList.current, typed: field.value, filtered: typedIn.current } } : {}),
          },
      );
    });
  };

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const text = typeof field.value === 'string' ? field.value : '';
        const error = fieldState.error?.message;
        if (box) {
          const { FormAutocompleteBox } = box.module;
          return (
            <FormAutocompleteBox
              name={field.name}
              label={label}
              options={options}
              required={required}
              freeSolo={freeSolo}
              text={text}
              onText={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={error}
              {...(box.takeOver ? { takeOver: box.takeOver } : {})}
            />
          );
        }
        const askForList = () => {
          wantsList.current = true;
          fieldRef.current?.focus();
          load();
        };
        return (
          <TextField
            label={label}
            required={required}
            name={field.name}
            value={freeSolo ? text : (typed ?? text)}
            onChange={(event) => {
              wantsList.current = true;
              typedIn.current = true;
              if (freeSolo) field.onChange(event.target.value);
              else setTyped(event.target.value);
            }}
            onBlur={field.onBlur}
            onFocus={load}
            // Pointing at the field starts the download a moment before the click focuses it.
            onPointerEnter={load}
            onMouseDown={() => void (wantsList.current = true)}
            inputRef={(element: HTMLInputElement | null) => {
              fieldRef.current = element;
              field.ref(element);
            }}
            error={Boolean(error)}
            helperText={error}
            fullWidth
            // MUI Autocomplete's outlined spacing, with room for its clear button (free text, once
            // there is some) or its open button (a pick), so nothing moves when it takes over.
            sx={{
              '& .MuiOutlinedInput-root': { p: '9px', pr: !freeSolo || text ? '39px' : '9px' },
              '& .MuiOutlinedInput-input': { p: '7.5px 4px 7.5px 5px' },
            }}
            slotProps={{
              htmlInput: { role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false },
              ...(freeSolo
                ? {}
                : {
                    input: {
                      endAdornment: (
                        <IconButton
                          aria-label={t('records.open')}
                          title={t('records.open')}
                          tabIndex={-1}
                          onClick={askForList}
                          sx={{ position: 'absolute', right: 9, top: '50%', transform: 'translate(0, -50%)', p: '2px', mr: '-2px' }}
                        >
                          <ArrowDropDown />
                        </IconButton>
                      ),
                    },
                  }),
            }}
          />
        );
      }}
    />
  );
}

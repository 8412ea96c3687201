import Autocomplete, { type AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useAutocompleteTexts } from './autocomplete-texts';

export interface FormAutocompleteBoxProps {
  name: string;
  label: string;
  options: readonly string[];
  required?: boolean;
  /** Any text (true), or one of the options, never none (false). */
  freeSolo: boolean;
  /** The form's value. */
  text: string;
  onText: (value: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  /**
   * What the plain field this one replaces had while it was focused: its caret, the text typed
   * (a pick's filter, not yet the value) and whether its list was asked for; undefined when it
   * was not focused.
   */
  takeOver?: { start: number | null; end: number | null; typed?: string; open: boolean; filtered?: boolean };
}

/**
 * FormAutocomplete's MUI Autocomplete, loaded when the field is first focused or pointed at
 * (issue 18: Autocomplete and Popper are not on a form's first load). It takes over focus, caret
 * and text from the plain field shown until then, and opens its list as a click or a keystroke
 * there would have.
 */
export function FormAutocompleteBox({ name, label, options, required, freeSolo, text, onText, onBlur, inputRef, error, takeOver }: FormAutocompleteBoxProps) {
  const texts = useAutocompleteTexts();
  const own = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(takeOver?.open ?? false);
  // A pick's typed filter is the box's own until a pick; free text is the form's value.
  const [filter, setFilter] = useState(takeOver?.typed ?? text);
  // Free text typed before the takeover filters the list, as it did keystroke by keystroke in
  // MUI (which lists every option while the text equals the value and nothing was typed in it).
  const [typedBefore, setTypedBefore] = useState(takeOver?.filtered ?? false);
  // MUI resets the input to the value's label once as it mounts (it has no previous value to
  // compare): for a pick, that reset would throw away the filter typed before the takeover.
  const keepTypedFilter = useRef(!freeSolo && takeOver?.typed !== undefined && takeOver.typed !== text);

  // Before paint and before any further key event: no keystroke lands on the removed field.
  useLayoutEffect(() => {
    if (!takeOver) return;
    own.current?.focus();
    own.current?.setSelectionRange(takeOver.start, takeOver.end);
    // Only when this field first appears.
  }, []);

  const renderInput = (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      label={label}
      required={required}
      name={name}
      inputRef={(element: HTMLInputElement | null) => {
        own.current = element;
        if (typeof inputRef === 'function') inputRef(element);
        else if (inputRef) inputRef.current = element;
      }}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
    />
  );

  const openProps = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => {
      setOpen(false);
      setTypedBefore(false);
    },
  };
  if (!freeSolo) {
    return (
      <Autocomplete
        {...texts}
        options={options}
        value={text}
        disableClearable
        inputValue={filter}
        onInputChange={(_, value, reason) => {
          const mountReset = reason === 'reset' && keepTypedFilter.current;
          keepTypedFilter.current = false;
          if (!mountReset) setFilter(value);
        }}
        onChange={(_, value) => onText(value)}
        {...openProps}
        renderInput={renderInput}
      />
    );
  }
  return (
    <Autocomplete
      {...texts}
      freeSolo
      options={options}
      value={typedBefore ? null : text}
      inputValue={text}
      onInputChange={(_, value) => onText(value)}
      onChange={(_, value) => {
        setTypedBefore(false);
        onText(value ?? '');
      }}
      {...openProps}
      renderInput={renderInput}
    />
  );
}

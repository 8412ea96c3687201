import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { slow } from '@/test/render-app';
import type { FormAutocomplete as FormAutocompleteType } from './form-autocomplete';

let FormAutocomplete: typeof FormAutocompleteType;
/** Lets the autocomplete chunk arrive: until then the field is the plain one, as on a slow network. */
let arrive: () => void;

// The setup file preloads the autocomplete for every other test; here each test imports the field
// afresh (nothing loaded) and holds its chunk back until the test lets it arrive, so what is typed
// before and after the takeover is decided by the test, not by how fast the module loads.
beforeEach(async () => {
  vi.resetModules();
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock('./form-autocomplete-box', async () => {
    await arrived;
    return vi.importActual('./form-autocomplete-box');
  });
  ({ FormAutocomplete } = await import('./form-autocomplete'));
});
afterEach(() => {
  vi.doUnmock('./form-autocomplete-box');
});

const TIME_ZONES = ['Asia/Dubai', 'Asia/Kolkata', 'Asia/Singapore', 'Europe/London'];
const SPECIALIZATIONS = ['Cardiology', 'Dermatology', 'General Medicine'];

function Form({ defaults, children }: { defaults: Record<string, string>; children: React.ReactNode }) {
  const form = useForm({ defaultValues: defaults });
  return (
    <FormProvider {...form}>
      <form aria-label="Test form">{children}</form>
      <output aria-label="Saved value">{JSON.stringify(form.watch())}</output>
    </FormProvider>
  );
}

describe('FormAutocomplete loading on first focus', () => {
  it('keeps every keystroke of free text typed while the autocomplete loads, and filters by it', async () => {
    render(
      <Form defaults={{ specialization: '' }}>
        <FormAutocomplete name="specialization" label="Specialization" options={SPECIALIZATIONS} required />
      </Form>,
    );
    const first = screen.getByRole('combobox', { name: 'Specialization' });
    expect(first.closest('.MuiAutocomplete-root')).toBeNull();
    const user = userEvent.setup();
    await user.click(first);
    await user.keyboard('Card');
    expect(first).toHaveValue('Card');
    arrive();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Specialization' })).not.toBe(first));
    await user.keyboard('io');
    const option = await screen.findByRole('option', { name: 'Cardiology' }, slow);
    expect(screen.queryByRole('option', { name: 'Dermatology' })).not.toBeInTheDocument();
    const box = screen.getByRole('combobox', { name: 'Specialization' });
    expect(box).not.toBe(first);
    expect(box).toHaveValue('Cardio');
    expect(box).toHaveFocus();
    await user.click(option);
    expect(box).toHaveValue('Cardiology');
    expect(screen.getByRole('status', { name: 'Saved value' })).toHaveTextContent('{"specialization":"Cardiology"}');
  });

  it('keeps a pick’s filter typed while the autocomplete loads, and the value until an option is picked', async () => {
    render(
      <Form defaults={{ timeZone: 'Asia/Kolkata' }}>
        <FormAutocomplete name="timeZone" label="Time zone" options={TIME_ZONES} freeSolo={false} />
      </Form>,
    );
    const first = screen.getByRole('combobox', { name: 'Time zone' });
    expect(first.closest('.MuiAutocomplete-root')).toBeNull();
    const user = userEvent.setup();
    await user.click(first);
    await user.keyboard('{Control>}a{/Control}Dubai');
    expect(first).toHaveValue('Dubai');
    arrive();
    const option = await screen.findByRole('option', { name: 'Asia/Dubai' }, slow);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    expect(box).not.toBe(first);
    // The list is filtered by what was typed before the takeover: MUI's first reset did not undo it.
    expect(box).toHaveValue('Dubai');
    expect(screen.getAllByRole('option').map((element) => element.textContent)).toEqual(['Asia/Dubai']);
    expect(screen.getByRole('status', { name: 'Saved value' })).toHaveTextContent('{"timeZone":"Asia/Kolkata"}');
    await user.click(option);
    expect(box).toHaveValue('Asia/Dubai');
    expect(screen.getByRole('status', { name: 'Saved value' })).toHaveTextContent('{"timeZone":"Asia/Dubai"}');
  });

  it('starts as the autocomplete once loaded, and filters as typed', async () => {
    const { unmount } = render(
      <Form defaults={{ timeZone: 'Asia/Kolkata' }}>
        <FormAutocomplete name="timeZone" label="Time zone" options={TIME_ZONES} freeSolo={false} />
      </Form>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    arrive();
    await screen.findByRole('option', { name: 'Asia/Dubai' }, slow);
    unmount();

    render(
      <Form defaults={{ timeZone: 'Asia/Kolkata' }}>
        <FormAutocomplete name="timeZone" label="Time zone" options={TIME_ZONES} freeSolo={false} />
      </Form>,
    );
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    expect(box.closest('.MuiAutocomplete-root')).not.toBeNull();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}Sing');
    expect(screen.getAllByRole('option').map((element) => element.textContent)).toEqual(['Asia/Singapore']);
  });
});

import { MAX_PACKAGE_TESTS, type Service } from '@caredesk/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useAutocompleteTexts } from '@/components/records/autocomplete-texts';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePackageChoices } from '../api/get-package-choices';
import { useT } from '../i18n';
import { PackageItemList, type PackageItem } from './package-item-list';
import type { ServiceFormInput } from './service-form-schema';

const itemOf = (service: Service): PackageItem => ({ serviceId: service.id, name: service.name, kind: service.kind, active: service.active });

/**
 * 'Tests in this package': the scans and tests a package (a health check) books under one token,
 * in the order the lab takes them. Chosen by name from the organisation's own single scans and
 * tests (never a package, never this one); a refusal of the server lands here.
 */
export function PackageItemsField({ serviceId }: { serviceId?: string }) {
  const t = useT();
  const texts = useAutocompleteTexts();
  const { control } = useFormContext<ServiceFormInput>();
  const { field, fieldState } = useController({ control, name: 'packageItems' });
  const items = field.value ?? [];
  const input = useRef<HTMLInputElement | null>(null);
  const [search, setSearch] = useState('');
  // Asked for once the picker is first opened or typed in: most forms never touch it.
  const [wanted, setWanted] = useState(false);
  const choices = usePackageChoices(useDebouncedValue(search.trim(), 300), wanted);
  const chosen = new Set(items.map((item) => item.serviceId));
  const options = (choices.data ?? []).filter((service) => service.id !== serviceId && !chosen.has(service.id));
  const full = items.length >= MAX_PACKAGE_TESTS;
  const error = fieldState.error?.message;
  const help = full ? t('services.package.full', { max: MAX_PACKAGE_TESTS }) : t('services.package.addHelp');

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {items.length > 0 ? (
        <PackageItemList label={t('services.section.package')} items={items} onChange={field.onChange} onEmptied={() => input.current?.focus()} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('services.package.empty')}
        </Typography>
      )}
      <Autocomplete
        {...texts}
        options={options}
        loading={choices.isFetching}
        value={null}
        inputValue={search}
        onInputChange={(_, value, reason) => {
          if (reason === 'input') setWanted(true);
          setSearch(value);
        }}
        onOpen={() => setWanted(true)}
        onChange={(_, picked) => {
          if (!picked) return;
          field.onChange([...items, itemOf(picked)]);
          setSearch('');
        }}
        // The server found them by name; MUI must not filter them again.
        filterOptions={(found) => found}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, other) => option.id === other.id}
        disabled={full}
        renderOption={({ key, ...optionProps }, option) => (
          <li key={key} {...optionProps}>
            <Box>
              <Typography variant="body2">{option.name}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {[t(option.kind === 'SCAN' ? 'services.kind.scan' : 'services.kind.test'), option.category].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('services.package.add')}
            inputRef={(element: HTMLInputElement | null) => {
              input.current = element;
              field.ref(element);
            }}
            onBlur={field.onBlur}
            error={Boolean(error)}
            helperText={error ?? help}
          />
        )}
      />
    </Box>
  );
}

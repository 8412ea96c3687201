import { organisationTypes, type OrganisationType } from '@caredesk/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '../i18n';

interface OrganisationTypeCardsProps {
  value: OrganisationType;
  onChange: (type: OrganisationType) => void;
}

/** SPEC.md §3's six types as radio cards, each with a plain-language description. */
export function OrganisationTypeCards({ value, onChange }: OrganisationTypeCardsProps) {
  const t = useT();
  const labelId = useId();
  return (
    <div>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {t('onboarding.organisation.type')}
      </Typography>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(_event, type) => onChange(type as OrganisationType)} sx={{ gap: 1 }}>
        {organisationTypes.map((type) => {
          const label = t(`onboarding.type.${type}`);
          const description = t(`onboarding.type.${type}.description`);

          const selected = type === value;
          return (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio size="small" />}
              label={
                <span>
                  <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                    {label}
                  </Typography>
                  <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {description}
                  </Typography>
                </span>
              }
              sx={{
                m: 0,
                py: 1,
                pr: 1.5,
                alignItems: 'flex-start',
                border: 1,
                borderRadius: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : 'transparent',
                '& .MuiRadio-root': { pt: 0.25 },
              }}
            />
          );
        })}
      </RadioGroup>
    </div>
  );
}

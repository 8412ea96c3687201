import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UPLOAD_LIMITS } from '@caredesk/shared';
import { useEffect, useId, useState } from 'react';
import { imageProblem } from '@/components/upload-image';
import { useT } from '../i18n';

interface LogoPickerProps {
  value: File | null;
  onChange: (file: File | null) => void;
}

function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

/**
 * Picks the logo and previews it. It is uploaded only after the organisation exists, because
 * uploads belong to an organisation; until then it stays in the browser.
 */
export function LogoPicker({ value, onChange }: LogoPickerProps) {
  const t = useT();
  const inputId = useId();
  const preview = usePreview(value);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (file: File | undefined) => {
    if (!file) return;
    const reason = imageProblem(file);
    setProblem(reason);
    if (!reason) onChange(file);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, border: 1, borderStyle: 'dashed', borderRadius: 2, borderColor: problem ? 'error.main' : 'divider' }}>
      <Box
        sx={{ width: 64, height: 64, flexShrink: 0, borderRadius: 2, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', color: 'text.secondary' }}
      >
        {preview ? <Box component="img" src={preview} alt={t('onboarding.logo.preview')} sx={{ width: 1, height: 1, objectFit: 'contain' }} /> : <AddPhotoAlternateOutlined />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component="label" htmlFor={inputId} variant="outlined" size="small">
            {value ? t('onboarding.logo.change') : t('onboarding.logo.choose')}
          </Button>
          <input
            id={inputId}
            type="file"
            hidden
            aria-label={t('onboarding.logo.input')}
            accept={UPLOAD_LIMITS.image.types.join(',')}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {value ? (
            <Button size="small" color="inherit" onClick={() => onChange(null)}>
              {t('onboarding.logo.remove')}
            </Button>
          ) : null}
        </Box>
        <Typography variant="caption" sx={{ color: problem ? 'error.main' : 'text.secondary' }} role={problem ? 'alert' : undefined}>
          {problem ?? t('onboarding.logo.hint')}
        </Typography>
      </Box>
    </Box>
  );
}

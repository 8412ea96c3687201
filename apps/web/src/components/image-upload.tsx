import { UPLOAD_LIMITS } from '@caredesk/shared';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useState, type DragEvent } from 'react';
import { errorMessage } from '@/lib/http';
import { useT } from './i18n';
import { imageProblem, useUploadFile } from './upload-image';

interface ImageUploadProps {
  /** What the image is: 'photo' gives the button 'Upload photo' (each language words each kind its own way). */
  label: 'photo' | 'image' | 'logo';
  /** The uploaded image's URL, or null. */
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** A form error to show under the picker. */
  error?: string;
}

/**
 * Picks (or takes a dropped) JPEG, PNG or WebP image, refuses one over 5 MB before sending it,
 * uploads it with progress and hands the public URL to the form. The server's 413/415 messages
 * are shown as they come.
 */
export function ImageUpload({ label, value, onChange, error }: ImageUploadProps) {
  const t = useT();
  const kind = { kind: label };
  const inputId = useId();
  const upload = useUploadFile();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  const send = (file: File | undefined) => {
    if (!file) return;
    const reason = imageProblem(file);
    setProblem(reason);
    if (reason) return;
    setProgress(0);
    upload.mutate(
      { file, visibility: 'public', onProgress: setProgress },
      {
        onSuccess: (uploaded) => onChange(uploaded.url),
        onError: (failure) => setProblem(errorMessage(failure)),
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  const message = problem ?? error;
  return (
    <Box
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        p: 1.5,
        borderRadius: 2,
        border: 1,
        borderStyle: 'dashed',
        borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
      }}
    >
      <Box
        sx={{
          width: 72,
          height: 72,
          flexShrink: 0,
          borderRadius: 2,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          color: 'text.secondary',
        }}
      >
        {value ? <Box component="img" src={value} alt={t('components.image.current', kind)} sx={{ width: 1, height: 1, objectFit: 'cover' }} /> : <AddPhotoAlternateOutlined />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component="label" htmlFor={inputId} variant="outlined" size="small" disabled={upload.isPending}>
            {value ? t('components.image.change', kind) : t('components.image.upload', kind)}
          </Button>
          <input
            id={inputId}
            type="file"
            hidden
            aria-label={t('components.image.upload', kind)}
            accept={UPLOAD_LIMITS.image.types.join(',')}
            onChange={(event) => {
              send(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {value ? (
            <Button size="small" color="inherit" onClick={() => onChange(null)} disabled={upload.isPending}>
              {t('components.image.remove', kind)}
            </Button>
          ) : null}
        </Box>
        {upload.isPending ? (
          <LinearProgress variant="determinate" value={progress} aria-label={t('components.image.uploading', kind)} />
        ) : (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('components.image.hint')}
          </Typography>
        )}
        {message ? (
          <Typography role="alert" variant="caption" sx={{ color: 'error.main' }}>
            {message}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

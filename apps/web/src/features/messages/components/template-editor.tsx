import {
  defaultMessageTemplates,
  MESSAGE_TEXT_MAX,
  messageEventVariables,
  templateTextProblem,
  unknownTemplateVariables,
  whatsAppTemplateOf,
  type ConfigurableMessageEvent,
  type MessageLanguage,
} from '@caredesk/shared';
import ContentCopy from '@mui/icons-material/ContentCopy';
import RestoreIcon from '@mui/icons-material/Restore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from '@/components/toast';
import { useRef } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { messageLanguageLabel } from '@/i18n/shared-labels';
import { sharedText } from '@/i18n/shared-text';
import { errorMessage } from '@/lib/http';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMessagePreview } from '../api/preview-message';
import { useT } from '../i18n';
import type { MessageSettingsFormValues } from './message-settings-form-values';

const PREVIEW_DELAY_MS = 400;

interface TemplateEditorProps {
  event: ConfigurableMessageEvent;
  language: MessageLanguage;
}

/** The preview of what is typed, a moment after typing stops, with sample values filled in. */
function TemplatePreview({ event, language, text }: TemplateEditorProps & { text: string }) {
  const t = useT();
  const template = useDebouncedValue(text, PREVIEW_DELAY_MS);
  const unknown = unknownTemplateVariables(event, template).length > 0;
  const preview = useMessagePreview({ event, language, template: unknown ? '' : template });
  let body: string;
  if (template.trim() === '') body = t('messages.texts.previewEmpty');
  else if (unknown) body = t('messages.texts.previewUnknown');
  else if (preview.isError) body = errorMessage(preview.error);
  else body = preview.data ?? t('messages.texts.previewPreparing');
  return (
    <Box aria-live="polite" sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {t('messages.texts.preview')}
      </Typography>
      <Typography variant="body2" lang={language} sx={{ opacity: preview.isFetching ? 0.6 : 1 }}>
        {body}
      </Typography>
    </Box>
  );
}

/**
 * The text as the WhatsApp template to register in WhatsApp Manager: its name, language code and
 * body with Meta's numbered variables. Messages outside the 24-hour window go out as exactly this,
 * so an organisation that changes a text registers the new body under the same name.
 */
function WhatsAppTemplate({ event, language, text }: TemplateEditorProps & { text: string }) {
  const t = useT();
  const { name, body, variables } = whatsAppTemplateOf(event, text);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(body);
      enqueueSnackbar(t('messages.texts.whatsappCopied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('messages.texts.whatsappCopyByHand'), { variant: 'warning' });
    }
  };
  return (
    <Box
      component="section"
      aria-label={t('messages.texts.whatsappTemplate', { language: messageLanguageLabel(language) })}
      sx={{ p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', overflowWrap: 'anywhere', display: 'flex', flexDirection: 'column', gap: 0.5 }}
    >
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', fontWeight: 600 }}>
        {t('messages.texts.whatsappRegister')} {/* Names and the body as WhatsApp Manager takes them: the organisation's words and code, never translated. */}
        <Box component="code" translate="no">
          {name} · {language}
        </Box>
      </Typography>
      <Typography variant="body2" lang={language} translate="no" sx={{ whiteSpace: 'pre-wrap' }}>
        {body}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {t('messages.texts.whatsappVariables')}{' '}
        <Box component="code" translate="no">
          {variables.map((variable, index) => `{{${index + 1}}} = ${variable}`).join(', ') || '—'}
        </Box>
      </Typography>
      <Box>
        <Button size="small" color="inherit" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t('messages.texts.whatsappCopy')}
        </Button>
      </Box>
    </Box>
  );
}

/** (f) One event's text in one language: the variables it may use, a live preview, and 'Restore the default'. */
export function TemplateEditor({ event, language }: TemplateEditorProps) {
  const t = useT();
  const { control } = useFormContext<MessageSettingsFormValues>();
  const { field, fieldState } = useController({ control, name: `templates.${event}.${language}` });
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const label = t('messages.texts.textIn', { language: messageLanguageLabel(language) });
  const shipped = defaultMessageTemplates[event][language];
  const problem = templateTextProblem(event, field.value);
  const typedProblem = problem === undefined ? undefined : sharedText(problem);

  /** Puts {{name}} where the cursor was (or at the end), and the cursor after it. */
  const insert = (name: string) => {
    const token = `{{${name}}}`;
    const input = textRef.current;
    const start = input?.selectionStart ?? field.value.length;
    const end = input?.selectionEnd ?? start;
    field.onChange(field.value.slice(0, start) + token + field.value.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <TextField
        label={label}
        multiline
        minRows={3}
        name={field.name}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={(element: HTMLTextAreaElement | null) => {
          field.ref(element);
          textRef.current = element;
        }}
        error={Boolean(fieldState.error ?? typedProblem)}
        helperText={fieldState.error?.message ?? typedProblem ?? `${field.value.length} / ${MESSAGE_TEXT_MAX}`}
        slotProps={{ htmlInput: { lang: language, maxLength: MESSAGE_TEXT_MAX } }}
        fullWidth
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', mr: 0.5 }}>
          {t('messages.texts.insert')}
        </Typography>
        {messageEventVariables[event].map((name) => (
          <Chip
            key={name}
            size="small"
            variant="outlined"
            label={`{{${name}}}`}
            aria-label={t('messages.texts.insertVariable', { variable: `{{${name}}}` })}
            onClick={() => insert(name)}
          />
        ))}
      </Box>
      <TemplatePreview event={event} language={language} text={field.value} />
      {problem === undefined && field.value.trim() !== '' && <WhatsAppTemplate event={event} language={language} text={field.value} />}
      <Box>
        <Button size="small" color="inherit" startIcon={<RestoreIcon />} disabled={field.value === shipped} onClick={() => field.onChange(shipped)}>
          {t('messages.texts.restore')}
        </Button>
      </Box>
    </Box>
  );
}

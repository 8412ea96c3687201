import type { Language } from '@caredesk/shared';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { planAnnouncement, setVoiceChoice, setVoiceEnabled, useVoices, voiceChoice, voiceEnabled, wantedLanguage, type AnnouncementPlan, type VoiceChoice } from './announce';
import { messageLanguageLabel } from '@/i18n/shared-labels';
import { useT, type QueueMessageId } from './i18n';

/** What the settings say about the next announcement, from the same plan the display speaks by. */
function planText(t: ReturnType<typeof useT>, on: boolean, plan: AnnouncementPlan): string {
  if (!on) return t('queue.voice.off');
  if (plan.kind === 'unsupported') return t('queue.voice.unsupported');
  if (plan.kind === 'fallback') return t('queue.voice.missing', { language: t(`queue.language.${plan.wanted}` as QueueMessageId) });
  if (!plan.voice) return t('queue.voice.usingDefault');
  return t('queue.voice.using', { language: t(`queue.language.${plan.language}` as QueueMessageId), voice: plan.voice.name });
}

interface VoiceSettingsProps {
  /** The organisation's own language (Settings → Messages): the one offered beside English. */
  language: Language;
}

/**
 * The display's sound, kept in this browser (the desk opens the display from it): voice on or
 * off, English or the organisation's language, and which of this device's voices will be used —
 * a language the device has no voice for is announced in English, and the settings say so.
 */
export function VoiceSettings({ language }: VoiceSettingsProps) {
  const t = useT();
  const voices = useVoices();
  const [on, setOn] = useState(voiceEnabled);
  const [choice, setChoice] = useState(voiceChoice);
  const plan = planAnnouncement(wantedLanguage(choice, language), voices);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              onChange={(event) => {
                setOn(event.target.checked);
                setVoiceEnabled(event.target.checked);
              }}
            />
          }
          label={t('queue.voice.switch')}
        />
        {language !== 'en' && (
          <TextField
            select
            size="small"
            label={t('queue.voice.language')}
            value={choice}
            disabled={!on}
            onChange={(event) => {
              const next = event.target.value as VoiceChoice;
              setChoice(next);
              setVoiceChoice(next);
            }}
            sx={{ minWidth: 180 }}
          >
            <MenuItem value="en">{messageLanguageLabel('en')}</MenuItem>
            <MenuItem value="local" lang={language}>
              {messageLanguageLabel(language)}
            </MenuItem>
          </TextField>
        )}
      </Box>
      {/* Polite: the device's voices arrive a moment after the page (Chrome's 'voiceschanged'). */}
      <Typography variant="caption" color="text.secondary" aria-live="polite" data-testid="voice-plan">
        {planText(t, on, plan)}
      </Typography>
    </Box>
  );
}

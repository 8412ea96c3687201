import type { Language } from '@caredesk/shared';
import { useSyncExternalStore } from 'react';
import type { Translate } from '@/i18n/use-t';
import type { QueueMessageId } from './i18n';

/**
 * The waiting room's sound: a two-note chime (Web Audio, no file to load) and the called token
 * read out (speech synthesis) in English or the organisation's own language. Both fail quietly
 * where the browser lacks them or blocks audio until a user gesture.
 */
const VOICE_KEY = 'caredesk.tokenVoice';
/** 'en' or 'local': the organisation's language, whichever it is now (a change in Settings follows). */
const VOICE_LANGUAGE_KEY = 'caredesk.tokenVoiceLanguage';

export type VoiceChoice = 'en' | 'local';

export function voiceEnabled(): boolean {
  return localStorage.getItem(VOICE_KEY) !== 'off';
}

export function setVoiceEnabled(on: boolean): void {
  localStorage.setItem(VOICE_KEY, on ? 'on' : 'off');
}

export function voiceChoice(): VoiceChoice {
  return localStorage.getItem(VOICE_LANGUAGE_KEY) === 'local' ? 'local' : 'en';
}

export function setVoiceChoice(choice: VoiceChoice): void {
  localStorage.setItem(VOICE_LANGUAGE_KEY, choice);
}

/** The language announcements are meant to be in: the organisation's when chosen and not English. */
export const wantedLanguage = (choice: VoiceChoice, local: Language): Language => (choice === 'local' ? local : 'en');

let context: AudioContext | null = null;

export function playChime(): void {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const start = context.currentTime;
    [880, 660].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      const at = start + index * 0.35;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.03);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.6);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.65);
    });
  } catch {
    // Audio blocked (no gesture yet): the display still shows the token.
  }
}

/** 'A-007' -> 'A 0 0 7': read character by character (digits one by one), as a waiting room expects. */
export function spelledToken(label: string): string {
  return label.replace(/-/g, ' ').split('').join(' ').replace(/\s+/g, ' ').trim();
}

/** 'Token A 0 0 7, please go to Dr. Meera Joshi, Room 4' in the translator's language; the token alone when the queue is not on this screen. */
export function spokenCall(translate: Translate<QueueMessageId>, label: string, place?: string): string {
  const token = spelledToken(label);
  return place ? translate('queue.speech.call', { token, place }) : translate('queue.speech.token', { token });
}

function synthesis(): SpeechSynthesis | undefined {
  if (typeof window === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return undefined;
  return (window.speechSynthesis as SpeechSynthesis | undefined) ?? undefined;
}

/** BCP 47 as browsers spell it ('hi_IN' on some Android builds, 'HI-in'): compared in one form. */
const tagOf = (voice: SpeechSynthesisVoice) => voice.lang.replace(/_/g, '-').toLowerCase();

/** The device's voice for the language: its Indian variant first (hi-IN, kn-IN, ta-IN, en-IN), else any of that language. */
export function voiceFor(voices: readonly SpeechSynthesisVoice[], language: Language): SpeechSynthesisVoice | undefined {
  return voices.find((voice) => tagOf(voice) === `${language}-in`) ?? voices.find((voice) => tagOf(voice) === language || tagOf(voice).startsWith(`${language}-`));
}

export type AnnouncementPlan =
  /** No speech synthesis in this browser: the chime alone. */
  | { kind: 'unsupported' }
  /** Spoken in `language`, by `voice` when the device has one (English may use the browser's default). */
  | { kind: 'spoken'; language: Language; voice: SpeechSynthesisVoice | undefined }
  /** No voice for the chosen language on this device: the chime and English. */
  | { kind: 'fallback'; wanted: Exclude<Language, 'en'>; voice: SpeechSynthesisVoice | undefined };

/** Which voice the next announcement uses: what the settings say and what the display does agree by construction. */
export function planAnnouncement(wanted: Language, voices: readonly SpeechSynthesisVoice[] | null): AnnouncementPlan {
  if (voices === null) return { kind: 'unsupported' };
  if (wanted === 'en') return { kind: 'spoken', language: 'en', voice: voiceFor(voices, 'en') };
  const voice = voiceFor(voices, wanted);
  return voice ? { kind: 'spoken', language: wanted, voice } : { kind: 'fallback', wanted, voice: voiceFor(voices, 'en') };
}

let known: SpeechSynthesisVoice[] = [];

/** The device's voices now; the same array while they stay the same (a stable snapshot for React). */
export function currentVoices(): SpeechSynthesisVoice[] | null {
  const synth = synthesis();
  if (!synth) return null;
  const voices = synth.getVoices();
  const same = voices.length === known.length && voices.every((voice, index) => voice.voiceURI === known[index]?.voiceURI && voice.lang === known[index]?.lang);
  if (!same) known = voices;
  return known;
}

function subscribeVoices(onChange: () => void): () => void {
  const synth = synthesis();
  // Chrome lists its voices only after 'voiceschanged' (getVoices() is empty on the first call).
  synth?.addEventListener('voiceschanged', onChange);
  return () => synth?.removeEventListener('voiceschanged', onChange);
}

/** The device's voices, rendering again when they arrive or change (null: no speech synthesis). */
export function useVoices(): SpeechSynthesisVoice[] | null {
  return useSyncExternalStore(subscribeVoices, currentVoices, () => null);
}

/** Says the text as the plan chose; a plan without speech says nothing. */
export function speak(text: string, plan: AnnouncementPlan): void {
  const synth = synthesis();
  if (!synth || plan.kind === 'unsupported') return;
  const utterance = new SpeechSynthesisUtterance(text);
  const language = plan.kind === 'spoken' ? plan.language : 'en';
  utterance.lang = `${language}-IN`;
  if (plan.voice) utterance.voice = plan.voice;
  utterance.rate = 0.9;
  synth.cancel();
  synth.speak(utterance);
}

/**
 * The waiting room's sound: a two-note chime (Web Audio, no file to load) and the called token
 * read out (speech synthesis). Both fail quietly where the browser lacks them or blocks audio
 * until a user gesture.
 */
const VOICE_KEY = 'caredesk.tokenVoice';

export function voiceEnabled(): boolean {
  return localStorage.getItem(VOICE_KEY) !== 'off';
}

export function setVoiceEnabled(on: boolean): void {
  localStorage.setItem(VOICE_KEY, on ? 'on' : 'off');
}

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

/** 'A-007' -> 'Token A 0 0 7': read character by character, as a waiting room expects. */
export function spokenToken(label: string): string {
  return `Token ${label.replace(/-/g, ' ').split('').join(' ').replace(/\s+/g, ' ').trim()}`;
}

export function speak(text: string): void {
  const synth = window.speechSynthesis as SpeechSynthesis | undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = 'en-IN';
  utterance.rate = 0.9;
  synth.cancel();
  synth.speak(utterance);
}

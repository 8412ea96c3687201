import { vi } from 'vitest';

/** A device voice as the browser lists it. */
export const voice = (name: string, lang: string): SpeechSynthesisVoice => ({ name, lang, voiceURI: name, default: false, localService: true });

class FakeUtterance {
  lang = '';
  voice: SpeechSynthesisVoice | null = null;
  rate = 1;
  constructor(readonly text: string) {}
}

/**
 * The browser's speech synthesis, by hand: the voices the device has (set at once, or arriving
 * later with 'voiceschanged' as in Chrome) and the utterances spoken.
 */
export class FakeSpeech extends EventTarget {
  spoken: FakeUtterance[] = [];
  constructor(private voices: SpeechSynthesisVoice[] = []) {
    super();
  }
  getVoices(): SpeechSynthesisVoice[] {
    // A new array on each call, as Chrome answers.
    return [...this.voices];
  }
  speak(utterance: FakeUtterance): void {
    this.spoken.push(utterance);
  }
  cancel(): void {}
  arrive(voices: SpeechSynthesisVoice[]): void {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
}

/** Installs a fake speech synthesis for the test (vi.unstubAllGlobals() removes it). */
export function installSpeech(voices: SpeechSynthesisVoice[] = []): FakeSpeech {
  const speech = new FakeSpeech(voices);
  vi.stubGlobal('speechSynthesis', speech);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return speech;
}

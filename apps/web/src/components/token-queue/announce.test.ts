import { setupI18n } from '@lingui/core';
import hindi from 'virtual:catalog/hi/queue';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { currentVoices, planAnnouncement, speak, spelledToken, spokenCall, voiceFor } from './announce';
import { installSpeech, voice } from '@/test/fake-speech';
import { inEnglish } from './i18n';

afterEach(() => vi.unstubAllGlobals());

const lekha = voice('Lekha', 'hi-IN');
const rishi = voice('Rishi', 'en-IN');
const samantha = voice('Samantha', 'en-US');
const inHindi = (() => {
  const instance = setupI18n({ locale: 'hi', messages: { hi: hindi } });
  return (id: Parameters<typeof inEnglish>[0], values?: Parameters<typeof inEnglish>[1]) => instance._(id, values);
})();

describe('the announcement', () => {
  it('reads the token character by character, digits one by one, in English or Hindi from the catalogue', () => {
    expect(spelledToken('A-007')).toBe('A 0 0 7');
    expect(spokenCall(inEnglish, 'A-007')).toBe('Token A 0 0 7');
    expect(spokenCall(inEnglish, 'A-007', 'Dr. Meera Joshi, Room 4')).toBe('Token A 0 0 7, please go to Dr. Meera Joshi, Room 4');
    expect(spokenCall(inHindi, 'A-007', 'Dr. Meera Joshi, Room 4')).toBe('टोकन A 0 0 7, कृपया Dr. Meera Joshi, Room 4 पर आएँ');
  });

  it("finds the language's Indian voice first, then any voice of that language, however the browser spells the tag", () => {
    const hindiUk = voice('Hindi UK', 'hi-GB');
    expect(voiceFor([samantha, hindiUk, lekha], 'hi')).toBe(lekha);
    expect(voiceFor([samantha, hindiUk], 'hi')).toBe(hindiUk);
    expect(voiceFor([voice('Android Kannada', 'kn_IN')], 'kn')?.name).toBe('Android Kannada');
    expect(voiceFor([samantha, rishi], 'en')).toBe(rishi);
    expect(voiceFor([samantha], 'ta')).toBeUndefined();
  });

  it('speaks the chosen language with its voice where the device has one, else English; nothing without speech synthesis', () => {
    expect(planAnnouncement('hi', [samantha, lekha])).toEqual({ kind: 'spoken', language: 'hi', voice: lekha });
    expect(planAnnouncement('kn', [samantha, lekha])).toEqual({ kind: 'fallback', wanted: 'kn', voice: samantha });
    expect(planAnnouncement('en', [])).toEqual({ kind: 'spoken', language: 'en', voice: undefined });
    expect(planAnnouncement('ta', null)).toEqual({ kind: 'unsupported' });
  });

  it('says the text with the voice and language of the plan: hi-IN by Lekha, or English in en-IN when Kannada has no voice', () => {
    const speech = installSpeech([rishi, lekha]);
    speak('टोकन A 0 0 7', planAnnouncement('hi', currentVoices()));
    speak('Token A 0 0 7', planAnnouncement('kn', currentVoices()));
    expect(speech.spoken.map(({ text, lang, voice }) => ({ text, lang, voice: voice?.name }))).toEqual([
      { text: 'टोकन A 0 0 7', lang: 'hi-IN', voice: 'Lekha' },
      { text: 'Token A 0 0 7', lang: 'en-IN', voice: 'Rishi' },
    ]);
  });

  it("sees voices that arrive late ('voiceschanged'), and keeps one snapshot while they stay the same", () => {
    const speech = installSpeech([]);
    const before = currentVoices();
    expect(before).toEqual([]);
    expect(currentVoices()).toBe(before);
    speech.arrive([rishi, lekha]);
    const after = currentVoices();
    expect(after?.map((item) => item.name)).toEqual(['Rishi', 'Lekha']);
    expect(currentVoices()).toBe(after);
    expect(planAnnouncement('hi', after)).toMatchObject({ kind: 'spoken', voice: lekha });
  });

  it('has no plan to speak where the browser has no speech synthesis', () => {
    vi.stubGlobal('SpeechSynthesisUtterance', undefined);
    expect(currentVoices()).toBeNull();
  });
});

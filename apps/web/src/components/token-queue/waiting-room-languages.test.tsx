import type { Language, TokenEntry, TokenQueue } from '@caredesk/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/i18n/i18n';
import { headerRoutes, installFakeApi, type FakeReply } from '@/test/fake-api';
import { FakeSocket, fakeLiveEventsClient } from '@/test/fake-live-events';
import { installSpeech, voice } from '@/test/fake-speech';
import { inIndia, pinClock } from '@/test/clock';
import { makeUser, storeSession } from '@/test/fixtures';
import { renderApp, slow } from '@/test/render-app';
import { tokenEntry } from '@/test/token-fixtures';

let restore: (() => void) | undefined;
afterEach(async () => {
  restore?.();
  vi.unstubAllGlobals();
  localStorage.removeItem('caredesk.tokenVoice');
  localStorage.removeItem('caredesk.tokenVoiceLanguage');
  await activateLanguage('en');
});

const serving: TokenEntry = tokenEntry(7, 'Ravi Kumar', { status: 'IN_CONSULTATION', calledAt: '2026-11-22T04:30:00.000Z' });

const queue: TokenQueue = {
  kind: 'doctors',
  id: crypto.randomUUID(),
  name: 'Dr. Meera Joshi',
  subtitle: 'Cardiology',
  room: 'Room 4',
  resource: 'DOCTOR',
  tokenPrefix: 'A',
  facilityId: null,
  date: '2026-11-22',
  nowServing: serving,
  next: null,
  waiting: [],
  skipped: [],
  notArrived: [],
  waitingCount: 0,
  doneCount: 3,
  averageWaitMinutes: 9,
  lastAction: null,
};

const queuesIn = (language: Language): FakeReply => ({ data: { date: '2026-11-22', timeZone: 'Asia/Kolkata', queues: [queue], owners: [], language } });

/** The console at `path` for a worker whose own (console) language is `consoleLanguage`. */
function open(path: string, language: Language, consoleLanguage: Language = 'en') {
  const api = installFakeApi({ ...headerRoutes(), 'GET /tokens/doctors': queuesIn(language) });
  restore = api.restore;
  storeSession(makeUser('HOSPITAL', 'WORKER', { language: consoleLanguage }));
  return { ...renderApp(path, { liveEvents: fakeLiveEventsClient() }), user: userEvent.setup() };
}

const lekha = voice('Lekha', 'hi-IN');
const rishi = voice('Rishi', 'en-IN');

describe('the waiting-room display in two languages', () => {
  pinClock(inIndia('2026-11-22', '10:30'));

  it('shows each text in English and Hindi, the Hindi marked lang="hi", even when the console is in Kannada', async () => {
    installSpeech([rishi]);
    open('/appointments/token?display=1', 'hi', 'kn');
    const display = await screen.findByRole('region', { name: 'Waiting room display' }, slow);
    expect(display).toHaveAttribute('lang', 'en');
    const tile = await within(display).findByRole('region', { name: 'Dr. Meera Joshi' });
    expect(within(tile).getByText('Now serving')).toBeInTheDocument();
    const hindi = await within(tile).findByText('वर्तमान टोकन', undefined, slow);
    expect(hindi).toHaveAttribute('lang', 'hi');
    expect(within(display).getByRole('heading', { level: 1 })).toHaveTextContent('Now servingवर्तमान टोकन');
    // The console's own language (Kannada) is not the wall's.
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'kn'));
    expect(within(display).queryByText('ಪ್ರಸ್ತುತ ಟೋಕನ್')).not.toBeInTheDocument();
    expect(within(tile).getByTestId('display-token')).toHaveTextContent('A-007');
  });

  it('an English organisation: English alone', async () => {
    installSpeech([rishi]);
    open('/appointments/token?display=1', 'en');
    const display = await screen.findByRole('region', { name: 'Waiting room display' }, slow);
    await within(display).findByRole('region', { name: 'Dr. Meera Joshi' });
    expect(display.querySelectorAll('[lang]:not([lang="en"])')).toHaveLength(0);
  });

  it('a call flashes in both languages and is spoken in Hindi by the Hindi voice when chosen', async () => {
    const speech = installSpeech([rishi, lekha]);
    localStorage.setItem('caredesk.tokenVoiceLanguage', 'local');
    open('/appointments/token?display=1', 'hi');
    const display = await screen.findByRole('region', { name: 'Waiting room display' }, slow);
    await within(await within(display).findByRole('region', { name: 'Dr. Meera Joshi' })).findByText('वर्तमान टोकन', undefined, slow);
    act(() => FakeSocket.last().ready());
    act(() => FakeSocket.last().receive({ type: 'token.updated', doctorId: queue.id, calledToken: 'A-007' }));
    const call = await within(display).findByTestId('display-call');
    expect(call).toHaveTextContent('Token A-007: please go to Dr. Meera Joshi, Room 4');
    expect(within(call).getByText('टोकन A-007: कृपया Dr. Meera Joshi, Room 4 पर जाएँ')).toHaveAttribute('lang', 'hi');
    expect(speech.spoken.map(({ text, lang, voice }) => ({ text, lang, voice: voice?.name }))).toEqual([
      { text: 'टोकन A 0 0 7, कृपया Dr. Meera Joshi, Room 4 पर आएँ', lang: 'hi-IN', voice: 'Lekha' },
    ]);
  });

  it('without a Kannada voice on the device, a call is said in English', async () => {
    const speech = installSpeech([rishi, lekha]);
    localStorage.setItem('caredesk.tokenVoiceLanguage', 'local');
    open('/appointments/token?display=1', 'kn');
    const display = await screen.findByRole('region', { name: 'Waiting room display' }, slow);
    await within(await within(display).findByRole('region', { name: 'Dr. Meera Joshi' })).findByText('ಪ್ರಸ್ತುತ ಟೋಕನ್', undefined, slow);
    act(() => FakeSocket.last().ready());
    act(() => FakeSocket.last().receive({ type: 'token.updated', doctorId: queue.id, calledToken: 'A-007' }));
    await within(display).findByTestId('display-call');
    expect(speech.spoken.map(({ text, lang, voice }) => ({ text, lang, voice: voice?.name }))).toEqual([
      { text: 'Token A 0 0 7, please go to Dr. Meera Joshi, Room 4', lang: 'en-IN', voice: 'Rishi' },
    ]);
  });
});

describe("the display's voice settings on the token page", () => {
  pinClock(inIndia('2026-11-22', '10:30'));

  it('offer English or the organisation’s language, remember the choice and name the voice that will speak', async () => {
    installSpeech([rishi, lekha]);
    const { user } = open('/appointments/token', 'hi');
    await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, slow);
    const plan = screen.getByTestId('voice-plan');
    expect(plan).toHaveTextContent('Announcements in English: voice Rishi');
    await user.click(screen.getByRole('combobox', { name: 'Announcement language' }));
    await user.click(await screen.findByRole('option', { name: 'हिन्दी (Hindi)' }));
    expect(localStorage.getItem('caredesk.tokenVoiceLanguage')).toBe('local');
    expect(plan).toHaveTextContent('Announcements in Hindi: voice Lekha');
    await user.click(screen.getByRole('switch', { name: 'Announce by voice' }));
    expect(plan).toHaveTextContent('Voice off: the chime alone');
    expect(screen.getByRole('combobox', { name: 'Announcement language' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('say when the device has no voice for the language: announcements in English', async () => {
    installSpeech([rishi]);
    localStorage.setItem('caredesk.tokenVoiceLanguage', 'local');
    open('/appointments/token', 'kn');
    await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, slow);
    expect(screen.getByTestId('voice-plan')).toHaveTextContent('No Kannada voice on this device: announcements in English');
  });

  it("follow voices that arrive after the page ('voiceschanged')", async () => {
    const speech = installSpeech([]);
    localStorage.setItem('caredesk.tokenVoiceLanguage', 'local');
    open('/appointments/token', 'ta');
    await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, slow);
    const plan = screen.getByTestId('voice-plan');
    expect(plan).toHaveTextContent('No Tamil voice on this device: announcements in English');
    act(() => speech.arrive([rishi, voice('Vani', 'ta-IN')]));
    await waitFor(() => expect(plan).toHaveTextContent('Announcements in Tamil: voice Vani'));
  });

  it('an English organisation offers no language choice; a browser without speech says the chime alone', async () => {
    vi.stubGlobal('SpeechSynthesisUtterance', undefined);
    open('/appointments/token', 'en');
    await screen.findByRole('region', { name: 'Queue of Dr. Meera Joshi' }, slow);
    expect(screen.getByTestId('voice-plan')).toHaveTextContent('This browser cannot speak: the chime alone');
    expect(screen.queryByRole('combobox', { name: 'Announcement language' })).not.toBeInTheDocument();
  });

  it('speak the console’s language: the token page in Hindi', async () => {
    installSpeech([rishi]);
    open('/appointments/token', 'kn', 'hi');
    expect(await screen.findByRole('region', { name: 'Dr. Meera Joshi की कतार' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'आवाज़ से घोषणा करें' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'डिस्प्ले खोलें' })).toBeInTheDocument();
  });
});

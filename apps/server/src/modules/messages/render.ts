import {
  CANCELLED_BY_PATIENT,
  CANCELLED_FOR_LEAVE,
  renderMessageTemplate,
  tokenLabel,
  type MessageEvent,
  type MessageLanguage,
  type MessageVariable,
  whatsAppTemplateOf,
} from '@caredesk/shared';
import type { MessageContext } from '../../db/schema/index.js';
import type { VisitFacts } from './visit-facts.js';

/** What the text says of a visit: not whose it is (the patient comes apart). */
type RenderedVisit = Omit<VisitFacts, 'patientId' | 'phone'>;

export interface RenderInput {
  event: MessageEvent;
  language: MessageLanguage;
  template: string;
  timeZone: string;
  patientName: string | null;
  organisation: { name: string; address: string | null; city: string | null };
  visit?: RenderedVisit | undefined;
  context: MessageContext;
  /** The chat message a chat-reply forwards. */
  chatText?: string | undefined;
  /** Where the patient fetches their report (an absolute, signed link); none: they collect it. */
  reportLink?: string | undefined;
  /** The receipt or credit note a message about money tells of, and its signed link (none without PUBLIC_URL). */
  money?: { amountPaise: number; number: string; link: string | undefined } | undefined;
  /** The place a waitlist offer holds, the whole minutes left of its hold, and the app's waitlist (none without PUBLIC_URL). */
  waitlist?: WaitlistOfferText | undefined;
}

export interface WaitlistOfferText {
  ownerName: string;
  facilityName: string | null;
  facilityAddress: string | null;
  slotAt: Date;
  minutesLeft: number;
  link: string | undefined;
}

const RUPEES = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const words = {
  en: {
    collect: 'please collect it at the desk',
    openApp: 'the CareDesk app',
    cancelledByDesk: 'cancelled at the desk',
    onLeave: 'the doctor is on leave that day',
    byPatient: 'you cancelled it in the app',
    patients: (n: number) => (n === 0 ? 'no one' : n === 1 ? '1 patient' : `${n} patients`),
    room: 'the consultation room',
  },
  hi: {
    collect: 'कृपया डेस्क से प्राप्त करें',
    openApp: 'CareDesk ऐप',
    cancelledByDesk: 'डेस्क द्वारा रद्द',
    onLeave: 'डॉक्टर उस दिन छुट्टी पर हैं',
    byPatient: 'आपने ऐप में रद्द किया',
    patients: (n: number) => (n === 0 ? 'कोई नहीं' : `${n} मरीज़`),
    room: 'परामर्श कक्ष',
  },
  kn: {
    collect: 'ದಯವಿಟ್ಟು ಡೆಸ್ಕ್‌ನಲ್ಲಿ ಪಡೆಯಿರಿ',
    openApp: 'CareDesk ಆ್ಯಪ್',
    cancelledByDesk: 'ಡೆಸ್ಕ್‌ನಿಂದ ರದ್ದುಮಾಡಲಾಗಿದೆ',
    onLeave: 'ಆ ದಿನ ವೈದ್ಯರು ರಜೆಯಲ್ಲಿದ್ದಾರೆ',
    byPatient: 'ನೀವು ಆ್ಯಪ್‌ನಲ್ಲಿ ರದ್ದುಮಾಡಿದ್ದೀರಿ',
    patients: (n: number) => (n === 0 ? 'ಯಾರೂ ಇಲ್ಲ' : n === 1 ? '1 ರೋಗಿ' : `${n} ರೋಗಿಗಳು`),
    room: 'ಸಮಾಲೋಚನಾ ಕೊಠಡಿ',
  },
  ta: {
    collect: 'வரவேற்பில் பெற்றுக்கொள்ளவும்',
    openApp: 'CareDesk ஆப்',
    cancelledByDesk: 'வரவேற்பில் ரத்து செய்யப்பட்டது',
    onLeave: 'அன்று மருத்துவர் விடுப்பில் இருக்கிறார்',
    byPatient: 'நீங்கள் ஆப்பில் ரத்து செய்தீர்கள்',
    patients: (n: number) => (n === 0 ? 'யாரும் இல்லை' : n === 1 ? '1 நோயாளி' : `${n} நோயாளிகள்`),
    room: 'ஆலோசனை அறை',
  },
} satisfies Record<MessageLanguage, unknown>;

/** The desk's own words as typed; the reasons the product writes, in the patient's language. */
function cancelReasonIn(w: (typeof words)[MessageLanguage], reason: string | null): string {
  if (reason === null) return w.cancelledByDesk;
  if (reason === CANCELLED_FOR_LEAVE) return w.onLeave;
  // The app's cancel keeps what the patient wrote after the marker; they know it.
  if (reason.startsWith(CANCELLED_BY_PATIENT)) return w.byPatient;
  return reason;
}

/** 'Tue, 25 Nov 2026' and '10:30 am' in English; the same in Hindi's, Kannada's or Tamil's own words (hi-IN, kn-IN, ta-IN). */
function visitDate(language: MessageLanguage, timeZone: string, at: Date): { date: string; time: string } {
  const locale = `${language}-IN`;
  return {
    date: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at),
  };
}

export function mapLink(address: string): string {
  return `https://maps.google.com/?q=${encodeURIComponent(address)}`;
}

/** The values of every variable the event offers, in the language of the message. */
export function variablesOf(input: RenderInput): Record<MessageVariable, string> {
  const w = words[input.language];
  const { visit, waitlist } = input;
  // Where and with whom: the visit's, else the place a waitlist offer holds.
  const place = visit ?? waitlist;
  const address = [place?.facilityAddress ?? input.organisation.address, place?.facilityAddress ? null : input.organisation.city].filter(Boolean).join(', ');
  const slotAt = visit?.slotAt ?? waitlist?.slotAt;
  const when = slotAt ? visitDate(input.language, input.timeZone, slotAt) : { date: '', time: '' };
  return {
    patient: input.patientName ?? '',
    organisation: input.organisation.name,
    facility: place?.facilityName ?? input.organisation.name,
    address,
    map: address ? mapLink(address) : '',
    with: place?.ownerName ?? '',
    date: when.date,
    time: when.time,
    token: visit ? tokenLabel(visit.tokenNumber, visit.tokenPrefix) : '',
    // The doctor's (scan's) own room, else where the visit is, else words that fit any clinic.
    room: visit?.room || visit?.facilityName || w.room,
    reason: cancelReasonIn(w, visit?.cancelReason ?? null),
    ahead: input.context.ahead === undefined ? '' : w.patients(input.context.ahead),
    // Without PUBLIC_URL there is no address to give: a report is collected, an offer taken in the app.
    link: input.money ? (input.money.link ?? '') : waitlist ? (waitlist.link ?? w.openApp) : (input.reportLink ?? w.collect),
    text: input.chatText ?? '',
    minutes: waitlist ? String(waitlist.minutesLeft) : '',
    // '₹1,250.00' in either language: the figures as the receipt prints them.
    amount: input.money ? `₹${RUPEES.format(input.money.amountPaise / 100)}` : '',
    number: input.money?.number ?? '',
  };
}

/**
 * The text the patient reads, and the provider template: its name and the values of its numbered
 * variables, in the order the text first uses them (whatsAppTemplateOf), as the organisation
 * registered that text with WhatsApp or its DLT SMS sender.
 */
export function renderMessage(input: RenderInput): { text: string; template: { name: string; variables: string[] } } {
  const values = variablesOf(input);
  const { name, variables } = whatsAppTemplateOf(input.event, input.template);
  return {
    text: renderMessageTemplate(input.template, values),
    template: { name, variables: variables.map((variable) => values[variable] || '-') },
  };
}

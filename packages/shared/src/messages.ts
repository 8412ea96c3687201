import { z } from 'zod';
import { paiseSchema } from './lists.js';
import { multilineText } from './text.js';

/**
 * Messages to patients (design.md §10): what the visit lifecycle and the desk send to a patient's
 * phone, by WhatsApp or SMS, and the log of every one of them.
 */
export const messageChannels = ['WHATSAPP', 'SMS'] as const;
export const messageChannelSchema = z.enum(messageChannels);
export type MessageChannel = z.infer<typeof messageChannelSchema>;
export const messageChannelLabels: Record<MessageChannel, string> = { WHATSAPP: 'WhatsApp', SMS: 'SMS' };

/** The events an organisation turns on and off and writes templates for (not `test`). */
export const configurableMessageEvents = [
  'booked',
  'reminder',
  'rescheduled',
  'cancelled',
  'next',
  'serving',
  'report-ready',
  'chat-reply',
  'payment-received',
  'refund-issued',
  'waitlist-offer',
] as const;
/** What a message is about: those, and `test`, the admin's 'Send a test message'. */
export const messageEvents = [...configurableMessageEvents, 'test'] as const;
export const messageEventSchema = z.enum(messageEvents);
export type MessageEvent = z.infer<typeof messageEventSchema>;
export type ConfigurableMessageEvent = (typeof configurableMessageEvents)[number];
export const messageEventLabels: Record<MessageEvent, string> = {
  booked: 'Booking confirmed',
  reminder: 'Reminder',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
  next: 'You are next',
  serving: 'Now being served',
  'report-ready': 'Report ready',
  'chat-reply': 'Chat reply',
  'payment-received': 'Payment received',
  'refund-issued': 'Refund issued',
  'waitlist-offer': 'Waitlist place offered',
  test: 'Test message',
};

/**
 * A message's life: SCHEDULED until due (a reminder, or a message held by quiet hours), SENDING
 * while a process has claimed it, SENT once the provider accepted it, then DELIVERED and READ as the
 * provider reports; FAILED (refused, or retries exhausted), SKIPPED (never sent, with the reason:
 * no consent, add-on inactive, wallet empty…) or CANCELLED (its visit moved or was cancelled).
 */
export const messageStatuses = ['SCHEDULED', 'SENDING', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'SKIPPED', 'CANCELLED'] as const;
export const messageStatusSchema = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatusSchema>;
export const messageStatusLabels: Record<MessageStatus, string> = {
  SCHEDULED: 'Scheduled',
  SENDING: 'Sending',
  SENT: 'Sent',
  DELIVERED: 'Delivered',
  READ: 'Read',
  FAILED: 'Failed',
  SKIPPED: 'Not sent',
  CANCELLED: 'Cancelled',
};

export const messageLanguages = ['en', 'hi', 'kn', 'ta'] as const;
export const messageLanguageSchema = z.enum(messageLanguages);
export type MessageLanguage = z.infer<typeof messageLanguageSchema>;
export const messageLanguageLabels: Record<MessageLanguage, string> = { en: 'English', hi: 'हिन्दी (Hindi)', kn: 'ಕನ್ನಡ (Kannada)', ta: 'தமிழ் (Tamil)' };

/** Variables a template may use, written {{name}}; each event offers the ones it can fill. */
export const messageVariables = [
  'patient',
  'organisation',
  'facility',
  'address',
  'map',
  'with',
  'date',
  'time',
  'token',
  'room',
  'reason',
  'ahead',
  'link',
  'text',
  'minutes',
  'amount',
  'number',
] as const;
export type MessageVariable = (typeof messageVariables)[number];

export const messageEventVariables: Record<MessageEvent, readonly MessageVariable[]> = {
  booked: ['patient', 'organisation', 'with', 'facility', 'address', 'map', 'date', 'time', 'token'],
  reminder: ['patient', 'organisation', 'with', 'facility', 'address', 'map', 'date', 'time', 'token'],
  rescheduled: ['patient', 'organisation', 'with', 'facility', 'date', 'time', 'token'],
  cancelled: ['patient', 'organisation', 'with', 'date', 'time', 'reason'],
  next: ['patient', 'organisation', 'with', 'token', 'ahead'],
  serving: ['patient', 'organisation', 'with', 'token', 'room'],
  'report-ready': ['patient', 'organisation', 'with', 'link'],
  'chat-reply': ['patient', 'organisation', 'text'],
  // {{number}} is the receipt's or credit note's; {{link}} opens its PDF (signed, for a month).
  'payment-received': ['patient', 'organisation', 'facility', 'amount', 'number', 'link'],
  'refund-issued': ['patient', 'organisation', 'facility', 'amount', 'number', 'link'],
  // A freed place held for the first patient on a day's waitlist: {{date}} and {{time}} are the
  // slot's, {{minutes}} what is left of the hold when the message goes, {{link}} the app's waitlist.
  'waitlist-offer': ['patient', 'organisation', 'with', 'facility', 'date', 'time', 'minutes', 'link'],
  test: ['organisation'],
};

/**
 * The texts CareDesk ships; an organisation may replace any of them (Settings → Messages). Each is
 * also the body of its WhatsApp template (whatsAppTemplateOf), so each keeps Meta's rules: words
 * first and last, words between any two variables, and about two words for every variable.
 */
export const defaultMessageTemplates: Record<MessageEvent, Record<MessageLanguage, string>> = {
  booked: {
    en: 'Hello {{patient}}, your visit with {{with}} at {{organisation}} is booked for {{date}} at {{time}}. Your token is {{token}}. Please come to {{facility}}, address: {{address}}. Map: {{map}} We look forward to seeing you.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} में {{with}} के साथ आपकी विज़िट {{date}} को {{time}} बजे बुक हो गई है। आपका टोकन {{token}} है। कृपया {{facility}} पहुँचें, पता: {{address}}। नक्शा: {{map}} हम आपकी प्रतीक्षा करेंगे।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಲ್ಲಿ {{with}} ಅವರೊಂದಿಗೆ ನಿಮ್ಮ ಭೇಟಿ ಬುಕ್ ಆಗಿದೆ. ದಿನಾಂಕ {{date}}, ಸಮಯ {{time}}. ನಿಮ್ಮ ಟೋಕನ್ ಸಂಖ್ಯೆ {{token}}. ದಯವಿಟ್ಟು {{facility}} ಗೆ ಬನ್ನಿ, ವಿಳಾಸ: {{address}}. ನಕ್ಷೆ: {{map}} ನಿಮ್ಮನ್ನು ಸ್ವಾಗತಿಸಲು ಕಾಯುತ್ತಿದ್ದೇವೆ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} இல் {{with}} உடனான உங்கள் வருகை பதிவு செய்யப்பட்டது. தேதி {{date}}, நேரம் {{time}}. உங்கள் டோக்கன் எண் {{token}}. தயவுசெய்து {{facility}} க்கு வரவும், முகவரி: {{address}}. வரைபடம்: {{map}} உங்களை வரவேற்கக் காத்திருக்கிறோம்.',
  },
  reminder: {
    en: 'Reminder for {{patient}}: your visit with {{with}} at {{organisation}} is on {{date}} at {{time}}. Your token is {{token}}. Please come to {{facility}}, address: {{address}}. Map: {{map}} See you soon.',
    hi: 'याद दिलाना: {{patient}} जी, {{organisation}} में {{with}} के साथ आपकी विज़िट {{date}} को {{time}} बजे है। आपका टोकन {{token}} है। कृपया {{facility}} पहुँचें, पता: {{address}}। नक्शा: {{map}} जल्द मिलते हैं।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, ಇದು ಒಂದು ಜ್ಞಾಪನೆ. {{organisation}} ನಲ್ಲಿ {{with}} ಅವರೊಂದಿಗೆ ನಿಮ್ಮ ಭೇಟಿ ದಿನಾಂಕ {{date}}, ಸಮಯ {{time}}. ನಿಮ್ಮ ಟೋಕನ್ ಸಂಖ್ಯೆ {{token}}. ದಯವಿಟ್ಟು {{facility}} ಗೆ ಬನ್ನಿ, ವಿಳಾಸ: {{address}}. ನಕ್ಷೆ: {{map}} ಶೀಘ್ರದಲ್ಲೇ ಭೇಟಿಯಾಗೋಣ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, இது ஒரு நினைவூட்டல். {{organisation}} இல் {{with}} உடனான உங்கள் வருகை: தேதி {{date}}, நேரம் {{time}}. உங்கள் டோக்கன் எண் {{token}}. தயவுசெய்து {{facility}} க்கு வரவும், முகவரி: {{address}}. வரைபடம்: {{map}} விரைவில் சந்திப்போம்.',
  },
  rescheduled: {
    en: 'Hello {{patient}}, your visit with {{with}} at {{organisation}} has moved to {{date}} at {{time}}. Your token is {{token}}. Please come to {{facility}} on the new date.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} में {{with}} के साथ आपकी विज़िट अब {{date}} को {{time}} बजे है। आपका टोकन {{token}} है। कृपया नई तारीख़ पर {{facility}} आएँ।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಲ್ಲಿ {{with}} ಅವರೊಂದಿಗಿನ ನಿಮ್ಮ ಭೇಟಿಯನ್ನು ಬದಲಿಸಲಾಗಿದೆ. ಹೊಸ ದಿನಾಂಕ {{date}}, ಸಮಯ {{time}}. ನಿಮ್ಮ ಟೋಕನ್ ಸಂಖ್ಯೆ {{token}}. ದಯವಿಟ್ಟು ಹೊಸ ದಿನಾಂಕದಂದು {{facility}} ಗೆ ಬನ್ನಿ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} இல் {{with}} உடனான உங்கள் வருகை மாற்றப்பட்டது. புதிய தேதி {{date}}, நேரம் {{time}}. உங்கள் டோக்கன் எண் {{token}}. புதிய தேதியில் {{facility}} க்கு வரவும்.',
  },
  cancelled: {
    en: 'Hello {{patient}}, your visit with {{with}} at {{organisation}} on {{date}} at {{time}} is cancelled. Reason: {{reason}}. Please contact us to book again.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} में {{with}} के साथ {{date}} को {{time}} बजे की आपकी विज़िट रद्द हो गई है। कारण: {{reason}}। दोबारा बुक करने के लिए कृपया हमसे संपर्क करें।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಲ್ಲಿ {{with}} ಅವರೊಂದಿಗಿನ ನಿಮ್ಮ ಭೇಟಿ (ದಿನಾಂಕ {{date}}, ಸಮಯ {{time}}) ರದ್ದಾಗಿದೆ. ಕಾರಣ: {{reason}}. ಮತ್ತೆ ಬುಕ್ ಮಾಡಲು ದಯವಿಟ್ಟು ನಮ್ಮನ್ನು ಸಂಪರ್ಕಿಸಿ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} இல் {{with}} உடனான உங்கள் வருகை (தேதி {{date}}, நேரம் {{time}}) ரத்து செய்யப்பட்டது. காரணம்: {{reason}}. மீண்டும் பதிவு செய்ய எங்களைத் தொடர்பு கொள்ளவும்.',
  },
  next: {
    en: 'Hello {{patient}}, your turn at {{organisation}} is near: {{ahead}} ahead of token {{token}} for {{with}}. Please be near the room.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} में आपकी बारी आने वाली है: {{with}} के लिए टोकन {{token}} से पहले {{ahead}} हैं। कृपया कमरे के पास रहें।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ ಹತ್ತಿರ ಬಂದಿದೆ. {{with}} ಅವರ ಬಳಿ ನಿಮ್ಮ ಟೋಕನ್ {{token}} ಗಿಂತ ಮುಂದೆ {{ahead}} ಇದ್ದಾರೆ. ದಯವಿಟ್ಟು ಕೊಠಡಿಯ ಬಳಿ ಇರಿ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} இல் உங்கள் முறை நெருங்குகிறது. {{with}} இடம் உங்கள் டோக்கன் {{token}}-க்கு முன் {{ahead}} உள்ளனர். அறை அருகில் இருக்கவும்.',
  },
  serving: {
    en: 'Hello {{patient}}, token {{token}} is now being served by {{with}} in {{room}}. Please go in.',
    hi: 'नमस्ते {{patient}} जी, टोकन {{token}} अब {{room}} में {{with}} द्वारा देखा जा रहा है। कृपया अंदर जाएँ।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, ಟೋಕನ್ {{token}}: ಈಗ ನಿಮ್ಮ ಸರದಿ. {{room}} ನಲ್ಲಿ {{with}} ಅವರನ್ನು ಭೇಟಿಯಾಗಿ. ದಯವಿಟ್ಟು ಒಳಗೆ ಹೋಗಿ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, டோக்கன் {{token}}: இப்போது உங்கள் முறை. {{room}} இல் {{with}} அவர்களைச் சந்திக்கவும். உள்ளே செல்லவும்.',
  },
  'report-ready': {
    en: 'Hello {{patient}}, your report from {{with}} at {{organisation}} is ready: {{link}} — thank you.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} में {{with}} की आपकी रिपोर्ट तैयार है। रिपोर्ट: {{link}} — धन्यवाद।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಲ್ಲಿ {{with}} ಅವರಿಂದ ನಿಮ್ಮ ರಿಪೋರ್ಟ್ ಈಗ ಸಿದ್ಧವಾಗಿದೆ. ಪಡೆಯಲು: {{link}} — ಧನ್ಯವಾದಗಳು.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} இல் {{with}} வழங்கிய உங்கள் ரிப்போர்ட் இப்போது தயார். பெற: {{link}} — நன்றி.',
  },
  'chat-reply': {
    en: 'Hello {{patient}}, here is a reply from {{organisation}} to your message: "{{text}}" Thank you for writing to us.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} का जवाब: "{{text}}" हमें लिखने के लिए धन्यवाद।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ಅವರಿಂದ ನಿಮಗೆ ಉತ್ತರ: "{{text}}" ನಮಗೆ ಬರೆದಿದ್ದಕ್ಕಾಗಿ ಧನ್ಯವಾದಗಳು.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} உங்களுக்கு அனுப்பிய பதில்: "{{text}}" எங்களுக்கு எழுதியதற்கு நன்றி.',
  },
  'payment-received': {
    en: 'Hello {{patient}}, we at {{organisation}} have received {{amount}} from you. Receipt {{number}} is here: {{link}} Thank you for your payment.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} को आपसे {{amount}} प्राप्त हुए। रसीद {{number}} यहाँ देखें: {{link}} भुगतान के लिए धन्यवाद।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಿಮ್ಮಿಂದ {{amount}} ಪಾವತಿಯನ್ನು ಸ್ವೀಕರಿಸಿದೆ. ನಿಮ್ಮ ರಸೀದಿ ಸಂಖ್ಯೆ {{number}}, ಇಲ್ಲಿ ನೋಡಿ: {{link}} ಪಾವತಿಗಾಗಿ ಧನ್ಯವಾದಗಳು.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} உங்களிடமிருந்து {{amount}} பெற்றுக்கொண்டது. உங்கள் ரசீது எண் {{number}}, இங்கே பார்க்கவும்: {{link}} பணம் செலுத்தியதற்கு நன்றி.',
  },
  'refund-issued': {
    en: 'Hello {{patient}}, we at {{organisation}} have refunded {{amount}} to you. Credit note {{number}} is here: {{link}} Please keep it for your records.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} ने आपको {{amount}} वापस किए। क्रेडिट नोट {{number}} यहाँ देखें: {{link}} कृपया इसे संभालकर रखें।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಿಮಗೆ {{amount}} ಮರುಪಾವತಿ ಮಾಡಿದೆ. ಕ್ರೆಡಿಟ್ ನೋಟ್ ಸಂಖ್ಯೆ {{number}}, ಇಲ್ಲಿ ನೋಡಿ: {{link}} ದಯವಿಟ್ಟು ಇದನ್ನು ಇಟ್ಟುಕೊಳ್ಳಿ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} உங்களுக்கு {{amount}} திருப்பித் தந்தது. கிரெடிட் நோட் எண் {{number}}, இங்கே பார்க்கவும்: {{link}} தயவுசெய்து இதைப் பாதுகாத்து வைக்கவும்.',
  },
  'waitlist-offer': {
    en: 'Hello {{patient}}, a place has opened with {{with}} at {{organisation}} on {{date}} at {{time}}. It is held for you for {{minutes}} minutes. To take it, open {{link}} or call the desk. After that it goes to the next patient waiting.',
    hi: 'नमस्ते {{patient}} जी, {{organisation}} में {{with}} के साथ {{date}} को {{time}} बजे एक जगह खाली हुई है। यह {{minutes}} मिनट तक आपके लिए रखी गई है। इसे लेने के लिए {{link}} खोलें या डेस्क को फ़ोन करें। उसके बाद यह प्रतीक्षा सूची के अगले मरीज़ को दी जाएगी।',
    kn: 'ನಮಸ್ಕಾರ {{patient}} ಅವರೇ, {{organisation}} ನಲ್ಲಿ {{with}} ಅವರೊಂದಿಗೆ ಒಂದು ಸ್ಥಾನ ಖಾಲಿಯಾಗಿದೆ. ದಿನಾಂಕ {{date}}, ಸಮಯ {{time}}. ಇದನ್ನು ನಿಮಗಾಗಿ {{minutes}} ನಿಮಿಷಗಳ ಕಾಲ ಕಾಯ್ದಿರಿಸಲಾಗಿದೆ. ಪಡೆಯಲು {{link}} ತೆರೆಯಿರಿ ಅಥವಾ ಡೆಸ್ಕ್‌ಗೆ ಕರೆ ಮಾಡಿ. ನಂತರ ಇದು ಕಾಯುತ್ತಿರುವ ಮುಂದಿನ ರೋಗಿಗೆ ಹೋಗುತ್ತದೆ.',
    ta: 'வணக்கம் {{patient}} அவர்களே, {{organisation}} இல் {{with}} உடன் ஓர் இடம் காலியாகியுள்ளது. தேதி {{date}}, நேரம் {{time}}. இது உங்களுக்காக {{minutes}} நிமிடங்கள் ஒதுக்கி வைக்கப்பட்டுள்ளது. பெற {{link}} என்பதைத் திறக்கவும் அல்லது வரவேற்பை அழைக்கவும். அதன் பிறகு இது காத்திருக்கும் அடுத்த நோயாளிக்குச் செல்லும்.',
  },
  test: {
    en: 'This is a test message from {{organisation}} through CareDesk.',
    hi: 'यह CareDesk के माध्यम से {{organisation}} का एक परीक्षण संदेश है।',
    kn: 'ಇದು CareDesk ಮೂಲಕ {{organisation}} ಕಳುಹಿಸಿದ ಪರೀಕ್ಷಾ ಸಂದೇಶ.',
    ta: 'இது CareDesk மூலம் {{organisation}} அனுப்பிய சோதனைச் செய்தி.',
  },
};

/** Fills {{variables}}; an unknown or empty one becomes empty text (never the braces). */
export function renderMessageTemplate(template: string, values: Partial<Record<MessageVariable, string>>): string {
  return template
    .replace(/\{\{\s*([a-z-]+)\s*\}\}/g, (_match, name: string) => values[name as MessageVariable] ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The {{names}} a template uses that its event cannot fill: the editor refuses to save them. */
export function unknownTemplateVariables(event: MessageEvent, template: string): string[] {
  const allowed = new Set<string>(messageEventVariables[event]);
  const used = [...template.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((match) => match[1] ?? '');
  return [...new Set(used.filter((name) => !allowed.has(name)))];
}

const VARIABLE = String.raw`\{\{\s*([a-z-]+)\s*\}\}`;
// Spaces, punctuation and symbols are not words: Meta reads 'Receipt {{1}}: {{2}}' as two variables
// side by side, and '…at {{2}}.' as a text that ends with one.
const NOT_WORDS = String.raw`[\s\p{P}\p{S}]*`;
const VARIABLE_FIRST = new RegExp(`^${NOT_WORDS}${VARIABLE}`, 'u');
const VARIABLE_LAST = new RegExp(`${VARIABLE}${NOT_WORDS}$`, 'u');
const VARIABLES_SIDE_BY_SIDE = new RegExp(`${VARIABLE}${NOT_WORDS}${VARIABLE}`, 'u');

/**
 * Why WhatsApp would refuse a text as a template body, in the schema's English (translated like any
 * shared text), or undefined. Meta's review rejects a body that starts or ends with a variable and
 * one with two variables side by side; an SMS would carry either, but a text is both channels'.
 */
export function whatsAppTemplateProblem(template: string): string | undefined {
  const first = VARIABLE_FIRST.exec(template)?.[1];
  const last = VARIABLE_LAST.exec(template)?.[1];
  const edge = first ?? last;
  if (edge !== undefined) return `Begin and end with words, not {{${edge}}}: WhatsApp refuses such a text`;
  const pair = VARIABLES_SIDE_BY_SIDE.exec(template);
  if (pair) return `Put words between {{${pair[1]}}} and {{${pair[2]}}}: WhatsApp refuses them side by side`;
  return undefined;
}

/** What a typed text may not be: the first refusal the settings schema would give, or undefined. */
export function templateTextProblem(event: MessageEvent, template: string): string | undefined {
  const unknown = unknownTemplateVariables(event, template);
  if (unknown.length > 0) return `Unknown variable ${unknown.map((name) => `{{${name}}}`).join(', ')}`;
  return whatsAppTemplateProblem(template);
}

/**
 * The WhatsApp template a text goes out as outside the 24-hour window: its name in WhatsApp
 * Manager, its body with Meta's numbered variables ({{1}}, {{2}}… in order of first use) and the
 * variables those numbers stand for, so what is sent is exactly what the organisation registered.
 */
export function whatsAppTemplateOf(event: MessageEvent, template: string): { name: string; body: string; variables: MessageVariable[] } {
  const allowed = new Set<string>(messageEventVariables[event]);
  const variables: MessageVariable[] = [];
  const body = template.trim().replace(new RegExp(VARIABLE, 'g'), (match, name: string) => {
    if (!allowed.has(name)) return match;
    let index = variables.indexOf(name as MessageVariable);
    if (index < 0) index = variables.push(name as MessageVariable) - 1;
    return `{{${index + 1}}}`;
  });
  return { name: `caredesk_${event.replaceAll('-', '_')}`, body, variables };
}

export const REMINDER_OFFSETS_DEFAULT_MINUTES = [24 * 60, 120] as const;
export const REMINDER_OFFSET_MAX_MINUTES = 7 * 24 * 60;
export const MESSAGE_TEXT_MAX = 1000;

const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time, e.g. 21:00');

const eventChannelsSchema = z.object({ WHATSAPP: z.boolean(), SMS: z.boolean() });
const templateTextSchema = multilineText().trim().min(1, 'Write the message').max(MESSAGE_TEXT_MAX);

/** Settings → Messages: what an admin may change. */
export const messageSettingsUpdateSchema = z
  .object({
    events: z.partialRecord(z.enum(configurableMessageEvents), eventChannelsSchema),
    reminderOffsetsMinutes: z
      .array(z.number().int().min(5).max(REMINDER_OFFSET_MAX_MINUTES))
      .max(4)
      .refine((offsets) => new Set(offsets).size === offsets.length, 'Each reminder time once'),
    /** Messages due inside these hours wait for the end (queue calls excepted); null: none. */
    quietHours: z.object({ start: timeOfDaySchema, end: timeOfDaySchema }).nullable(),
    /** 'You are next' goes to the patient this many tokens before their turn. */
    nextAheadCount: z.number().int().min(1).max(10),
    defaultLanguage: messageLanguageSchema,
    /** Replacements of the shipped texts; an event/language left out uses the shipped one. */
    templates: z.partialRecord(z.enum(configurableMessageEvents), z.partialRecord(messageLanguageSchema, templateTextSchema)),
    /** The organisation's WhatsApp Business number (its phone number id in the Cloud API). */
    whatsappPhoneNumberId: z
      .string()
      .trim()
      .regex(/^\d{5,20}$/, 'The phone number id is digits only (WhatsApp Manager → API setup)')
      .nullable(),
    /** DLT template ids, per event, registered for the organisation's SMS sender; null clears one. */
    smsTemplateIds: z.partialRecord(
      z.enum(configurableMessageEvents),
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z]{6,40}$/, 'A DLT template id is 6 to 40 letters and digits')
        .nullable(),
    ),
  })
  .partial()
  .superRefine((settings, context) => {
    for (const [event, languages] of Object.entries(settings.templates ?? {})) {
      for (const [language, text] of Object.entries(languages ?? {})) {
        const problem = templateTextProblem(event as MessageEvent, text ?? '');
        if (problem !== undefined) context.addIssue({ code: 'custom', path: ['templates', event, language], message: problem });
      }
    }
  });
export type MessageSettingsUpdate = z.infer<typeof messageSettingsUpdateSchema>;

export const messageProviderSchema = z.enum(['whatsapp-cloud', 'msg91', 'log']);
export type MessageProvider = z.infer<typeof messageProviderSchema>;

export const messageSettingsSchema = z.object({
  events: z.record(z.enum(configurableMessageEvents), eventChannelsSchema),
  reminderOffsetsMinutes: z.array(z.number().int()),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
  nextAheadCount: z.number().int(),
  defaultLanguage: messageLanguageSchema,
  /** Every event's text in every language: the organisation's own or the shipped one. */
  templates: z.record(z.enum(configurableMessageEvents), z.record(messageLanguageSchema, z.string())),
  /** Which texts are the organisation's own (the editor offers 'Restore the default'). */
  customTemplates: z.record(z.enum(configurableMessageEvents), z.array(messageLanguageSchema)),
  whatsappPhoneNumberId: z.string().nullable(),
  smsTemplateIds: z.record(z.enum(configurableMessageEvents), z.string().nullable()),
  /** Set by the platform (not the organisation): what each message costs from the wallet. */
  pricesPaise: z.record(messageChannelSchema, paiseSchema),
  /** How each channel is sent on this server; null: not available. */
  providers: z.record(messageChannelSchema, messageProviderSchema.nullable()),
  whatsappAddonActive: z.boolean(),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

export const messagePreviewRequestSchema = z.object({
  event: z.enum(configurableMessageEvents),
  language: messageLanguageSchema,
  template: templateTextSchema,
});
export const messagePreviewSchema = z.object({ text: z.string() });

export const testMessageRequestSchema = z.object({
  channel: messageChannelSchema,
  /** E.164; the admin's own phone, typically. */
  phone: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, 'Enter the phone with its country code, e.g. +919876543210'),
});

export const messageTimelineEntrySchema = z.object({
  status: messageStatusSchema,
  at: z.string(),
  /** Why, for FAILED and SKIPPED (never patient data). */
  detail: z.string().nullable(),
});
export type MessageTimelineEntry = z.infer<typeof messageTimelineEntrySchema>;

export const messageLogItemSchema = z.object({
  id: z.uuid(),
  patientId: z.uuid().nullable(),
  patientName: z.string().nullable(),
  visitId: z.uuid().nullable(),
  visitKind: z.enum(['appointment', 'booking']).nullable(),
  event: messageEventSchema,
  /** A reminder's minutes before the visit; 0 for every other event. */
  offsetMinutes: z.number().int(),
  channel: messageChannelSchema,
  status: messageStatusSchema,
  language: messageLanguageSchema,
  /** The phone it goes to, as the log shows it: masked but for the last four digits. */
  to: z.string(),
  text: z.string(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
  costPaise: z.number().int(),
  failureReason: z.string().nullable(),
  attempts: z.number().int(),
  timeline: z.array(messageTimelineEntrySchema),
  createdAt: z.string(),
});
export type MessageLogItem = z.infer<typeof messageLogItemSchema>;

export const messageListQuerySchema = z.object({
  patientId: z.uuid().optional(),
  visitId: z.uuid().optional(),
  event: messageEventSchema.optional(),
  channel: messageChannelSchema.optional(),
  status: messageStatusSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/** A patient record's consent to messages (SPEC: messages only with consent). */
export const messageConsentSchema = z.object({
  consent: z.boolean(),
  language: messageLanguageSchema.nullable(),
  changedAt: z.string().nullable(),
  /** 'Dr Staff Name', 'Patient (STOP by WhatsApp)', 'Patient (app)'. */
  changedBy: z.string().nullable(),
});
export type MessageConsent = z.infer<typeof messageConsentSchema>;
export const messageConsentUpdateSchema = z.object({ consent: z.boolean(), language: messageLanguageSchema.nullable().optional() });

/** Inbound words that withdraw consent (case-insensitive, the whole message), and give it back. */
export const STOP_WORDS = ['STOP', 'STOP ALL', 'UNSUBSCRIBE', 'END', 'QUIT', 'रुकें', 'बंद', 'ನಿಲ್ಲಿಸಿ', 'நிறுத்து'] as const;
export const START_WORDS = ['START', 'UNSTOP', 'शुरू', 'ಪ್ರಾರಂಭಿಸಿ', 'தொடங்கு'] as const;

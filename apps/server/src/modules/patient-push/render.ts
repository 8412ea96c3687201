import { PATIENT_PUSH_ICON, PATIENT_PUSH_URL, patientPushPayloadSchema, tokenLabel, type MessageLanguage, type PatientPushKind, type PatientPushPayload } from '@caredesk/shared';

/** What a push about a visit may say: never the patient's name, as a lock screen is public. */
export interface PatientPushFacts {
  organisationName: string;
  tokenNumber: number;
  tokenPrefix: string | null;
  /** The doctor's or the scan's room, if set. */
  room: string | null;
}

const texts: Record<MessageLanguage, Record<PatientPushKind, (token: string, facts: PatientPushFacts) => string>> = {
  en: {
    next: (token, facts) => `You are next at ${facts.organisationName}: token ${token}`,
    called: (token, facts) => `It's your turn: token ${token}${facts.room ? `, ${facts.room}` : ''}`,
  },
  hi: {
    next: (token, facts) => `${facts.organisationName} में अगली बारी आपकी है: टोकन ${token}`,
    called: (token, facts) => `आपकी बारी आ गई है: टोकन ${token}${facts.room ? `, ${facts.room}` : ''}`,
  },
  kn: {
    next: (token, facts) => `${facts.organisationName}: ಮುಂದಿನ ಸರದಿ ನಿಮ್ಮದು: ಟೋಕನ್ ${token}`,
    called: (token, facts) => `ನಿಮ್ಮ ಸರದಿ ಬಂದಿದೆ: ಟೋಕನ್ ${token}${facts.room ? `, ${facts.room}` : ''}`,
  },
  ta: {
    next: (token, facts) => `${facts.organisationName}: அடுத்தது நீங்கள்தான்: டோக்கன் ${token}`,
    called: (token, facts) => `உங்கள் முறை வந்துவிட்டது: டோக்கன் ${token}${facts.room ? `, ${facts.room}` : ''}`,
  },
};

/** The payload the patient app's service worker shows (apps/patient/build/service-worker.ts). */
export function patientPushPayload(kind: PatientPushKind, visitId: string, facts: PatientPushFacts, language: MessageLanguage): PatientPushPayload {
  return patientPushPayloadSchema.parse({
    title: facts.organisationName,
    body: texts[language][kind](tokenLabel(facts.tokenNumber, facts.tokenPrefix), facts),
    icon: PATIENT_PUSH_ICON,
    // One notification per visit on the phone: 'it's your turn' replaces 'you are next'.
    tag: `visit-${visitId}`,
    url: PATIENT_PUSH_URL,
    kind,
    visitId,
  });
}

import { languages } from '@caredesk/shared';
import sharedEn from '@caredesk/shared/locales/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en.json' with { type: 'json' };
import { acceptedLanguage, translate, translateEnglish, type MessageId } from './index.js';

describe('the server catalogue', () => {
  it('says every English text exactly as written, so replies in English do not change', () => {
    for (const [id, message] of Object.entries(en)) {
      if (/[{}]/.test(message)) continue;
      expect(translate('en', id as MessageId)).toBe(message);
      expect(translateEnglish('en', message)).toBe(message);
    }
  });

  it('has each fixed English text once, in its own or the shared catalogue, so its words name one message', () => {
    // Labels ('Cancelled' is a status and an event) are named by their id, never found by their words.
    const validation = Object.entries(sharedEn).flatMap(([id, message]) => (id.startsWith('validation.') ? [message] : []));
    const fixed = [...Object.values(en), ...validation].filter((message) => !/[{}]/.test(message));
    expect(new Set(fixed).size).toBe(fixed.length);
    expect(Object.keys(en).filter((id) => id in sharedEn)).toEqual([]);
  });

  it('words the shared schemas’ texts by their English, values included', () => {
    expect(translateEnglish('hi', 'Enter the patient’s name')).toBe('मरीज़ का नाम दर्ज करें');
    expect(translateEnglish('kn', 'At most 500 characters')).toBe('ಗರಿಷ್ಠ 500 ಅಕ್ಷರಗಳು');
    expect(translateEnglish('ta', 'At most 50 items')).toBe('அதிகபட்சம் 50 பொருட்கள்');
    expect(translateEnglish('en', 'At most 50 items')).toBe('At most 50 items');
    expect(translate('hi', 'label.paymentMode.CASH')).toBe('नकद');
  });

  it('fills values and plurals in every language', () => {
    expect(translate('en', 'otp.incorrect', { left: 1 })).toBe('Incorrect code. 1 attempt left.');
    expect(translate('en', 'otp.incorrect', { left: 4 })).toBe('Incorrect code. 4 attempts left.');
    expect(translate('en', 'auth.signInWaitSeconds', { seconds: 30 })).toBe('Too many attempts. Try again in 30 seconds.');
    expect(translate('en', 'auth.signInWaitMinutes', { minutes: 1 })).toBe('Too many attempts. Try again in 1 minute.');
    expect(translate('en', 'billing.discountNeedsApproval', { percent: 10 })).toBe("Discounts over 10% need an administrator's approval");
    expect(translate('hi', 'billing.onlyDue', { amount: '₹1,200' })).toBe('केवल ₹1,200 बकाया है');
    expect(translate('kn', 'otp.incorrect', { left: 2 })).toBe('ತಪ್ಪು ಕೋಡ್. 2 ಪ್ರಯತ್ನಗಳು ಉಳಿದಿವೆ.');
    expect(translate('ta', 'visits.notASlot', { startTime: '09:10', ownerName: 'Dr. Rao', date: '2026-12-01' })).toBe('2026-12-01 அன்று 09:10, Dr. Rao அவர்களின் நேர இடம் அல்ல');
    expect(translate('en', 'notifications.messageFile', { sender: 'Kavita Rao', file: 'report.pdf' })).toBe('Kavita Rao: sent report.pdf');
    expect(translate('en', 'notifications.messageAnyFile', { sender: 'Kavita Rao' })).toBe('Kavita Rao: sent a file');
    expect(translate('hi', 'notifications.messageFile', { sender: 'Kavita Rao', file: 'report.pdf' })).toBe('Kavita Rao: फ़ाइल report.pdf भेजी');
    for (const language of languages) expect(translate(language, 'patients.notFound')).not.toBe('patients.notFound');
  });

  it('finds a fixed English text in another language, and leaves a text it does not have', () => {
    expect(translateEnglish('hi', 'Patient not found')).toBe('मरीज़ नहीं मिला');
    expect(translateEnglish('ta', 'This slot is full: choose another time')).toBe('இந்த நேரம் நிரம்பிவிட்டது: வேறு நேரத்தைத் தேர்ந்தெடுக்கவும்');
    expect(translateEnglish('kn', 'Something the catalogue lacks')).toBeUndefined();
  });
});

describe('Accept-Language', () => {
  it('picks the heaviest of CareDesk’s languages, by primary tag', () => {
    expect(acceptedLanguage('kn')).toBe('kn');
    expect(acceptedLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(acceptedLanguage('fr-FR, ta;q=0.5, en;q=0.4')).toBe('ta');
    expect(acceptedLanguage('en;q=0.2, kn;q=0.7')).toBe('kn');
  });

  it('answers nothing for a missing header, other languages or a refused one', () => {
    expect(acceptedLanguage(undefined)).toBeUndefined();
    expect(acceptedLanguage('')).toBeUndefined();
    expect(acceptedLanguage('fr, de;q=0.5')).toBeUndefined();
    expect(acceptedLanguage('hi;q=0')).toBeUndefined();
    expect(acceptedLanguage('*')).toBeUndefined();
  });
});

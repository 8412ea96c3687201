import {
  genderLabels,
  messageEventLabels,
  messageLanguageLabels,
  messageStatusLabels,
  PAYMENT_MODE_LABELS,
  type Gender,
  type MessageEvent,
  type MessageLanguage,
  type MessageStatus,
  type PaymentMode,
} from '@caredesk/shared';
import { i18n } from './i18n';
import { sharedTextsFromCatalogue } from './shared-text';

// packages/shared's label maps in the active language: their English is the maps' own words, and
// the other languages come from the shared catalogue (packages/shared/src/locales) with the
// language's chunk. Read at render, like an area's t(): a component that renders them follows the
// language through its useT.

const label = (id: string, english: string) => (sharedTextsFromCatalogue() ? i18n._(id) : english);

export const genderLabel = (gender: Gender): string => label(`label.gender.${gender}`, genderLabels[gender]);

export const paymentModeLabel = (mode: PaymentMode): string => label(`label.paymentMode.${mode}`, PAYMENT_MODE_LABELS[mode]);

export const messageStatusLabel = (status: MessageStatus): string => label(`label.messageStatus.${status}`, messageStatusLabels[status]);

export const messageEventLabel = (event: MessageEvent): string => label(`label.messageEvent.${event}`, messageEventLabels[event]);

/** A patient message language by its own name, then the reader's name for it ('ಕನ್ನಡ (Kannada)'). */
export const messageLanguageLabel = (language: MessageLanguage): string => label(`label.messageLanguage.${language}`, messageLanguageLabels[language]);

import { INACTIVITY_DEFAULT_MINUTES, organisationUpdateSchema, type OrganisationProfile } from '@caredesk/shared';
import { z } from 'zod';
import { optionalText, requiredNumber, textOf } from '@/components/records/form-values';
import { t } from '../i18n';

const shape = organisationUpdateSchema.required().shape;

/**
 * The shared organisation schema as the form holds it: text inputs, blanks as null. Built when the
 * form renders, so that its own message is in the language of that moment.
 */
export const organisationFormSchema = () =>
  z.object({
    name: shape.name,
    email: shape.email,
    phone: optionalText(shape.phone),
    logoUrl: shape.logoUrl,
    address: optionalText(shape.address),
    city: optionalText(shape.city),
    state: optionalText(shape.state),
    pincode: optionalText(shape.pincode),
    timeZone: shape.timeZone,
    inactivityMinutes: requiredNumber(shape.inactivityMinutes, t('settings.organisation.enterMinutes')),
    uhidPrefix: shape.uhidPrefix,
  });
export type OrganisationFormInput = z.input<ReturnType<typeof organisationFormSchema>>;
export type OrganisationFormOutput = z.output<ReturnType<typeof organisationFormSchema>>;

export function organisationFormDefaults(profile: OrganisationProfile): OrganisationFormInput {
  return {
    name: profile.name,
    email: profile.email,
    phone: textOf(profile.phone),
    logoUrl: profile.logoUrl,
    address: textOf(profile.address),
    city: textOf(profile.city),
    state: textOf(profile.state),
    pincode: textOf(profile.pincode),
    timeZone: profile.timeZone,
    inactivityMinutes: String(profile.inactivityMinutes || INACTIVITY_DEFAULT_MINUTES),
    uhidPrefix: profile.uhidPrefix,
  };
}

/** Every time zone the browser knows, with the organisation's own first kept if it is missing. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

import { rupeesToPaise, serviceInputSchema, serviceSchema, type Service, type ServiceInput, type ServiceKind } from '@caredesk/shared';
import type { z } from 'zod';
import { t } from '../i18n';
import { optionalNumber, optionalText, paiseToRupeesText, requiredNumber, rupeesField, textOf } from '@/components/records/form-values';

const shape = serviceInputSchema.shape;

/**
 * The shared service schema as a form takes it: text inputs, the price in rupees, and a package's
 * tests with their names (the API takes their ids, in order). Built when the form opens, so that
 * its own messages are in the language of that moment.
 */
export const serviceFormSchema = () =>
  serviceInputSchema.omit({ pricePaise: true, packageItemIds: true }).extend({
    price: rupeesField,
    category: optionalText(shape.category),
    description: optionalText(shape.description),
    durationMinutes: optionalNumber(shape.durationMinutes),
    preparation: optionalText(shape.preparation),
    reportTurnaroundHours: optionalNumber(shape.reportTurnaroundHours),
    capacityPerSlot: requiredNumber(shape.capacityPerSlot, t('services.error.capacity')),
    extraPerDay: requiredNumber(shape.extraPerDay, t('services.error.extraPerDay')),
    tokenPrefix: optionalText(shape.tokenPrefix),
    room: optionalText(shape.room),
    sacCode: optionalText(shape.sacCode),
    gstRateBp: shape.gstRateBp.unwrap(),
    packageItems: serviceSchema.shape.packageItems,
  });
export type ServiceFormInput = z.input<ReturnType<typeof serviceFormSchema>>;
export type ServiceFormOutput = z.output<ReturnType<typeof serviceFormSchema>>;

export const serviceFieldMap = { pricePaise: 'price', packageItemIds: 'packageItems' };

export function serviceFormDefaults(kind: ServiceKind, service?: Service): ServiceFormInput {
  return {
    kind: service?.kind ?? kind,
    name: service?.name ?? '',
    category: textOf(service?.category),
    description: textOf(service?.description),
    price: service ? paiseToRupeesText(service.pricePaise) : '',
    durationMinutes: textOf(service?.durationMinutes),
    preparation: textOf(service?.preparation),
    reportTurnaroundHours: textOf(service?.reportTurnaroundHours),
    imageUrl: service?.imageUrl ?? null,
    availability: service?.availability ?? [],
    capacityPerSlot: textOf(service?.capacityPerSlot ?? 1),
    extraPerDay: textOf(service?.extraPerDay ?? 0),
    tokenPrefix: textOf(service?.tokenPrefix),
    room: textOf(service?.room),
    sacCode: textOf(service?.sacCode),
    gstRateBp: service?.gstRateBp ?? 0,
    facilityId: service?.facilityId ?? null,
    active: service?.active ?? true,
    packageItems: service?.packageItems ?? [],
  };
}

/**
 * The API body: price in paise; an "other service" sends only its own fields (no schedule,
 * capacity or package); facilityId only for organisations that manage facilities.
 */
export function serviceInputOf(values: ServiceFormOutput, managesFacilities: boolean): ServiceInput {
  const { price, facilityId, packageItems, ...rest } = values;
  const common = { ...(managesFacilities ? { facilityId: facilityId ?? null } : {}), pricePaise: rupeesToPaise(price) };
  if (rest.kind === 'OTHER') {
    const { kind, name, category, description, imageUrl, active, sacCode, gstRateBp } = rest;
    return { kind, name, category, description, imageUrl, active, sacCode, gstRateBp, ...common };
  }
  return { ...rest, ...common, packageItemIds: packageItems.map((item) => item.serviceId) };
}

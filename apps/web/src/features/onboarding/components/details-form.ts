import { zodResolver } from '@/lib/zod-resolver';
import { onboardingCompleteSchema, type OnboardingComplete } from '@caredesk/shared';
import { useForm, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { t } from '../i18n';

const { organisation, admin } = onboardingCompleteSchema.shape;

/** Step 3: the shared contract (the phone comes from the verification) plus the password again. */
export const detailsFormSchema = z.object({
  organisation: organisation.omit({ phone: true }),
  // Messages as functions: zod asks for them when a check fails, in the language of that moment.
  admin: admin.extend({ confirmPassword: z.string().min(1, { error: () => t('onboarding.admin.enterAgain') }) }).refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: () => t('onboarding.admin.mismatch'),
  }),
});

export type DetailsFormInput = z.input<typeof detailsFormSchema>;
export type DetailsFormValues = z.output<typeof detailsFormSchema>;

/** The server's request: optional texts left empty are not sent. */
export function toOnboardingRequest(values: DetailsFormValues): OnboardingComplete {
  const { address, city, ...required } = values.organisation;
  return {
    organisation: { ...required, ...(address ? { address } : {}), ...(city ? { city } : {}) },
    admin: { name: values.admin.name, email: values.admin.email, password: values.admin.password },
  };
}

/** Lives in the page, so the answers survive going back to change the phone number. */
export function useDetailsForm() {
  return useForm<DetailsFormInput, unknown, DetailsFormValues>({
    resolver: zodResolver(detailsFormSchema),
    defaultValues: {
      organisation: { name: '', type: 'HOSPITAL', email: '', address: '', city: '' },
      admin: { name: '', email: '', password: '', confirmPassword: '' },
    },
  });
}

export type DetailsForm = ReturnType<typeof useDetailsForm>;

const fieldPaths: ReadonlySet<string> = new Set<FieldPath<DetailsFormInput>>([
  'organisation.name',
  'organisation.type',
  'organisation.email',
  'organisation.address',
  'organisation.city',
  'admin.name',
  'admin.email',
  'admin.password',
]);

/** A server issue that names one of the form's fields (e.g. 'admin.email' for a taken e-mail). */
export function isDetailsField(path: string): path is FieldPath<DetailsFormInput> {
  return fieldPaths.has(path);
}

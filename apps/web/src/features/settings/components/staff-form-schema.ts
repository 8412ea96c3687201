import { newPasswordSchema, phoneSchema, staffCreateSchema, staffRoleSchema, type Credential, type StaffCreate } from '@caredesk/shared';
import { z } from 'zod';
import { optionalText } from '@/components/records/form-values';
import { t } from '../i18n';

/** How the person gets in, as the form holds it: the password only counts for 'password'. */
export const credentialFormShape = {
  method: z.enum(['password', 'invitation']),
  password: z.string(),
};

function checkPassword(values: { method: 'password' | 'invitation'; password: string }, ctx: z.RefinementCtx) {
  if (values.method !== 'password') return;
  const result = newPasswordSchema.safeParse(values.password);
  if (!result.success) ctx.addIssue({ code: 'custom', path: ['password'], message: result.error.issues[0]?.message ?? t('settings.staff.choosePassword') });
}

export const credentialFormSchema = z.object(credentialFormShape).superRefine(checkPassword);
export type CredentialFormValues = z.input<typeof credentialFormSchema>;

export const addStaffFormSchema = z
  .object({
    name: staffCreateSchema.shape.name,
    email: staffCreateSchema.shape.email,
    phone: optionalText(phoneSchema.nullable()),
    role: staffRoleSchema,
    /** The doctor a doctor's own account (role USER) is; '' until chosen. */
    doctorId: z.string(),
    ...credentialFormShape,
  })
  .superRefine((values, ctx) => {
    checkPassword(values, ctx);
    if (values.role === 'USER' && !values.doctorId) ctx.addIssue({ code: 'custom', path: ['doctorId'], message: t('settings.staff.chooseDoctor') });
  });
export type AddStaffFormInput = z.input<typeof addStaffFormSchema>;
export type AddStaffFormOutput = z.output<typeof addStaffFormSchema>;

export const addStaffDefaults: AddStaffFormInput = { name: '', email: '', phone: '', role: 'WORKER', doctorId: '', method: 'password', password: '' };

export function credentialOf(values: { method: 'password' | 'invitation'; password: string }): Credential {
  return values.method === 'password' ? { method: 'password', password: values.password } : { method: 'invitation' };
}

export function staffCreateOf(values: AddStaffFormOutput): StaffCreate {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone as string | null,
    role: values.role,
    ...(values.role === 'USER' ? { doctorId: values.doctorId } : {}),
    credential: credentialOf(values),
  };
}

/** The API names the password 'credential.password'; the form calls it 'password'. */
export function staffFormField(path: string): string {
  return path === 'credential.password' ? 'password' : (path.split('.')[0] ?? path);
}

import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/components/upload-image';
import { http } from '@/lib/http';
import { getSessionUser, storeUser } from '@/lib/session';

/**
 * The logo picked during onboarding, once the organisation exists (uploads belong to one):
 * POST /admin/upload with the new admin's token, then PATCH /settings/organisation {logoUrl}.
 * The stored user takes the logo too, so the header shows it at once.
 */
export async function saveLogo(file: File): Promise<string> {
  const uploaded = await uploadFile({ file, visibility: 'public' });
  await http.patch('/settings/organisation', { logoUrl: uploaded.url });
  const user = getSessionUser();
  if (user) storeUser({ ...user, admin: { ...user.admin, logoUrl: uploaded.url } });
  return uploaded.url;
}

export function useSaveLogo() {
  return useMutation({ mutationFn: saveLogo });
}

import { UPLOAD_LIMITS, uploadSchema, type Upload, type UploadVisibility } from '@caredesk/shared';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

export interface UploadFileInput {
  file: File;
  visibility?: UploadVisibility;
  /** 0–100 as the bytes go out. */
  onProgress?: (percent: number) => void;
}

/** POST /api/admin/upload (multipart, field 'file'): 413 too large, 415 wrong type. */
export async function uploadFile({ file, visibility = 'public', onProgress }: UploadFileInput): Promise<Upload> {
  const form = new FormData();
  form.append('visibility', visibility);
  form.append('file', file);
  const response = await http.post<unknown>('/admin/upload', form, {
    // The client's JSON default would turn the FormData into JSON; the browser adds the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.round((event.loaded / event.total) * 100));
    },
  });
  return uploadSchema.parse(response.data);
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}

const MB = 1024 * 1024;

/** Why a file of a kind cannot be uploaded, checked before sending it; null when it may go. */
function fileProblem(file: File, { types, maxBytes }: { types: readonly string[]; maxBytes: number }, wrongType: string, noun: string): string | null {
  if (!types.includes(file.type)) return wrongType;
  if (file.size > maxBytes) {
    return `This ${noun} is ${(file.size / MB).toFixed(1)} MB; the limit is ${maxBytes / MB} MB.`;
  }
  return null;
}

/** Why an image cannot be uploaded, checked before sending it; null when it may go. */
export function imageProblem(file: File): string | null {
  return fileProblem(file, UPLOAD_LIMITS.image, 'Choose a JPEG, PNG or WebP image.', 'image');
}

/** Why a PDF (a report) cannot be uploaded, checked before sending it; null when it may go. */
export function pdfProblem(file: File): string | null {
  return fileProblem(file, UPLOAD_LIMITS.pdf, 'Choose a PDF file.', 'PDF');
}

import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/** A message's time in the active language: '10:30 am' today, 'Mon, 12 Jan, 10:30 am' before. */
export function useChatTime(): (iso: string) => string {
  const { i18n } = useLingui();
  return useCallback(
    (iso: string) => {
      const at = new Date(iso);
      const today = new Date().toDateString() === at.toDateString();
      return i18n.date(at, today ? { hour: 'numeric', minute: '2-digit' } : { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
    },
    [i18n],
  );
}

/** 1.2 MB, 350 KB: enough to tell a photo from a scan. */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A v4 UUID for a message's clientId: crypto.randomUUID only exists on https pages. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

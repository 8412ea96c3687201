/** The chosen slot of a booking in progress. */
export interface SlotChoice {
  date: string;
  start: string;
  end: string;
}

const STORAGE_KEY = 'caredesk.patient.booking';

/**
 * Kept for the tab's life (sessionStorage): a phone that drops the page while the patient reads
 * the texted code, or a reload, comes back to the same slot. One booking at a time, by address.
 */
export function loadSlotChoice(bookingKey: string): SlotChoice | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as { key?: unknown; slot?: Partial<SlotChoice> } | null;
    const slot = saved?.key === bookingKey ? saved.slot : null;
    return slot && typeof slot.date === 'string' && typeof slot.start === 'string' && typeof slot.end === 'string' ? { date: slot.date, start: slot.start, end: slot.end } : null;
  } catch {
    return null;
  }
}

export function saveSlotChoice(bookingKey: string, slot: SlotChoice | null): void {
  if (slot) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ key: bookingKey, slot }));
  else sessionStorage.removeItem(STORAGE_KEY);
}

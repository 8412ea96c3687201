/** How the server writes a visit's date and time in the texts people read (refusals, notifications). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-05' -> '05 Nov 2026' (SPEC.md §9 date format). */
export function fVisitDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day} ${MONTHS[Number(month) - 1]} ${year}`;
}

/** '2026-11-24', '10:30' -> '24 Nov, 10:30 am'. */
export function visitWhen(date: string, time: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${day} ${MONTHS[month - 1]}, ${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

/** YYYY-MM-DD of today in the shop's (the browser's) time zone. */
export function today(): string {
  return localDate(new Date());
}

function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A YYYY-MM-DD date `days` later; '' for an unreadable date. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return '';
  return localDate(new Date(year, month - 1, day + days));
}

const shortDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A YYYY-MM-DD date as people read it ('Mar 4, 2026'); '' when there is none. */
export function formatDate(date: string | null | undefined): string {
  if (!date) return '';
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : shortDate.format(parsed);
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

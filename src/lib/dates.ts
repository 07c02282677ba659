/**
 * Dates as the product writes them everywhere: Indian English (en-IN) in the device's time zone,
 * '5 Sept 2026' and '27 Nov 2026, 8:13 am' — what `Intl.DateTimeFormat('en-IN')` writes in
 * Chromium. Written out rather than through Intl: the same text on every browser and in Node,
 * and no locale data to load before a list can show.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** '5 Sept 2026'; '' for a value that is not a date. */
export function formatDate(value: string | number | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** '27 Nov 2026, 8:13 am'; '' for a value that is not a date. */
export function formatDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatDate(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

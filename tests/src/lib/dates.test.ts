import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/lib/dates';

describe('dates as the product writes them (en-IN)', () => {
  it("writes a date and a date with time as Intl's en-IN does, in the device's time zone, for every month and hour", () => {
    const day = new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'short', day: 'numeric' });
    const dayAndTime = new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    for (let month = 0; month < 12; month++) {
      for (const [date, hour] of [
        [1, 0],
        [9, 8],
        [28, 12],
        [28, 23],
      ] as const) {
        const when = new Date(2026, month, date, hour, 7);
        expect(formatDate(when.toISOString())).toBe(day.format(when));
        expect(formatDateTime(when.toISOString())).toBe(dayAndTime.format(when));
      }
    }
    // Late in the evening in India is already the next day in UTC, or not: the device's day counts.
    expect(formatDate(new Date(2026, 10, 24, 23, 59).toISOString())).toBe('24 Nov 2026');
    expect(formatDateTime(new Date(2026, 10, 27, 20, 13))).toBe('27 Nov 2026, 8:13 pm');
    expect(formatDateTime(new Date(2026, 8, 5, 0, 5).getTime())).toBe('5 Sept 2026, 12:05 am');
  });

  it('is empty for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

// The hours rule: open or closed at an instant in the restaurant's zone, when it opens again and when it closes.
import { describe, expect, it } from 'vitest';
import { hoursAvailability, isWithinHours, nextClosing, nextOpening, windowProblem } from '../../../src/domain/hours';

const breakfast = [{ days: [1, 2, 3, 4, 5, 6, 7], from: '07:00', to: '11:30' }];

describe('hours', () => {
  it('no hours: always open, nothing to announce', () => {
    expect(hoursAvailability(null, new Date('2025-03-03T03:00:00Z'), 'UTC')).toEqual({
      open: true,
      availableAgainAt: null,
      availableUntil: null,
    });
  });

  it('breakfast in Madrid: open at 10:00 local until 11:30 local, then back at 07:00 the next morning', () => {
    // 2025-06-02 is a Monday; Madrid is UTC+2 in summer.
    const during = new Date('2025-06-02T08:00:00Z');
    expect(hoursAvailability(breakfast, during, 'Europe/Madrid')).toEqual({
      open: true,
      availableAgainAt: null,
      availableUntil: new Date('2025-06-02T09:30:00Z'),
    });
    const after = new Date('2025-06-02T09:30:00Z');
    expect(isWithinHours(breakfast, after, 'Europe/Madrid')).toBe(false);
    expect(nextOpening(breakfast, after, 'Europe/Madrid')).toEqual(new Date('2025-06-03T05:00:00Z'));
  });

  it('across a DST change the local time is kept (Madrid, last Sunday of March)', () => {
    // Saturday 29 March 2025 at noon UTC+1; the next opening is Sunday 07:00, by then UTC+2.
    expect(nextOpening(breakfast, new Date('2025-03-29T12:00:00Z'), 'Europe/Madrid')).toEqual(
      new Date('2025-03-30T05:00:00Z'),
    );
  });

  it('weekdays only: on Saturday the next opening is Monday', () => {
    const weekdays = [{ days: [1, 2, 3, 4, 5], from: '12:00', to: '15:00' }];
    expect(nextOpening(weekdays, new Date('2025-06-07T13:00:00Z'), 'UTC')).toEqual(new Date('2025-06-09T12:00:00Z'));
  });

  it('windows that touch close once: a bar open 18:00–24:00 and 00:00–02:00 closes at 02:00', () => {
    const bar = [
      { days: [5], from: '18:00', to: '24:00' },
      { days: [6], from: '00:00', to: '02:00' },
    ];
    // Friday 6 June 2025, 23:00 UTC.
    expect(nextClosing(bar, new Date('2025-06-06T23:00:00Z'), 'UTC')).toEqual(new Date('2025-06-07T02:00:00Z'));
  });

  it('refuses windows that end before they start, unknown days and bad times, naming the field', () => {
    expect(windowProblem({ days: [1], from: '11:30', to: '07:00' })?.field).toBe('to');
    expect(windowProblem({ days: [1], from: '10:00', to: '10:00' })?.field).toBe('to');
    expect(windowProblem({ days: [8], from: '07:00', to: '11:00' })?.field).toBe('days');
    expect(windowProblem({ days: [], from: '07:00', to: '11:00' })?.field).toBe('days');
    expect(windowProblem({ days: [1, 1], from: '07:00', to: '11:00' })?.field).toBe('days');
    expect(windowProblem({ days: [1], from: '7:00', to: '11:00' })?.field).toBe('from');
    expect(windowProblem({ days: [1], from: '07:00', to: '24:00' })).toBeNull();
  });
});

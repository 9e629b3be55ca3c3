import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANONYMISED_LABEL,
  assessmentRange,
  canAddInterviewDay,
  displayName,
  gradeInputLabel,
  INVITE_DUE_DAY_OPTIONS,
  inviteDueDate,
  isValidMetricValue,
  matrixScore,
  metricRange,
  OPTED_OUT_LABEL,
  scoringStatusLabel,
  slotDisplay,
  slotDurations,
  timeOptions,
} from '#engine';

describe('scores (spec §3, §5)', () => {
  it('metric ranges default to 0-5 for numbers and 0-100 for percentages', () => {
    expect(metricRange({ label: 'x', metricType: 'NUMBER' })).toEqual({ min: 0, max: 5 });
    expect(metricRange({ label: 'x', metricType: 'PERCENT' })).toEqual({ min: 0, max: 100 });
    expect(metricRange({ label: 'x', metricType: 'NUMBER', min: 1, max: 10 })).toEqual({ min: 1, max: 10 });
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (v) => {
        expect(isValidMetricValue({ label: 'x', metricType: 'PERCENT' }, v)).toBe(v >= 0 && v <= 100);
      }),
    );
    expect(isValidMetricValue({ label: 'x', metricType: 'BOOLEAN' }, true)).toBe(true);
    expect(isValidMetricValue({ label: 'x', metricType: 'BOOLEAN' }, 'yes')).toBe(false);
  });

  it('assessment ranges and the Unit/Mark label', () => {
    expect(assessmentRange(100)).toEqual({ min: 0, max: 100 });
    expect(assessmentRange(202)).toEqual({ min: 0, max: 50 });
    expect(assessmentRange(203, { minimumOne: true })).toEqual({ min: 1, max: 8 });
    expect(assessmentRange(7, { uaiType: true })).toEqual({ min: 0, max: 25 });
    expect(gradeInputLabel(200)).toBe('Unit/Mark');
    expect(gradeInputLabel(204)).toBeUndefined();
  });

  it('the matrix score is 1.5 × min(4, sum) + 0.75 × (enthusiasm avg + writing avg), at most 12 with 0-4 averages', () => {
    const marks = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(marks, marks, marks, (scores, enthusiasm, writing) => {
        const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
        const score = matrixScore({ scores, enthusiasm, writing });
        expect(score).toBeCloseTo(
          1.5 *
            Math.min(
              4,
              scores.reduce((a, b) => a + b, 0),
            ) +
            0.75 * (avg(enthusiasm) + avg(writing)),
        );
        expect(score).toBeLessThanOrEqual(12);
      }),
    );
  });

  it('scoring status shows Yes only when completed', () => {
    expect(scoringStatusLabel('COMPLETED')).toBe('Yes');
    expect(scoringStatusLabel('PENDING')).toBe('No');
    expect(scoringStatusLabel('ERROR')).toBe('No');
  });
});

describe('scheduling (spec §5, §9)', () => {
  it('15-minute times from 00:00 to 23:45 and slot durations 15 to 540', () => {
    const times = timeOptions();
    expect(times).toHaveLength(96);
    expect(times[0]).toBe('00:00');
    expect(times.at(-1)).toBe('23:45');
    expect(slotDurations()[0]).toBe(15);
    expect(slotDurations().at(-1)).toBe(540);
    expect(INVITE_DUE_DAY_OPTIONS.at(-1)).toBe(200);
  });

  it('interview days are capped at 5 unless the cap is disabled', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.boolean(), (days, disabled) => {
        expect(canAddInterviewDay(days, disabled)).toBe(disabled || days < 5);
      }),
    );
  });

  it('invitations are due at 23:59 of the day', () => {
    const due = inviteDueDate(new Date('2026-11-21T10:00:00Z'), 3);
    expect(due.toISOString()).toBe('2026-11-24T23:59:00.000Z');
  });

  it('slots show Booked when selected, Passed when started, otherwise Available', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(slotDisplay({ selectedTime: '2026-11-20T10:00:00Z', startDateTime: '2026-11-20T10:00:00Z' }, now)).toBe(
      'Booked',
    );
    expect(slotDisplay({ startDateTime: '2026-11-20T10:00:00Z' }, now)).toBe('Passed');
    expect(slotDisplay({ startDateTime: '2026-11-22T10:00:00Z' }, now)).toBe('Available');
  });
});

describe('display name (spec §3)', () => {
  it('first (preferred) last, then the fallbacks in order', () => {
    expect(displayName({ firstName: 'Alexandra', preferredName: 'Alex', lastName: 'Smith' })).toBe(
      'Alexandra (Alex) Smith',
    );
    expect(displayName({ firstName: 'Sam', lastName: 'Jones' })).toBe('Sam Jones');
    expect(displayName({ anonymousEmail: 'anon1@x.example', email: 'e@x.example', id: 5 })).toBe('anon1@x.example');
    expect(displayName({ email: 'e@x.example', externalCandidateId: 'EXT1', id: 5 })).toBe('e@x.example');
    expect(displayName({ externalCandidateId: 'EXT1', id: 5 })).toBe('EXT1');
    expect(displayName({ id: 5 })).toBe('5');
    expect(displayName({ firstName: 'A', email: 'REJECTED-a@x.example' })).toBe(OPTED_OUT_LABEL);
    expect(displayName({ firstName: 'A', email: 'ANON-1@x.example' })).toBe(ANONYMISED_LABEL);
  });
});

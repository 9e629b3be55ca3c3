import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  candidateStatusOf,
  newerRecord,
  organizationAfterStatus,
  saveDecision,
  stepAfterSave,
} from '#engine/rules/candidate-save';

const status = fc.constantFrom('ACTIVE' as const, 'PASSPORT' as const, 'PASSPORT_ACTIVE' as const, undefined);

describe('candidate load and save (spec §4)', () => {
  it('the step advances by one only when saving towards the next step, never past the maximum', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(25), fc.integer({ min: 1, max: 20 }), (step, target, max) => {
        const next = stepAfterSave(step, target, max);
        expect(next).toBe(target === step + 1 ? Math.min(step + 1, max) : step);
      }),
    );
  });

  it('a newer server record replaces the stored one', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), fc.date({ noInvalidDate: true }), (a, b) => {
        const stored = { updatedAt: a, v: 'stored' };
        const server = { updatedAt: b, v: 'server' };
        expect(newerRecord(stored, server).v).toBe(b.getTime() > a.getTime() ? 'server' : 'stored');
      }),
    );
    expect(newerRecord(null, { updatedAt: 1, v: 'server' }).v).toBe('server');
  });

  it('passport statuses reset the organisation', () => {
    fc.assert(
      fc.property(status, (s) => {
        expect(organizationAfterStatus(s, { id: 'org' })).toEqual(
          s === 'PASSPORT' || s === 'PASSPORT_ACTIVE' ? null : { id: 'org' },
        );
      }),
    );
  });

  it('doNotSave and overload skip the save and only advance the step, unless ACTIVE or at the maximum', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        status,
        fc.nat(10),
        fc.integer({ min: 1, max: 10 }),
        (doNotSave, overload, hasFiles, s, step, maxSteps) => {
          const decision = saveDecision({ doNotSave, overload, hasFiles, status: s, step, maxSteps });
          const skip = doNotSave || (overload && !hasFiles);
          if (!skip) expect(decision).toEqual({ kind: 'save' });
          else expect(decision).toEqual({ kind: 'skip', step: s === 'ACTIVE' || step >= maxSteps ? step : step + 1 });
        },
      ),
    );
  });

  it('a complete profile is a passport, active with an active application (decision 0009)', () => {
    expect(candidateStatusOf({ profileComplete: false, activeApplication: false })).toBeNull();
    expect(candidateStatusOf({ profileComplete: false, activeApplication: true })).toBe('ACTIVE');
    expect(candidateStatusOf({ profileComplete: true, activeApplication: false })).toBe('PASSPORT');
    expect(candidateStatusOf({ profileComplete: true, activeApplication: true })).toBe('PASSPORT_ACTIVE');
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (profileComplete, activeApplication) => {
        // Only a complete profile leaves the organisation (spec §4).
        expect(
          organizationAfterStatus(candidateStatusOf({ profileComplete, activeApplication }) ?? undefined, {
            id: 'org',
          }) === null,
        ).toBe(profileComplete);
      }),
    );
  });
});

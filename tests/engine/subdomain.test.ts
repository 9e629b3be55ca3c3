import { describe, expect, it } from 'vitest';
import { subdomainProblem } from '#engine';

describe('subdomainProblem (decision 0040)', () => {
  it.each(['acme', 'harbour-logistics', 'a1', 'x'.repeat(41)])('accepts %s', (subdomain) => {
    expect(subdomainProblem(subdomain)).toBeNull();
  });

  it.each(['a', 'x'.repeat(42), '1abc', 'Acme', 'acme_co', 'acme-', 'two--hyphens', 'hr', 'www', 'api', 'acme.co'])(
    'refuses %s',
    (subdomain) => {
      expect(subdomainProblem(subdomain)).toEqual(expect.any(String));
    },
  );
});

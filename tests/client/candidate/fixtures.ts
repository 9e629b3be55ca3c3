import type { ApplicationListItem, ApplicationRecord } from '#schemas/application';
import type { Role } from '#schemas/role';
import type { CurrentUser } from '#client/state/auth';
import { organisationFixture, stepsOnly } from '../support';

/** A small organisation form: two steps, so the journey fits a jsdom test. */
export const organization = organisationFixture({
  formConfiguration: stepsOnly([
    { id: 'aboutYou', sections: ['personalInformation'] },
    { id: 'declaration', sections: ['termsAndConditions'] },
  ]),
});

export const candidate: CurrentUser = { id: 'u1', userType: 'CANDIDATE', email: 'ada@example.com', applications: [] };

export function roleFixture(overrides: Partial<Role> = {}): Role {
  return {
    id: 'r1',
    name: 'Graduate Analyst',
    summary: 'Analyse things.',
    roleType: 'Graduate programme',
    roleLevel: 'Entry level',
    department: 'Data',
    location: 'Leeds',
    workType: 'Hybrid',
    employmentType: 'Permanent',
    salary: null,
    startDate: null,
    deadline: '2099-01-01T23:59:00.000Z',
    closed: false,
    description: ['About the role.'],
    status: 'ACTIVE',
    organization: { id: organization.id, subdomain: organization.subdomain, name: organization.name },
    formConfiguration: {},
    jsonConfigurations: {},
    settings: {},
    ...overrides,
  };
}

export function recordFixture(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    id: 'a1',
    step: 0,
    maxSteps: 2,
    candidateStatus: null,
    state: 'DRAFT',
    progress: 'DRAFT',
    version: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    appliedAt: null,
    organization: { id: organization.id },
    role: { id: 'r1', name: 'Graduate Analyst' },
    answers: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    completedSteps: [],
    stage: null,
    documents: [],
    source: 'Careers site',
    duplicating: false,
    ...overrides,
  };
}

export function listItemFixture(overrides: Partial<ApplicationListItem> = {}): ApplicationListItem {
  return {
    id: 'a1',
    role: {
      id: 'r1',
      name: 'Graduate Analyst',
      roleType: 'Graduate programme',
      location: 'Leeds',
      deadline: '2099-01-01T23:59:00.000Z',
      closed: false,
    },
    state: 'DRAFT',
    progress: 'DRAFT',
    step: 1,
    maxSteps: 2,
    sections: { completed: 1, total: 2 },
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    appliedAt: null,
    ...overrides,
  };
}

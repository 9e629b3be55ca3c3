import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-auth';
import * as m0003 from './0003-candidate-journey';
import * as m0004 from './0004-pipeline';
import * as m0005 from './0005-moves';
import * as m0006 from './0006-candidate-items';
import * as m0007 from './0007-search';
import * as m0008 from './0008-user-language';
import * as m0009 from './0009-scheduling';
import * as m0010 from './0010-events';
import * as m0011 from './0011-organization-admin';
import * as m0012 from './0012-configuration-versions';
import * as m0013 from './0013-communications';
import * as m0014 from './0014-sign-in-throttle';
import * as m0015 from './0015-report-indexes';
import * as m0016 from './0016-contextual';
import * as m0018 from './0018-audit-trail';
import * as m0022 from './0022-row-level-security';
import * as m0025 from './0025-form-validators';
import * as m0026 from './0026-search-counts';
import * as m0027 from './0027-integrations';
import * as m0028 from './0028-report-columns';
import * as m0029 from './0029-search-facets';
import * as m0030 from './0030-report-rollups';
import * as m0031 from './0031-count-triggers-one-pass';
import * as m0032 from './0032-session-changes';

/**
 * Every migration, by name, in order. A static list rather than a folder scan: it works the same
 * under tsx, vitest and a bundle, and a missing import is a type error, not a silent skip.
 * Names sort in run order; never rename or edit one that has shipped — add the next.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-auth': m0002,
  '0003-candidate-journey': m0003,
  '0004-pipeline': m0004,
  '0005-moves': m0005,
  '0006-candidate-items': m0006,
  '0007-search': m0007,
  '0008-user-language': m0008,
  '0009-scheduling': m0009,
  '0010-events': m0010,
  '0011-organization-admin': m0011,
  '0012-configuration-versions': m0012,
  '0013-communications': m0013,
  '0014-sign-in-throttle': m0014,
  '0015-report-indexes': m0015,
  '0016-contextual': m0016,
  '0018-audit-trail': m0018,
  '0022-row-level-security': m0022,
  '0025-form-validators': m0025,
  '0026-search-counts': m0026,
  '0027-integrations': m0027,
  '0028-report-columns': m0028,
  '0029-search-facets': m0029,
  '0030-report-rollups': m0030,
  '0031-count-triggers-one-pass': m0031,
  '0032-session-changes': m0032,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

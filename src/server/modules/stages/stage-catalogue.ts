import catalogue from '#configs/stages.json' with { type: 'json' };
import { resolveStages } from '#engine';
import type { OrganizationStage, StageCatalogue, StageSelection } from '#schemas/pipeline';

/** configs/stages.json: the product's definition of every pipeline stage (checked against its schema in tests). */
export const STAGE_CATALOGUE = catalogue as unknown as StageCatalogue;

/** An organisation file's stage selection as its full pipeline. */
export function organizationStages(selection: StageSelection): OrganizationStage[] {
  return resolveStages(STAGE_CATALOGUE, selection);
}

import { fetchStages } from '../../api/pipeline';
import { useOrganization } from '../../state/site';
import { useLoad } from '../../ui/page/use-load';

/** The organisation's pipeline (stages in order with substages and metrics). */
export function useStages() {
  const organization = useOrganization();
  return useLoad(() => fetchStages(organization.id), organization.id);
}

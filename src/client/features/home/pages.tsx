import { useOrganization } from '../../state/site';
import { PlaceholderPage } from '../../ui/page/placeholder-page';

/** The apply side's home page. */
export function HomePage() {
  const organization = useOrganization();
  return <PlaceholderPage page="home" values={{ name: organization.name }} />;
}

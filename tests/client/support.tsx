import { onTestFinished, vi } from 'vitest';
import { useLayoutEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, useLocation, useNavigate, type Location, type To } from 'react-router-dom';
import { SECTIONS } from '#engine';
import type { Configuration, StepDefinition } from '#schemas/configuration';
import type { PublicOrganization } from '#schemas/organization';
import type { HostSide } from '#schemas/product';
import { organizationStateAtom, siteAtom } from '#client/state/site';
import { userAtom, type CurrentUser } from '#client/state/auth';
import { AppRoutes, buildRoutes } from '#client/app/router';

/**
 * A form configuration of just these steps; the sections they leave out are hidden (decision 0005: views order what
 * is asked, only flags hide, and a visible section off every step would be asked on a step of its own).
 */
export function stepsOnly(application: StepDefinition[]): Configuration {
  const placed = new Set(application.flatMap((step) => step.sections));
  return {
    views: { application },
    subsections: Object.fromEntries(SECTIONS.filter((id) => !placed.has(id)).map((id) => [id, false])),
  };
}

export function organisationFixture(overrides: Partial<PublicOrganization> = {}): PublicOrganization {
  return {
    id: 'org-acme',
    name: 'Acme Consulting',
    subdomain: 'acme',
    productType: 'ATS',
    edition: 'ats',
    tier: 'Tier 1',
    sector: { id: 3, name: 'Professional services' },
    countryBase: 'UK',
    supportEmail: 'support@acme.example',
    logoUrl: '/api/public/organization/acme/logo',
    themeConfiguration: { logoWidth: 150, logoMargin: '8px 0', headerBGcolour: '#1d3557', secondary: '#b42318' },
    additionalLanguageSupport: [{ code: 'cy', name: 'Cymraeg' }],
    settings: { gtmId: 'GTM-ACME01', subdomainRestricted: false },
    defaultConfiguration: {},
    formConfiguration: {},
    ...overrides,
  };
}

interface StoreOptions {
  organization?: PublicOrganization;
  side?: HostSide;
  user?: CurrentUser;
}

/** A jotai store as it is once the site has loaded. */
export function loadedStore({ organization = organisationFixture(), side = 'apply', user }: StoreOptions = {}) {
  const store = createStore();
  store.set(siteAtom, { subdomain: organization.subdomain, side, isDefault: false });
  store.set(organizationStateAtom, { status: 'ready', organization });
  if (user) store.set(userAtom, { status: 'ready', user });
  return store;
}

export function renderWithStore(ui: ReactNode, store = loadedStore()) {
  return { store, ...render(<Provider store={store}>{ui}</Provider>) };
}

/** What a test reads of the router and how it moves it, as the data router's object offered. */
interface TestRouter {
  state: { location: Location };
  navigate: (to: To | number) => void;
}

function RouterProbe({ onRender }: { onRender: (location: Location, navigate: TestRouter['navigate']) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(
    () => onRender(location, (to) => void (typeof to === 'number' ? navigate(to) : navigate(to))),
    [onRender, location, navigate],
  );
  return null;
}

/** The real route table in a memory router, starting at `path`. */
export function renderApp(path: string, options: StoreOptions & { store?: ReturnType<typeof createStore> } = {}) {
  const store = options.store ?? loadedStore(options);
  const router: TestRouter = {
    state: { location: { pathname: path, search: '', hash: '', state: null, key: 'default' } },
    navigate: () => {
      throw new Error('The router has not rendered yet');
    },
  };
  return {
    store,
    router,
    ...render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <RouterProbe
            onRender={(location, navigate) => {
              router.state.location = location;
              router.navigate = navigate;
            }}
          />
          <AppRoutes routes={buildRoutes(options.side ?? 'apply')} />
        </MemoryRouter>
      </Provider>,
    ),
  };
}

/**
 * Files the page saves (saveFile) during the current test, recorded instead: jsdom has no object URLs and does not
 * download. Put back when the test finishes (later files share this document).
 */
export function recordSavedFiles(): Array<{ name: string; href: string }> {
  const saved: Array<{ name: string; href: string }> = [];
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = vi.fn(() => 'blob:saved');
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    click.mockRestore();
  });
  return saved;
}

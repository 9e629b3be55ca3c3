import type { ComponentType } from 'react';
import type { HostSide } from '#schemas/product';
import { withHiringTexts, withOtherPageTexts } from '../i18n';
import type { LayoutName } from './layouts/layouts';

/** One screen of spec §2: where it lives, its layout, and whether it needs a signed-in user. */
export interface PageRoute {
  path: string;
  layout: LayoutName;
  /** Loads the feature chunk that holds the page, so each feature downloads only when visited. */
  page: () => Promise<ComponentType>;
  signIn?: boolean;
}

const home = () => import('../features/home/pages');
const auth = () => import('../features/auth/pages');
const profile = () => import('../features/profile/pages');
const account = () => withOtherPageTexts(import('../features/account/pages'));
const content = () => import('../features/content/pages');
const admin = () => withHiringTexts(import('../features/admin/pages'));
const studio = () => withHiringTexts(import('../features/admin/studio/pages'));
const scheduling = () => withOtherPageTexts(import('../features/scheduling/pages'));
const schedulingManager = () => withHiringTexts(withOtherPageTexts(import('../features/scheduling/manager-pages')));
const events = () => withOtherPageTexts(import('../features/events/pages'));
const communications = () => withOtherPageTexts(import('../features/communications/pages'));
const communicationTemplates = () => withHiringTexts(communications());
const eventStaff = () => withOtherPageTexts(import('../features/events/manager-pages'));
const roles = () => import('../features/roles/pages');
const rolePreview = () => import('../features/roles/preview-pages');
const application = () => import('../features/application/pages');
const applications = () => import('../features/application/applications-pages');
const pipeline = () => withHiringTexts(import('../features/pipeline/pages'));
const reports = () => withHiringTexts(import('../features/reports/pages'));
const audit = () => withHiringTexts(import('../features/audit/pages'));
const integrations = () => withOtherPageTexts(import('../features/integrations/pages'));
const integrationsManager = () => withHiringTexts(withOtherPageTexts(import('../features/integrations/manager-pages')));
const showcase = () => withOtherPageTexts(import('../features/showcase/showcase-page'));
const formDemos = () => withOtherPageTexts(import('../features/showcase/form-demo-pages'));

/** The home page: candidates' welcome on the apply side, the manager landing on the HR side. */
function homeRoute(side: HostSide): PageRoute {
  return side === 'hr'
    ? { path: '/', layout: 'manager', page: () => pipeline().then((m) => m.ManagerHomePage), signIn: true }
    : { path: '/', layout: 'candidate', page: () => home().then((m) => m.HomePage) };
}

export function pageRoutes(side: HostSide): PageRoute[] {
  return [
    homeRoute(side),
    { path: '/ui', layout: 'fullWidth', page: () => showcase().then((m) => m.ShowcasePage) },
    { path: '/ui/application', layout: 'main', page: () => formDemos().then((m) => m.ApplicationDemoPage) },
    { path: '/ui/widgets', layout: 'main', page: () => formDemos().then((m) => m.WidgetGalleryPage) },
    { path: '/ui/large-form', layout: 'main', page: () => formDemos().then((m) => m.LargeFormPage) },
    { path: '/ui/large-form/render', layout: 'main', page: () => formDemos().then((m) => m.LargeFormRenderPage) },
    { path: '/signup', layout: 'welcome', page: () => auth().then((m) => m.SignupPage) },
    { path: '/profile', layout: 'candidate', page: () => profile().then((m) => m.ProfilePage), signIn: true },
    { path: '/profile/create', layout: 'welcome', page: () => profile().then((m) => m.ProfileCreatePage) },
    { path: '/account', layout: 'account', page: () => account().then((m) => m.AccountPage), signIn: true },
    { path: '/settings/*', layout: 'account', page: () => account().then((m) => m.SettingsPage), signIn: true },
    { path: '/terms', layout: 'main', page: () => content().then((m) => m.TermsPage) },
    { path: '/policy', layout: 'main', page: () => content().then((m) => m.PolicyPage) },
    { path: '/clients/*', layout: 'admin', page: () => admin().then((m) => m.ClientsPage), signIn: true },
    { path: '/verify/:token', layout: 'welcome', page: () => auth().then((m) => m.VerifyPage) },
    { path: '/verify-email/:token', layout: 'welcome', page: () => auth().then((m) => m.VerifyEmailPage) },
    { path: '/interview/:token', layout: 'main', page: () => scheduling().then((m) => m.InterviewPage) },
    { path: '/event/:eventId', layout: 'event', page: () => events().then((m) => m.EventPage) },
    { path: '/event/:eventId/qr-check-in', layout: 'event', page: () => events().then((m) => m.EventQrCheckInPage) },
    {
      path: '/event/:eventId/check-in',
      layout: 'event',
      page: () => eventStaff().then((m) => m.EventCheckInPage),
      signIn: true,
    },
    { path: '/roles', layout: 'roles', page: () => roles().then((m) => m.RolesPage) },
    { path: '/events', layout: 'roles', page: () => events().then((m) => m.EventsPage) },
    { path: '/application', layout: 'role', page: () => application().then((m) => m.ApplicationPage) },
    {
      path: '/applications',
      layout: 'candidate',
      page: () => applications().then((m) => m.ApplicationsPage),
      signIn: true,
    },
    { path: '/applya/:roleId', layout: 'role', page: () => application().then((m) => m.ApplicationFormPage) },
    { path: '/applyp/:roleId', layout: 'role', page: () => application().then((m) => m.ApplicationFormPage) },
    { path: '/apply/:roleId', layout: 'role', page: () => roles().then((m) => m.ApplyPage) },
    { path: '/preview/:roleId', layout: 'role', page: () => rolePreview().then((m) => m.PreviewPage) },
    { path: '/login', layout: 'welcome', page: () => auth().then((m) => m.LoginPage) },
    { path: '/oauth', layout: 'welcome', page: () => auth().then((m) => m.OauthPage) },
    { path: '/forgot-password', layout: 'welcome', page: () => auth().then((m) => m.ForgotPasswordPage) },
    { path: '/magic-password', layout: 'welcome', page: () => auth().then((m) => m.MagicPasswordPage) },
    { path: '/reset-password/:token', layout: 'welcome', page: () => auth().then((m) => m.ResetPasswordPage) },
    { path: '/on-boarding/:token', layout: 'welcome', page: () => auth().then((m) => m.OnBoardingPage) },
    { path: '/screen', layout: 'main', page: () => application().then((m) => m.ScreenPage) },
    { path: '/finished', layout: 'main', page: () => application().then((m) => m.SubmittedPage) },
    { path: '/submitted', layout: 'main', page: () => application().then((m) => m.SubmittedPage) },
    { path: '/manager/reports/*', layout: 'report', page: () => reports().then((m) => m.ReportsPage), signIn: true },
    {
      path: '/manager/search',
      layout: 'manager',
      page: () => pipeline().then((m) => m.ManagerSearchPage),
      signIn: true,
    },
    { path: '/manager/audit', layout: 'manager', page: () => audit().then((m) => m.AuditPage), signIn: true },
    {
      path: '/manager/events',
      layout: 'manager',
      page: () => eventStaff().then((m) => m.ManagerEventsPage),
      signIn: true,
    },
    {
      path: '/manager/events/:eventId',
      layout: 'manager',
      page: () => eventStaff().then((m) => m.ManagerEventPage),
      signIn: true,
    },
    {
      path: '/manager/communications',
      layout: 'manager',
      page: () => communicationTemplates().then((m) => m.TemplatesPage),
      signIn: true,
    },
    {
      path: '/manager/communications/:templateId',
      layout: 'manager',
      page: () => communicationTemplates().then((m) => m.TemplatePage),
      signIn: true,
    },
    { path: '/unsubscribe/:token', layout: 'main', page: () => communications().then((m) => m.UnsubscribePage) },
    { path: '/manager/roles', layout: 'manager', page: () => pipeline().then((m) => m.ManagerRolesPage), signIn: true },
    {
      path: '/manager/candidate/:id',
      layout: 'manager',
      page: () => pipeline().then((m) => m.ManagerCandidatePage),
      signIn: true,
    },
    {
      path: '/manager/studio',
      layout: 'report',
      page: () => studio().then((m) => m.StudioPage),
      signIn: true,
    },
    {
      path: '/manager/scheduling',
      layout: 'manager',
      page: () => schedulingManager().then((m) => m.SchedulingOverviewPage),
      signIn: true,
    },
    {
      path: '/manager/scheduling/new',
      layout: 'manager',
      page: () => schedulingManager().then((m) => m.SchedulingWizardPage),
      signIn: true,
    },
    { path: '/manager', layout: 'manager', page: () => pipeline().then((m) => m.ManagerHomePage), signIn: true },
    { path: '/admin/*', layout: 'admin', page: () => admin().then((m) => m.AdminPage), signIn: true },
    {
      path: '/docusignapproved',
      layout: 'main',
      page: () => integrations().then((m) => m.DocusignApprovedPage),
      signIn: true,
    },
    {
      path: '/workday-connect',
      layout: 'manager',
      page: () => integrationsManager().then((m) => m.WorkdayConnectPage),
      signIn: true,
    },
    {
      path: '/manager/integrations',
      layout: 'manager',
      page: () => integrationsManager().then((m) => m.IntegrationsPage),
      signIn: true,
    },
  ];
}

import { useTranslation } from 'react-i18next';
import { useOrganization } from '../../state/site';
import { PlaceholderPage } from '../../ui/page/placeholder-page';

/** Sign-up is closed on subdomain-restricted sites (spec §2). */
export function SignupPage() {
  const { t } = useTranslation();
  const organization = useOrganization();
  if (organization.settings.subdomainRestricted) {
    return (
      <>
        <h1>{t('signup.restrictedTitle')}</h1>
        <p>{t('signup.restrictedBody', { name: organization.name })}</p>
      </>
    );
  }
  return <PlaceholderPage page="signup" />;
}

export const LoginPage = () => <PlaceholderPage page="login" />;
export const OauthPage = () => <PlaceholderPage page="oauth" />;
export const ForgotPasswordPage = () => <PlaceholderPage page="forgotPassword" />;
export const MagicPasswordPage = () => <PlaceholderPage page="magicPassword" />;
export const ResetPasswordPage = () => <PlaceholderPage page="resetPassword" />;
export const OnBoardingPage = () => <PlaceholderPage page="onBoarding" />;
export const VerifyPage = () => <PlaceholderPage page="verify" />;
export const VerifyEmailPage = () => <PlaceholderPage page="verifyEmail" />;

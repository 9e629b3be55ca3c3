/* The sign-in screens of spec §2; each lives in its own file. */
export { LoginPage } from './login-page';
export { SignupPage } from './signup-page';
export { VerifyPage, VerifyEmailPage } from './verify-pages';
export { ForgotPasswordPage, MagicPasswordPage, ResetPasswordPage } from './password-pages';
export { OauthPage } from './oauth-page';
export { OnBoardingPage } from './on-boarding-page';

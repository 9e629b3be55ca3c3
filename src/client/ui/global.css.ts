import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { focusRing } from './focus.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  backgroundColor: vars.colour.background,
  // Keep the page readable when a user enlarges text in their browser settings.
  WebkitTextSizeAdjust: '100%',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeBody,
  lineHeight: vars.font.lineHeight,
  color: vars.colour.text,
  backgroundColor: vars.colour.background,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('#root', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

globalStyle('a', {
  color: vars.colour.link,
  textDecorationThickness: 'max(1px, .0625rem)',
  textUnderlineOffset: '.1578em',
});
globalStyle('a:visited', { color: vars.colour.linkVisited });
globalStyle('a:hover', { color: vars.colour.linkHover, textDecorationThickness: 'max(3px, .1875rem, .12em)' });
globalStyle('a:focus-visible', focusRing);
globalStyle('a:focus-visible:visited', { color: vars.colour.focusText });

globalStyle('img, svg', { maxWidth: '100%' });

globalStyle('h1, h2, h3, h4', { fontWeight: vars.font.weightBold, lineHeight: 1.15, marginTop: 0 });
globalStyle('h1', { fontSize: vars.font.sizeH1, marginBottom: vars.space.xl });
globalStyle('h2', { fontSize: vars.font.sizeH2, marginBottom: vars.space.l });
globalStyle('h3', { fontSize: vars.font.sizeH3, marginBottom: vars.space.m });
globalStyle('p', { marginTop: 0, marginBottom: vars.space.l });

// Respect a user's request for less motion (the spinner, transitions).
globalStyle('*', {
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '0.01ms', transitionDuration: '0.01ms' } },
});

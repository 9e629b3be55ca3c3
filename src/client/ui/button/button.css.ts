import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { media } from '../media';

// GOV.UK button: flat fill, 2px bottom shadow that "presses" on active, yellow focus.
const base = style({
  display: 'inline-block',
  position: 'relative',
  width: '100%',
  margin: `0 0 ${vars.space.l}`,
  padding: '8px 10px 7px',
  border: '2px solid transparent',
  borderRadius: vars.measure.radius,
  fontFamily: 'inherit',
  fontSize: vars.font.sizeBody,
  fontWeight: 400,
  lineHeight: 1.1875,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  WebkitAppearance: 'none',
  '@media': { [media.sm]: { width: 'auto' } },
  selectors: {
    '&:active': { top: 2 },
    '&:focus-visible': {
      borderColor: vars.colour.focus,
      outline: '3px solid transparent',
      backgroundColor: vars.colour.focus,
      color: vars.colour.focusText,
      boxShadow: `0 2px 0 ${vars.colour.focusText}`,
    },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
    '&:disabled:active': { top: 0 },
  },
});

export const variants = styleVariants({
  primary: [
    base,
    {
      backgroundColor: vars.brand.secondary,
      color: vars.brand.onSecondary,
      boxShadow: `0 2px 0 color-mix(in srgb, ${vars.brand.secondary} 45%, black)`,
      selectors: { '&:hover:not(:disabled):not(:focus-visible)': { filter: 'brightness(0.9)' } },
    },
  ],
  secondary: [
    base,
    {
      backgroundColor: vars.colour.buttonSecondary,
      color: vars.colour.text,
      boxShadow: `0 2px 0 ${vars.colour.buttonSecondaryShadow}`,
      selectors: { '&:hover:not(:disabled):not(:focus-visible)': { backgroundColor: '#dbdad9' } },
    },
  ],
  warning: [
    base,
    {
      backgroundColor: vars.colour.warning,
      color: '#ffffff',
      boxShadow: '0 2px 0 #55150b',
      selectors: { '&:hover:not(:disabled):not(:focus-visible)': { backgroundColor: '#aa2a16' } },
    },
  ],
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'stretch',
  gap: `0 ${vars.space.m}`,
  '@media': { [media.sm]: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'baseline' } },
});

import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/**
 * The theme contract. `brand` values come from the organisation's themeConfiguration at run time
 * (see apply-theme.ts), so a new organisation needs no code; the rest are neutral tokens modelled
 * on the GOV.UK Design System.
 */
export const vars = createThemeContract({
  brand: {
    headerBackground: null,
    headerText: null,
    secondary: null,
    onSecondary: null,
    logoWidth: null,
    logoMargin: null,
  },
  colour: {
    text: null,
    secondaryText: null,
    background: null,
    panel: null,
    border: null,
    inputBorder: null,
    link: null,
    linkVisited: null,
    linkHover: null,
    focus: null,
    focusText: null,
    error: null,
    success: null,
    buttonSecondary: null,
    buttonSecondaryShadow: null,
    warning: null,
  },
  space: { xs: null, s: null, m: null, l: null, xl: null, xxl: null },
  font: {
    family: null,
    sizeSmall: null,
    sizeBody: null,
    sizeLead: null,
    sizeH1: null,
    sizeH2: null,
    sizeH3: null,
    lineHeight: null,
    weightBold: null,
  },
  measure: { page: null, wide: null, radius: null },
});

// Defaults before the organisation loads (and for pages shown when it cannot load).
createGlobalTheme(':root', vars, {
  brand: {
    headerBackground: '#0b0c0c',
    headerText: '#ffffff',
    secondary: '#1d70b8',
    onSecondary: '#ffffff',
    logoWidth: '160px',
    logoMargin: '8px 0',
  },
  colour: {
    text: '#0b0c0c',
    secondaryText: '#505a5f',
    background: '#ffffff',
    panel: '#f3f2f1',
    border: '#b1b4b6',
    inputBorder: '#0b0c0c',
    link: '#1d70b8',
    linkVisited: '#4c2c92',
    linkHover: '#003078',
    focus: '#ffdd00',
    focusText: '#0b0c0c',
    error: '#d4351c',
    success: '#00703c',
    buttonSecondary: '#f3f2f1',
    buttonSecondaryShadow: '#929191',
    warning: '#d4351c',
  },
  space: { xs: '5px', s: '10px', m: '15px', l: '20px', xl: '30px', xxl: '50px' },
  font: {
    family: 'arial, "Helvetica Neue", helvetica, sans-serif',
    sizeSmall: '1rem',
    sizeBody: '1.1875rem',
    sizeLead: '1.5rem',
    sizeH1: 'clamp(2rem, 5vw, 3rem)',
    sizeH2: 'clamp(1.5rem, 4vw, 2.25rem)',
    sizeH3: 'clamp(1.1875rem, 3vw, 1.5rem)',
    lineHeight: '1.3',
    weightBold: '700',
  },
  measure: { page: '960px', wide: '1200px', radius: '0' },
});

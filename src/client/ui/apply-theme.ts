import { setElementVars } from '@vanilla-extract/dynamic';
import type { ThemeConfiguration } from '#schemas/organization';
import { readableTextColour } from '#engine';
import { vars } from './theme.css';

/** Brand token values for an organisation; text colours are picked for contrast, not configured. */
function brandTokens(theme: ThemeConfiguration) {
  return {
    headerBackground: theme.headerBGcolour,
    headerText: readableTextColour(theme.headerBGcolour),
    secondary: theme.secondary,
    onSecondary: readableTextColour(theme.secondary),
    logoWidth: `${theme.logoWidth}px`,
    logoMargin: theme.logoMargin,
  };
}

/**
 * Sets the brand variables on an element through CSSOM (element.style.setProperty), which a strict
 * Content-Security-Policy allows, unlike inline <style> elements or style="" attributes in HTML.
 */
export function applyBrandTheme(element: HTMLElement, theme: ThemeConfiguration): void {
  setElementVars(element, vars.brand, brandTokens(theme));
}

import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';
import { variants } from './button.css';

// A link that looks like a button (GOV.UK "start button" and call-to-action links): the button's
// look, with the link states (visited, hover) kept in its colours.
const keepColour = (colour: string) =>
  style({ selectors: { '&:link, &:visited, &:hover, &:active': { color: colour, textDecoration: 'none' } } });

export const linkVariants = styleVariants({
  primary: [variants.primary, keepColour(vars.brand.onSecondary)],
  secondary: [variants.secondary, keepColour(vars.colour.text)],
});

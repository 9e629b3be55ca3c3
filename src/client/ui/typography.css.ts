import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const lead = style({ fontSize: vars.font.sizeLead, lineHeight: 1.25 });
export const small = style({ fontSize: vars.font.sizeSmall, color: vars.colour.secondaryText });
export const caption = style({
  display: 'block',
  fontSize: vars.font.sizeBody,
  color: vars.colour.secondaryText,
  marginBottom: vars.space.xs,
});

import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

/** GOV.UK inset text: a note set apart by a grey bar (sent emails, signed-out notices). */
export const inset = style({
  margin: `${vars.space.l} 0 ${vars.space.xl}`,
  padding: vars.space.m,
  borderLeft: `10px solid ${vars.colour.border}`,
});

export const links = style({ paddingLeft: 0, listStyle: 'none', display: 'grid', gap: vars.space.s });
export const form = style({ marginBottom: vars.space.xl });

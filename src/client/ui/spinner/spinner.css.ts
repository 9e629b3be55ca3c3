import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const container = style({
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  padding: vars.space.xl,
});

export const wheel = style({
  width: 48,
  height: 48,
  borderRadius: '50%',
  border: `6px solid ${vars.colour.panel}`,
  borderTopColor: vars.colour.text,
  animation: `${spin} 0.9s linear infinite`,
});

import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme.css';

// GOV.UK tag colours (text on tint, AA contrast).
const base = style({
  display: 'inline-block',
  padding: '2px 8px 3px',
  fontSize: vars.font.sizeSmall,
  lineHeight: 1.25,
  maxWidth: '100%',
});
export const colours = styleVariants({
  grey: [base, { color: '#282d30', backgroundColor: '#e5e6e7' }],
  blue: [base, { color: '#0c2d4a', backgroundColor: '#d2e2f1' }],
  green: [base, { color: '#005a30', backgroundColor: '#cce2d8' }],
  yellow: [base, { color: '#594d00', backgroundColor: '#fff7bf' }],
  red: [base, { color: '#2a0b06', backgroundColor: '#f4d7d2' }],
  purple: [base, { color: '#491644', backgroundColor: '#efdfed' }],
});

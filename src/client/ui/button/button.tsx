import type { ComponentProps, ReactNode } from 'react';
import * as styles from './button.css';

type ButtonVariant = keyof typeof styles.variants;

interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
}

/** A GOV.UK-style button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', type = 'button', className, ...props }: ButtonProps) {
  const classes = className ? `${styles.variants[variant]} ${className}` : styles.variants[variant];
  return <button type={type} className={classes} {...props} />;
}

/** Lays buttons out side by side from the sm breakpoint, stacked below it. */
export function ButtonGroup({ children }: { children: ReactNode }) {
  return <div className={styles.group}>{children}</div>;
}

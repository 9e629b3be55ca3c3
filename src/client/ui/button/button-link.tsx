import { Link, type LinkProps } from 'react-router-dom';
import * as styles from './button-link.css';

interface ButtonLinkProps extends LinkProps {
  variant?: keyof typeof styles.linkVariants;
}

/** A link styled as a button: for moving to another page (Start application, Continue), not for actions. */
export function ButtonLink({ variant = 'primary', className, ...props }: ButtonLinkProps) {
  const classes = className ? `${styles.linkVariants[variant]} ${className}` : styles.linkVariants[variant];
  return <Link className={classes} {...props} />;
}

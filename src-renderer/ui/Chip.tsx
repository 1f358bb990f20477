import type { ButtonHTMLAttributes } from 'react';
import styles from './Chip.module.css';

/** A pill button; `active` marks a chosen filter (the caller says how: aria-pressed, aria-checked). */
export function Chip({
  active = false,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { active?: boolean }) {
  const classes = [styles.chip, active ? styles.active : undefined, className].filter(Boolean).join(' ');
  return <button type="button" {...rest} className={classes} />;
}

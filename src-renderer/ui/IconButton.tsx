import type { ButtonHTMLAttributes } from 'react';
import styles from './IconButton.module.css';

/**
 * A button whose face is an icon: `label` names it for screen readers and, unless `title` says more (a
 * shortcut), in its tooltip.
 */
export function IconButton({
  label,
  title,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return (
    <button
      type="button"
      {...rest}
      aria-label={label}
      title={title ?? label}
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
    />
  );
}

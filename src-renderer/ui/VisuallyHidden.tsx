import type { HTMLAttributes, LabelHTMLAttributes } from 'react';
import styles from './VisuallyHidden.module.css';

/** Text for assistive technology only; a `div` for live regions, a `span` inline. */
export function VisuallyHidden({
  as: As = 'span',
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'span' | 'div' }) {
  return <As {...rest} className={styles.visuallyHidden} />;
}

/** A form control's label that is not shown (the control's place says what it is). */
export function HiddenLabel(props: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label {...props} className={styles.visuallyHidden} />;
}

import type { ReactNode } from 'react';
import styles from './Field.module.css';

export interface FieldError {
  /** The message's id, for the control's aria-describedby. */
  id: string;
  /** The rule that refused the value (kept on the message for tests and styling). */
  rule: string;
  text: string;
}

/**
 * A control and its refusal. With `label`, the field is a label around its caption and control (stacked);
 * without, a box beside a label placed elsewhere (a form grid's first column). An invalid field carries
 * `data-invalid`, so that label can align with it.
 */
export function Field(props: {
  label?: ReactNode;
  error?: FieldError;
  className?: string;
  children: ReactNode;
}) {
  const { label, error, children } = props;
  const classes = [styles.field, error ? styles.invalid : undefined, props.className]
    .filter(Boolean)
    .join(' ');
  const message = error && (
    <p className={styles.error} id={error.id} data-rule={error.rule}>
      {error.text}
    </p>
  );
  if (label !== undefined) {
    return (
      <label className={classes} data-invalid={error ? true : undefined}>
        <span>{label}</span>
        {children}
        {message}
      </label>
    );
  }
  return (
    <div className={classes} data-invalid={error ? true : undefined}>
      {children}
      {message}
    </div>
  );
}

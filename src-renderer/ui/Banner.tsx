import type { HTMLAttributes } from 'react';
import styles from './Banner.module.css';

export type BannerTone = 'plain' | 'warn' | 'sample' | 'offer';

/**
 * One banner line. The caller gives the role that fits: `status` for news, `alert` for what needs the seller,
 * `note` for standing facts, `region` (with a label) for a choice.
 */
export function Banner({
  tone = 'plain',
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { tone?: BannerTone; 'data-testid'?: string }) {
  const classes = [styles.banner, tone === 'plain' ? undefined : styles[tone], className]
    .filter(Boolean)
    .join(' ');
  return <div {...rest} className={classes} />;
}

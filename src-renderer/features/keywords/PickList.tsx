// A dense, keyboard-driven result list: one tab stop, ↑↓/Home/End move, Enter (or a click) puts the keyword in
// the basket, → opens the row's drill-down when it has one. aria-activedescendant keeps focus on the list so
// screen readers announce the active row.
import { useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { Detail } from './model/detail';

export interface PickItem {
  key: string;
  /** What goes into the basket. */
  keyword: string;
  cells: ReactNode;
  detail?: Detail;
  muted?: boolean;
}

export function PickList({
  label,
  items,
  onPick,
  onOpen,
  className,
}: {
  label: string;
  items: PickItem[];
  onPick: (keyword: string) => void;
  onOpen: (detail: Detail) => void;
  className?: string;
}) {
  const id = useId();
  const [active, setActive] = useState(0);
  const current = Math.min(active, items.length - 1);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const move = (to: number) => {
      e.preventDefault();
      const next = Math.max(0, Math.min(items.length - 1, to));
      setActive(next);
      document.getElementById(`${id}-${next}`)?.scrollIntoView({ block: 'nearest' });
    };
    if (e.key === 'ArrowDown') move(current + 1);
    else if (e.key === 'ArrowUp') move(current - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(items.length - 1);
    else if (e.key === 'Enter' && items[current]) {
      e.preventDefault();
      onPick(items[current].keyword);
    } else if (e.key === 'ArrowRight' && items[current]?.detail) {
      e.preventDefault();
      onOpen(items[current].detail);
    }
  };
  if (items.length === 0) return null;
  return (
    <ul
      role="listbox"
      aria-label={label}
      tabIndex={0}
      className={className ? `kw-list ${className}` : 'kw-list'}
      aria-activedescendant={`${id}-${current}`}
      onKeyDown={onKeyDown}
    >
      {items.map((item, i) => (
        <li
          key={item.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === current}
          className={item.muted ? 'kw-row muted-row' : 'kw-row'}
          data-keyword={item.keyword}
          onClick={() => {
            setActive(i);
            onPick(item.keyword);
          }}
        >
          {item.cells}
        </li>
      ))}
    </ul>
  );
}

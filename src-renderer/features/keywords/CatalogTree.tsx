// GetCatalog's recursive SetCatalogs as a WAI-ARIA tree: one tab stop; ↑↓ move through the visible nodes,
// → expands (or steps into the first child), ← collapses (or steps out to the parent), Home/End jump,
// Enter/Space toggles.
import { useId, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { SuggestOSCatalogDto } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import { formatWon } from '../../format/money';

interface Visible {
  node: SuggestOSCatalogDto;
  /** The parent's CatalogFullName, which a set catalog's name usually repeats before its own part. */
  parentName: string | undefined;
  path: string;
  level: number;
  parent: string | undefined;
  hasChildren: boolean;
}

function flatten(nodes: SuggestOSCatalogDto[], expanded: Set<string>): Visible[] {
  const out: Visible[] = [];
  const walk = (
    list: SuggestOSCatalogDto[],
    level: number,
    parent: string | undefined,
    parentName: string | undefined,
  ) => {
    list.forEach((node, i) => {
      // Ids may repeat or be absent in what a server sends; the position path is always unique.
      const path = parent === undefined ? String(i) : `${parent}.${i}`;
      const children = node.SetCatalogs ?? [];
      out.push({ node, path, level, parent, parentName, hasChildren: children.length > 0 });
      if (children.length > 0 && expanded.has(path)) walk(children, level + 1, path, node.CatalogFullName);
    });
  };
  walk(nodes, 1, undefined, undefined);
  return out;
}

export function CatalogTree({ roots }: { roots: SuggestOSCatalogDto[] }) {
  const { t, lang } = useI18n();
  const id = useId();
  // Roots start open: the seller asked for this catalog, its first level is what they came to see.
  const [expanded, setExpanded] = useState(() => new Set(roots.map((_, i) => String(i))));
  const [active, setActive] = useState('0');
  const visible = useMemo(() => flatten(roots, expanded), [roots, expanded]);
  const index = Math.max(
    0,
    visible.findIndex((v) => v.path === active),
  );
  const current = visible[index];

  const toggle = (path: string, open?: boolean) =>
    setExpanded((old) => {
      const next = new Set(old);
      if (open ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });
  const focus = (path: string | undefined) => {
    if (path === undefined) return;
    setActive(path);
    document.getElementById(`${id}-${path}`)?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    if (!current) return;
    const handled = () => e.preventDefault();
    switch (e.key) {
      case 'ArrowDown':
        handled();
        focus(visible[Math.min(visible.length - 1, index + 1)]?.path);
        break;
      case 'ArrowUp':
        handled();
        focus(visible[Math.max(0, index - 1)]?.path);
        break;
      case 'Home':
        handled();
        focus(visible[0]?.path);
        break;
      case 'End':
        handled();
        focus(visible.at(-1)?.path);
        break;
      case 'ArrowRight':
        handled();
        if (current.hasChildren && !expanded.has(current.path)) toggle(current.path, true);
        else if (current.hasChildren) focus(`${current.path}.0`);
        break;
      case 'ArrowLeft':
        handled();
        if (current.hasChildren && expanded.has(current.path)) toggle(current.path, false);
        else focus(current.parent);
        break;
      case 'Enter':
      case ' ':
        handled();
        if (current.hasChildren) toggle(current.path);
        break;
    }
  };

  return (
    <ul
      role="tree"
      aria-label={t('kw.catalog.tree')}
      tabIndex={0}
      className="kw-tree"
      aria-activedescendant={current ? `${id}-${current.path}` : undefined}
      onKeyDown={onKeyDown}
    >
      {visible.map((v) => {
        const n = v.node;
        const open = expanded.has(v.path);
        const name = n.CatalogFullName ?? n.ID ?? '';
        // Deep set names repeat every ancestor ('… 화이트 260 단품'); the row shows what this level adds.
        const own =
          v.parentName && name.startsWith(`${v.parentName} `) ? name.slice(v.parentName.length + 1) : name;
        return (
          <li
            key={v.path}
            id={`${id}-${v.path}`}
            role="treeitem"
            aria-level={v.level}
            aria-expanded={v.hasChildren ? open : undefined}
            aria-selected={v.path === current?.path}
            aria-label={name}
            title={n.ID === undefined ? name : `${name} (${n.ID})`}
            className="kw-tree-row"
            style={{ paddingLeft: 6 + (v.level - 1) * 16 }}
            onClick={() => {
              setActive(v.path);
              if (v.hasChildren) toggle(v.path);
            }}
          >
            <span className="kw-tree-twisty" aria-hidden>
              {v.hasChildren ? (open ? '▾' : '▸') : ''}
            </span>
            <span className="kw-tree-name">{own}</span>
            {n.SetAttributeElementName !== undefined && v.hasChildren && (
              <span className="badge badge-neutral">{n.SetAttributeElementName}</span>
            )}
            <span className="kw-tree-meta num muted">
              {n.LowestPrice !== undefined && formatWon(n.LowestPrice, lang).text}
              {n.MatchingItemCount !== undefined &&
                ` · ${t('kw.catalog.items', { count: n.MatchingItemCount })}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

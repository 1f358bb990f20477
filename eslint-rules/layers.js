// The floors of the house as a lint rule: each file belongs to one layer (the longest matching path in the
// table), and an import of another layer's file is an error unless the table lets this layer import it (or,
// where it says so, import only its types). Relative imports are resolved against the importing file, so a
// file three folders down is held to the same table as one at the top. Package imports are left to
// `no-restricted-imports`.
//
// Default deny: under the `within` folders every file must belong to a layer, and no file may import one that
// does not (a new folder is not a way around the table). A path ending in `/*` makes each folder under it a
// layer of its own (`feature:inbox`, `feature:settings`): they share one row of the table and none imports
// another.
import { dirname, relative, resolve, sep } from 'node:path';

/** @typedef {{ paths: string[], may?: string[], typesFrom?: string[], why: string }} Layer */
/** @typedef {{ name: string, label: string }} Place A layer, and the one folder of it where its paths end in `/*`. */

const posix = (root, file) => relative(root, file).split(sep).join('/');

/**
 * The folder a `…/*` path gives `rel` ('inbox' for features/inbox/x.ts, or for the import of features/inbox
 * itself), or undefined: a file lying directly in the `*`'s parent (features/x.ts) is in no folder of it.
 */
function folderUnder(rel, path) {
  const parent = path.slice(0, -1);
  if (!rel.startsWith(parent)) return undefined;
  const [folder, ...rest] = rel.slice(parent.length).split('/');
  return folder && (rest.length > 0 || !folder.includes('.')) ? folder : undefined;
}

/** A path names a file with or without its extension, as an import does (`app/App`, `main.tsx`). */
const sameFile = (rel, path) => [rel, rel.replace(/\.tsx?$/, '')].includes(path.replace(/\.tsx?$/, ''));

/** @returns {Place | undefined} */
function layerOf(file, root, layers) {
  const rel = posix(root, file);
  let best;
  let bestLength = -1;
  for (const [name, layer] of Object.entries(layers)) {
    for (const path of layer.paths) {
      let label = name;
      let hit;
      if (path.endsWith('/*')) {
        const folder = folderUnder(rel, path);
        hit = folder !== undefined;
        label = `${name}:${folder}`;
      } else {
        hit = sameFile(rel, path) || rel.startsWith(path.endsWith('/') ? path : `${path}/`);
      }
      if (hit && path.length > bestLength) {
        best = { name, label };
        bestLength = path.length;
      }
    }
  }
  return best;
}

/** Whether `file` lies in one of the folders where every file must belong to a layer. */
function isWithin(file, root, within) {
  const rel = posix(root, file);
  return within.some((dir) => rel === dir || rel.startsWith(`${dir}/`));
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  // `import { type A, type B } from '…'`: every specifier a type.
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Each layer imports only the layers under it (the floors in the README's Architecture section).",
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: { type: 'object' },
          within: { type: 'array', items: { type: 'string' } },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: '{{from}} may not import {{to}} ({{target}}): {{why}}',
      typesOnly: '{{from}} may import only types from {{to}} ({{target}}): use `import type`. {{why}}',
      unlisted:
        '{{file}} belongs to no layer of the table: put it in a listed folder, or give its folder a row (LAYERS in eslint.config.js).',
      intoUnlisted:
        '{{target}} belongs to no layer of the table, so nothing may import it: put it in a listed folder, or give its folder a row (LAYERS in eslint.config.js).',
    },
  },
  create(context) {
    const { layers, root: rootOption, within = [] } = context.options[0];
    const root = resolve(rootOption ?? context.cwd);
    const from = layerOf(context.filename, root, layers);
    const layer = from ? layers[from.name] : undefined;
    const may = new Set(from ? [from.name, ...(layer.may ?? [])] : []);
    const typesFrom = new Set(layer?.typesFrom ?? []);

    function check(node, source, typeOnly) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source.value);
      const to = layerOf(target, root, layers);
      if (!to) {
        if (isWithin(target, root, within))
          context.report({ node: source, messageId: 'intoUnlisted', data: { target: source.value } });
        return;
      }
      // Files outside the table (tests, bench, scripts) may import any layer.
      if (!from || to.label === from.label) return;
      // One folder of a `/*` row imports no sibling: its row is not in its own `may`.
      if (may.has(to.name) && to.name !== from.name) return;
      const data = { from: from.label, to: to.label, target: source.value, why: layer.why };
      if (typesFrom.has(to.name)) {
        if (!typeOnly) context.report({ node: source, messageId: 'typesOnly', data });
        return;
      }
      context.report({ node: source, messageId: 'forbidden', data });
    }

    return {
      Program: (node) => {
        if (!from && isWithin(context.filename, root, within))
          context.report({ node, messageId: 'unlisted', data: { file: posix(root, context.filename) } });
      },
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal ?? node.argument, true),
    };
  },
};

export default { rules: { layers: layersRule } };

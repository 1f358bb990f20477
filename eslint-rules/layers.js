// The floors of the house as a lint rule: each file belongs to one layer (the longest matching path in the
// table), and an import of another layer's file is an error unless the table lets this layer import it (or,
// where it says so, import only its types). Relative imports are resolved against the importing file, so a
// file three folders down is held to the same table as one at the top. Package imports are left to
// `no-restricted-imports`.
import { dirname, relative, resolve, sep } from 'node:path';

/** @typedef {{ paths: string[], may?: string[], typesFrom?: string[], why: string }} Layer */

function layerOf(file, root, layers) {
  const rel = relative(root, file).split(sep).join('/');
  let best;
  let bestLength = -1;
  for (const [name, layer] of Object.entries(layers)) {
    for (const path of layer.paths) {
      const hit =
        rel === path || rel.startsWith(path.endsWith('/') ? path : `${path}/`) || rel === `${path}.ts`;
      if (hit && path.length > bestLength) {
        best = name;
        bestLength = path.length;
      }
    }
  }
  return best;
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
        properties: { root: { type: 'string' }, layers: { type: 'object' } },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      forbidden: '{{from}} may not import {{to}} ({{target}}): {{why}}',
      typesOnly: '{{from}} may import only types from {{to}} ({{target}}): use `import type`. {{why}}',
    },
  },
  create(context) {
    const { layers, root: rootOption } = context.options[0];
    const root = resolve(rootOption ?? context.cwd);
    const from = layerOf(context.filename, root, layers);
    if (!from) return {};
    const layer = layers[from];
    const may = new Set([from, ...(layer.may ?? [])]);
    const typesFrom = new Set(layer.typesFrom ?? []);

    function check(node, source, typeOnly) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolve(dirname(context.filename), source.value);
      const to = layerOf(target, root, layers);
      if (!to || may.has(to)) return;
      const data = { from, to, target: source.value, why: layer.why };
      if (typesFrom.has(to)) {
        if (!typeOnly) context.report({ node: source, messageId: 'typesOnly', data });
        return;
      }
      context.report({ node: source, messageId: 'forbidden', data });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal ?? node.argument, true),
    };
  },
};

export default { rules: { layers: layersRule } };

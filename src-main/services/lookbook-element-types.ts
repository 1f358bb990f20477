import type { LookbookElementKind, LookbookTemplate } from '../contract/lookbook';

// The spec defines neither ElementType nor TemplateType. These are the sandbox's documented values, the only
// ones the app knows; anything else reaches the renderer as 'unknown' with its raw number so the seller sees
// "ElementType 9" instead of a guess.
const ELEMENT_KINDS: Readonly<Record<number, Exclude<LookbookElementKind, 'unknown'>>> = {
  1: 'image',
  2: 'html',
  3: 'text',
};

const TEMPLATES: Readonly<Record<number, LookbookTemplate>> = {
  1: 'full-width',
  2: 'two-column',
  3: 'banner',
};

export function elementKind(elementType: number | undefined): LookbookElementKind {
  return (
    (elementType !== undefined && Object.hasOwn(ELEMENT_KINDS, elementType) && ELEMENT_KINDS[elementType]) ||
    'unknown'
  );
}

export function templateOf(templateType: number | undefined): LookbookTemplate | undefined {
  return templateType !== undefined && Object.hasOwn(TEMPLATES, templateType)
    ? TEMPLATES[templateType]
    : undefined;
}

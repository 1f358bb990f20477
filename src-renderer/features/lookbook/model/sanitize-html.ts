// Untrusted lookbook HTML, made safe to show. DOMPurify runs here in the renderer because it needs a real DOM
// parser (the same one that will render the result). The output is still shown only inside a sandboxed iframe
// without scripts, so a sanitizer miss cannot run either.
import DOMPurify from 'dompurify';
import type { Config } from 'dompurify';
import { htmlImage, httpUrl } from './link-url';
import type { ImagePolicy } from './link-url';

export interface SanitizedHtml {
  html: string;
  /** What was taken out, one readable line each ("<script>", "onerror=… on <img>"); empty when unchanged. */
  removed: string[];
  /** The http(s) links the HTML held: inert in the preview, offered as buttons that open the OS browser. */
  links: { href: string; text: string }[];
}

// HTML only (no SVG or MathML namespaces: the usual home of mutation XSS); no forms, frames, embedded objects,
// media, <base>, <meta> or <link>; no styles at all, so nothing can be positioned outside its box; no data-*
// attributes. URLs: http(s) or relative (resolved against the API host); data: only for images (DOMPurify's
// DATA_URI_TAGS, narrowed to data:image/ in the hook below).
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'video',
    'audio',
    'source',
    'track',
    'template',
  ],
  FORBID_ATTR: ['style', 'srcset', 'formaction', 'action', 'background', 'ping', 'poster'],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  // Without it a leading <script>, <style> or <meta> is parsed into <head> and dropped silently, missing from
  // the audit. DOMPurify marks the forced body with a <remove> element that it then removes itself.
  FORCE_BODY: true,
  // DOM clobbering: elements named like DOM properties (<form><input name=parentNode>) are removed
  // (SANITIZE_DOM), and every id and name that stays is prefixed "user-content-", so nothing in the output
  // can shadow a property of the document or of another element either.
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
};

// DOM properties read through the prototypes' own getters and methods: a clobbered element (a <form> whose
// <input name=nodeName> shadows its nodeName) cannot answer with one of its children instead. The hook and the
// audit both read removed and kept nodes this way.
const getter = (name: 'nodeName' | 'textContent') =>
  Object.getOwnPropertyDescriptor(Node.prototype, name)!.get! as (this: Node) => string | null;
const nodeName = (n: Node): string => String(getter('nodeName').call(n)).toLowerCase();
const textOf = (n: Node): string => String(getter('textContent').call(n) ?? '');
const getAttr = (el: Element, name: string): string | null => Element.prototype.getAttribute.call(el, name);
const setAttr = (el: Element, name: string, value: string): void =>
  Element.prototype.setAttribute.call(el, name, value);
const removeAttr = (el: Element, name: string): void => Element.prototype.removeAttribute.call(el, name);

let purifier: ReturnType<typeof DOMPurify> | undefined;
// Hooks are per instance and sanitize() is synchronous, so one module-level collector per call is safe.
let current:
  { baseUrl: string; images: ImagePolicy; removed: string[]; links: SanitizedHtml['links'] } | undefined;

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);

function instance(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (!current || !(node instanceof Element)) return;
    const tag = nodeName(node);
    if (tag === 'img') {
      const raw = getAttr(node, 'src');
      if (raw !== null) {
        const src = htmlImage(raw, current.baseUrl, current.images);
        if (src === undefined) {
          removeAttr(node, 'src');
          current.removed.push(`src="${clip(raw)}" on <img>`);
        } else setAttr(node, 'src', src);
      }
    }
    if (tag === 'a' || tag === 'area') {
      const raw = getAttr(node, 'href');
      if (raw !== null) {
        const href = httpUrl(resolve(raw, current.baseUrl));
        if (href !== undefined) current.links.push({ href, text: textOf(node).trim() || href });
        else current.removed.push(`href="${clip(raw)}" on <${tag}>`);
      }
      // Links stay inert in the preview; the list under the element opens them through the host. A target is
      // an attempt to leave the page (a popup or the top window), so its removal is reported.
      removeAttr(node, 'href');
      const target = getAttr(node, 'target');
      if (target !== null) {
        removeAttr(node, 'target');
        current.removed.push(`target="${clip(target)}" on <${tag}>`);
      }
    }
  });
  purifier = p;
  return p;
}

function resolve(raw: string, baseUrl: string): string {
  try {
    return new URL(raw.trim(), baseUrl).href;
  } catch {
    return raw;
  }
}

type Removed = ReturnType<typeof DOMPurify>['removed'][number];

function describe(entry: Removed): string | undefined {
  if ('element' in entry) {
    const name = nodeName(entry.element);
    if (name === '#text') return undefined;
    return name === '#comment' ? '<!-- comment -->' : `<${name}>`;
  }
  if (entry.attribute) {
    const from = nodeName(entry.from);
    return `${entry.attribute.name}="${clip(entry.attribute.value)}" on <${from}>`;
  }
  return undefined;
}

/**
 * `images` decides which <img> sources survive (see ImagePolicy: the hosts the lookbook's own image fields name,
 * and the sandbox's image route); the others lose their src and are listed as removed.
 */
export function sanitizeLookbookHtml(dirty: string, baseUrl: string, images: ImagePolicy): SanitizedHtml {
  const p = instance();
  current = { baseUrl, images, removed: [], links: [] };
  try {
    const html = p.sanitize(dirty, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
    const entries = p.removed.filter(
      (e, i) => !(i === 0 && 'element' in e && nodeName(e.element) === 'remove'),
    );
    const removed = [
      ...new Set([...entries.map(describe).filter((d): d is string => d !== undefined), ...current.removed]),
    ];
    return { html, removed, links: current.links };
  } finally {
    current = undefined;
  }
}

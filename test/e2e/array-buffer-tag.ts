// The key under which the E2E harness sends an ArrayBuffer (as base64) through its JSON bridge to the page.
export const ARRAY_BUFFER_TAG = '__deskArrayBuffer';

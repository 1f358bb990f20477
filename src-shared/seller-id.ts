// A seller ID as the marketplace knows it: one word, without spaces or markup characters. The lookbook's seller
// field, the connection profile's seller IDs and the host's settings schema ask this one question, so an ID typed
// with a space is refused where it is typed instead of failing every refresh as "not this account's seller".

/** No whitespace and none of < > " ' &. */
const SELLER_ID = /^[^\s<>"'&]+$/;

export function isSellerId(text: string): boolean {
  return SELLER_ID.test(text);
}

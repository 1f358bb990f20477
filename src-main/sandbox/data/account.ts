// The sandbox's one master account and its three sellers. The LAST seller, BROKEN_SELLER_ID ('hongdae_closet'),
// owns the deliberately broken lookbook (see lookbooks.ts for its list of defects); the other two are clean.
const MASTER_ACCOUNT_ID = 'sellerdesk_master';
export const SELLER_IDS = ['gangnam_style', 'seoul_mart', 'hongdae_closet'] as const;
export type SellerId = (typeof SELLER_IDS)[number];
export const BROKEN_SELLER_ID: SellerId = 'hongdae_closet';

export interface SandboxAccount {
  masterId: string;
  /** Seller IDs; the last one is BROKEN_SELLER_ID. */
  sellerIds: string[];
  brokenSellerId: string;
}

export function createAccount(): SandboxAccount {
  return { masterId: MASTER_ACCOUNT_ID, sellerIds: [...SELLER_IDS], brokenSellerId: BROKEN_SELLER_ID };
}

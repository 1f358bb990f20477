// One note model. A buyer note (the spec's SendNote) is described here once, field by field, and everything
// that handles notes is derived from this table: the inbox's note type, the mirror database's columns and its
// change test, the inbox's compact period payload, the export's columns and headers, and the command line's
// columns. The spec's two closed value sets (reply status, inquiry type) live here too, so the schema, the
// sandbox, the store and the renderer all read the same lists. docs/adding-a-field.md walks through a change.
//
// Pure data and types: both processes import it.

/** The statuses a note has (the request filter adds 'All'). */
export const REPLY_STATUSES = ['NoReply', 'ReplyComplete'] as const;
export type NoteReplyStatus = (typeof REPLY_STATUSES)[number];

/** SearchQueryType as the spec lists it; 'All' is a value the spec allows, though no note we know carries it. */
export const QUERY_TYPES = ['All', 'Item', 'Shipping', 'Exchange', 'Refund', 'Other'] as const;
export type NoteQueryType = (typeof QUERY_TYPES)[number];
/** The inquiry types a seller filters by (the chips). */
export const INQUIRY_TYPES = QUERY_TYPES.filter(
  (t): t is Exclude<NoteQueryType, 'All'> => t !== 'All',
) as readonly Exclude<NoteQueryType, 'All'>[];

/** How a field's value is carried. */
export type NoteFieldKind =
  /** xsd:int, a JS number. */
  | 'int'
  | 'text'
  /** xsd:long as its decimal text (it may exceed 2^53). */
  | 'long'
  /** xsd:dateTime exactly as the marketplace sent it. */
  | 'dateTime'
  | 'replyStatus'
  | 'queryType';

export interface NoteField {
  /** The property of an InboxNote. */
  readonly key: string;
  /** The SendNote attribute it comes from (src-main/schema/records.ts; a test keeps the two in step). */
  readonly wire: string;
  readonly kind: NoteFieldKind;
  /** Absent on the wire means absent in the note (instead of '' or a default). */
  readonly optional?: boolean;
  /** The mirror database's column. */
  readonly column: string;
  /**
   * How the period payload carries the column: 'plain' one value per note; 'dict' an index into a list of the
   * distinct values (few distinct values: sellers, buyers, items); 'code' an index into the field's closed set.
   */
  readonly payload: 'plain' | 'dict' | 'code';
  /** Export header (Korean first) and its column width in a spreadsheet. */
  readonly label: { readonly ko: string; readonly en: string };
  readonly exportOrder: number;
  readonly exportWidth: number;
  /** A column of `desk notes`'s table (CSV and JSON carry every field). */
  readonly table?: {
    readonly order: number;
    readonly title?: string;
    readonly align?: 'right';
    readonly max?: number;
  };
  /** Part of the free-text search (words, and numbers whole or partial: src-shared/note-search.ts). */
  readonly searched?: boolean;
  /**
   * A line of the inbox's note pane, under the fields it lays out itself, labelled by the message
   * `inbox.field.<key>` (a test holds both languages to it). The fields the table has today are laid out by hand,
   * with their buttons; a new field with `detail: true` needs no change to the pane.
   */
  readonly detail?: boolean;
  /**
   * A column of the inbox's list, after the columns it lays out itself, headed by the same message
   * `inbox.field.<key>`; its grid track, one or per UI language (features/inbox/model/list-columns.ts).
   */
  readonly list?: { readonly width: string | { readonly ko: string; readonly en: string } };
}

/** SendNote's attributes in the spec's order (the command line's CSV header follows it). */
export const NOTE_FIELDS = [
  {
    key: 'seqNo',
    wire: 'SeqNo',
    kind: 'int',
    column: 'seq_no',
    payload: 'plain',
    label: { ko: '문의번호', en: 'Note no.' },
    exportOrder: 0,
    exportWidth: 10,
    table: { order: 0, align: 'right' },
    searched: true,
  },
  {
    key: 'buyerId',
    wire: 'BuyerID',
    kind: 'text',
    column: 'buyer_id',
    payload: 'dict',
    label: { ko: '구매자 ID', en: 'Buyer ID' },
    exportOrder: 4,
    exportWidth: 16,
    table: { order: 5, title: 'Buyer' },
    searched: true,
  },
  {
    key: 'sellerId',
    wire: 'SellerID',
    kind: 'text',
    column: 'seller_id',
    payload: 'dict',
    label: { ko: '판매자 ID', en: 'Seller ID' },
    exportOrder: 3,
    exportWidth: 14,
    table: { order: 4, title: 'Seller' },
  },
  {
    key: 'itemNo',
    wire: 'ItemNo',
    kind: 'text',
    column: 'item_no',
    payload: 'dict',
    label: { ko: '상품번호', en: 'Item no.' },
    exportOrder: 5,
    exportWidth: 12,
    table: { order: 7 },
    searched: true,
  },
  {
    key: 'itemName',
    wire: 'ItemName',
    kind: 'text',
    column: 'item_name',
    payload: 'dict',
    label: { ko: '상품명', en: 'Item name' },
    exportOrder: 6,
    exportWidth: 30,
    searched: true,
  },
  {
    key: 'orderNo',
    wire: 'OrderNo',
    kind: 'long',
    optional: true,
    column: 'order_no',
    payload: 'dict',
    label: { ko: '주문번호', en: 'Order no.' },
    exportOrder: 7,
    exportWidth: 20,
    table: { order: 6, align: 'right' },
    searched: true,
  },
  {
    key: 'insDate',
    wire: 'InsDate',
    kind: 'dateTime',
    column: 'ins_date',
    payload: 'plain',
    label: { ko: '받은 시각', en: 'Received' },
    exportOrder: 8,
    exportWidth: 20,
    table: { order: 1 },
  },
  {
    key: 'title',
    wire: 'Title',
    kind: 'text',
    column: 'title',
    payload: 'plain',
    label: { ko: '제목', en: 'Title' },
    exportOrder: 9,
    exportWidth: 24,
    table: { order: 8, max: 40 },
    searched: true,
  },
  {
    key: 'content',
    wire: 'Content',
    kind: 'text',
    column: 'content',
    payload: 'plain',
    label: { ko: '내용', en: 'Content' },
    exportOrder: 10,
    exportWidth: 60,
    searched: true,
  },
  {
    key: 'replyStatus',
    wire: 'ReplyStatus',
    kind: 'replyStatus',
    column: 'reply_status',
    payload: 'code',
    label: { ko: '상태', en: 'Status' },
    exportOrder: 1,
    exportWidth: 10,
    table: { order: 2, title: 'Status' },
  },
  {
    key: 'queryType',
    wire: 'SearchQueryType',
    kind: 'queryType',
    column: 'query_type',
    payload: 'code',
    label: { ko: '유형', en: 'Type' },
    exportOrder: 2,
    exportWidth: 8,
    table: { order: 3, title: 'Type' },
  },
] as const satisfies readonly NoteField[];

export type NoteFieldSpec = (typeof NOTE_FIELDS)[number];
export type NoteFieldKey = NoteFieldSpec['key'];

type ValueOfKind<K extends NoteFieldKind> = K extends 'int'
  ? number
  : K extends 'replyStatus'
    ? NoteReplyStatus
    : K extends 'queryType'
      ? NoteQueryType
      : string;

type Required_<F> = F extends { optional: true } ? never : F;
type Optional_<F> = F extends { optional: true } ? F : never;

/** The fields of a note as the table declares them. */
export type NoteFieldValues = {
  [F in Required_<NoteFieldSpec> as F['key']]: ValueOfKind<F['kind']>;
} & {
  [F in Optional_<NoteFieldSpec> as F['key']]?: ValueOfKind<F['kind']>;
};

/**
 * What the mirror derives per note and sends with the inbox's period, one number per note: a derived column's
 * data (docs/adding-a-column.md). None today. A key added here must get its query in the store's table
 * (storage/derived-columns.ts, checked by type), travels in the period payload and lands on the note by itself.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- keys are added by the column recipe
export interface NoteDerived {}

/** One note as the inbox keeps it: every field of the table (absent text is ''), plus its instant. */
export type InboxNote = NoteFieldValues &
  Partial<NoteDerived> & {
    /** Epoch ms of insDate (Korean time when the marketplace sent no offset). */
    at: number;
  };

/** The closed set a 'code' field's values index into. */
export const CODE_VALUES: Readonly<Record<'replyStatus' | 'queryType', readonly string[]>> = {
  replyStatus: REPLY_STATUSES,
  queryType: QUERY_TYPES,
};

/** Export and command-line words for the closed values. */
export const NOTE_VALUE_LABELS = {
  ko: {
    NoReply: '미답변',
    ReplyComplete: '답변 완료',
    All: '전체',
    Item: '상품',
    Shipping: '배송',
    Exchange: '교환',
    Refund: '환불',
    Other: '기타',
  },
  en: {
    NoReply: 'No reply',
    ReplyComplete: 'Replied',
    All: 'All',
    Item: 'Item',
    Shipping: 'Shipping',
    Exchange: 'Exchange',
    Refund: 'Refund',
    Other: 'Other',
  },
} as const satisfies Record<'ko' | 'en', Record<NoteReplyStatus | NoteQueryType, string>>;

/** The table in export order. */
export const EXPORT_FIELDS: readonly NoteFieldSpec[] = [...NOTE_FIELDS].sort(
  (a, b) => a.exportOrder - b.exportOrder,
);

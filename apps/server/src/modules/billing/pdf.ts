import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BillingPaper, BillItem, PaymentMode } from '@caredesk/shared';
import { PAYMENT_MODE_LABELS } from '@caredesk/shared';
import PDFDocument from 'pdfkit';

/**
 * Receipts, invoices and credit notes as PDF on A5 or an 80 mm thermal roll (design.md §10).
 * Pure: it draws what documents.ts loaded, so its tests need no database.
 */

type Paper = BillingPaper;

export type BillingDocumentKind = 'RECEIPT' | 'INVOICE' | 'CREDIT_NOTE';

export interface BillingDocument {
  kind: BillingDocumentKind;
  number: string;
  /** The business date (YYYY-MM-DD) and, for money moved, the moment it moved. */
  date: string;
  at: Date | null;
  timeZone: string;
  issuer: { organisationName: string; facilityName: string | null; address: string | null; phone: string | null; gstin: string | null };
  patient: { name: string | null; uhid: string | null };
  bill: {
    number: string;
    items: BillItem[];
    subtotalPaise: number;
    discountPaise: number;
    taxPaise: number;
    totalPaise: number;
    paidPaise: number;
    refundedPaise: number;
  };
  /** The money this receipt or credit note is for (an invoice has none). */
  money: { amountPaise: number; mode: PaymentMode; reference: string | null; reason: string | null } | null;
}

/** PDF points (1/72 inch). A5 is 148 × 210 mm; the roll is 80 mm wide and as long as the receipt. */
const A5: [number, number] = [419.53, 595.28];
const THERMAL_WIDTH = 226.77;

interface Layout {
  margin: number;
  body: number;
  small: number;
  title: number;
}
const LAYOUTS: Record<Paper, Layout> = {
  a5: { margin: 36, body: 9.5, small: 7.5, title: 14 },
  thermal: { margin: 10, body: 8, small: 6.5, title: 11 },
};

/**
 * Noto Sans from @fontsource (OFL), read from node_modules at run time: the 14 standard PDF fonts
 * have no ₹ (U+20B9, in the latin-ext subset) and no Devanagari for a patient's name in Hindi.
 */
const FONT_FILES = {
  latin: 'latin-400',
  latinBold: 'latin-700',
  ext: 'latin-ext-400',
  extBold: 'latin-ext-700',
  deva: 'devanagari-400',
  devaBold: 'devanagari-700',
} as const;
type FontName = keyof typeof FONT_FILES;
type Doc = InstanceType<typeof PDFDocument>;
/** The part of a fontkit face (pdfkit's parser) this file asks about. */
interface Face {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
/**
 * Parsed once per process: unpacking six WOFF files took most of a second per document. pdfkit
 * takes a parsed face as a font source and subsets it per document, so sharing one is safe.
 */
let parsedFaces: Record<FontName, Face> | undefined;

function registerFonts(doc: Doc): Record<FontName, Face> {
  const names = Object.keys(FONT_FILES) as FontName[];
  if (parsedFaces) {
    for (const name of names) doc.registerFont(name, parsedFaces[name] as unknown as Buffer);
    return parsedFaces;
  }
  const require = createRequire(import.meta.url);
  const faces = {} as Record<FontName, Face>;
  for (const name of names) {
    doc.registerFont(name, readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${FONT_FILES[name]}-normal.woff`)));
    // pdfkit does not expose the face it parsed; it is the one place that knows a subset's coverage.
    faces[name] = (doc.font(name) as unknown as { _font: { font: Face } })._font.font;
  }
  parsedFaces = faces;
  return faces;
}

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '₹12,34,567.50': Indian digit grouping (lakh, crore). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  return `${sign}₹${INR.format(Math.abs(paise) / 100)}`;
}

/** '27 Nov 2026' from a calendar date, whatever the server's own zone. */
export function formatDocumentDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

function formatTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hour12: true, timeZone }).format(at);
}

const TITLES: Record<BillingDocumentKind, string> = { RECEIPT: 'Receipt', INVOICE: 'Tax invoice', CREDIT_NOTE: 'Credit note' };
/** GST law: an invoice of exempt services only is a bill of supply, not a tax invoice. */
export function documentTitle(document: BillingDocument): string {
  if (document.kind === 'INVOICE' && (document.bill.taxPaise === 0 || !document.issuer.gstin)) return 'Bill of supply';
  return TITLES[document.kind];
}

export function documentFileName(document: BillingDocument): string {
  return `${documentTitle(document).toLowerCase().replaceAll(' ', '-')}-${document.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Draws with whichever Noto subset has each character, switching within a line as needed. */
class Writer {
  y: number;
  readonly left: number;
  readonly right: number;
  private readonly faces: Record<FontName, Face>;

  constructor(
    readonly doc: Doc,
    readonly layout: Layout,
    readonly pageHeight: number,
  ) {
    this.left = layout.margin;
    this.right = doc.page.width - layout.margin;
    this.y = layout.margin;
    this.faces = registerFonts(doc);
  }

  private fontFor(char: string, bold: boolean): FontName {
    const codePoint = char.codePointAt(0)!;
    const order: FontName[] = bold ? ['latinBold', 'extBold', 'devaBold'] : ['latin', 'ext', 'deva'];
    // Marks and joiners stay with the letters before them (Devanagari shaping needs them together).
    return order.find((name) => this.faces[name].hasGlyphForCodePoint(codePoint)) ?? order[0]!;
  }

  private runs(text: string, bold: boolean): { font: FontName; text: string }[] {
    const runs: { font: FontName; text: string }[] = [];
    for (const char of text) {
      const isSpace = /\s/.test(char);
      const font = isSpace && runs.length ? runs.at(-1)!.font : this.fontFor(char, bold);
      if (runs.at(-1)?.font === font) runs.at(-1)!.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  width(text: string, size: number, bold = false): number {
    return this.runs(text, bold).reduce((sum, run) => sum + this.doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
  }

  /** One line at (x, y), cut with an ellipsis to fit `maxWidth`. */
  line(text: string, x: number, options: { size: number; bold?: boolean; align?: 'left' | 'right' | 'center'; maxWidth?: number; y?: number }): void {
    const bold = options.bold ?? false;
    const maxWidth = options.maxWidth ?? this.right - x;
    let shown = text;
    while (shown.length > 1 && this.width(shown, options.size, bold) > maxWidth) shown = `${shown.slice(0, -2).trimEnd()}…`;
    const width = this.width(shown, options.size, bold);
    let cursor = options.align === 'right' ? x + maxWidth - width : options.align === 'center' ? x + (maxWidth - width) / 2 : x;
    const y = options.y ?? this.y;
    for (const run of this.runs(shown, bold)) {
      this.doc.font(run.font).fontSize(options.size).text(run.text, cursor, y, { lineBreak: false });
      cursor += this.doc.widthOfString(run.text);
    }
  }

  /** Text wrapped within `width`, several lines: one font per word is enough for addresses and names. */
  wrapped(text: string, x: number, width: number, options: { size: number; bold?: boolean; align?: 'left' | 'center' }): void {
    const words = text.split(/\s+/).filter(Boolean);
    let current = '';
    const lines: string[] = [];
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.width(candidate, options.size, options.bold) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    if (current) lines.push(current);
    for (const line of lines) {
      this.ensure(options.size * 1.4);
      this.line(line, x, { ...options, maxWidth: width });
      this.y += options.size * 1.35;
    }
  }

  /** A label on the left and an amount on the right. */
  pair(label: string, value: string, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? this.layout.body;
    this.ensure(size * 1.5);
    const valueWidth = this.width(value, size, options.bold);
    this.line(label, this.left, { size, bold: options.bold, maxWidth: this.right - this.left - valueWidth - 6 });
    this.line(value, this.left, { size, bold: options.bold, align: 'right', maxWidth: this.right - this.left });
    this.y += size * 1.5;
  }

  rule(gap = 4): void {
    this.y += gap / 2;
    const stroke = this.doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.6).strokeColor('#555555');
    // A thermal roll prints dashes, as its receipts usually are; A5 gets a solid rule.
    if (this.layout === LAYOUTS.thermal) stroke.dash(2, { space: 2 });
    stroke.stroke().undash();
    this.y += gap;
  }

  /** A new A5 page when the next block would not fit (the roll is measured first, so it never breaks). */
  ensure(height: number): void {
    if (this.y + height <= this.pageHeight - this.layout.margin) return;
    this.doc.addPage();
    this.y = this.layout.margin;
  }
}

function gstText(rateBp: number): string {
  return rateBp === 0 ? 'GST exempt' : `GST ${rateBp / 100}%`;
}

function draw(writer: Writer, document: BillingDocument): void {
  const { layout } = writer;
  const width = writer.right - writer.left;
  const { issuer, bill, money } = document;

  writer.wrapped(issuer.organisationName, writer.left, width, { size: layout.title, bold: true, align: 'center' });
  if (issuer.facilityName && issuer.facilityName !== issuer.organisationName) writer.wrapped(issuer.facilityName, writer.left, width, { size: layout.body, align: 'center' });
  if (issuer.address) writer.wrapped(issuer.address, writer.left, width, { size: layout.small, align: 'center' });
  if (issuer.phone) writer.wrapped(`Phone ${issuer.phone}`, writer.left, width, { size: layout.small, align: 'center' });
  if (issuer.gstin) writer.wrapped(`GSTIN ${issuer.gstin}`, writer.left, width, { size: layout.small, align: 'center' });
  writer.rule(6);

  writer.wrapped(documentTitle(document), writer.left, width, { size: layout.title - 1, bold: true, align: 'center' });
  writer.pair('Number', document.number, { bold: true });
  const when = document.at ? `${formatDocumentDate(document.date)}, ${formatTime(document.at, document.timeZone)}` : formatDocumentDate(document.date);
  writer.pair('Date', when);
  if (document.kind !== 'INVOICE') writer.pair('Bill', bill.number);
  writer.pair('Patient', document.patient.name ?? 'Walk-in');
  if (document.patient.uhid) writer.pair('UHID', document.patient.uhid);
  writer.rule(6);

  writer.pair('Item', 'Amount', { size: layout.small, bold: true });
  for (const item of bill.items) {
    writer.pair(item.description, formatRupees(item.amountPaise));
    const details = [
      item.sacCode ? `SAC/HSN ${item.sacCode}` : null,
      item.quantity > 1 ? `${item.quantity} × ${formatRupees(item.unitPricePaise)}` : null,
      gstText(item.gstRateBp),
    ];
    writer.ensure(layout.small * 1.6);
    writer.line(details.filter(Boolean).join(' · '), writer.left + 6, { size: layout.small });
    writer.y += layout.small * 1.6;
  }
  writer.rule(6);

  writer.pair('Subtotal', formatRupees(bill.subtotalPaise));
  if (bill.discountPaise > 0) writer.pair('Discount', formatRupees(-bill.discountPaise));
  if (bill.taxPaise > 0) {
    // Intra-state supply: GST is charged half as CGST and half as SGST.
    const central = Math.floor(bill.taxPaise / 2);
    writer.pair('CGST', formatRupees(central), { size: layout.small });
    writer.pair('SGST', formatRupees(bill.taxPaise - central), { size: layout.small });
  }
  writer.pair('Total', formatRupees(bill.totalPaise), { bold: true });

  if (money) {
    writer.rule(6);
    const label = document.kind === 'CREDIT_NOTE' ? 'Refunded' : 'Received';
    writer.pair(`${label} (${PAYMENT_MODE_LABELS[money.mode]})`, formatRupees(money.amountPaise), { bold: true, size: layout.body + 1 });
    if (money.reference) writer.pair('Reference', money.reference, { size: layout.small });
    if (money.reason) writer.wrapped(`Reason: ${money.reason}`, writer.left, width, { size: layout.small });
  }
  writer.pair('Paid to date', formatRupees(bill.paidPaise - bill.refundedPaise), { size: layout.small });
  const due = bill.totalPaise - bill.paidPaise;
  if (due > 0) writer.pair('Due', formatRupees(due), { size: layout.small, bold: true });
  writer.y += layout.small;
  writer.wrapped('This is a computer-generated document and needs no signature.', writer.left, width, { size: layout.small, align: 'center' });
}

function render(document: BillingDocument, paper: Paper, pageHeight: number): { bytes: Promise<Buffer>; height: number } {
  const layout = LAYOUTS[paper];
  const size: [number, number] = paper === 'a5' ? A5 : [THERMAL_WIDTH, pageHeight];
  // Dated from the document, not the clock, so the same receipt renders the same bytes' content;
  // the title names the document only: no patient data in metadata a viewer shows everywhere.
  const doc = new PDFDocument({ size, margin: layout.margin, autoFirstPage: true, info: { Title: `${documentTitle(document)} ${document.number}`, Creator: 'CareDesk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const writer = new Writer(doc, layout, size[1]);
  draw(writer, document);
  // A line's height of slack: the last line's own fit check must not start a second page.
  const height = writer.y + layout.margin + layout.body * 2;
  doc.end();
  return { bytes, height };
}

/** The document as PDF bytes. The roll is drawn twice: once to measure, once cut to length. */
export async function renderBillingPdf(document: BillingDocument, paper: Paper): Promise<Buffer> {
  if (paper === 'a5') return render(document, paper, A5[1]).bytes;
  const measured = render(document, paper, 20_000);
  await measured.bytes;
  return render(document, paper, Math.ceil(measured.height)).bytes;
}

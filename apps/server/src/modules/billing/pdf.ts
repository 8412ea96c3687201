import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BillingPaper, BillItem, Language, PaymentMode } from '@caredesk/shared';
import PDFDocument from 'pdfkit';
import { translate, type MessageId, type MessageValues } from '../../lib/i18n/index.js';

/**
 * Receipts, invoices and credit notes as PDF on A5 or an 80 mm thermal roll (design.md §10).
 * Pure: it draws what documents.ts loaded, so its tests need no database. In a patient's own
 * language each label is followed by its English, as Indian bills are: the patient reads theirs,
 * and the desk, an insurer or an auditor reads the same paper.
 */

type Paper = BillingPaper;

export type BillingDocumentKind = 'RECEIPT' | 'INVOICE' | 'CREDIT_NOTE';

export interface BillingDocument {
  kind: BillingDocumentKind;
  /** The patient's language: the labels' and the dates' (its English goes alongside). */
  language: Language;
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
 * have no ₹ (U+20B9, in the latin-ext subset) and none of the Indic scripts of a patient's name or
 * of the labels in their language. Each script's face is Noto's own for it (its shaping tables
 * join Kannada and Tamil conjuncts), tried in this order for each character.
 */
const FONT_FILES = {
  latin: 'noto-sans/files/noto-sans-latin',
  ext: 'noto-sans/files/noto-sans-latin-ext',
  deva: 'noto-sans/files/noto-sans-devanagari',
  knda: 'noto-sans-kannada/files/noto-sans-kannada-kannada',
  taml: 'noto-sans-tamil/files/noto-sans-tamil-tamil',
} as const;
type Script = keyof typeof FONT_FILES;
const SCRIPTS = Object.keys(FONT_FILES) as Script[];
type FontName = `${Script}-${400 | 700}`;
type Doc = InstanceType<typeof PDFDocument>;
/** The part of a fontkit face (pdfkit's parser) this file asks about. */
interface Face {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
/**
 * Parsed once per process, each on first use: unpacking six of these files took most of a
 * second per document, and an English receipt needs two of the ten. pdfkit takes a parsed face
 * as a font source and subsets it per document, so sharing one is safe.
 */
const parsedFaces = new Map<FontName, Face>();
const requireFont = createRequire(import.meta.url);

/** The face, registered with this document under its name. */
function faceIn(doc: Doc, registered: Set<FontName>, name: FontName): Face {
  if (!registered.has(name)) {
    const parsed = parsedFaces.get(name);
    const [script, weight] = name.split('-') as [Script, string];
    doc.registerFont(name, parsed ? (parsed as unknown as Buffer) : readFileSync(requireFont.resolve(`@fontsource/${FONT_FILES[script]}-${weight}-normal.woff`)));
    registered.add(name);
    // pdfkit does not expose the face it parsed; it is the one place that knows a subset's coverage.
    if (!parsed) parsedFaces.set(name, (doc.font(name) as unknown as { _font: { font: Face } })._font.font);
  }
  return parsedFaces.get(name)!;
}

/** Noto Sans's ascender (1069 of 1000 units): where the first line's baseline falls below its top. */
const LATIN_ASCENDER = 1.069;

const INR = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '₹12,34,567.50': Indian digit grouping (lakh, crore). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '−' : '';
  return `${sign}₹${INR.format(Math.abs(paise) / 100)}`;
}

/** '27 Nov 2026' ('27 नव॰ 2026' in Hindi) from a calendar date, whatever the server's own zone. */
export function formatDocumentDate(isoDate: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(`${language}-IN`, { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

function formatTime(at: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(`${language}-IN`, { hour: '2-digit', minute: '2-digit', hour12: true, timeZone }).format(at);
}

type TitleKey = 'RECEIPT' | 'INVOICE' | 'BILL_OF_SUPPLY' | 'CREDIT_NOTE';
/** GST law: an invoice of exempt services only is a bill of supply, not a tax invoice. */
function titleKey(document: BillingDocument): TitleKey {
  if (document.kind === 'INVOICE' && (document.bill.taxPaise === 0 || !document.issuer.gstin)) return 'BILL_OF_SUPPLY';
  return document.kind;
}

/** The document's English title: its file name and its PDF metadata, whatever the patient reads. */
export function documentTitle(document: BillingDocument): string {
  return translate('en', `pdf.title.${titleKey(document)}`);
}

/** A label in the document's language, then its English when they differ ('कुल / Total'). */
function label(language: Language, id: MessageId, values?: MessageValues): string {
  const english = translate('en', id, values);
  if (language === 'en') return english;
  const local = translate(language, id, values);
  return local === english ? english : `${local} / ${english}`;
}

export function documentFileName(document: BillingDocument): string {
  return `${documentTitle(document).toLowerCase().replaceAll(' ', '-')}-${document.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Draws with whichever Noto subset has each character, switching within a line as needed. */
class Writer {
  y: number;
  readonly left: number;
  readonly right: number;
  private readonly registered = new Set<FontName>();

  constructor(
    readonly doc: Doc,
    readonly layout: Layout,
    readonly pageHeight: number,
  ) {
    this.left = layout.margin;
    this.right = doc.page.width - layout.margin;
    this.y = layout.margin;
  }

  private fontFor(char: string, bold: boolean): FontName {
    const codePoint = char.codePointAt(0)!;
    const weight = bold ? 700 : 400;
    const script = SCRIPTS.find((candidate) => faceIn(this.doc, this.registered, `${candidate}-${weight}`).hasGlyphForCodePoint(codePoint)) ?? 'latin';
    return `${script}-${weight}`;
  }

  /** The text cut where its script changes: each piece is drawn, and shaped, in one face. */
  runs(text: string, bold: boolean): { font: FontName; text: string }[] {
    const runs: { font: FontName; text: string }[] = [];
    for (const char of text) {
      // Spaces, and the joiners and marks no face of its own covers, stay with the letters before
      // them: a conjunct split across two faces would print as loose letters.
      const follows = runs.length > 0 && /\s|\p{M}|\u200c|\u200d/u.test(char);
      const font = follows ? runs.at(-1)!.font : this.fontFor(char, bold);
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
    // On one baseline: placed by their tops, as pdfkit does by default, the Indic faces' taller
    // ascenders would lift their words above the Latin ones beside them.
    const baseline = (options.y ?? this.y) + options.size * LATIN_ASCENDER;
    for (const run of this.runs(shown, bold)) {
      this.doc.font(run.font).fontSize(options.size).text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
      cursor += this.doc.widthOfString(run.text);
    }
  }

  /** The text broken between words into lines no wider than `width` (a longer word is cut when drawn). */
  private lines(text: string, width: number, size: number, bold?: boolean): string[] {
    const words = text.split(/\s+/).filter(Boolean);
    let current = '';
    const lines: string[] = [];
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.width(candidate, size, bold) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    if (current) lines.push(current);
    return lines;
  }

  /** Text wrapped within `width`, several lines. */
  wrapped(text: string, x: number, width: number, options: { size: number; bold?: boolean; align?: 'left' | 'center' }): void {
    for (const line of this.lines(text, width, options.size, options.bold)) {
      this.ensure(options.size * 1.4);
      this.line(line, x, { ...options, maxWidth: width });
      this.y += options.size * 1.35;
    }
  }

  /**
   * A label on the left and an amount on the right. A label too long for its side (a bilingual
   * one on the roll) wraps under itself rather than losing its English to an ellipsis.
   */
  pair(label: string, value: string, options: { size?: number; bold?: boolean } = {}): void {
    const size = options.size ?? this.layout.body;
    const valueWidth = this.width(value, size, options.bold);
    const labelWidth = this.right - this.left - valueWidth - 6;
    const lines = this.lines(label, labelWidth, size, options.bold);
    this.ensure(size * (1.5 + 1.35 * (lines.length - 1)));
    this.line(value, this.left, { size, bold: options.bold, align: 'right', maxWidth: this.right - this.left });
    lines.forEach((line, index) => {
      if (index > 0) this.y += size * 1.35;
      this.line(line, this.left, { size, bold: options.bold, maxWidth: labelWidth });
    });
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

function gstText(language: Language, rateBp: number): string {
  return rateBp === 0 ? label(language, 'pdf.gstExempt') : `GST ${rateBp / 100}%`;
}

function draw(writer: Writer, document: BillingDocument): void {
  const { layout } = writer;
  const width = writer.right - writer.left;
  const { issuer, bill, money, language } = document;
  const t = (id: MessageId, values?: MessageValues) => label(language, id, values);

  writer.wrapped(issuer.organisationName, writer.left, width, { size: layout.title, bold: true, align: 'center' });
  if (issuer.facilityName && issuer.facilityName !== issuer.organisationName) writer.wrapped(issuer.facilityName, writer.left, width, { size: layout.body, align: 'center' });
  if (issuer.address) writer.wrapped(issuer.address, writer.left, width, { size: layout.small, align: 'center' });
  if (issuer.phone) writer.wrapped(`${t('pdf.phone')} ${issuer.phone}`, writer.left, width, { size: layout.small, align: 'center' });
  if (issuer.gstin) writer.wrapped(`GSTIN ${issuer.gstin}`, writer.left, width, { size: layout.small, align: 'center' });
  writer.rule(6);

  // The title in the patient's language first; its English below, smaller.
  const title = `pdf.title.${titleKey(document)}` as const;
  writer.wrapped(translate(language, title), writer.left, width, { size: layout.title - 1, bold: true, align: 'center' });
  if (language !== 'en') writer.wrapped(translate('en', title), writer.left, width, { size: layout.body, align: 'center' });
  writer.pair(t('pdf.number'), document.number, { bold: true });
  const date = formatDocumentDate(document.date, language);
  writer.pair(t('pdf.date'), document.at ? `${date}, ${formatTime(document.at, document.timeZone, language)}` : date);
  if (document.kind !== 'INVOICE') writer.pair(t('pdf.bill'), bill.number);
  writer.pair(t('pdf.patient'), document.patient.name ?? t('pdf.walkIn'));
  if (document.patient.uhid) writer.pair('UHID', document.patient.uhid);
  writer.rule(6);

  writer.pair(t('pdf.item'), t('pdf.amount'), { size: layout.small, bold: true });
  for (const item of bill.items) {
    writer.pair(item.description, formatRupees(item.amountPaise));
    const details = [
      item.sacCode ? `SAC/HSN ${item.sacCode}` : null,
      item.quantity > 1 ? `${item.quantity} × ${formatRupees(item.unitPricePaise)}` : null,
      gstText(language, item.gstRateBp),
    ];
    writer.ensure(layout.small * 1.6);
    writer.line(details.filter(Boolean).join(' · '), writer.left + 6, { size: layout.small });
    writer.y += layout.small * 1.6;
  }
  writer.rule(6);

  writer.pair(t('pdf.subtotal'), formatRupees(bill.subtotalPaise));
  if (bill.discountPaise > 0) writer.pair(t('pdf.discount'), formatRupees(-bill.discountPaise));
  if (bill.taxPaise > 0) {
    // Intra-state supply: GST is charged half as CGST and half as SGST.
    const central = Math.floor(bill.taxPaise / 2);
    writer.pair('CGST', formatRupees(central), { size: layout.small });
    writer.pair('SGST', formatRupees(bill.taxPaise - central), { size: layout.small });
  }
  writer.pair(t('pdf.total'), formatRupees(bill.totalPaise), { bold: true });

  if (money) {
    writer.rule(6);
    const moved = document.kind === 'CREDIT_NOTE' ? 'pdf.refunded' : 'pdf.received';
    const mode = `label.paymentMode.${money.mode}` as const;
    const moneyLabel =
      language === 'en' ? `${translate('en', moved)} (${translate('en', mode)})` : `${translate(language, moved)} (${translate(language, mode)}) / ${translate('en', moved)}`;
    writer.pair(moneyLabel, formatRupees(money.amountPaise), { bold: true, size: layout.body + 1 });
    if (money.reference) writer.pair(t('pdf.reference'), money.reference, { size: layout.small });
    if (money.reason) writer.wrapped(`${t('pdf.reason')}: ${money.reason}`, writer.left, width, { size: layout.small });
  }
  writer.pair(t('pdf.paidToDate'), formatRupees(bill.paidPaise - bill.refundedPaise), { size: layout.small });
  const due = bill.totalPaise - bill.paidPaise;
  if (due > 0) writer.pair(t('pdf.due'), formatRupees(due), { size: layout.small, bold: true });
  writer.y += layout.small;
  writer.wrapped(translate(language, 'pdf.footer'), writer.left, width, { size: layout.small, align: 'center' });
  if (language !== 'en') writer.wrapped(translate('en', 'pdf.footer'), writer.left, width, { size: layout.small, align: 'center' });
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

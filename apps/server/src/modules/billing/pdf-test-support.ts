import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF's pages hold, as pdf.js reads them: each page's size in points and its text. */
export async function readPdf(bytes: Uint8Array | Buffer): Promise<{ pages: { width: number; height: number; text: string }[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [, , width, height] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    // pdfkit writes each font run as its own item: joined, a line reads as it prints.
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    pages.push({ width, height, text });
  }
  await pdf.destroy();
  return { pages };
}

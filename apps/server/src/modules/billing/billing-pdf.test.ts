import { describe, expect, it } from 'vitest';
import type { Language } from '@caredesk/shared';
import { documentFileName, formatRupees, renderBillingPdf, type BillingDocument } from './pdf.js';
import { readPdf } from './pdf-test-support.js';

function receipt(overrides: Partial<BillingDocument> = {}): BillingDocument {
  return {
    kind: 'RECEIPT',
    language: 'en',
    number: 'SMH-RCT/2026-27/000123',
    date: '2026-11-27',
    at: new Date('2026-11-27T05:30:00Z'),
    timeZone: 'Asia/Kolkata',
    issuer: {
      organisationName: 'Sunrise Multispeciality Hospital',
      facilityName: 'Jayanagar branch',
      address: '12, 4th Block, Jayanagar, Bengaluru 560011',
      phone: '080 2345 6789',
      gstin: '29ABCDE1234F1Z5',
    },
    patient: { name: 'Asha Rao', uhid: 'MR-000042' },
    bill: {
      number: 'SMH-INV/2026-27/000077',
      items: [
        {
          id: '00000000-0000-4000-8000-000000000001',
          kind: 'CONSULTATION',
          serviceId: null,
          description: 'Consultation: Dr. Meera Iyer',
          sacCode: '999312',
          quantity: 1,
          unitPricePaise: 60_000,
          amountPaise: 60_000,
          discountPaise: 0,
          gstRateBp: 0,
          taxPaise: 0,
          totalPaise: 60_000,
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          kind: 'SERVICE',
          serviceId: null,
          description: 'CD copy of images',
          sacCode: '998599',
          quantity: 2,
          unitPricePaise: 5_000,
          amountPaise: 10_000,
          discountPaise: 0,
          gstRateBp: 1800,
          taxPaise: 1_800,
          totalPaise: 11_800,
        },
      ],
      subtotalPaise: 70_000,
      discountPaise: 0,
      taxPaise: 1_800,
      totalPaise: 71_800,
      paidPaise: 71_800,
      refundedPaise: 0,
    },
    money: { amountPaise: 71_800, mode: 'UPI', reference: 'UPI-4471', reason: null },
    ...overrides,
  };
}

describe('receipt and invoice PDFs', () => {
  it('formats rupees with Indian digit grouping', () => {
    expect(formatRupees(1_234_567_850)).toBe('₹1,23,45,678.50');
    expect(formatRupees(45_000)).toBe('₹450.00');
    expect(formatRupees(-5_000)).toBe('−₹50.00');
  });

  it('prints a receipt on A5 with the facility, the patient, the items with SAC and GST, and the money in rupees', async () => {
    const { pages } = await readPdf(await renderBillingPdf(receipt(), 'a5'));
    expect(pages).toHaveLength(1);
    // A5: 148 × 210 mm in points.
    expect(pages[0]!.width).toBeCloseTo(419.53, 1);
    expect(pages[0]!.height).toBeCloseTo(595.28, 1);
    const text = pages[0]!.text;
    for (const expected of [
      'Sunrise Multispeciality Hospital',
      'Jayanagar branch',
      'Bengaluru 560011',
      'GSTIN 29ABCDE1234F1Z5',
      'Receipt',
      'SMH-RCT/2026-27/000123',
      '27 Nov 2026',
      'SMH-INV/2026-27/000077',
      'Asha Rao',
      'MR-000042',
      'Consultation: Dr. Meera Iyer',
      'SAC/HSN 999312',
      'GST exempt',
      '2 × ₹50.00',
      'GST 18%',
      'CGST',
      '₹9.00',
      '₹718.00',
      'Received (UPI)',
      'UPI-4471',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('11:00 am');
  });

  it('fits an 80 mm thermal roll, cut to the length of the receipt', async () => {
    const { pages } = await readPdf(await renderBillingPdf(receipt(), 'thermal'));
    expect(pages).toHaveLength(1);
    expect(pages[0]!.width).toBeCloseTo(226.77, 1);
    expect(pages[0]!.height).toBeGreaterThan(300);
    expect(pages[0]!.height).toBeLessThan(700);
    expect(pages[0]!.text).toContain('₹718.00');
  });

  it("names an invoice of exempt services a bill of supply, and prints a patient's name in Devanagari", async () => {
    const exempt = receipt({ kind: 'INVOICE', number: 'SMH-INV/2026-27/000077', at: null, money: null, patient: { name: 'आशा राव', uhid: 'MR-000042' } });
    exempt.bill = { ...exempt.bill, items: [exempt.bill.items[0]!], subtotalPaise: 60_000, taxPaise: 0, totalPaise: 60_000, paidPaise: 0 };
    const { pages } = await readPdf(await renderBillingPdf(exempt, 'a5'));
    expect(pages[0]!.text).toContain('Bill of supply');
    expect(pages[0]!.text).toContain('Due');
    expect(pages[0]!.text).toContain('₹600.00');
    expect(pages[0]!.text.replace(/\s+/g, '')).toContain('आशाराव');
    expect(documentFileName(exempt)).toBe('bill-of-supply-SMH-INV-2026-27-000077.pdf');
  });

  it('prints a credit note with its reason, and a long bill over more A5 pages', async () => {
    const items = Array.from({ length: 40 }, (_, index) => ({ ...receipt().bill.items[0]!, description: `Item ${index + 1}` }));
    const note = receipt({ kind: 'CREDIT_NOTE', number: 'SMH-CRN/2026-27/000004', money: { amountPaise: 20_000, mode: 'CASH', reference: null, reason: 'Doctor on leave' } });
    note.bill = { ...note.bill, items, refundedPaise: 20_000 };
    const { pages } = await readPdf(await renderBillingPdf(note, 'a5'));
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.map((page) => page.text).join('\n');
    expect(text).toContain('Credit note');
    expect(text).toContain('Refunded (Cash)');
    expect(text).toContain('Reason: Doctor on leave');
    expect(text).toContain('Item 40');
  });

  // What a patient who reads only their own script finds on the paper, with the English beside it
  // for the desk. pdf.js reads the text back through each face's ToUnicode map, in the order the
  // glyphs are drawn: a shaped Kannada or Tamil word puts a vowel sign before its consonant, so
  // the words are compared by their letters, marks set aside (the test below checks the shaping).
  const letters = (text: string) => text.replace(/[\s\p{M}]+/gu, '');
  const inLanguage: Record<Exclude<Language, 'en'>, { labels: string[]; date: string; footer: string }> = {
    hi: { labels: ['रसीद', 'मरीज़ / Patient', 'कुल / Total', 'प्राप्त (UPI) / Received', 'अब तक भुगतान / Paid to date'], date: '27 नव॰ 2026', footer: 'हस्ताक्षर की आवश्यकता नहीं है' },
    kn: { labels: ['ರಸೀದಿ', 'ರೋಗಿ / Patient', 'ಒಟ್ಟು / Total', 'ಸ್ವೀಕರಿಸಲಾಗಿದೆ (UPI) / Received', 'ಇಲ್ಲಿಯವರೆಗೆ ಪಾವತಿ / Paid to date'], date: 'ನವೆಂ 27,2026', footer: 'ಸಹಿ ಅಗತ್ಯವಿಲ್ಲ' },
    ta: {
      labels: ['ரசீது', 'நோயாளி / Patient', 'மொத்தம் / Total', 'பெறப்பட்டது (UPI) / Received', 'இதுவரை செலுத்தியது / Paid to date'],
      date: '27 நவ., 2026',
      footer: 'கையொப்பம் தேவையில்லை',
    },
  };
  for (const [language, expected] of Object.entries(inLanguage) as [Exclude<Language, 'en'>, (typeof inLanguage)['hi']][]) {
    it(`prints a receipt in '${language}' with each label's English beside it, on A5 and on the roll`, async () => {
      for (const paper of ['a5', 'thermal'] as const) {
        const { pages } = await readPdf(await renderBillingPdf(receipt({ language }), paper));
        expect(pages).toHaveLength(1);
        const text = letters(pages[0]!.text);
        for (const label of [...expected.labels, expected.date, expected.footer]) expect(text).toContain(letters(label));
        for (const english of ['Receipt', 'SMH-RCT/2026-27/000123', 'Asha Rao', '₹718.00', 'This is a computer-generated document']) expect(text).toContain(letters(english));
      }
    });
  }

  it("shapes each script in its own face: a Tamil or Kannada vowel sign is drawn where it is read, a name's conjuncts whole", async () => {
    const bytes = await renderBillingPdf(receipt({ language: 'ta', patient: { name: 'ಸಂಖ್ಯೆ நோயாளி क्षमा', uhid: null } }), 'a5');
    const fonts = [...bytes.toString('latin1').matchAll(/BaseFont \/[A-Z]{6}\+(\S+)/g)].map((match) => match[1]);
    expect(new Set(fonts)).toEqual(new Set(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansTamil-Regular', 'NotoSansTamil-Bold', 'NotoSansKannada-Regular']));
    const text = (await readPdf(bytes)).pages[0]!.text.replace(/\s+/g, '');
    // Drawn in visual order: 'ோ' is split around 'ந', its 'ே' part first; Kannada's subjoined 'ಯ' follows 'ೆ'.
    expect(text).toContain('ேநாயாளி');
    expect(text).toContain('ಸಂಖೆ್ಯ');
    expect(text).toContain('क्षमा');
  });
});

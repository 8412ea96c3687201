/** A bill line before its share of the discount and its tax. */
export interface PricedLine {
  amountPaise: number;
  gstRateBp: number;
}

export interface LineTotals {
  discountPaise: number;
  taxPaise: number;
  totalPaise: number;
}

export interface BillTotals {
  lines: LineTotals[];
  subtotalPaise: number;
  discountPaise: number;
  taxPaise: number;
  totalPaise: number;
}

/**
 * Spreads a bill's discount over its lines in proportion to their amounts (largest remainder, so
 * the shares add up to the discount to the paisa), then taxes each line on what is left of it:
 * GST is charged on the price actually paid. Tax rounds half up per line, as on a printed invoice.
 */
export function priceBill(lines: readonly PricedLine[], discountPaise: number): BillTotals {
  const subtotalPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const discount = Math.min(Math.max(0, discountPaise), subtotalPaise);
  const shares = lines.map((line) => (subtotalPaise === 0 ? 0 : (discount * line.amountPaise) / subtotalPaise));
  const floors = shares.map(Math.floor);
  let left = discount - floors.reduce((sum, share) => sum + share, 0);
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - floors[index]! })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    floors[index]! += 1;
    left -= 1;
  }
  const priced = lines.map((line, index) => {
    const lineDiscount = floors[index]!;
    const taxable = line.amountPaise - lineDiscount;
    const taxPaise = Math.round((taxable * line.gstRateBp) / 10_000);
    return { discountPaise: lineDiscount, taxPaise, totalPaise: taxable + taxPaise };
  });
  return {
    lines: priced,
    subtotalPaise,
    discountPaise: discount,
    taxPaise: priced.reduce((sum, line) => sum + line.taxPaise, 0),
    totalPaise: priced.reduce((sum, line) => sum + line.totalPaise, 0),
  };
}

/** ₹1,250 or ₹1,250.50, for the messages that refuse an amount. */
export function rupeesText(paise: number): string {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

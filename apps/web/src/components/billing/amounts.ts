/** '500', '500.5', '₹ 1,250.00' → paise, as a desk types rupees; undefined when it is not an amount with at most two decimals. */
export function paiseOf(text: string): number | undefined {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

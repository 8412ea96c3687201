import { afterEach, describe, expect, it, vi } from 'vitest';
import { bottomClearance, liftToastsAboveBottomBars, TOAST_CLEAR_ATTRIBUTE } from './dismissible-toast';

/** A marked bar whose box (jsdom lays nothing out) spans `top`..`bottom` of the viewport. */
function bar(top: number, bottom: number, marked = true): HTMLElement {
  const element = document.createElement('div');
  if (marked) element.setAttribute(TOAST_CLEAR_ATTRIBUTE, '');
  element.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: top, width: 375, height: bottom - top });
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.style.removeProperty('--caredesk-toast-clearance');
});

describe('toasts on a phone rise above the bar held to the bottom edge', () => {
  it('clears the tallest marked bar near the bottom edge', () => {
    bar(748, 812); // a full-screen dialog's actions, on the edge
    bar(692, 773); // the chat composer, a page's padding above it
    expect(bottomClearance(document, 812)).toBe(120);
  });

  it('ignores bars away from the bottom, scrolled off the screen, hidden or unmarked', () => {
    bar(400, 452); // a centred dialog's actions
    bar(900, 980); // below the fold
    bar(812, 812); // hidden: no height
    bar(700, 812, false); // not marked
    expect(bottomClearance(document, 812)).toBe(0);
  });

  it('rounds up to whole pixels', () => {
    bar(747.6, 811.4);
    expect(bottomClearance(document, 812)).toBe(65);
  });

  it('sets the clearance the toast container reads as each toast appears', () => {
    vi.stubGlobal('innerHeight', 812);
    bar(748, 812);
    liftToastsAboveBottomBars();
    expect(document.documentElement.style.getPropertyValue('--caredesk-toast-clearance')).toBe('64px');
    document.body.replaceChildren();
    liftToastsAboveBottomBars();
    expect(document.documentElement.style.getPropertyValue('--caredesk-toast-clearance')).toBe('0px');
  });
});

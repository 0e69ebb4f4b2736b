/** The width of the phone the product is checked on (an iPhone 14 upright). */
export const PHONE_WIDTH_PX = 390;

const bound = (query: string, kind: 'min' | 'max') => {
  const found = new RegExp(`\\(${kind}-width:\\s*([\\d.]+)px\\)`).exec(query);
  return found ? Number(found[1]) : undefined;
};

/** Whether a width query holds on the phone; any other query (motion, colour scheme) does not. */
export function phoneMatches(query: string, width = PHONE_WIDTH_PX): boolean {
  const min = bound(query, 'min');
  const max = bound(query, 'max');
  if (min === undefined && max === undefined) return false;
  return (min === undefined || width >= min) && (max === undefined || width <= max);
}

/**
 * For jsdom tests: from now on the window answers width media queries as a 390 px phone does (the lists become
 * cards, antd's breakpoints above `xs` do not hold). Returns the function that undoes it.
 */
export function phoneScreen(): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      matches: phoneMatches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

/** A card's label/value pairs as a screen reader reads them: { Patient: 'Doe, Jane', … }. */
export function cardValues(card: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...card.querySelectorAll('dt')].map((term) => [
      term.textContent ?? '',
      term.nextElementSibling?.textContent ?? '',
    ]),
  );
}

/** The trade entry's mark (two opposed arrows: buy and sell), decorative: the link around it carries the name. */
export function TradeGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M7 4v14M3 14l4 4 4-4" />
      <path d="M17 20V6M13 10l4-4 4 4" />
    </svg>
  );
}

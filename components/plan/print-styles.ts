/**
 * A clean A4 plan: only the page's main content (no top bar, header menu, footer, chat or toasts),
 * each section on a new page, never a step cut in two, and every link's address written out.
 */
export const PRINT_STYLES = `
@page { size: A4; margin: 15mm; }
@media print {
  body > :not(main) { display: none !important; }
  main > nav { display: none !important; }
  [data-plan-section] + [data-plan-section] { break-before: page; }
  [data-plan-section] h2 { break-after: avoid; }
  [data-plan-step] { break-inside: avoid; }
  [data-plan] a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.8em; word-break: break-all; }
}
`;

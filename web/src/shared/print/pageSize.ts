const THERMAL_PAGE = 'printout-thermal';
const PX_PER_MM = 96 / 25.4;

/**
 * Makes the 80 mm page as long as the ticket: CSS cannot say "as long as the content", so the
 * stylesheet's `@page printout-thermal` rule gets the measured height. The rule is changed through
 * the CSSOM, which the CSP allows (a new <style> it would refuse).
 */
export function fitThermalPage(doc: Document): void {
  const ticket = doc.querySelector<HTMLElement>('.printout-thermal');
  if (!ticket) return;
  const heightMm = Math.ceil(ticket.getBoundingClientRect().height / PX_PER_MM) + 6;
  for (const sheet of Array.from(doc.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(rules)) {
      if (rule instanceof (doc.defaultView?.CSSPageRule ?? CSSPageRule) && rule.selectorText === THERMAL_PAGE) {
        rule.style.setProperty('size', `80mm ${Math.max(heightMm, 60)}mm`);
      }
    }
  }
}

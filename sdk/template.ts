/**
 * The template reference syntax steps share: `{{ ... }}` around a reference. What a reference
 * renders to is the server's business; which text is literal is fixed by the syntax alone, so a
 * definition can be checked before it runs.
 */

/** One `{{ ... }}` reference; the group is the reference with surrounding spaces trimmed. */
export const TEMPLATE_REFERENCE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The template with every `{{...}}` reference removed: the text that is there whatever renders. */
export function literalPart(s: string): string {
  return s.replace(TEMPLATE_REFERENCE, '');
}

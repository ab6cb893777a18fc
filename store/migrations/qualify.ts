/**
 * Hand-written migrations name tables through this, so the same migration lands in whatever
 * schema the runtime was configured with (`DATABASE_SCHEMA`), or unqualified without one.
 */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualify(schema: string | undefined, table: string): string {
  return schema ? `${quoteIdent(schema)}.${quoteIdent(table)}` : quoteIdent(table);
}

/** A list table: one header cell per column name, rows as the page renders them. */
import type { ComponentChildren } from 'preact';

export function ListTable({ testid, columns, children }: { testid: string; columns: string[]; children: ComponentChildren }) {
  return (
    <table class="list" data-testid={testid}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/**
 * A log under a page's list: every item's entries, or one picked item's with a way back to all;
 * its heading says which, and a failed read shows above the table.
 */
import type { ComponentChildren } from 'preact';
import { ListTable } from './list-table.js';
import { ErrorNote } from './util.js';

export function NarrowedLog(p: {
  title: string;
  /** What "every" ranges over when no item is picked ("crew", "trigger"). */
  every: string;
  /** The picked item (undefined: every one) and how to pick; "Show all" picks none. */
  pick: [string | undefined, (item: string | undefined) => void];
  error: string | undefined;
  testid: string;
  columns: string[];
  children: ComponentChildren;
}) {
  const [item, setItem] = p.pick;
  return (
    <>
      <h2>
        {p.title} {item ? `of ${item}` : `(every ${p.every})`}{' '}
        {item && (
          <button type="button" onClick={() => setItem(undefined)}>
            Show all
          </button>
        )}
      </h2>
      <ErrorNote error={p.error} />
      <ListTable testid={p.testid} columns={p.columns}>
        {p.children}
      </ListTable>
    </>
  );
}

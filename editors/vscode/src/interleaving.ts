// "Show interleaving": the server's view of a race witness (command `syncwright.interleaving`),
// shown as a read-only virtual document. Pure: no `vscode` import.

/** Server command returning the view of the race at a position: arguments `[uri, {line, character}]`. */
export const SERVER_INTERLEAVING_COMMAND = "syncwright.interleaving";

/** Client command the server's code lens runs (same arguments). */
export const SHOW_INTERLEAVING_COMMAND = "syncwright.showInterleaving";

/** URI scheme of the read-only interleaving views. */
export const INTERLEAVING_SCHEME = "syncwright-interleaving";

/** What the server returns. */
export interface InterleavingView {
  title: string;
  text: string;
}

/** The view in a command result, or undefined when the result has another shape. */
export function parseInterleavingView(result: unknown): InterleavingView | undefined {
  if (result === null || typeof result !== "object") {
    return undefined;
  }
  const { title, text } = result as { title?: unknown; text?: unknown };
  if (typeof title !== "string" || typeof text !== "string") {
    return undefined;
  }
  return { title, text };
}

/** Path of the virtual document for a view: the tab shows its last segment, so no `/` in it. */
export function interleavingPath(title: string, serial: number): string {
  const name = `Interleaving ${title}`.replace(/[/\\?#%]/g, "_");
  // The serial keeps two views of one race (before and after an edit) apart.
  return `/${serial}/${name}`;
}

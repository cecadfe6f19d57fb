// Counts for the status bar: kernels checked and races found, from the diagnostics the client receives.
// Pure: no `vscode` import.

/** The parts of an LSP/VS Code diagnostic the tally looks at. */
export interface DiagnosticLike {
  source?: string | undefined;
  code?: string | number | { value: string | number } | undefined;
}

/** Diagnostic codes that mean "a data race". `benign-race` (same value written) is not counted. */
const RACE_CODES: ReadonlySet<string> = new Set(["race"]);

/** Codes that are problems but not races (shown in the tooltip). */
const OTHER_PROBLEM_CODES: ReadonlySet<string> = new Set(["divergence", "inconclusive", "unsupported", "syntax-error"]);

/** The code of a diagnostic as a string (VS Code wraps it as `{ value, target }` when it has a link). */
export function diagnosticCode(diagnostic: DiagnosticLike): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) {
    return undefined;
  }
  if (typeof code === "object") {
    return String(code.value);
  }
  return String(code);
}

/** Strips comments, strings and character literals so a kernel keyword inside them is not counted. */
function stripCommentsAndStrings(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, " ");
}

/**
 * Number of kernels defined in a CUDA or OpenCL source: `__global__` functions (CUDA) and
 * `__kernel`/`kernel` functions (OpenCL). Declarations without a body count too: the status is a hint.
 */
export function countKernels(text: string): number {
  const code = stripCommentsAndStrings(text);
  const cuda = code.match(/\b__global__\b/g)?.length ?? 0;
  const opencl = code.match(/(?:^|[^\w])(?:__kernel|kernel)\s+(?:__attribute__\s*\(\([^;{]*?\)\)\s*)*void\b/g)?.length ?? 0;
  return cuda + opencl;
}

/** Per-document counts. */
export interface DocumentTally {
  kernels: number;
  races: number;
  otherProblems: number;
}

/** Totals over all documents the server has published diagnostics for. */
export interface Totals {
  documents: number;
  kernels: number;
  races: number;
  otherProblems: number;
}

/** Tallies syncwright diagnostics per document URI. */
export class DiagnosticTally {
  private readonly byUri = new Map<string, DocumentTally>();

  /** Records the latest diagnostics for a document (a publish replaces the previous set). */
  update(uri: string, diagnostics: readonly DiagnosticLike[], kernels: number): void {
    let races = 0;
    let otherProblems = 0;
    for (const diagnostic of diagnostics) {
      if (diagnostic.source !== undefined && diagnostic.source !== "syncwright") {
        continue;
      }
      const code = diagnosticCode(diagnostic);
      if (code !== undefined && RACE_CODES.has(code)) {
        races += 1;
      } else if (code !== undefined && OTHER_PROBLEM_CODES.has(code)) {
        otherProblems += 1;
      }
    }
    this.byUri.set(uri, { kernels, races, otherProblems });
  }

  /** Forgets a document (closed, or the server restarted). */
  remove(uri: string): void {
    this.byUri.delete(uri);
  }

  /** Forgets everything. */
  clear(): void {
    this.byUri.clear();
  }

  /** Counts for one document, if known. */
  get(uri: string): DocumentTally | undefined {
    return this.byUri.get(uri);
  }

  /** Sums over all documents. */
  totals(): Totals {
    const totals: Totals = { documents: 0, kernels: 0, races: 0, otherProblems: 0 };
    for (const tally of this.byUri.values()) {
      totals.documents += 1;
      totals.kernels += tally.kernels;
      totals.races += tally.races;
      totals.otherProblems += tally.otherProblems;
    }
    return totals;
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** Status bar text (with a codicon) for the totals. */
export function statusText(totals: Totals): string {
  const icon = totals.races > 0 ? "$(warning)" : "$(check)";
  const races = totals.races === 0 ? "no races" : plural(totals.races, "race");
  return `${icon} syncwright: ${plural(totals.kernels, "kernel")}, ${races}`;
}

/** Status bar tooltip for the totals. */
export function statusTooltip(totals: Totals): string {
  const lines = [
    `${plural(totals.kernels, "kernel")} checked in ${plural(totals.documents, "file")}`,
    `${plural(totals.races, "race")} found`,
  ];
  if (totals.otherProblems > 0) {
    lines.push(`${plural(totals.otherProblems, "other problem")} (divergence, inconclusive, unsupported, syntax)`);
  }
  lines.push("Click to show the syncwright output.");
  return lines.join("\n");
}

// Server code actions and commands: picks the "Optimize all barriers in this kernel" actions for the
// fix-all command and words the workspace-check result. Pure: no `vscode` import.

/** The parts of a code action the selection looks at. */
export interface CodeActionLike {
  title: string;
  kind?: string | { value: string } | undefined;
}

/** Command the server registers for fixing a whole document (argument: the document URI). */
export const SERVER_FIX_ALL_COMMAND = "syncwright.fixAll";

/** Command the server registers for checking every CUDA/OpenCL file of the workspace. */
export const SERVER_CHECK_WORKSPACE_COMMAND = "syncwright.checkWorkspace";

/** True for the per-kernel "optimize all barriers" action. */
export function isOptimizeAllAction(action: CodeActionLike): boolean {
  return /^Optimize all barriers\b/i.test(action.title);
}

/** The optimize-all actions among `actions`, in the server's order. */
export function selectOptimizeAllActions<T extends CodeActionLike>(actions: readonly T[]): T[] {
  return actions.filter(isOptimizeAllAction);
}

/** True when the server's advertised commands include `command`. */
export function serverSupportsCommand(advertised: readonly string[] | undefined, command: string): boolean {
  return advertised?.includes(command) ?? false;
}

/** One line for a `syncwright.checkWorkspace` result (`{ files, kernels, notRaceFree }`). */
export function workspaceSummary(result: unknown): string {
  if (result === null || typeof result !== "object") {
    return "syncwright: workspace checked.";
  }
  const { files, kernels, notRaceFree } = result as Record<string, unknown>;
  if (typeof files !== "number" || typeof kernels !== "number" || typeof notRaceFree !== "number") {
    return "syncwright: workspace checked.";
  }
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `syncwright: ${plural(files, "file")}, ${plural(kernels, "kernel")} checked, ${notRaceFree} not race-free.`;
}

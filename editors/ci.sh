#!/usr/bin/env bash
# What CI runs for the editor clients and CI integrations (called from .ci/run at the repository
# root): the VS Code extension (npm ci, compile, lint, typecheck, unit tests, .vsix with a bundled
# release server), the VS Code end-to-end test (the .vsix installed into a real VS Code, code-server,
# driven through Chromium), the Neovim end-to-end test, and the CI integrations (SARIF against the
# 2.1.0 schema, the GitHub code-scanning example, the pre-commit hook). Needs Node 20 + npm, Python 3
# and cargo; installs Neovim, Chromium, code-server (with a Node 24 from npm) and playwright-core
# when missing (as root; cached under editors/vscode/.e2e/). The .vsix lands in editors/vscode/ and
# is never committed. SYNCWRIGHT_SKIP_VSCODE_E2E=1 skips the VS Code end-to-end test.
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

step "vscode end-to-end (install: editors/vscode/e2e/setup.sh)"
if [[ "${SYNCWRIGHT_SKIP_VSCODE_E2E:-0}" == 1 ]]; then
  echo "editors: SYNCWRIGHT_SKIP_VSCODE_E2E=1: skipped"
else
  install_start=$SECONDS
  e2e_dir="$(bash "$repo_root/editors/vscode/e2e/setup.sh" | tail -n 1)"
  echo "editors: e2e install took $((SECONDS - install_start)) s"
  # The whole test is bounded too, should a wait inside it ever hang.
  timeout --kill-after=10 420 node "$repo_root/editors/vscode/e2e/run.mjs" --vsix "$(pwd)/${vsix#./}" --e2e-dir "$e2e_dir"
fi

step "CI integrations (SARIF schema, GitHub example, pre-commit hook)"
"$repo_root/tests/integrations/run.sh" "$target_dir/release/syncwright"

#!/usr/bin/env bash
# End-to-end test of the Neovim plugin (editors/nvim) against a real `syncwright lsp` in headless Neovim.
# Builds nothing: uses $SYNCWRIGHT_BIN, else target/release/syncwright, else target/debug/syncwright
# (under $CARGO_TARGET_DIR when set). Installs Neovim with apt-get when it is missing and we are root.
# Last line of output: `nvim-e2e: N passed, M failed`; exit status non-zero on any failure.
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
target_dir="${CARGO_TARGET_DIR:-$repo_root/target}"

if [[ -z "${SYNCWRIGHT_BIN:-}" ]]; then
  for candidate in "$target_dir/release/syncwright" "$target_dir/debug/syncwright"; do
    if [[ -x "$candidate" ]]; then
      SYNCWRIGHT_BIN="$candidate"
      break
    fi
  done
fi
if [[ -z "${SYNCWRIGHT_BIN:-}" || ! -x "$SYNCWRIGHT_BIN" ]]; then
  echo "nvim-e2e: no syncwright binary (set SYNCWRIGHT_BIN or run cargo build first)" >&2
  echo "nvim-e2e: 0 passed, 1 failed"
  exit 1
fi
SYNCWRIGHT_BIN="$(cd "$(dirname "$SYNCWRIGHT_BIN")" && pwd)/$(basename "$SYNCWRIGHT_BIN")"
# Fail in a second with a clear message, not after the per-step timeouts, when the binary has no `lsp`.
if ! timeout 20 "$SYNCWRIGHT_BIN" help lsp </dev/null >/dev/null 2>&1; then
  echo "nvim-e2e: $SYNCWRIGHT_BIN has no working \`lsp\` subcommand (\`$SYNCWRIGHT_BIN help lsp\` failed)" >&2
  echo "nvim-e2e: 0 passed, 1 failed"
  exit 1
fi

if ! command -v nvim >/dev/null 2>&1; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "nvim-e2e: installing neovim with apt-get" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim >/dev/null
  else
    echo "nvim-e2e: nvim not found; install Neovim 0.7 or newer" >&2
    echo "nvim-e2e: 0 passed, 1 failed"
    exit 1
  fi
fi

workdir="$(mktemp -d "${TMPDIR:-/tmp}/syncwright-nvim-e2e.XXXXXX")"
trap 'rm -rf "$workdir"' EXIT
cp -r "$repo_root/tests/nvim/kernels" "$workdir/kernels"

echo "nvim-e2e: $(nvim --version | head -n 1), server $SYNCWRIGHT_BIN" >&2
export SYNCWRIGHT_BIN
export SYNCWRIGHT_E2E_WORKDIR="$workdir"
# A hung server or Neovim must not hang CI: the Lua side times out each wait, this bounds the whole run.
status=0
timeout --kill-after=10 "${SYNCWRIGHT_E2E_TOTAL_TIMEOUT_S:-600}" \
  nvim --headless -u NONE -i NONE -n \
    --cmd "set runtimepath^=$repo_root/editors/nvim" \
    -c "lua local ok, err = pcall(dofile, '$repo_root/tests/nvim/e2e.lua'); if not ok then io.stdout:write('FAIL harness: ' .. tostring(err) .. '\\nnvim-e2e: 0 passed, 1 failed\\n'); vim.cmd('cquit 2') end" \
    </dev/null || status=$?
if [[ $status -ne 0 ]]; then
  echo "nvim-e2e: failed (exit status $status)" >&2
fi
exit "$status"

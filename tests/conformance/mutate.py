#!/usr/bin/env python3
"""Barrier-deletion mutation run: is every barrier of a race-free kernel needed?

For each kernel file of a corpus (MANIFEST.tsv, as `run.py` reads it) whose
kernels include one reported race-free, every barrier statement of the file
(`__syncthreads();`, `barrier(...);`, `work_group_barrier(...);`, `.sync();`,
`__syncwarp(...);`) that lies in a race-free kernel's lines is deleted, one at a
time, in a copy of the file's folder (so quoted includes still resolve). The
mutant is checked and the kernel's new verdict recorded:
  * racy / divergent: the deletion is caught;
  * inconclusive / unsupported: not decided;
  * race-free: the barrier was redundant, or the checker is unsound there: each
    such mutant is listed with its line so it can be looked at.

Usage: mutate.py --corpus DIR [--filter TEXT] [--max-mutants N] [--json-out F]
"""

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO_ROOT, "target"))
DEFAULT_BINARY = os.path.join(TARGET_DIR, "release", "syncwright")

BARRIER = re.compile(
    r"\b(?:__syncthreads|barrier|work_group_barrier|__syncwarp)\s*\([^;()]*(?:\([^;()]*\)[^;()]*)*\)\s*;"
    r"|\b[A-Za-z_][A-Za-z_0-9]*\s*(?:\.|->)\s*sync\s*\(\s*\)\s*;")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", required=True, help="corpus folder with MANIFEST.tsv")
    p.add_argument("--binary", default=DEFAULT_BINARY, help="syncwright binary (default: release build)")
    p.add_argument("--filter", default="", help="only files whose path contains this text")
    p.add_argument("--scope", action="append", help="only manifest rows of this scope (repeatable)")
    p.add_argument("--max-mutants", type=int, default=0, help="stop after this many mutants (0: all)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per check (default 120)")
    p.add_argument("--json-out", help="write every mutant's result to this file")
    return p.parse_args(argv)


def check(binary, folder, path, timeout):
    """Kernel verdicts of one file: {(name, line): verdict}, or None on failure."""
    try:
        proc = subprocess.run([binary, "check", "--format", "json", path], cwd=folder,
                              capture_output=True, timeout=timeout)
        doc = json.loads(proc.stdout.decode("utf-8", errors="replace"))
    except (subprocess.TimeoutExpired, json.JSONDecodeError):
        return None
    verdicts = {}
    for f in doc.get("files", []):
        for k in f.get("kernels", []):
            rng = k.get("range", {})
            key = (rng.get("path", ""), k.get("name"), rng.get("start", {}).get("line", -1))
            verdicts[key] = k.get("verdict")
    return verdicts


def blank_comments(text):
    return COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def line_of(text, offset):
    return text.count("\n", 0, offset)


def main(argv):
    args = parse_args(argv)
    corpus = os.path.abspath(args.corpus)
    binary = os.path.abspath(args.binary)
    with open(os.path.join(corpus, "MANIFEST.tsv"), newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t")
                if args.filter in r["path"] and (not args.scope or r.get("scope", "real") in args.scope)]
    results = []
    outcomes = Counter()
    for row in rows:
        if args.max_mutants and len(results) >= args.max_mutants:
            break
        rel = row["path"]
        original = check(binary, corpus, rel, args.timeout)
        if not original:
            continue
        # Race-free kernels of the file itself, by their first line (0-based).
        clean_lines = sorted(line for (path, _, line), v in original.items() if v == "race-free" and not path)
        if not clean_lines:
            continue
        all_lines = sorted(line for (path, _, line) in original if not path)
        with open(os.path.join(corpus, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        scan = blank_comments(text)
        for m in BARRIER.finditer(scan):
            line = line_of(text, m.start())
            # The kernel whose lines hold the barrier: the last kernel starting at or before it.
            owner = max((l for l in all_lines if l <= line), default=None)
            if owner is None or owner not in clean_lines:
                continue
            kernel = next(k for k in original if not k[0] and k[2] == owner)
            mutated = text[:m.start()] + ";" + " " * (m.end() - m.start() - 1) + text[m.end():]
            with tempfile.TemporaryDirectory(prefix="syncwright-mutant-") as tmp:
                folder = os.path.join(tmp, "src")
                shutil.copytree(os.path.dirname(os.path.join(corpus, rel)), folder)
                name = os.path.basename(rel)
                with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
                    f.write(mutated)
                got = check(binary, folder, name, args.timeout)
            verdict = "error" if got is None else got.get(kernel, "absent")
            outcomes[verdict] += 1
            results.append({"path": rel, "kernel": kernel[1], "barrier_line": line + 1,
                            "barrier": m.group(0).strip(), "verdict": verdict})
            print(f"{rel}:{line + 1} {kernel[1]}: {verdict}", flush=True)
            if args.max_mutants and len(results) >= args.max_mutants:
                break
    print()
    total = len(results)
    caught = outcomes["racy"] + outcomes["divergent"]
    print(f"mutants: {total}; caught (racy/divergent): {caught}; "
          + ", ".join(f"{v} {n}" for v, n in outcomes.most_common()))
    missed = [r for r in results if r["verdict"] == "race-free"]
    if missed:
        print("mutants still race-free (redundant barrier or unsound: look at each):")
        for r in missed:
            print(f"  {r['path']}:{r['barrier_line']} in {r['kernel']}: {r['barrier']}")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

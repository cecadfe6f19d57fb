#!/usr/bin/env python3
"""Strip-and-fix benchmark: remove every barrier of race-free kernels, run `fix`, re-check.

For every file of a corpus (MANIFEST.tsv rows whose `expected` is race-free) that
contains barriers, the benchmark:
  1. checks the original file and runs `fix` on it (the author's placement:
     barrier count and cost under the same cost model, `barriers_before`/`cost_before`);
  2. removes every barrier statement from the text (`__syncthreads()`, OpenCL
     `barrier(...)`/`work_group_barrier(...)`, `cg::sync(g)`, `g.sync()`;
     value-returning `__syncthreads_count/and/or` and warp barriers stay);
  3. runs `fix --format json` on the stripped file (a scratch copy of the
     program folder in a temporary directory; the corpus is never written), applies
     the edits it reports, and re-checks the result with `check`;
  4. compares per kernel: status, re-check verdict, barriers and cost after against
     the author's, synthesis time and checker (oracle) calls.

A kernel counts when its original has at least one block barrier and is reported
race-free by the checker; kernels whose original is not race-free are listed separately
(a checker false alarm, or a real race of the corpus). A counted kernel is *repaired*
when `fix` says repaired (or already-race-free after stripping: its barriers were not
needed), the re-checked text is race-free, and it uses at most the author's barrier
count and cost.

Prints a table per corpus, the exceptions with their reasons, and a summary line with
the synthesis time median and p95: the `time_ms` of `fix` on the stripped kernels, which
counts the synthesis (its checker calls and MaxSAT solves) and the re-check of the
repaired text, not the front end. The split is printed too: `checker_ms` (checker calls,
the re-check included), `maxsat_ms` (MaxSAT solves) and the rest (the synthesizer's own
work: candidates, kernels to check, edits). Times under load are not comparable run to
run: the solver work units of the synthesis (`work_units` of `fix`: its checks and MaxSAT
solves, the re-check aside) repeat, and are printed too (median, p95, total).

Usage (release build, from the repository root):
  cargo build --release
  python3 tests/bench/strip_fix.py --corpus /work/shared/corpus/gpuverify-testsuite --scope core \\
      --corpus /work/shared/corpus/hecbench
"""

import argparse
import csv
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO_ROOT, "target"))
DEFAULT_BINARY = os.path.join(TARGET_DIR, "release", "syncwright")
DEFAULT_CORPORA = [os.path.join(REPO_ROOT, "..", "shared", "corpus", name)
                   for name in ("gpuverify-testsuite", "hecbench")]
EPS = 1e-9
# The kernel budget `fix` runs with (no `--budget-ms`: the default).
DEFAULT_BUDGET_MS = 10_000


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", action="append",
                   help="corpus folder with MANIFEST.tsv (repeatable; default: the GPUVerify suite "
                        "and HeCBench under ../shared/corpus relative to the repository root)")
    p.add_argument("--binary", default=DEFAULT_BINARY, help="syncwright binary (default: the release build)")
    p.add_argument("--scope", action="append",
                   help="only rows of this scope (repeatable); a corpus whose manifest has no scope "
                        "column (HeCBench) is not filtered")
    p.add_argument("--filter", default="", help="only files whose path contains this text")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per syncwright run (default 300)")
    p.add_argument("--json-out", help="also write every kernel's row to this file")
    p.add_argument("--files-from",
                   help="a conformance JSON (tests/conformance/run.py --json-out): only files in which "
                        "it reports at least one kernel race-free (a kernel that is not race-free as "
                        "written is never counted, so this only skips work; use one made by the same "
                        "binary)")
    p.add_argument("--verbose", action="store_true", help="print every counted kernel, not only the exceptions")
    p.add_argument("--progress", action="store_true",
                   help="print one line per file on stderr as it is done, and rewrite --json-out after each "
                        "file (a long run that is stopped keeps what it measured)")
    return p.parse_args(argv)


# ---------------------------------------------------------------- stripping

_BARRIER_CALL = re.compile(
    r"(?<![\w.:])(?:"
    r"__syncthreads\s*\(\s*\)"
    r"|(?:work_group_barrier|barrier)\s*\("
    r"|(?:cg|cooperative_groups)\s*::\s*sync\s*\("
    r"|(?:[A-Za-z_]\w*(?:\s*::\s*[A-Za-z_]\w*)*(?:\s*\(\s*\))?\s*\.\s*)sync\s*\(\s*\)"
    r")")


def _close_paren(text, i):
    """Index after the `)` matching the `(` just before `i`, or None."""
    depth = 1
    while i < len(text):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c in ";{}":
            return None
        i += 1
    return None


def strip_barriers(text):
    """The text without its barrier statements, and how many were removed.

    A barrier alone on its line loses the line; a barrier that is the body of an
    unbraced `if`/`else`/loop becomes the empty statement `;` so that the next statement
    does not move into the branch; a barrier in a macro body is removed from it.
    """
    cuts = []  # (start, end, replacement)
    for m in _BARRIER_CALL.finditer(text):
        start, end = m.start(), m.end()
        if cuts and start < cuts[-1][1]:
            continue
        if text[end - 1] == "(":
            end = _close_paren(text, end)
            if end is None:
                continue
        j = end
        while j < len(text) and text[j] in " \t":
            j += 1
        has_semicolon = j < len(text) and text[j] == ";"
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        before = text[line_start:start]
        if before.lstrip().startswith("#"):
            cuts.append((start, j + 1 if has_semicolon else end, ""))
            continue
        if not has_semicolon:
            continue  # a value (`x = barrier(...)`?), not a barrier statement
        stmt_end = j + 1
        prev = text[:start].rstrip()
        if prev.endswith(")") or re.search(r"\b(else|do)$", prev):
            cuts.append((start, stmt_end, ";"))
        elif not before.strip() and not text[stmt_end:line_end].strip():
            cuts.append((line_start, min(line_end + 1, len(text)), ""))
        else:
            k = stmt_end
            while k < line_end and text[k] in " \t":
                k += 1
            cuts.append((start, k, ""))
    out = []
    pos = 0
    for s, e, new in cuts:
        out.append(text[pos:s])
        out.append(new)
        pos = e
    out.append(text[pos:])
    return "".join(out), len(cuts)


# ---------------------------------------------------------------- running syncwright

# CPU seconds (user + system) of the last `run_json` child: the command line
# measures its budgets in CPU time (`base::clock`), which a loaded machine
# does not stretch, unlike the wall time of `time_ms`.
LAST_CPU_S = [None]


def children_cpu_s():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_json(binary, args, cwd, timeout):
    """Runs syncwright with JSON output; returns (document or None, error text, seconds)."""
    started = time.monotonic()
    cpu_before = children_cpu_s()
    LAST_CPU_S[0] = None
    try:
        proc = subprocess.run([binary] + args, cwd=cwd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timeout after {timeout:.0f} s", timeout
    LAST_CPU_S[0] = children_cpu_s() - cpu_before
    seconds = time.monotonic() - started
    try:
        return json.loads(proc.stdout.decode("utf-8", errors="replace")), None, seconds
    except json.JSONDecodeError:
        err = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        return None, f"exit {proc.returncode}: {err[-1] if err else 'no output'}", seconds


def kernels_by_key(doc, field="kernels"):
    """Kernels of a one-file JSON document keyed by (name, occurrence)."""
    out = {}
    seen = {}
    for f in (doc or {}).get("files", []):
        for k in f.get(field, []):
            n = seen.get(k["name"], 0)
            seen[k["name"]] = n + 1
            out[(k["name"], n)] = k
    return out


def first_message(kernel):
    for d in kernel.get("diagnostics", []):
        if d.get("severity") in ("error", "warning"):
            line = d.get("range", {}).get("start", {}).get("line", -1) + 1
            return f"{d.get('kind')} line {line}: {d.get('message')}"
    return "-"


def apply_edits(data, edits):
    """Applies JSON edits (byte offsets of the original) to bytes `data`."""
    for e in sorted(edits, key=lambda e: (e["range"]["start_offset"], e["range"]["end_offset"]), reverse=True):
        s, t = e["range"]["start_offset"], e["range"]["end_offset"]
        data = data[:s] + e["new_text"].encode("utf-8") + data[t:]
    return data


def program_root(rel):
    """The folder copied for a file: its first two path components (the test's or program's folder)."""
    parts = rel.split("/")
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0] if len(parts) > 1 else "."


def bench_file(binary, corpus, rel, timeout):
    """All kernel rows of one corpus file (empty when it has no barrier to strip)."""
    with open(os.path.join(corpus, rel), "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    stripped, removed = strip_barriers(text)
    if not removed:
        return []
    check_doc, check_err, _ = run_json(binary, ["check", "--format", "json", rel], corpus, timeout)
    orig_doc, orig_err, _ = run_json(binary, ["fix", "--format", "json", rel], corpus, timeout)
    originals = kernels_by_key(check_doc)
    authors = kernels_by_key(orig_doc)
    rows = []
    with tempfile.TemporaryDirectory(prefix="strip_fix_") as tmp:
        root = program_root(rel)
        shutil.copytree(os.path.join(corpus, root), os.path.join(tmp, root), dirs_exist_ok=True)
        target = os.path.join(tmp, rel)
        with open(target, "wb") as f:
            f.write(stripped.encode("utf-8"))
        fix_doc, fix_err, fix_s = run_json(binary, ["fix", "--format", "json", rel], tmp, timeout)
        fix_cpu_s = LAST_CPU_S[0]
        fixes = kernels_by_key(fix_doc)
        edits = [e for k in fixes.values() for e in k.get("edits", [])]
        with open(target, "wb") as f:
            f.write(apply_edits(stripped.encode("utf-8"), edits))
        recheck_doc, recheck_err, _ = run_json(binary, ["check", "--format", "json", rel], tmp, timeout)
        rechecks = kernels_by_key(recheck_doc)
    keys = list(originals) or list(authors)
    for key in keys:
        orig = originals.get(key, {})
        author = authors.get(key, {})
        fix = fixes.get(key, {})
        re_k = rechecks.get(key, {})
        row = {
            "file": rel, "kernel": key[0],
            "original": orig.get("verdict", check_err or "missing"),
            "original_first": first_message(orig) if orig else (check_err or "-"),
            "author_barriers": author.get("barriers_before"),
            "author_cost": author.get("cost_before"),
            "status": fix.get("status", fix_err or "missing"),
            "reason": fix.get("reason") or (fix_err if not fix else None),
            "barriers_after": fix.get("barriers_after"),
            "cost_after": fix.get("cost_after"),
            "time_ms": fix.get("time_ms"),
            "checker_ms": fix.get("checker_ms"),
            "maxsat_ms": fix.get("maxsat_ms"),
            "work_units": fix.get("work_units"),
            "oracle_calls": fix.get("oracle_calls"),
            "optimal": fix.get("optimal"),
            "recheck": re_k.get("verdict", recheck_err or "missing"),
            "recheck_first": first_message(re_k) if re_k else (recheck_err or "-"),
            "fix_wall_s": fix_s,
            # The whole `fix` process of the file (every kernel, front end).
            "fix_cpu_s": fix_cpu_s,
            "author_error": orig_err,
        }
        rows.append(row)
    return rows


def classify(row):
    """`skip-no-barrier`, `excluded` (original not race-free) or the outcome of a counted kernel."""
    if row["original"] != "race-free":
        return "excluded"
    if not row["author_barriers"]:
        return "skip-no-barrier"
    if row["status"] not in ("repaired", "already-race-free"):
        return "not-repaired"
    if row["recheck"] != "race-free":
        return "recheck-failed"
    if (row["barriers_after"] or 0) > row["author_barriers"]:
        return "more-barriers"
    if (row["cost_after"] or 0.0) > (row["author_cost"] or 0.0) + EPS:
        return "costlier"
    return "ok"


def percentile(sorted_values, q):
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-len(sorted_values) * q // 100))
    return sorted_values[int(rank) - 1]


def fmt(x):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def ms(x):
    return fmt(round(x, 1) if x is not None else None)


def split(rows):
    """Medians of the time split of `rows` (ms): checker calls, MaxSAT, the rest."""
    timed = [r for r in rows if r["time_ms"] is not None and r.get("checker_ms") is not None]
    checker = sorted(r["checker_ms"] for r in timed)
    maxsat = sorted(r["maxsat_ms"] for r in timed)
    own = sorted(max(0.0, r["time_ms"] - r["checker_ms"] - r["maxsat_ms"]) for r in timed)
    without = sorted(max(0.0, r["time_ms"] - r["checker_ms"]) for r in timed)
    return (f"split: checker calls median {percentile(checker, 50):.1f} ms (p95 {percentile(checker, 95):.1f}), "
            f"MaxSAT median {percentile(maxsat, 50):.1f} ms (p95 {percentile(maxsat, 95):.1f}), "
            f"the rest median {percentile(own, 50):.1f} ms (p95 {percentile(own, 95):.1f}); "
            f"synthesis without its checker calls median {percentile(without, 50):.1f} ms, "
            f"p95 {percentile(without, 95):.1f} ms")


def report(name, rows, verbose):
    counted = [r for r in rows if r["class"] not in ("excluded", "skip-no-barrier")]
    excluded = [r for r in rows if r["class"] == "excluded"]
    ok = [r for r in counted if r["class"] == "ok"]
    print(f"== {name}: {len(counted)} kernels with barriers reported race-free, "
          f"{len(excluded)} with barriers excluded (original not race-free)")
    header = (f"{'file':52} {'kernel':28} {'result':14} {'bar a/o':>8} {'cost a/o':>17} {'ms':>8} "
              f"{'check':>8} {'maxsat':>7} {'calls':>5}")
    shown = counted if verbose else [r for r in counted if r["class"] != "ok"]
    if shown:
        print(header)
    for r in shown:
        bars = f"{fmt(r['barriers_after'])}/{fmt(r['author_barriers'])}"
        cost = f"{fmt(r['cost_after'])}/{fmt(r['author_cost'])}"
        print(f"{r['file'][:52]:52} {r['kernel'][:28]:28} {r['class']:14} {bars:>8} {cost:>17} "
              f"{ms(r['time_ms']):>8} {ms(r.get('checker_ms')):>8} {ms(r.get('maxsat_ms')):>7} "
              f"{fmt(r['oracle_calls']):>5}")
        if r["class"] != "ok":
            why = r["reason"] or (f"re-check: {r['recheck']}: {r['recheck_first']}" if r["class"] == "recheck-failed" else "")
            if why:
                print(f"    {r['status']}: {why}")
    fewer = sum(1 for r in ok if (r["barriers_after"] or 0) < r["author_barriers"])
    # Placements `fix` returned without proving them least-cost (a budget ran
    # out in MaxSAT, or an undecided pair was taken as a race).
    not_optimal = sum(1 for r in ok if r.get("optimal") is False)
    cheaper = sum(1 for r in ok if (r["cost_after"] or 0.0) < (r["author_cost"] or 0.0) - EPS)
    times = sorted(r["time_ms"] for r in counted if r["time_ms"] is not None)
    calls = sorted(r["oracle_calls"] for r in counted if r["oracle_calls"] is not None)
    units = sorted(r["work_units"] for r in counted if r.get("work_units") is not None)
    share = 100.0 * len(ok) / len(counted) if counted else float("nan")
    print(f"{name}: repaired {len(ok)}/{len(counted)} ({share:.1f}%), fewer barriers than the author {fewer}, "
          f"cheaper {cheaper}, not proven least-cost {not_optimal}; synthesis median {percentile(times, 50):.1f} ms, p95 {percentile(times, 95):.1f} ms, "
          f"max {percentile(times, 100):.1f} ms; oracle calls median {percentile(calls, 50)}, max {percentile(calls, 100)}; "
          f"work units median {percentile(units, 50)}, p95 {percentile(units, 95)}, total {sum(units)}")
    print(f"  {split(counted)}")
    if excluded:
        print(f"  excluded (original not race-free):")
        for r in excluded:
            print(f"    {r['file']} {r['kernel']}: {r['original']}: {r['original_first']}")
    print()
    return counted, times


def main(argv):
    args = parse_args(argv)
    binary = os.path.abspath(args.binary)
    if not os.path.exists(binary):
        print(f"strip_fix: binary not found at {binary} (cargo build --release)", file=sys.stderr)
        return 2
    corpora = args.corpus or DEFAULT_CORPORA
    only = None
    if args.files_from:
        with open(args.files_from, encoding="utf-8") as f:
            only = {e["path"] for e in json.load(f) if "race-free" in (e.get("verdicts") or [])}
    all_rows = []
    all_counted = []
    all_times = []
    started = time.monotonic()
    for corpus in corpora:
        corpus = os.path.abspath(corpus)
        manifest = os.path.join(corpus, "MANIFEST.tsv")
        if not os.path.isfile(manifest):
            print(f"strip_fix: no MANIFEST.tsv in {corpus}; skipped")
            continue
        with open(manifest, newline="", encoding="utf-8") as f:
            entries = [r for r in csv.DictReader(f, delimiter="\t")
                       if r.get("expected") == "race-free"
                       and (not args.scope or r.get("scope") is None or r["scope"] in args.scope)
                       and args.filter in r["path"]
                       and (only is None or r["path"] in only)]
        rows = []
        for n, entry in enumerate(entries, 1):
            file_rows = bench_file(binary, corpus, entry["path"], args.timeout)
            for row in file_rows:
                row["corpus"] = os.path.basename(corpus)
                row["class"] = classify(row)
                rows.append(row)
            if args.progress:
                outcome = ", ".join(f"{r['kernel']}: {r['class']}" for r in file_rows) or "no barrier"
                print(f"[{n}/{len(entries)}] {entry['path']}: {outcome}", file=sys.stderr, flush=True)
                if args.json_out:
                    with open(args.json_out, "w", encoding="utf-8") as f:
                        json.dump(all_rows + rows, f, indent=1)
        counted, times = report(os.path.basename(corpus), rows, args.verbose)
        all_rows += rows
        all_counted += counted
        all_times += times
    ok = sum(1 for r in all_counted if r["class"] == "ok")
    times = sorted(all_times)
    share = 100.0 * ok / len(all_counted) if all_counted else float("nan")
    over = sum(1 for r in all_counted if r["time_ms"] is not None and r["status"] == "inconclusive"
               and "budget" in (r["reason"] or ""))
    # `fix` runs with the default kernel budget: its synthesis must end within it.
    late = sum(1 for r in all_counted if (r["time_ms"] or 0.0) > DEFAULT_BUDGET_MS)
    print(f"summary: repaired {ok}/{len(all_counted)} ({share:.1f}%) stripped kernels with at most the author's "
          f"barriers and cost; synthesis median {percentile(times, 50):.1f} ms (target <= 10), "
          f"p95 {percentile(times, 95):.1f} ms (target <= 200); {over} inconclusive at the budget, "
          f"{late} past it; "
          f"wall {time.monotonic() - started:.0f} s")
    print(f"  {split(all_counted)}")
    # On the command line the budget is CPU time: a file whose whole `fix`
    # process (front end, every kernel) took more CPU time than one kernel's
    # budget may hold a kernel past it (an upper bound of the count).
    budget_s = DEFAULT_BUDGET_MS / 1000.0
    cpu_late = [r for r in all_counted if (r.get("fix_cpu_s") or 0.0) > budget_s]
    cpus = sorted(r["fix_cpu_s"] for r in all_counted if r.get("fix_cpu_s") is not None)
    if cpus:
        late_list = ", ".join(f"{r['kernel']} {r['fix_cpu_s']:.2f} s" for r in cpu_late) or "none"
        print(f"  CPU time of the file's whole fix run (the budget clock): max {cpus[-1]:.2f} s; "
              f"{len(cpu_late)} counted kernels in files above one kernel budget ({late_list})")
    units = sorted(r["work_units"] for r in all_counted if r.get("work_units") is not None)
    print(f"  work units (deterministic, comparable under load): median {percentile(units, 50)}, "
          f"p95 {percentile(units, 95)}, total {sum(units)}")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(all_rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

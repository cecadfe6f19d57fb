#!/usr/bin/env python3
"""Conformance runner: `syncwright check` over the GPUVerify test suite.

Runs the release binary on every kernel listed in the corpus MANIFEST.tsv, one
process per kernel file (so a hang or crash costs one kernel, not the run), and
prints:
  * agreement per lang x expected x scope (a kernel agrees when expected is
    race-free and the verdict is race-free, or expected is bug and the verdict
    is anything else);
  * every disagreement with the first diagnostic;
  * per-kernel time percentiles (median, p90, p95, max) from the JSON `time_ms`;
  * the targets on scope `core`;
  * for real-program corpora (manifest rows without a scope, e.g. hecbench):
    kernels found, verdict counts per kernel, the share of files with no
    finding, files with kernel text but no kernel checked (a silent pass),
    unsupported/inconclusive reasons ranked, findings per file.

`--diff OLD.json NEW.json` compares two `--json-out` files kernel by kernel
(verdict changes, kernels appearing or disappearing, finding counts).

The checker only sees the kernel file: the expected outcome comes from the
manifest, never from the kernel's header line.

Exit code: 0 when the corpus is absent (skipped) or the `core` targets are met,
1 when a target is missed, 2 on usage errors.
"""

import argparse
import concurrent.futures
import csv
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_CORPUS = os.path.join(REPO_ROOT, "..", "shared", "corpus", "gpuverify-testsuite")
TARGET_DIR = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO_ROOT, "target"))
DEFAULT_BINARY = os.path.join(TARGET_DIR, "release", "syncwright")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", default=DEFAULT_CORPUS,
                   help="corpus folder with MANIFEST.tsv (default: ../shared/corpus/gpuverify-testsuite "
                        "relative to the repository root)")
    p.add_argument("--binary", default=DEFAULT_BINARY,
                   help="syncwright binary (default: the release build; built when missing)")
    p.add_argument("--no-build", action="store_true", help="do not run `cargo build --release` first")
    p.add_argument("--scope", action="append",
                   help="only kernels of this scope (repeatable): core, annotations, memory-safety, frontend, other")
    p.add_argument("--lang", choices=["cuda", "opencl"], help="only kernels of this language")
    p.add_argument("--filter", default="",
                   help="only kernels whose path contains this text (several texts separated by commas: any of them)")
    p.add_argument("--jobs", type=int, default=1,
                   help="parallel checks (default 1: timings are only comparable without contention)")
    p.add_argument("--timeout", type=float, default=120.0, help="seconds per kernel file (default 120)")
    p.add_argument("--json-out", help="also write every row's raw result to this file")
    p.add_argument("--diff", nargs=2, metavar=("OLD", "NEW"),
                   help="compare two --json-out files kernel by kernel and exit")
    p.add_argument("--top", type=int, default=15, help="reasons listed per ranking (default 15)")
    p.add_argument("--report", metavar="RESULTS",
                   help="print the summary of an earlier --json-out file (no checking) and exit")
    p.add_argument("--known-races",
                   help="TSV of findings believed to be real races (path, kernel, verdict); default "
                        "tests/conformance/known_races/<corpus folder name>.tsv when it exists")
    p.add_argument("syncwright_args", nargs="*",
                   help="extra arguments for `syncwright check` (after --)")
    return p.parse_args(argv)


def load_manifest(corpus):
    with open(os.path.join(corpus, "MANIFEST.tsv"), newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def first_diagnostic(doc):
    """The first diagnostic of the file's JSON, as `kind line: message`."""
    for file in doc.get("files", []):
        groups = [file.get("diagnostics", [])] + [k.get("diagnostics", []) for k in file.get("kernels", [])]
        for diags in groups:
            for d in diags:
                if d.get("severity") in ("error", "warning"):
                    line = d.get("range", {}).get("start", {}).get("line", -1) + 1
                    return f"{d.get('kind')} line {line}: {d.get('message')}"
        if file.get("error"):
            return file["error"]
    return "-"


def kernel_records(doc):
    """One record per reported kernel: name, file, line, verdict, time, findings."""
    records = []
    for file in doc.get("files", []):
        for k in file.get("kernels", []):
            diags = [d for d in k.get("diagnostics", []) if d.get("severity") in ("error", "warning")]
            records.append({
                "name": k.get("name"),
                "file": k.get("range", {}).get("path", file.get("path")),
                "line": k.get("range", {}).get("start", {}).get("line", -1) + 1,
                "verdict": k.get("verdict"),
                "time_ms": k.get("time_ms", 0.0),
                "launch": k.get("launch"),
                "findings": len(diags),
                "kinds": dict(Counter(d.get("kind") for d in diags)),
                "first": (f"{diags[0].get('kind')} line "
                          f"{diags[0].get('range', {}).get('start', {}).get('line', -1) + 1}: "
                          f"{diags[0].get('message')}") if diags else "-",
            })
    return records


def file_findings(doc):
    """Errors and warnings at file level (syntax errors, include problems, ...)."""
    return [d for f in doc.get("files", []) for d in f.get("diagnostics", [])
            if d.get("severity") in ("error", "warning")]


KERNEL_DEFINITION = re.compile(r"\b(?:__global__|__kernel)\b[^;{}]*\)\s*(?:const\s*)?\{")
COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)


def has_kernel_text(corpus, path):
    """Whether the file's text (comments aside) defines a kernel: `__global__ ... (...) {`."""
    try:
        with open(os.path.join(corpus, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return False
    return KERNEL_DEFINITION.search(COMMENTS.sub(" ", text)) is not None


def check_one(binary, corpus, row, timeout, extra=()):
    """Runs the checker on one manifest row; returns a result dict."""
    result = {"path": row["path"], "lang": row["lang"], "expected": row["expected"],
              "scope": row.get("scope", "real"), "times": [], "first": "-", "kernels": [],
              "file_findings": []}
    started = time.monotonic()
    try:
        proc = subprocess.run([binary, "check", "--format", "json", *extra, row["path"]], cwd=corpus,
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        result.update(got="timeout", wall_ms=timeout * 1000.0)
        return result
    result["wall_ms"] = (time.monotonic() - started) * 1000.0
    try:
        doc = json.loads(proc.stdout.decode("utf-8", errors="replace"))
    except json.JSONDecodeError:
        stderr = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        result.update(got=f"crash(exit {proc.returncode})", first=stderr[-1] if stderr else "-")
        return result
    kernels = [k for f in doc.get("files", []) for k in f.get("kernels", [])]
    result["times"] = [k.get("time_ms", 0.0) for k in kernels]
    result["verdicts"] = [k.get("verdict") for k in kernels]
    result["first"] = first_diagnostic(doc)
    result["kernels"] = kernel_records(doc)
    result["file_findings"] = [f"{d.get('kind')}: {d.get('message')}" for d in file_findings(doc)]
    result["file_kinds"] = sorted({d.get("kind") for f in doc.get("files", []) for d in f.get("diagnostics", [])})
    result["kernel_text"] = has_kernel_text(corpus, row["path"])
    if proc.returncode == 2:
        result["got"] = "error"
    elif not kernels:
        result["got"] = "no-kernel" if proc.returncode == 0 else "syntax-error"
    elif proc.returncode == 0:
        result["got"] = "race-free"
    else:
        order = ["divergent", "racy", "inconclusive", "unsupported", "race-free"]
        worst = min((v for v in result["verdicts"] if v in order), key=order.index, default="race-free")
        # Exit 1 with only race-free kernels means a file-level error.
        result["got"] = worst if worst != "race-free" else "syntax-error"
    return result


def declares_only(r):
    """A file that only declares kernels (their definitions are elsewhere) and has no finding."""
    return (r["got"] == "no-kernel" and not r.get("kernel_text", True)
            and not r.get("file_findings"))


def agrees(r):
    if r["expected"] == "race-free":
        # A header that only declares kernels has nothing to check: no finding is the right answer.
        return r["got"] == "race-free" or declares_only(r)
    if r["expected"] == "bug":
        return r["got"] not in ("race-free", "no-kernel")
    return None


def percentile(sorted_values, q):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_values:
        return float("nan")
    rank = max(1, -(-len(sorted_values) * q // 100))
    return sorted_values[int(rank) - 1]


def print_table(results):
    groups = defaultdict(list)
    for r in results:
        groups[(r["lang"], r["expected"], r["scope"])].append(r)
    print(f"{'lang':8} {'expected':10} {'scope':14} {'kernels':>7} {'agree':>6} {'rate':>7}  verdicts")
    for key in sorted(groups):
        rows = groups[key]
        got = Counter(r["got"] for r in rows)
        spread = ", ".join(f"{v} {n}" for v, n in got.most_common())
        if key[1] in ("race-free", "bug"):
            ok = sum(1 for r in rows if agrees(r))
            print(f"{key[0]:8} {key[1]:10} {key[2]:14} {len(rows):7} {ok:6} {100.0 * ok / len(rows):6.1f}%  {spread}")
        else:
            print(f"{key[0]:8} {key[1]:10} {key[2]:14} {len(rows):7} {'-':>6} {'-':>7}  {spread}")


def print_times(label, results):
    times = sorted(t for r in results for t in r["times"])
    if not times:
        print(f"{label}: no kernel timings")
        return None
    stats = {q: percentile(times, q) for q in (50, 90, 95, 99, 100)}
    slow = sum(1 for t in times if t >= NEAR_BUDGET_MS)
    print(f"{label}: {len(times)} kernels, median {stats[50]:.2f} ms, p90 {stats[90]:.2f} ms, "
          f"p95 {stats[95]:.2f} ms, p99 {stats[99]:.2f} ms, max {stats[100]:.2f} ms; "
          f"{slow} at >= {NEAR_BUDGET_MS / 1000:g} s (near the default 10 s budget)")
    return stats


# A kernel this slow ran into the default 10 s budget (or nearly).
NEAR_BUDGET_MS = 9500.0

# Verdicts that report a known real race: racy or divergent, or inconclusive (still a finding
# at the racing code, though not a proof).
REPORTS_RACE = ("racy", "divergent", "inconclusive")


def load_known_races(path):
    """{(file path, kernel name)} from a TSV of findings believed to be real races."""
    known = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                parts = line.rstrip("\n").split("\t")
                if len(parts) >= 2:
                    known.add((parts[0], parts[1]))
    return known


def false_findings(r, known):
    """What in one real-program file is a false finding: kernels not race-free (known real
    races reported are right) and file-level errors or warnings."""
    bad = []
    for k in r.get("kernels", []):
        if (r["path"], k["name"]) in known and k["verdict"] in REPORTS_RACE:
            continue
        if k["verdict"] != "race-free":
            bad.append(f"{k['name']} {k['verdict']}")
    if not r.get("kernels") and not declares_only(r) and r["got"] != "race-free":
        bad.append(f"file {r['got']}")
    bad.extend(f"file {m}" for m in r.get("file_findings", []))
    return bad


def print_known_races(results, known, path):
    """Files with no false finding when the known real races count as right, and their recall."""
    files = len(results)
    false_files = [(r["path"], false_findings(r, known)) for r in results]
    false_files = [(p, bad) for p, bad in false_files if bad]
    ok = files - len(false_files)
    print(f"  files with no false finding (known real races in {os.path.relpath(path, REPO_ROOT)} "
          f"counted as right): {ok} of {files} ({100.0 * ok / max(files, 1):.1f}%)")
    for p, bad in sorted(false_files):
        print(f"    {p}: {', '.join(bad)[:200]}")
    checked = {r["path"] for r in results}
    listed = {k for k in known if k[0] in checked}
    found = {(r["path"], k["name"]) for r in results for k in r.get("kernels", [])
             if (r["path"], k["name"]) in known and k["verdict"] in REPORTS_RACE}
    print(f"  known real races still reported: {len(found)} of {len(listed)}")
    for p, name in sorted(listed - found):
        print(f"    LOST {p} {name}")


REASON_NOISE = [
    (re.compile(r"`[^`]*`"), "`_`"),
    (re.compile(r"\b\d+\b"), "N"),
    (re.compile(r"line N|at [^ :]+:N:N"), "at _"),
]


def reason_class(message):
    """A message with names and numbers blanked, for ranking reasons."""
    text = message.split(" not checked: ", 1)[-1]
    for pattern, repl in REASON_NOISE:
        text = pattern.sub(repl, text)
    return text[:140]


def ranked_reasons(results, verdict, top):
    counts = Counter()
    for r in results:
        for k in r.get("kernels", []):
            if k["verdict"] == verdict:
                counts[reason_class(k["first"].split(": ", 1)[-1])] += 1
    return counts.most_common(top)


def print_real_summary(results, top, known=None, known_path=None):
    """Real-program figures: kernels, verdicts, clean files, reasons, findings."""
    files = len(results)
    kernels = [k for r in results for k in r.get("kernels", [])]
    verdicts = Counter(k["verdict"] for k in kernels)
    if not kernels:  # an old --json-out without kernel records
        verdicts = Counter(v for r in results for v in r.get("verdicts", []))
    clean = sum(1 for r in results if r["got"] == "race-free")
    declaring = sum(1 for r in results if declares_only(r))
    no_kernel = [r for r in results if r["got"] in ("no-kernel", "syntax-error") and not r.get("verdicts")]
    # A silent pass: no kernel and no diagnostic saying so, in a file that defines one.
    silent = [r for r in no_kernel if r.get("kernel_text", True) and r["got"] == "no-kernel"
              and "no-kernel" not in r.get("file_kinds", [])]
    total_k = sum(verdicts.values())
    print(f"real programs: {files} files, {total_k} kernels checked")
    no_finding = clean + declaring
    print(f"  files with no finding: {no_finding} of {files} ({100.0 * no_finding / max(files, 1):.1f}%): "
          f"{clean} with kernels all race-free, {declaring} that only declare kernels")
    print("  kernel verdicts: " + ", ".join(
        f"{v} {n} ({100.0 * n / max(total_k, 1):.1f}%)" for v, n in verdicts.most_common()))
    print(f"  files with no kernel reported: {len(no_kernel)} "
          f"(silent passes with kernel text: {len(silent)})")
    for r in silent:
        print(f"    {r['path']}")
    if known is not None:
        print_known_races(results, known, known_path)
    got = Counter(r["got"] for r in results)
    print("  file outcomes: " + ", ".join(f"{g} {n}" for g, n in got.most_common()))
    findings = sum(k.get("findings", 0) for k in kernels) + sum(len(r.get("file_findings", [])) for r in results)
    print(f"  findings (errors and warnings): {findings}")
    kinds = Counter()
    for k in kernels:
        kinds.update(k.get("kinds", {}))
    if kinds:
        print("  findings by kind: " + ", ".join(f"{c} {n}" for c, n in kinds.most_common()))
    for verdict in ("unsupported", "inconclusive"):
        reasons = ranked_reasons(results, verdict, top)
        if reasons:
            print(f"  {verdict} reasons (ranked):")
            for reason, n in reasons:
                print(f"    {n:4}  {reason}")
    file_reasons = Counter(reason_class(m) for r in results for m in r.get("file_findings", []))
    if file_reasons:
        print("  file-level findings (ranked):")
        for reason, n in file_reasons.most_common(top):
            print(f"    {n:4}  {reason}")


def kernel_key(record, path):
    return (path, record.get("file") or path, record.get("name"), record.get("line"))


def diff_results(old_path, new_path):
    """Per-kernel comparison of two --json-out files."""
    with open(old_path, encoding="utf-8") as f:
        old = {r["path"]: r for r in json.load(f)}
    with open(new_path, encoding="utf-8") as f:
        new = {r["path"]: r for r in json.load(f)}
    changes = Counter()
    lines = []
    for path in sorted(set(old) | set(new)):
        a, b = old.get(path), new.get(path)
        if a is None or b is None:
            lines.append(f"  {path}: only in {'NEW' if a is None else 'OLD'}")
            continue
        if a.get("got") != b.get("got"):
            changes[f"file {a.get('got')} -> {b.get('got')}"] += 1
        ka, kb = a.get("kernels", []), b.get("kernels", [])
        if not ka or not kb:
            # Old-format results: compare the verdict multisets.
            va, vb = Counter(a.get("verdicts", [])), Counter(b.get("verdicts", []))
            if va != vb:
                lines.append(f"  {path}: {dict(va)} -> {dict(vb)}")
            continue
        by_name_a = defaultdict(list)
        for k in ka:
            by_name_a[(k.get("file"), k.get("name"))].append(k)
        by_name_b = defaultdict(list)
        for k in kb:
            by_name_b[(k.get("file"), k.get("name"))].append(k)
        for key in sorted(set(by_name_a) | set(by_name_b), key=lambda k: (str(k[0]), str(k[1]))):
            la, lb = by_name_a.get(key, []), by_name_b.get(key, [])
            for i in range(max(len(la), len(lb))):
                x = la[i] if i < len(la) else None
                y = lb[i] if i < len(lb) else None
                name = key[1] if key[0] in (None, path) else f"{key[0]}:{key[1]}"
                if x is None:
                    changes[f"new kernel ({y['verdict']})"] += 1
                    lines.append(f"  {path} {name}: (absent) -> {y['verdict']} {y['first']}")
                elif y is None:
                    changes[f"lost kernel (was {x['verdict']})"] += 1
                    lines.append(f"  {path} {name}: {x['verdict']} -> (absent)")
                elif x["verdict"] != y["verdict"] or x.get("findings") != y.get("findings"):
                    if x["verdict"] != y["verdict"]:
                        changes[f"{x['verdict']} -> {y['verdict']}"] += 1
                    else:
                        changes["finding count changed"] += 1
                    lines.append(f"  {path} {name}: {x['verdict']} ({x.get('findings')}) -> "
                                 f"{y['verdict']} ({y.get('findings')}) {y['first'][:160]}")
    print(f"diff {old_path} -> {new_path}")
    for change, n in changes.most_common():
        print(f"  {n:4}  {change}")
    print()
    for line in lines:
        print(line)
    return 0


def print_summary(results, corpus, args):
    """The real-program summary and the time percentiles; returns the core scope's times."""
    real = [r for r in results if r["scope"] == "real"]
    if real:
        known_path = args.known_races or os.path.join(
            REPO_ROOT, "tests", "conformance", "known_races", os.path.basename(corpus) + ".tsv")
        known = load_known_races(known_path) if os.path.isfile(known_path) else None
        print_real_summary(real, args.top, known, known_path)
        print()
    print_times("time per kernel (all)", results)
    core = [r for r in results if r["scope"] == "core"]
    return print_times("time per kernel (core)", core)


def main(argv):
    args = parse_args(argv)
    if args.diff:
        return diff_results(*args.diff)
    corpus = os.path.abspath(args.corpus)
    if args.report:
        with open(args.report, encoding="utf-8") as f:
            results = json.load(f)
        print_summary(results, corpus, args)
        return 0
    args.binary = os.path.abspath(args.binary)
    if not os.path.isfile(os.path.join(corpus, "MANIFEST.tsv")):
        print(f"conformance: corpus not found at {corpus} (no MANIFEST.tsv); skipping")
        return 0
    if not args.no_build and not os.path.exists(args.binary):
        print("conformance: building the release binary", flush=True)
        subprocess.run(["cargo", "build", "--release", "--bin", "syncwright"], cwd=REPO_ROOT, check=True)
    if not os.path.exists(args.binary):
        print(f"conformance: binary not found at {args.binary}", file=sys.stderr)
        return 2

    rows = [r for r in load_manifest(corpus)
            if (not args.scope or r.get("scope", "real") in args.scope)
            and (not args.lang or r["lang"] == args.lang)
            and any(f in r["path"] for f in args.filter.split(","))]
    print(f"conformance: {len(rows)} kernels from {corpus} with {args.binary}", flush=True)
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(
            lambda r: check_one(args.binary, corpus, r, args.timeout, args.syncwright_args), rows))
    elapsed = time.monotonic() - started

    print()
    print_table(results)
    print()
    disagreements = sorted((r for r in results if agrees(r) is False),
                           key=lambda r: (r["scope"] != "core", r["path"]))
    print(f"disagreements: {len(disagreements)}")
    for r in disagreements:
        print(f"  {r['path']}\t{r['scope']}\texpected {r['expected']}\tgot {r['got']}\t{r['first']}")
    print()
    core_stats = print_summary(results, corpus, args)
    core = [r for r in results if r["scope"] == "core"]
    print(f"wall time: {elapsed:.1f} s with {args.jobs} job(s)")

    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)

    if not core:
        return 0
    print()
    bugs = [r for r in core if r["expected"] == "bug"]
    missed = [r for r in bugs if not agrees(r)]
    clean = [r for r in core if r["expected"] == "race-free"]
    clean_ok = sum(1 for r in clean if agrees(r))
    clean_rate = 100.0 * clean_ok / len(clean) if clean else 100.0
    targets = [
        (f"core bug kernels reported race-free: {len(missed)} of {len(bugs)} (target 0)", not missed),
        (f"core race-free kernels reported race-free: {clean_rate:.1f}% (target >= 95%)", clean_rate >= 95.0),
    ]
    if core_stats:
        targets.append((f"core median {core_stats[50]:.2f} ms (target <= 10 ms)", core_stats[50] <= 10.0))
        targets.append((f"core p95 {core_stats[95]:.2f} ms (target <= 100 ms)", core_stats[95] <= 100.0))
    for text, ok in targets:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")
    return 0 if all(ok for _, ok in targets) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

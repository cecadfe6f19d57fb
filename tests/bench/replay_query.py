#!/usr/bin/env python3
"""Replays a solver query dumped by `SYNCWRIGHT_DUMP=DIR syncwright check F`
on the libz3 the binary links (through ctypes, no Python bindings needed),
to see where Z3's work count (`rlimit`, what the budget counts) and its CPU
time part ways.

    python3 tests/bench/replay_query.py DUMP.smt2 [--rlimit N[,N...]]
        [--solver smt|qflia|incremental] [--param K=V ...] [--global K=V ...]
        [--chunk N]

Each `--rlimit` value is one check from scratch (a fresh context), so a list
gives the CPU curve of the query, e.g. `--rlimit 200000,400000,800000`.
Prints the answer, the `rlimit` count, the thread CPU time, the units per
CPU millisecond (the budget assumes 250) and the steps `rlimit` under-counts
(calls of the non-linear `nra` solver, Gomory cuts, Hermite normal forms),
and the CPU the checker's trace models from them (`modelled`, see
`UncountedSteps::modelled_units` in server/src/check/sdv.rs).
`--chunk N` runs each cap as checks of N units in a row on one incremental
solver (continuing, not restarting: the `smt` tactic's solver restarts at
each check), printing each chunk: what a budget charged between chunks
would see.
A dump's term ids are not the checker's (it is parsed, not built), so a
query decided near its cap may be decided at another count here.
"""

import argparse
import ctypes
import ctypes.util
import re
import sys
import time

VP = ctypes.c_void_p


def load_z3(path):
    lib = ctypes.CDLL(path)
    sigs = [
        ("Z3_get_full_version", ctypes.c_char_p, []),
        ("Z3_mk_config", VP, []),
        ("Z3_mk_context", VP, [VP]),
        ("Z3_del_context", None, [VP]),
        ("Z3_mk_tactic", VP, [VP, ctypes.c_char_p]),
        ("Z3_tactic_inc_ref", None, [VP, VP]),
        ("Z3_mk_solver_from_tactic", VP, [VP, VP]),
        ("Z3_mk_simple_solver", VP, [VP]),
        ("Z3_solver_inc_ref", None, [VP, VP]),
        ("Z3_solver_from_file", None, [VP, VP, ctypes.c_char_p]),
        ("Z3_solver_check", ctypes.c_int, [VP, VP]),
        ("Z3_solver_get_reason_unknown", ctypes.c_char_p, [VP, VP]),
        ("Z3_solver_get_statistics", VP, [VP, VP]),
        ("Z3_stats_inc_ref", None, [VP, VP]),
        ("Z3_stats_to_string", ctypes.c_char_p, [VP, VP]),
        ("Z3_mk_params", VP, [VP]),
        ("Z3_params_inc_ref", None, [VP, VP]),
        ("Z3_mk_string_symbol", VP, [VP, ctypes.c_char_p]),
        ("Z3_params_set_uint", None, [VP, VP, VP, ctypes.c_uint]),
        ("Z3_params_set_bool", None, [VP, VP, VP, ctypes.c_bool]),
        ("Z3_solver_set_params", None, [VP, VP, VP]),
        ("Z3_global_param_set", None, [ctypes.c_char_p, ctypes.c_char_p]),
    ]
    for name, res, args in sigs:
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    return lib


def stat(text, key):
    # A tactic solver lists each check's statistics as entries of their own.
    return sum(int(float(v)) for v in re.findall(r":%s\s+([0-9.]+)" % re.escape(key), text))


def stat_max(text, key):
    return max([int(float(v)) for v in re.findall(r":%s\s+([0-9.]+)" % re.escape(key), text)] or [0])


# The trace's CPU model (server/src/check/sdv.rs, `UncountedSteps`), in
# milliseconds: rlimit steps at 1,500 per ms, a cut per tableau column 4 us,
# an HNF call per column 52 us, an nra call 20 ms.
def modelled_ms(count, nra, cuts, hnf, columns):
    return (count // 6 + cuts * columns + 13 * hnf * columns + 5000 * nra) / 250


def replay(z3, dump, rlimit, solver_kind, params, chunk=None):
    ctx = z3.Z3_mk_context(z3.Z3_mk_config())
    if chunk:
        # Continuing checks need an incremental solver (and a scope, as in
        # the checker).
        solver_kind = "incremental"
    if solver_kind == "incremental":
        solver = z3.Z3_mk_simple_solver(ctx)
    else:
        tactic = z3.Z3_mk_tactic(ctx, solver_kind.encode())
        z3.Z3_tactic_inc_ref(ctx, tactic)
        solver = z3.Z3_mk_solver_from_tactic(ctx, tactic)
    z3.Z3_solver_inc_ref(ctx, solver)
    z3.Z3_solver_from_file(ctx, solver, dump.encode())
    p = z3.Z3_mk_params(ctx)
    z3.Z3_params_inc_ref(ctx, p)
    z3.Z3_params_set_uint(ctx, p, z3.Z3_mk_string_symbol(ctx, b"rlimit"), rlimit)
    for key, value in params:
        sym = z3.Z3_mk_string_symbol(ctx, key.encode())
        if value in ("true", "false"):
            z3.Z3_params_set_bool(ctx, p, sym, value == "true")
        else:
            z3.Z3_params_set_uint(ctx, p, sym, int(value))
    z3.Z3_solver_set_params(ctx, solver, p)
    if chunk:
        z3.Z3_params_set_uint(ctx, p, z3.Z3_mk_string_symbol(ctx, b"rlimit"), chunk)
        z3.Z3_solver_set_params(ctx, solver, p)
    used, cpu_total, before = 0, 0.0, None
    while True:
        start = time.thread_time()
        answer = z3.Z3_solver_check(ctx, solver)
        cpu = time.thread_time() - start
        cpu_total += cpu
        stats = z3.Z3_solver_get_statistics(ctx, solver)
        z3.Z3_stats_inc_ref(ctx, stats)
        text = z3.Z3_stats_to_string(ctx, stats).decode()
        counts = [stat(text, k) for k in ("rlimit-count", "arith-nra-calls", "arith-gomory-cuts", "arith-hnf-calls")]
        delta = [c - b for c, b in zip(counts, before or [0] * 4)]
        before = counts
        used = counts[0]
        columns = stat_max(text, "arith-max-columns")
        reason = z3.Z3_solver_get_reason_unknown(ctx, solver).decode() if answer == 0 else ""
        print(
            "%-8s %-7s rlimit %9d  cpu %7.2f s  %6.0f units/ms  nra calls %4d  gomory cuts %5d  hnf calls %3d  columns %5d  modelled %7.2f s  %s"
            % (
                rlimit if not chunk else "%d/%d" % (used, rlimit),
                {1: "sat", -1: "unsat", 0: "unknown"}[answer],
                delta[0],
                cpu,
                delta[0] / max(cpu * 1e3, 1e-3),
                delta[1],
                delta[2],
                delta[3],
                columns,
                modelled_ms(delta[0], delta[1], delta[2], delta[3], columns) / 1e3,
                reason,
            ),
            flush=True,
        )
        if not chunk or answer != 0 or used >= rlimit:
            break
    if chunk:
        print("total    cpu %7.2f s for %d units" % (cpu_total, used), flush=True)
    # The context is left to the process's exit: freeing a large one takes
    # long and measures nothing.


def key_value(text):
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"expected K=V, got {text!r}")
    return tuple(text.split("=", 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dump")
    ap.add_argument("--rlimit", default="1475000", help="work caps, comma-separated (default: 1475000)")
    ap.add_argument("--solver", default="smt", help="smt (the checker's), qflia, or incremental")
    ap.add_argument("--param", type=key_value, action="append", default=[], help="solver parameter K=V")
    ap.add_argument("--global", dest="globals", type=key_value, action="append", default=[],
                    help="global parameter K=V")
    ap.add_argument("--chunk", type=int, default=None,
                    help="check in chunks of N units on one incremental solver")
    ap.add_argument("--libz3", default=ctypes.util.find_library("z3") or "libz3.so.4")
    args = ap.parse_args()
    try:
        with open(args.dump, "rb"):
            pass
        z3 = load_z3(args.libz3)
        limits = [int(x) for x in args.rlimit.split(",") if x]
    except (OSError, ValueError) as e:
        sys.exit(f"replay_query: {e}")
    for key, value in args.globals:
        z3.Z3_global_param_set(key.encode(), value.encode())
    print(f"{args.dump}: Z3 {z3.Z3_get_full_version().decode()}, solver {args.solver}", flush=True)
    for limit in limits:
        replay(z3, args.dump, limit, args.solver, args.param, args.chunk)


if __name__ == "__main__":
    main()

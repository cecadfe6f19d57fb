#!/usr/bin/env python3
"""Replays a solver query dumped by `SYNCWRIGHT_DUMP=DIR syncwright check F`
on the libz3 the binary links (through ctypes, no Python bindings needed),
to see where Z3's work count (`rlimit`, what the budget counts) and its CPU
time part ways.

    python3 tests/bench/replay_query.py DUMP.smt2 [--rlimit N[,N...]]
        [--solver smt|qflia|incremental] [--param K=V ...] [--global K=V ...]

Each `--rlimit` value is one check from scratch (a fresh context), so a list
gives the CPU curve of the query, e.g. `--rlimit 200000,400000,800000`.
Prints the answer, the `rlimit` count, the thread CPU time, the units per
CPU millisecond (the budget assumes 250) and the steps `rlimit` under-counts
(calls of the non-linear `nra` solver, Gomory cuts, Hermite normal forms).
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


def replay(z3, dump, rlimit, solver_kind, params):
    ctx = z3.Z3_mk_context(z3.Z3_mk_config())
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
    start = time.thread_time()
    answer = z3.Z3_solver_check(ctx, solver)
    cpu = time.thread_time() - start
    stats = z3.Z3_solver_get_statistics(ctx, solver)
    z3.Z3_stats_inc_ref(ctx, stats)
    text = z3.Z3_stats_to_string(ctx, stats).decode()
    reason = z3.Z3_solver_get_reason_unknown(ctx, solver).decode() if answer == 0 else ""
    count = stat(text, "rlimit-count")
    print(
        "%-8s %-7s rlimit %9d  cpu %7.2f s  %6.0f units/ms  nra calls %4d  gomory cuts %5d  hnf calls %3d  columns %5d  %s"
        % (
            rlimit,
            {1: "sat", -1: "unsat", 0: "unknown"}[answer],
            count,
            cpu,
            count / max(cpu * 1e3, 1e-3),
            stat(text, "arith-nra-calls"),
            stat(text, "arith-gomory-cuts"),
            stat(text, "arith-hnf-calls"),
            stat_max(text, "arith-max-columns"),
            reason,
        ),
        flush=True,
    )
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
        replay(z3, args.dump, limit, args.solver, args.param)


if __name__ == "__main__":
    main()

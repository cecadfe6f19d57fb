//! Checker tests on hand-built KPL (the front end has its own tests; these pin
//! down the encoding independently of parsing).

use super::*;
use crate::config::{CheckOptions, LaunchConfig};
use crate::ir::*;

struct B {
    k: Kernel,
}

fn int(v: i128) -> Expr {
    Expr::Int(v, ScalarTy::INT)
}
fn tid() -> Expr {
    Expr::Cast(
        ScalarTy::INT,
        Box::new(Expr::Builtin(Builtin::ThreadIdx(0))),
    )
}
fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    let ty = if op.is_comparison() {
        ScalarTy::Bool
    } else {
        ScalarTy::INT
    };
    Expr::Binary(op, Box::new(a), Box::new(b), ty)
}
fn off(index: Expr) -> Expr {
    Expr::Binary(
        BinOp::Mul,
        Box::new(Expr::Cast(ScalarTy::LONG, Box::new(index))),
        Box::new(Expr::Int(4, ScalarTy::LONG)),
        ScalarTy::LONG,
    )
}

impl B {
    fn new() -> B {
        let k = Kernel {
            arrays: vec![ArrayDecl {
                name: "s".into(),
                space: MemSpace::Shared,
                elem_size: 4,
                dims: vec![256],
                param: None,
                span: Span::default(),
                may_alias_all: false,
            }],
            ..Kernel::new("k".into(), Lang::Cuda)
        };
        B { k }
    }
    fn var(&mut self, name: &str) -> VarId {
        self.k.vars.push(VarDecl {
            name: name.into(),
            ty: ScalarTy::INT,
            span: Span::default(),
        });
        VarId(self.k.vars.len() as u32 - 1)
    }
    fn s(&mut self, kind: StmtKind) -> Stmt {
        let id = self.k.fresh_stmt_id();
        let span = Span::new(id.0 * 10, id.0 * 10 + 5);
        Stmt {
            id,
            kind,
            span,
            stmt_span: span,
            in_macro: false,
            inlined_at: None,
        }
    }
    fn write(&mut self, index: Expr, value: Expr) -> Stmt {
        let access = Access {
            array: ArrayId(0),
            offset: off(index),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        };
        self.s(StmtKind::Write { access, value })
    }
    fn read(&mut self, dest: VarId, index: Expr) -> Stmt {
        let access = Access {
            array: ArrayId(0),
            offset: off(index),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        };
        self.s(StmtKind::Read { dest, access })
    }
    fn barrier(&mut self) -> Stmt {
        self.s(StmtKind::Barrier {
            scope: BarrierScope::Block,
            global_fence: true,
            local_fence: true,
        })
    }
    fn block(stmts: Vec<Stmt>) -> Block {
        Block {
            stmts,
            braces: None,
        }
    }
}

/// `tid < 32 ? tid : tid`: the thread id behind a select, which the
/// injectivity fast path (`check::injective`) does not see through.
fn opaque_tid() -> Expr {
    Expr::Select(
        Box::new(bin(BinOp::Lt, tid(), int(32))),
        Box::new(tid()),
        Box::new(tid()),
        ScalarTy::INT,
    )
}

/// Lowers CUDA source `text` as the file `t.cu`, with no include paths.
fn lower_cu(text: &str) -> crate::ir::Program {
    crate::frontend::lower_source(
        std::path::Path::new("t.cu"),
        text,
        &crate::frontend::NoIncludes,
    )
}

fn opts(block: Option<u32>) -> CheckOptions {
    CheckOptions {
        launch: LaunchConfig {
            block_dim: block.map(|b| [b, 1, 1]),
            grid_dim: Some([1, 1, 1]),
            ..Default::default()
        },
        ..Default::default()
    }
}

#[test]
fn straight_line_race_and_barrier() {
    for with_barrier in [false, true] {
        let mut b = B::new();
        let x = b.var("x");
        let mut stmts = vec![b.write(tid(), tid())];
        if with_barrier {
            stmts.push(b.barrier());
        }
        stmts.push(b.read(x, bin(BinOp::Add, tid(), int(1))));
        b.k.body = B::block(stmts);
        for block in [None, Some(64)] {
            let r = check_kernel(&b.k, &opts(block));
            let expected = if with_barrier {
                Verdict::RaceFree
            } else {
                Verdict::Racy
            };
            assert_eq!(
                r.verdict, expected,
                "barrier={with_barrier} block={block:?}: {:#?}",
                r.findings
            );
            if !with_barrier {
                let race = &r.races[0];
                assert_eq!(race.kind, RaceKind::WriteRead);
                let w = race.witness.as_ref().unwrap();
                assert_eq!(w.byte_offsets[0], w.byte_offsets[1]);
                assert_eq!(w.threads[0].thread[0], w.threads[1].thread[0] + 1);
            }
        }
    }
}

/// for (u = bd/2; u > 0; u >>= 1) { if (tid < u) { x = s[tid+u]; y = s[tid]; s[tid] = x + y; } sync }
fn reduction(with_barrier: bool) -> Kernel {
    reduction_guarded(with_barrier, false)
}

/// [`reduction`] with the guard written `tid + 1 <= u` when `inclusive`:
/// the same executions, outside the tree-reduction theorem of
/// `check::delinear` (which reads `tid < u`), so the pair needs the solver.
fn reduction_guarded(with_barrier: bool, inclusive: bool) -> Kernel {
    let mut b = B::new();
    let u = b.var("u");
    let x = b.var("x");
    let y = b.var("y");
    let uv = || Expr::Var(VarId(0));
    let init = b.s(StmtKind::Assign {
        var: u,
        value: Expr::Cast(
            ScalarTy::INT,
            Box::new(Expr::Binary(
                BinOp::Div,
                Box::new(Expr::Builtin(Builtin::BlockDim(0))),
                Box::new(Expr::Int(2, ScalarTy::UINT)),
                ScalarTy::UINT,
            )),
        ),
    });
    let r1 = b.read(x, bin(BinOp::Add, tid(), uv()));
    let r2 = b.read(y, tid());
    let w = b.write(tid(), bin(BinOp::Add, Expr::Var(x), Expr::Var(y)));
    let cond = if inclusive {
        bin(BinOp::Le, bin(BinOp::Add, tid(), int(1)), uv())
    } else {
        bin(BinOp::Lt, tid(), uv())
    };
    let iff = b.s(StmtKind::If {
        cond,
        then_: B::block(vec![r1, r2, w]),
        else_: Block::default(),
    });
    let mut body = vec![iff];
    if with_barrier {
        body.push(b.barrier());
    }
    let step = b.s(StmtKind::Assign {
        var: u,
        value: bin(BinOp::Shr, uv(), int(1)),
    });
    let lp = b.s(StmtKind::Loop {
        cond: bin(BinOp::Gt, uv(), int(0)),
        cond_prelude: Block::default(),
        body: B::block(body),
        step: B::block(vec![step]),
        form: LoopForm::For,
    });
    b.k.body = B::block(vec![init, lp]);
    b.k
}

#[test]
fn tree_reduction() {
    for block in [None, Some(256)] {
        let r = check_kernel(&reduction(true), &opts(block));
        assert_eq!(
            r.verdict,
            Verdict::RaceFree,
            "block={block:?}: {:#?}",
            r.findings
        );
        let r = check_kernel(&reduction(false), &opts(block));
        assert_eq!(r.verdict, Verdict::Racy, "block={block:?}");
        assert!(r
            .races
            .iter()
            .any(|r| matches!(r.relation, LoopRelation::InterIteration { depth: 1 })));
    }
}

#[test]
fn divergent_barrier() {
    let mut b = B::new();
    let bar = b.barrier();
    let iff = b.s(StmtKind::If {
        cond: bin(BinOp::Lt, tid(), int(16)),
        then_: B::block(vec![bar]),
        else_: Block::default(),
    });
    b.k.body = B::block(vec![iff]);
    let r = check_kernel(&b.k, &opts(Some(64)));
    assert_eq!(r.verdict, Verdict::Divergent);
    // With 16 threads every thread takes the branch: no divergence.
    let r = check_kernel(&b.k, &opts(Some(16)));
    assert_eq!(r.verdict, Verdict::RaceFree, "{:#?}", r.findings);
}

#[test]
fn benign_write_write() {
    let mut b = B::new();
    let w = b.write(int(0), int(7));
    b.k.body = B::block(vec![w]);
    let r = check_kernel(&b.k, &opts(Some(64)));
    assert_eq!(r.verdict, Verdict::RaceFree);
    assert!(r.races[0].benign);
    let mut b = B::new();
    let w = b.write(int(0), tid());
    b.k.body = B::block(vec![w]);
    let r = check_kernel(&b.k, &opts(Some(64)));
    assert_eq!(r.verdict, Verdict::Racy);
    // Two writes of one statement collide even in lockstep.
    assert!(!r.races[0].warp_sync_only);
    // ... which needs no query of its own: the race's query is the only one
    // (its model stores different values, so the benign test needs none).
    assert_eq!(r.solver_queries, 1);
}

#[test]
fn warp_synchronous_code() {
    let mut b = B::new();
    let x = b.var("x");
    let w = b.write(tid(), tid());
    let r = b.read(x, bin(BinOp::Add, tid(), int(1)));
    b.k.body = B::block(vec![w, r]);
    let report = check_kernel(&b.k, &opts(Some(32)));
    assert_eq!(report.verdict, Verdict::Racy);
    assert!(report.races[0].warp_sync_only);
    let report = check_kernel(
        &b.k,
        &CheckOptions {
            warp_sync: true,
            ..opts(Some(32))
        },
    );
    assert_eq!(report.verdict, Verdict::RaceFree);
    // With two warps, threads 31 and 32 still race.
    let report = check_kernel(
        &b.k,
        &CheckOptions {
            warp_sync: true,
            ..opts(Some(64))
        },
    );
    assert_eq!(report.verdict, Verdict::Racy);
}

fn global_array(b: &mut B) -> ArrayId {
    b.k.arrays.push(ArrayDecl {
        name: "g".into(),
        space: MemSpace::Global,
        elem_size: 4,
        dims: vec![],
        param: Some(0),
        span: Span::default(),
        may_alias_all: false,
    });
    ArrayId(b.k.arrays.len() as u32 - 1)
}

/// for (i = tid; i < n; i += blockDim.x) g[i] = g[i] + 1;  (one block)
#[test]
fn stride_loop_is_race_free() {
    for stride_by_block in [true, false] {
        let mut b = B::new();
        let g = global_array(&mut b);
        b.k.params.push(ParamDecl {
            name: "n".into(),
            ty: ScalarTy::INT,
            position: 1,
        });
        let i = b.var("i");
        let x = b.var("x");
        let init = b.s(StmtKind::Assign {
            var: i,
            value: tid(),
        });
        let acc = |index: Expr| Access {
            array: g,
            offset: off(index),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        };
        let rd = b.s(StmtKind::Read {
            dest: x,
            access: acc(Expr::Var(i)),
        });
        let wr = b.s(StmtKind::Write {
            access: acc(Expr::Var(i)),
            value: bin(BinOp::Add, Expr::Var(x), int(1)),
        });
        let stride = if stride_by_block {
            Expr::Cast(ScalarTy::INT, Box::new(Expr::Builtin(Builtin::BlockDim(0))))
        } else {
            int(1)
        };
        let step = b.s(StmtKind::Assign {
            var: i,
            value: bin(BinOp::Add, Expr::Var(i), stride),
        });
        let lp = b.s(StmtKind::Loop {
            cond: bin(BinOp::Lt, Expr::Var(i), Expr::Param(ParamId(0))),
            cond_prelude: Block::default(),
            body: B::block(vec![rd, wr]),
            step: B::block(vec![step]),
            form: LoopForm::For,
        });
        b.k.body = B::block(vec![init, lp]);
        for block in [None, Some(128)] {
            let r = check_kernel(&b.k, &opts(block));
            let expected = if stride_by_block {
                Verdict::RaceFree
            } else {
                Verdict::Racy
            };
            assert_eq!(
                r.verdict, expected,
                "stride_by_block={stride_by_block} block={block:?}: {:#?}",
                r.findings
            );
        }
    }
}

/// g[0] = tid in 4 blocks: once the pair races within a block, its other
/// relation (between blocks) gets only the cheap solver turns, which still
/// find this easy one: the finding keeps both relations.
#[test]
fn racy_pair_keeps_its_easy_relations() {
    let mut b = B::new();
    let g = global_array(&mut b);
    let w = b.s(StmtKind::Write {
        access: Access {
            array: g,
            offset: off(int(0)),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        },
        value: tid(),
    });
    b.k.body = B::block(vec![w]);
    let o = CheckOptions {
        launch: LaunchConfig {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..Default::default()
        },
        ..Default::default()
    };
    let report = check_kernel(&b.k, &o);
    assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
    let relations: Vec<LoopRelation> = report.races.iter().map(|r| r.relation).collect();
    assert!(
        relations.contains(&LoopRelation::IntraIteration)
            && relations.contains(&LoopRelation::InterBlock),
        "{relations:?}"
    );
    assert!(report
        .findings
        .iter()
        .all(|f| f.kind != DiagnosticKind::Inconclusive));
}

/// g[blockIdx.x] = tid: threads of one block race (write-write); g[gid] does not, even across blocks.
#[test]
fn global_memory_between_blocks() {
    let gid = || {
        bin(
            BinOp::Add,
            bin(
                BinOp::Mul,
                Expr::Cast(ScalarTy::INT, Box::new(Expr::Builtin(Builtin::BlockIdx(0)))),
                Expr::Cast(ScalarTy::INT, Box::new(Expr::Builtin(Builtin::BlockDim(0)))),
            ),
            tid(),
        )
    };
    let mut b = B::new();
    let g = global_array(&mut b);
    let w = b.s(StmtKind::Write {
        access: Access {
            array: g,
            offset: off(gid()),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        },
        value: int(1),
    });
    let x = b.var("x");
    let r = b.s(StmtKind::Read {
        dest: x,
        access: Access {
            array: g,
            offset: off(bin(BinOp::Add, gid(), int(1))),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        },
    });
    let bar = b.barrier();
    b.k.body = B::block(vec![w, bar, r]);
    let o = CheckOptions {
        launch: LaunchConfig {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..Default::default()
        },
        ..Default::default()
    };
    let report = check_kernel(&b.k, &o);
    assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
    let race = &report.races[0];
    assert_eq!(race.relation, LoopRelation::InterBlock);
    let w = race.witness.as_ref().unwrap();
    assert_ne!(w.threads[0].block, w.threads[1].block);
    assert_eq!(w.byte_offsets[0], w.byte_offsets[1]);
}

#[test]
fn atomics_race_only_with_plain_accesses() {
    let mut b = B::new();
    let a1 = b.s(StmtKind::Atomic {
        dest: None,
        access: Access {
            array: ArrayId(0),
            offset: off(int(0)),
            size: 4,
            ty: ScalarTy::INT,
            volatile: false,
        },
        op: AtomicOp {
            name: "atomicAdd".into(),
            operand: Some(int(1)),
        },
    });
    b.k.body = B::block(vec![a1.clone()]);
    assert_eq!(
        check_kernel(&b.k, &opts(Some(64))).verdict,
        Verdict::RaceFree
    );
    let x = b.var("x");
    let rd = b.read(x, int(0));
    b.k.body = B::block(vec![a1, rd]);
    let r = check_kernel(&b.k, &opts(Some(64)));
    assert_eq!(r.verdict, Verdict::Racy);
    assert_eq!(r.races[0].kind, RaceKind::AtomicPlain);
}

/// The reduction followed by `x = s[0];` in every thread after the loop: the
/// last iteration's barrier orders the loop's writes before the read.
#[test]
fn read_after_loop_with_barrier() {
    for with_barrier in [true, false] {
        let mut k = reduction(with_barrier);
        let mut b = B { k: k.clone() };
        let z = b.var("z");
        let rd = b.read(z, int(0));
        b.k.body.stmts.push(rd);
        k = b.k;
        for block in [None, Some(256)] {
            let r = check_kernel(&k, &opts(block));
            let expected = if with_barrier {
                Verdict::RaceFree
            } else {
                Verdict::Racy
            };
            assert_eq!(
                r.verdict, expected,
                "barrier={with_barrier} block={block:?}: {:#?}",
                r.findings
            );
        }
    }
}

/// j = atomicAdd(&c, 1); s[j] = tid: counters hand out distinct slots; with
/// atomicAdd(&c, 0) every thread gets the same one.
#[test]
fn refined_atomic_counters() {
    for (operand, expected) in [(1, Verdict::RaceFree), (0, Verdict::Racy)] {
        let mut b = B::new();
        let g = global_array(&mut b);
        let j = b.var("j");
        let at = b.s(StmtKind::Atomic {
            dest: Some(j),
            access: Access {
                array: g,
                offset: off(int(0)),
                size: 4,
                ty: ScalarTy::INT,
                volatile: false,
            },
            op: AtomicOp {
                name: "atomicAdd".into(),
                operand: Some(int(operand)),
            },
        });
        let w = b.write(Expr::Var(j), tid());
        b.k.body = B::block(vec![at, w]);
        let r = check_kernel(&b.k, &opts(Some(64)));
        assert_eq!(r.verdict, expected, "operand {operand}: {:#?}", r.findings);
    }
}

/// Bitonic step: `ixj = tid ^ 1; if (ixj > tid) s[ixj] = s[tid];` is race-free.
#[test]
fn xor_partner_exchange() {
    let mut b = B::new();
    let ixj = b.var("ixj");
    let x = b.var("x");
    let set = b.s(StmtKind::Assign {
        var: ixj,
        value: bin(BinOp::BitXor, tid(), int(1)),
    });
    let rd = b.read(x, tid());
    let wr = b.write(Expr::Var(ixj), Expr::Var(x));
    let iff = b.s(StmtKind::If {
        cond: bin(BinOp::Gt, Expr::Var(ixj), tid()),
        then_: B::block(vec![rd, wr]),
        else_: Block::default(),
    });
    b.k.body = B::block(vec![set, iff]);
    let r = check_kernel(&b.k, &opts(Some(32)));
    assert_eq!(r.verdict, Verdict::RaceFree, "{:#?}", r.findings);
    // Without the guard, thread 1 writes s[0] while thread 0 reads it.
    let mut b2 = B { k: b.k.clone() };
    let StmtKind::If { then_, .. } = &b.k.body.stmts[1].kind else {
        unreachable!()
    };
    b2.k.body = B::block(vec![
        b.k.body.stmts[0].clone(),
        then_.stmts[0].clone(),
        then_.stmts[1].clone(),
    ]);
    assert_eq!(check_kernel(&b2.k, &opts(Some(32))).verdict, Verdict::Racy);
}

/// `i = tid; ...; for (i = 0; i < 4; i++) barrier;` — reusing a variable that
/// once held a thread id does not make the later loop divergent.
#[test]
fn uniformity_is_flow_sensitive() {
    let mut b = B::new();
    let i = b.var("i");
    let first = b.s(StmtKind::Assign {
        var: i,
        value: tid(),
    });
    let w = b.write(Expr::Var(i), int(0));
    let init = b.s(StmtKind::Assign {
        var: i,
        value: int(0),
    });
    let bar = b.barrier();
    let step = b.s(StmtKind::Assign {
        var: i,
        value: bin(BinOp::Add, Expr::Var(i), int(1)),
    });
    let lp = b.s(StmtKind::Loop {
        cond: bin(BinOp::Lt, Expr::Var(i), int(4)),
        cond_prelude: Block::default(),
        body: B::block(vec![bar]),
        step: B::block(vec![step]),
        form: LoopForm::For,
    });
    b.k.body = B::block(vec![first, w, init, lp]);
    let r = check_kernel(&b.k, &opts(Some(64)));
    assert_eq!(r.verdict, Verdict::RaceFree, "{:#?}", r.findings);
    let u = crate::analysis::Uniformity::compute(&b.k);
    assert!(u.is_uniform_stmt(b.k.body.stmts[3].id));
}

/// `if (blockIdx.x % 2 == 0) grid.sync();` diverges across blocks; a block
/// barrier there does not.
#[test]
fn grid_barrier_divergence_across_blocks() {
    for (scope, expected) in [
        (BarrierScope::Grid, Verdict::Divergent),
        (BarrierScope::Block, Verdict::RaceFree),
    ] {
        let mut b = B::new();
        let bar = b.s(StmtKind::Barrier {
            scope,
            global_fence: true,
            local_fence: true,
        });
        let bid = Expr::Cast(ScalarTy::INT, Box::new(Expr::Builtin(Builtin::BlockIdx(0))));
        let cond = bin(BinOp::Eq, bin(BinOp::Rem, bid, int(2)), int(0));
        let iff = b.s(StmtKind::If {
            cond,
            then_: B::block(vec![bar]),
            else_: Block::default(),
        });
        b.k.body = B::block(vec![iff]);
        let o = CheckOptions {
            launch: LaunchConfig {
                block_dim: Some([32, 1, 1]),
                grid_dim: Some([2, 1, 1]),
                ..Default::default()
            },
            ..Default::default()
        };
        assert_eq!(check_kernel(&b.k, &o).verdict, expected, "{scope:?}");
    }
}

/// The query watchdog may interrupt a context just after its check ended:
/// that must not cancel later checks (Z3 only interrupts a running call).
#[test]
fn interrupting_an_idle_context_does_not_cancel_later_checks() {
    use z3::ast::Int;
    let solver = z3::Solver::new();
    solver.get_context().handle().interrupt();
    let x = Int::new_const("x");
    solver.assert(x.gt(Int::from_i64(3)));
    assert_eq!(solver.check(), z3::SatResult::Sat);
}

#[test]
fn profile_counts_pairs_decided_without_the_solver() {
    for with_barrier in [false, true] {
        let mut b = B::new();
        let x = b.var("x");
        // `s[tid < 32 ? tid : tid]`: a select, which the injectivity fast
        // path leaves to the solver.
        let mut stmts = vec![b.write(opaque_tid(), tid())];
        if with_barrier {
            stmts.push(b.barrier());
        }
        stmts.push(b.read(x, bin(BinOp::Add, tid(), int(1))));
        b.k.body = B::block(stmts);
        let (report, profile) = check_kernel_profiled(&b.k, &opts(Some(64)));
        // write-write of the store with itself, and store-load.
        assert_eq!(profile.pairs, 2);
        if with_barrier {
            // The barrier separates the store from the load: no query for it.
            assert_eq!(profile.pairs_without_solver, 1, "{profile:#?}");
            assert_eq!(report.verdict, Verdict::RaceFree);
        } else {
            assert_eq!(profile.pairs_without_solver, 0, "{profile:#?}");
            assert_eq!(report.verdict, Verdict::Racy);
            assert!(!profile.slowest.is_empty());
        }
        assert_eq!(profile.queries, report.solver_queries);
        assert!(profile.work > 0);
    }
}

#[test]
fn same_kernel_same_report_whatever_was_checked_before() {
    let mut b = B::new();
    let x = b.var("x");
    let stmts = vec![
        b.write(tid(), tid()),
        b.read(x, bin(BinOp::Add, tid(), int(1))),
    ];
    b.k.body = B::block(stmts);
    let first = check_kernel(&b.k, &opts(None));
    // Other checks in between leave nothing behind in the next one's solver.
    for block in [Some(32), Some(64), None] {
        let _ = check_kernel(&b.k, &opts(block));
    }
    let again = check_kernel(&b.k, &opts(None));
    assert_eq!(first.verdict, Verdict::Racy);
    let witness = |r: &KernelReport| format!("{:?}", r.races.first().map(|r| &r.witness));
    assert_eq!(witness(&first), witness(&again));
}

/// A kernel's budget is shared by its checks (several launch
/// configurations): what one check spends, the next does not get, and a
/// spent budget makes the next check inconclusive, naming the budget.
#[test]
fn budget_is_shared_by_the_checks_of_one_kernel() {
    let mut b = B::new();
    let x = b.var("x");
    let stmts = vec![
        b.write(opaque_tid(), tid()),
        b.barrier(),
        b.read(x, bin(BinOp::Add, tid(), int(1))),
    ];
    b.k.body = B::block(stmts);
    let o = opts(Some(64));
    // A few queries' worth of work, and all the wall-clock time needed.
    let mut budget = KernelBudget::new(&o).with_work_left(30_000);
    let before = budget.work_left();
    // A spent budget leaves nothing for later checks: the first query-needing
    // pair is where it stops (the write-write pair of the store).
    let mut spent = 0;
    for _ in 0..50 {
        let r = check_kernel_within(&b.k, &o, &mut budget);
        if budget.work_left() == 0 {
            spent += 1;
            if spent > 1 {
                assert_eq!(r.verdict, Verdict::Inconclusive, "{:#?}", r.findings);
                assert!(
                    r.findings
                        .iter()
                        .any(|f| f.message.contains("budget of 10000 ms")),
                    "{:#?}",
                    r.findings
                );
                return;
            }
        } else {
            assert_eq!(r.verdict, Verdict::RaceFree);
        }
    }
    panic!("budget never spent: {before} -> {}", budget.work_left());
}

/// Past the backstop nothing is concluded: the symbolic
/// execution stops and the kernel is inconclusive, never race-free.
#[test]
fn past_the_deadline_the_kernel_is_inconclusive() {
    let mut b = B::new();
    let x = b.var("x");
    let stmts = vec![
        b.write(tid(), tid()),
        b.read(x, bin(BinOp::Add, tid(), int(1))),
    ];
    b.k.body = B::block(stmts);
    let o = opts(Some(64));
    // The front end took a minute of the budget clock.
    let mut budget = KernelBudget::after_front_end(&o, std::time::Duration::from_secs(60));
    let r = check_kernel_within(&b.k, &o, &mut budget);
    assert_eq!(r.verdict, Verdict::Inconclusive, "{:#?}", r.findings);
    assert!(r.races.is_empty());
}

/// A kernel whose every check is decided without the solver gets no solver
/// context and the report the solver path gives: race-free, notes kept.
#[test]
fn kernel_without_queries_is_decided_without_a_solver() {
    let mut b = B::new();
    let x = b.var("x");
    let r = b.read(x, tid());
    b.k.body = B::block(vec![r]);
    b.k.notes.push((Span::new(1, 2), "a front-end note".into()));
    let (report, profile) = check_kernel_profiled(&b.k, &opts(Some(64)));
    assert_eq!(report.verdict, Verdict::RaceFree, "{:#?}", report.findings);
    assert_eq!((report.solver_queries, profile.queries), (0, 0));
    assert_eq!(profile.work, 0);
    assert!(report
        .findings
        .iter()
        .any(|f| f.kind == DiagnosticKind::Imprecision && f.message == "a front-end note"));
    // A barrier the uniformity analysis cannot prove uniform still needs
    // the solver, and is found divergent.
    let mut b = B::new();
    let bar = b.barrier();
    let iff = b.s(StmtKind::If {
        cond: bin(BinOp::Lt, tid(), int(16)),
        then_: B::block(vec![bar]),
        else_: Block::default(),
    });
    b.k.body = B::block(vec![iff]);
    let (report, profile) = check_kernel_profiled(&b.k, &opts(Some(64)));
    assert_eq!(report.verdict, Verdict::Divergent);
    assert!(profile.queries > 0);
}

fn access_at(offset: Expr, size: u32) -> Access {
    Access {
        array: ArrayId(0),
        offset,
        size,
        ty: ScalarTy::INT,
        volatile: false,
    }
}

/// `s[tid] = ...` and `x = s[tid]; s[tid] = x + 1`: offsets injective in the
/// thread id, decided without a single solver query.
#[test]
fn injective_offsets_are_decided_without_the_solver() {
    let mut b = B::new();
    let x = b.var("x");
    let r = b.read(x, tid());
    let w = b.write(tid(), bin(BinOp::Add, Expr::Var(x), int(1)));
    b.k.body = B::block(vec![r, w]);
    for block in [Some(64), None] {
        let (report, profile) = check_kernel_profiled(&b.k, &opts(block));
        assert_eq!(report.verdict, Verdict::RaceFree, "{:#?}", report.findings);
        assert_eq!(profile.queries, 0, "{block:?}");
        assert_eq!(profile.pairs, profile.pairs_without_solver);
    }
    // Through a local defined once at the top level: `int i = 2 * tid + 1`.
    let mut b = B::new();
    let i = b.var("i");
    let def = b.s(StmtKind::Assign {
        var: i,
        value: bin(BinOp::Add, bin(BinOp::Mul, int(2), tid()), int(1)),
    });
    let w = b.write(Expr::Var(i), int(0));
    let x = b.var("x");
    let r = b.read(x, Expr::Var(i));
    b.k.body = B::block(vec![def, w, r]);
    let (report, profile) = check_kernel_profiled(&b.k, &opts(Some(64)));
    assert_eq!(report.verdict, Verdict::RaceFree, "{:#?}", report.findings);
    assert_eq!(profile.queries, 0);
}

/// Where the theorem's side conditions fail, the pair goes to the solver,
/// which finds the race.
#[test]
fn non_injective_offsets_fall_back_to_the_solver() {
    let racy = |b: &B, o: CheckOptions| {
        let (report, profile) = check_kernel_profiled(&b.k, &o);
        assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
        assert!(profile.queries > 0);
    };
    // `s[tid / 2]`: not affine.
    let mut b = B::new();
    let w = b.write(bin(BinOp::Div, tid(), int(2)), tid());
    b.k.body = B::block(vec![w]);
    racy(&b, opts(Some(64)));
    // A 4-byte store every 2 bytes: neighbours overlap.
    let mut b = B::new();
    let offset = bin(BinOp::Mul, tid(), int(2));
    let w = b.s(StmtKind::Write {
        access: access_at(offset, 4),
        value: tid(),
    });
    b.k.body = B::block(vec![w]);
    racy(&b, opts(Some(64)));
    // `s[(unsigned char)tid]` with 512 threads: wraps, threads 0 and 256 collide.
    let mut b = B::new();
    let byte = ScalarTy::Int {
        bits: 8,
        signed: false,
    };
    let w = b.write(Expr::Cast(byte, Box::new(tid())), tid());
    b.k.body = B::block(vec![w]);
    racy(&b, opts(Some(512)));
    // A two-dimensional block: threads differing in y share `s[tid.x]`.
    let mut b = B::new();
    let tid_y = Expr::Cast(
        ScalarTy::INT,
        Box::new(Expr::Builtin(Builtin::ThreadIdx(1))),
    );
    let w = b.write(tid(), tid_y);
    b.k.body = B::block(vec![w]);
    let mut o = opts(None);
    o.launch.block_dim = Some([8, 8, 1]);
    racy(&b, o);
    // `s[tid + k] = 1; k = 1; x = s[tid + k]`: `k` changes between the two
    // statements, so equal expressions are not equal offsets.
    let mut b = B::new();
    let k = b.var("k");
    let x = b.var("x");
    let k0 = b.s(StmtKind::Assign {
        var: k,
        value: tid(),
    });
    let w = b.write(bin(BinOp::Add, tid(), Expr::Var(k)), tid());
    let k1 = b.s(StmtKind::Assign {
        var: k,
        value: int(1),
    });
    let r = b.read(x, bin(BinOp::Add, tid(), Expr::Var(k)));
    b.k.body = B::block(vec![k0, w, k1, r]);
    racy(&b, opts(Some(64)));
}

/// `s[tid] = ...; x = s[tid + 64]` with 64 threads: the byte ranges
/// [0, 256) and [256, 512) never meet, decided without the solver; with 65
/// threads they meet (thread 64 writes what thread 0 reads) and the solver
/// finds the race.
#[test]
fn disjoint_offset_ranges_are_decided_without_the_solver() {
    let mut b = B::new();
    let x = b.var("x");
    let w = b.write(tid(), tid());
    let r = b.read(x, bin(BinOp::Add, tid(), int(64)));
    b.k.body = B::block(vec![w, r]);
    let (report, profile) = check_kernel_profiled(&b.k, &opts(Some(64)));
    assert_eq!(report.verdict, Verdict::RaceFree, "{:#?}", report.findings);
    // The store with itself by injectivity, the store and the load by ranges.
    assert_eq!((profile.pairs_without_solver, profile.queries), (2, 0));
    let (report, _) = check_kernel_profiled(&b.k, &opts(Some(65)));
    assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
    // A symbolic block size bounds nothing: the solver decides the
    // store-load pair.
    let (report, profile) = check_kernel_profiled(&b.k, &opts(None));
    assert_eq!(report.verdict, Verdict::Racy);
    assert_eq!(profile.pairs_without_solver, 1);
    // Two arrays that may alias: offsets apart say nothing.
    let mut b = B::new();
    b.k.arrays[0].space = MemSpace::Global;
    b.k.arrays[0].may_alias_all = true;
    let mut other = b.k.arrays[0].clone();
    other.name = "t".into();
    b.k.arrays.push(other);
    let w = b.write(tid(), tid());
    let x = b.var("x");
    let mut r = b.read(x, bin(BinOp::Add, tid(), int(64)));
    if let StmtKind::Read { access, .. } = &mut r.kind {
        access.array = ArrayId(1);
    }
    b.k.body = B::block(vec![w, r]);
    let (report, _) = check_kernel_profiled(&b.k, &opts(Some(64)));
    assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
}

/// Checks every kernel of CUDA source `src` under a symbolic launch (or
/// `opts`), returning (name, verdict, solver queries, pairs decided without
/// the solver).
fn check_source(src: &str, opts: &CheckOptions) -> Vec<(String, Verdict, u32, u32)> {
    check_source_at("t.cu", src, opts)
}

/// [`check_source`] for a file named `path` (its extension picks the language).
fn check_source_at(path: &str, src: &str, opts: &CheckOptions) -> Vec<(String, Verdict, u32, u32)> {
    let program = crate::frontend::lower_source(
        std::path::Path::new(path),
        src,
        &crate::frontend::NoIncludes,
    );
    program
        .kernels
        .iter()
        .map(|k| {
            let (report, profile) = check_kernel_profiled(k, opts);
            (
                k.name.clone(),
                report.verdict,
                profile.queries,
                profile.pairs_without_solver,
            )
        })
        .collect()
}

/// A pair whose most general same-block scenario (threads in any
/// iterations of the loop) races only benignly needs no query of the
/// scenarios that scenario covers (the same iteration): the race query and
/// the benign query are all. Storing the counter instead is a harmful race
/// across iterations.
#[test]
fn benign_general_scenario_settles_the_covered_ones() {
    let src = r#"
__global__ void flag(int *out, const int *in, int n) {
  __shared__ int f[1];
  for (int i = 0; i < n; i++) {
    if (in[i * blockDim.x + threadIdx.x] < 0) f[0] = 1;
  }
}
__global__ void counter(int *out, const int *in, int n) {
  __shared__ int f[1];
  for (int i = 0; i < n; i++) {
    if (in[i * blockDim.x + threadIdx.x] < 0) f[0] = i;
  }
}
"#;
    let results = check_source(src, &CheckOptions::default());
    let (_, verdict, queries, _) = &results[0];
    assert_eq!((*verdict, *queries), (Verdict::RaceFree, 2), "{results:?}");
    assert_eq!(results[1].1, Verdict::Racy, "{results:?}");
}

/// An access only one thread of a block runs (`if (threadIdx.x == 0)`)
/// against another whose bytes in every other thread lie elsewhere is
/// decided without the solver (`InjectiveOffsets::pinned_thread_apart`);
/// another thread reading the element thread 0 writes goes to the solver,
/// which finds the race.
#[test]
fn pinned_thread_pairs_are_decided_without_the_solver() {
    // Thread 0 writes `s[0]` in the last iteration, after the last barrier.
    let src = |reader: &str| {
        format!(
            r#"
__global__ void last_value(float *out, const float *in, int n) {{
  __shared__ float s[256];
  for (int i = 0; i < n; i++) {{
    __syncthreads();
    if (threadIdx.x < n - i) s[threadIdx.x] = in[i];
  }}
  if (threadIdx.x == {reader}) out[0] = s[0];
}}
"#
        )
    };
    let mut one_block = CheckOptions::default();
    one_block.launch.block_dim = Some([256, 1, 1]);
    one_block.launch.grid_dim = Some([1, 1, 1]);
    let (name, verdict, queries, _) = check_source(&src("0"), &one_block)[0].clone();
    assert_eq!((verdict, queries), (Verdict::RaceFree, 0), "{name}");
    let (name, verdict, queries, _) = check_source(&src("1"), &one_block)[0].clone();
    assert_eq!(verdict, Verdict::Racy, "{name}");
    assert!(queries > 0, "{name}: the solver decides it");
    // Two-dimensional blocks: `threadIdx.x == 0` is a column of threads.
    let mut two_d = one_block.clone();
    two_d.launch.block_dim = Some([16, 16, 1]);
    let (name, verdict, _, _) = check_source(&src("0"), &two_d)[0].clone();
    assert_eq!(verdict, Verdict::Racy, "{name}");
}

/// A constant step equal to the thread count the launch fixes is the grid's
/// stride (`check::grid_stride`), and a constant expression equal to the
/// launch's `blockDim.x` is `blockDim.x`: decided without a solver query
/// under that launch; a smaller constant, or another launch, goes to the
/// solver, which finds the race.
#[test]
fn constant_strides_equal_to_the_launch_are_decided_without_the_solver() {
    let src = |grid_step: &str, block_step: &str| {
        format!(
            r#"
__global__ void grid_step(unsigned *p, int n) {{
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n; i += {grid_step}) {{
    unsigned x = p[i];
    p[i] = x + 1u;
  }}
}}
__global__ void block_step(float *out) {{
  __shared__ float s[1024];
  for (int i = threadIdx.x; i < 1024; i += {block_step})
    s[i] = s[i] * 2.0f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}}
"#
        )
    };
    let mut launch = CheckOptions::default();
    launch.launch.block_dim = Some([128, 1, 1]);
    launch.launch.grid_dim = Some([8, 1, 1]);
    for (name, verdict, queries, _) in check_source(&src("(1 << 10)", "(64 * 2)"), &launch) {
        assert_eq!((verdict, queries), (Verdict::RaceFree, 0), "{name}");
    }
    for (name, verdict, queries, _) in check_source(&src("(1 << 9)", "(32 * 2)"), &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    // Under 256-thread blocks the constants are not the launch's sizes.
    let mut other = launch.clone();
    other.launch.block_dim = Some([256, 1, 1]);
    for (name, verdict, _, _) in check_source(&src("(1 << 10)", "(64 * 2)"), &other) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
    }
}

/// Grid-stride loops (`check::grid_stride`): offsets injective in the
/// counter are decided without a solver query; the shapes outside the
/// theorem go to the solver, which finds the races of the buggy twins.
#[test]
fn grid_stride_loops_are_decided_without_the_solver() {
    let decided = r#"
__global__ void sized(float *c, const float *a, const size_t n) {
  for (size_t id = (size_t)blockIdx.x * blockDim.x + threadIdx.x; id < n;
       id += blockDim.x * gridDim.x)
    c[id] = a[id] + c[id];
}
__global__ void via_locals(float *c, int n) {
  int stride = blockDim.x * gridDim.x;
  int tid = threadIdx.x + blockDim.x * blockIdx.x;
  for (int i = tid; i < n; i += stride)
    c[2 * i + 1] = c[2 * i + 1] * 2.0f;
}
__global__ void body_local(float2 *c, const size_t n, const size_t off) {
  for (size_t id = blockIdx.x * blockDim.x + threadIdx.x; id < n;
       id += gridDim.x * blockDim.x) {
    size_t j = 3 * id + off;
    c[j].x = c[j].y;
  }
}
"#;
    for (name, verdict, queries, _) in check_source(decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void block_stride_only(float *c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    c[i] = c[i] + 1.0f;
}
__global__ void thread_index_start(float *c, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i] = c[i] + 1.0f;
}
__global__ void halved(float *c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i / 2] = i;
}
__global__ void neighbour(float *c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i + 1] = c[i];
}
__global__ void two_d_block(float *c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i] = threadIdx.y;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    // A 32-bit unsigned counter: its step S may reach 2^31, which divides
    // 2^32 (a wrap keeps the congruence), and a smaller S is a small step for
    // the counter assumption; without that assumption a counter with a step
    // such as 300 may wrap out of its residue class, and the solver decides.
    let wraps = r#"
__global__ void unsigned_counter(float *c, unsigned n) {
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    c[i] = 1.0f;
}
"#;
    let (_, verdict, queries, _) = check_source(wraps, &CheckOptions::default())[0].clone();
    assert_eq!((verdict, queries), (Verdict::RaceFree, 0));
    let mut no_counter_fit = CheckOptions::default();
    no_counter_fit.launch.no_counter_fit_assumption = true;
    let (_, _, queries, _) = check_source(wraps, &no_counter_fit)[0].clone();
    assert!(queries > 0);
    // Without the index-fits assumption the global index may wrap.
    let mut no_fit = CheckOptions::default();
    no_fit.launch.no_index_fit_assumption = true;
    let (_, _, queries, _) = check_source(decided, &no_fit)[0].clone();
    assert!(queries > 0);
}

/// A row base of unsigned index arithmetic (`n * blockIdx.y` with an
/// unsigned `n`, covered by the index-arithmetic assumption) and a pointer
/// parameter moved to its row by a second top-level assignment (`out += n *
/// blockIdx.y`, seen through by its reaching definition): the division
/// theorem decides the pairs without a solver query. The near misses go to
/// the solver, which finds their races; without the assumption the product
/// may wrap and the solver decides.
#[test]
fn unsigned_row_bases_are_decided_without_the_solver() {
    let decided = r#"
__global__ void row_direct(unsigned n, float *out) {
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 < n) out[n * blockIdx.y + i0] = 1.0f;
}
__global__ void row_pointer(unsigned n, float *out) {
  out += n * blockIdx.y;
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 < n) out[i0] = 1.0f;
}
__global__ void row_pointer_twice(unsigned n, float *out) {
  out += n * blockIdx.y;
  out += 2 * n * gridDim.y;
  unsigned i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 < n) out[i0] = 1.0f;
}
"#;
    for (name, verdict, queries, _) in check_source(decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void row_past_end(unsigned n, float *out) {
  out += n * blockIdx.y;
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 <= n) out[i0] = (float)threadIdx.x;
}
__global__ void row_shifted(unsigned n, float *out) {
  out += n * blockIdx.y;
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 < n) {
    out[i0] = (float)threadIdx.x;
    out[i0 + 1] = (float)threadIdx.x;
  }
}
__global__ void row_unguarded(unsigned n, float *out) {
  out += n * blockIdx.y;
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  out[i0] = (float)threadIdx.x;
}
__global__ void row_moved_back(unsigned n, float *out) {
  float *p = out + n * blockIdx.y;
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 < n) p[i0] = (float)threadIdx.x;
  p = out;
  if (i0 < n) p[i0] = (float)blockIdx.y;
}
__global__ void row_of_half(unsigned n, float *out) {
  int i0 = threadIdx.x + blockIdx.x * blockDim.x;
  if (i0 < n) out[(n / 2) * blockIdx.y + i0] = (float)threadIdx.x;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    let mut no_fit = CheckOptions::default();
    no_fit.launch.no_index_arithmetic_assumption = true;
    for (name, _, queries, _) in check_source(decided, &no_fit) {
        assert!(queries > 0, "{name}: the product may wrap");
    }
}

/// Straight-line offsets that are functions of the global index
/// (`check::grid_stride`, global-index ownership) are decided without a
/// solver query in every scenario, blocks included; shapes outside the
/// theorem go to the solver, which finds the races of the buggy twins.
#[test]
fn global_index_offsets_are_decided_without_the_solver() {
    let decided = r#"
__global__ void map(double *d, const int n, const double v) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < n)
    d[gid] = (gid - v) * 2.0;
}
__global__ void strided(float2 *c, size_t off) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  size_t j = 3 * i + off;
  c[j].x = c[j].y;
}
__global__ void in_loop(float *c, int n, int m) {
  int gid = threadIdx.x + blockDim.x * blockIdx.x;
  int base = gid * 4;
  for (int k = 0; k < m; k++)
    c[base + 1] = c[base + 1] + k;
}
"#;
    for (name, verdict, queries, _) in check_source(decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void halved(float *c) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  c[gid / 2] = gid;
}
__global__ void neighbour(float *c) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  c[gid + 1] = c[gid];
}
__global__ void loop_counter(float *c, int m) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < m; k++)
    c[gid + k] = k;
}
__global__ void reassigned(float *c, int m) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (m > 0)
    gid = 0;
  c[gid] = threadIdx.x;
}
__global__ void block_only(float *c) {
  int gid = blockIdx.x * 32 + threadIdx.x;
  c[gid] = threadIdx.x;
}
__global__ void two_d_block(float *c) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  c[gid] = threadIdx.y;
}
__global__ void narrowed(float *c) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  c[(unsigned short)gid] = gid;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    // Without the index-fits assumption the global index may wrap: the
    // solver decides.
    let mut no_fit = CheckOptions::default();
    no_fit.launch.no_index_fit_assumption = true;
    let (_, _, queries, _) = check_source(decided, &no_fit)[0].clone();
    assert!(queries > 0);
}

/// A constant equal to the launch's `blockDim.x` is `blockDim.x`: the
/// global index written `blockIdx.x * 256 + threadIdx.x` under 256-thread
/// blocks, its grid-stride loop and a block-stride loop stepping by 256 are
/// decided without the solver; other constants, or no fixed block size,
/// still go to the solver.
#[test]
fn global_index_with_the_launch_block_size_is_decided_without_the_solver() {
    let decided = r#"
__global__ void scaled(float *c) {
  int gid = blockIdx.x * 256 + threadIdx.x;
  c[gid] = threadIdx.x;
}
__global__ void grid_loop(float *c, int n) {
  for (int i = 256 * blockIdx.x + threadIdx.x; i < n; i += 256 * gridDim.x)
    c[i] = c[i] + threadIdx.x;
}
__global__ void block_loop(float *c, int n) {
  __shared__ float s[4096];
  for (int i = threadIdx.x; i < n; i += 256)
    s[i] = s[i] + threadIdx.x;
  __syncthreads();
  c[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}
"#;
    let launch = |x| CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([x, 1, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch(256)) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    // Under 512-thread blocks the same kernels overlap across blocks (and
    // the block loop within a block).
    for (name, verdict, queries, _) in check_source(decided, &launch(512)) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    let racy = r#"
__global__ void half_stride(float *c) {
  c[blockIdx.x * 128 + threadIdx.x] = threadIdx.x;
}
__global__ void short_grid_step(float *c, int n) {
  for (int i = blockIdx.x * 256 + threadIdx.x; i < n; i += 128 * gridDim.x)
    c[i] = c[i] + threadIdx.x;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch(256)) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Two fields of one struct element per thread (`check::injective`, offsets
/// `o + dx` and `o + dy`) are decided without the solver in a block; fields
/// that reach the next thread's element still go to the solver, which finds
/// the race.
#[test]
fn struct_fields_per_thread_are_decided_without_the_solver() {
    let decided = r#"
struct pair_t { short x; short y; };
__global__ void fields(int *out) {
  __shared__ pair_t s[256];
  s[threadIdx.x].x = 1;
  s[threadIdx.x].y = 2;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[255 - threadIdx.x].x + s[255 - threadIdx.x].y;
}
__global__ void swap_fields(float2 *p) {
  __shared__ float2 s[256];
  s[threadIdx.x].x = s[threadIdx.x].y;
  __syncthreads();
  p[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
"#;
    let opts = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([256, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &opts) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
struct pair_t { short x; short y; };
__global__ void next_element(int *out) {
  __shared__ short s[512];
  s[2 * threadIdx.x] = 1;
  s[2 * threadIdx.x + 2] = 2;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s[0];
}
__global__ void wide_field(int *out) {
  __shared__ pair_t s[256];
  ((int *)s)[threadIdx.x] = 1;
  ((short *)s)[2 * threadIdx.x + 2] = 2;
  __syncthreads();
  out[threadIdx.x] = s[0].x;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &opts) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// OpenCL's `get_global_id(0)` is the global index plus the global work
/// offset, one value for the whole launch: its offsets are decided without
/// the solver like CUDA's, and the racy twins still reach it.
#[test]
fn opencl_global_ids_are_decided_without_the_solver() {
    let decided = r#"
__kernel void map(__global int *p) {
  p[get_global_id(0)] = get_local_id(0);
}
__kernel void scaled(__global float *p, int n) {
  size_t i = 2 * get_global_id(0) + 1;
  p[i] = p[i] * n;
}
"#;
    for (name, verdict, queries, _) in check_source_at("t.cl", decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__kernel void neighbour(__global int *p) {
  p[get_global_id(0) + 1] = p[get_global_id(0)];
}
__kernel void local_only(__global int *p) {
  p[get_local_id(0)] = get_group_id(0);
}
__kernel void offset_read(__global int *p) {
  p[get_global_id(0) - get_global_offset(0)] = p[0];
}
"#;
    for (name, verdict, queries, _) in check_source_at("t.cl", racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Block-stride loops (`i = threadIdx.x; i += blockDim.x`): same-block
/// scenarios are decided without the solver; threads of different blocks
/// (global memory) and offsets outside the theorem go to the solver.
#[test]
fn block_stride_loops_are_decided_within_a_block() {
    let src = r#"
__global__ void shared_fill(float *out, unsigned n) {
  __shared__ float buf[1024];
  for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
    buf[i] = buf[i] + 1.0f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[0];
}
__global__ void shared_neighbour(float *out, int n) {
  __shared__ float buf[1024];
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    buf[i + 1] = buf[i];
}
__global__ void global_rows(float *c, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    c[i] = c[i] + blockIdx.x;
}
"#;
    let results = check_source(src, &CheckOptions::default());
    let (name, verdict, queries, _) = &results[0];
    assert_eq!(
        (name.as_str(), *verdict),
        ("shared_fill", Verdict::RaceFree)
    );
    // The store to `out` is decided by the global-index theorem.
    assert!(*queries <= 1, "{results:?}");
    let (_, verdict, queries, _) = &results[1];
    assert_eq!(*verdict, Verdict::Racy);
    assert!(*queries > 0);
    // Every block writes the same elements: the solver finds it.
    let (_, verdict, queries, _) = &results[2];
    assert_eq!(*verdict, Verdict::Racy);
    assert!(*queries > 0);
}

/// Offset stride loops (`s` from a uniform start, stepped by `blockDim.x`
/// or the grid's thread count, the body indexing by `s + threadIdx.x` or
/// `s + gid`) are decided by the offset stride-loop theorem without a solver
/// query, also with a start read from an array the kernel never writes; the
/// near misses (the counter alone, a start that differs between threads, a
/// thread index halved) go to the solver, which finds their races.
#[test]
fn offset_stride_loops_are_decided_without_the_solver() {
    let decided = r#"
__global__ void tile(float *out, const float *in, int n) {
  __shared__ float buf[4096];
  for (int s = 0; s < n; s += blockDim.x) {
    int i = s + threadIdx.x;
    if (i < 4096) buf[i] = in[i];
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void unsigned_counter(float *out, unsigned n) {
  __shared__ float buf[4096];
  for (unsigned s = 0; s < n; s += blockDim.x) {
    long long i = (long long)s + threadIdx.x;
    if (i < 4096) buf[i] = 1.0f;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void read_start(float *out, const int *__restrict__ offsets) {
  __shared__ float buf[4096];
  int start = offsets[blockIdx.x];
  for (int s = 0; s < 64; s += blockDim.x)
    buf[start + s + threadIdx.x] = 2.0f;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void grid_offset(float *c, int n, int base) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = base; s < n; s += blockDim.x * gridDim.x) {
    int i = s + gid;
    c[i] = c[i] + 1.0f;
  }
}
"#;
    let results = check_source(decided, &CheckOptions::default());
    assert_eq!(results.len(), 4);
    for (name, verdict, queries, _) in &results {
        assert_eq!(*verdict, Verdict::RaceFree, "{name}");
        assert_eq!(*queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void counter_alone(float *out, int n) {
  __shared__ float buf[4096];
  for (int s = 0; s < n; s += blockDim.x)
    buf[s % 4096] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void varying_start(float *out, int n) {
  __shared__ float buf[4096];
  for (int s = threadIdx.x % 2; s < n; s += blockDim.x) {
    int i = s + threadIdx.x;
    if (i < 4096) buf[i] = threadIdx.x;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void start_per_thread(float *out, const int *__restrict__ offsets) {
  __shared__ float buf[4096];
  int start = offsets[threadIdx.x];
  for (int s = 0; s < 64; s += blockDim.x)
    if (start >= 0 && start < 2048) buf[start + s + threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void start_written(float *out, int *offsets) {
  __shared__ float buf[4096];
  int start = offsets[blockIdx.x];
  offsets[blockIdx.x * blockDim.x + threadIdx.x + 1] = 0;
  for (int s = 0; s < 64; s += blockDim.x)
    if (start >= 0 && start < 2048) buf[start + s + threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void halved_thread(float *out, int n) {
  __shared__ float buf[4096];
  for (int s = 0; s < n; s += blockDim.x) {
    int i = s + threadIdx.x / 2;
    if (i < 4096) buf[i] = threadIdx.x;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}
__global__ void grid_counter_alone(float *c, int n) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < n; s += blockDim.x * gridDim.x)
    c[s + gid % 2] = threadIdx.x;
}
"#;
    let results = check_source(racy, &CheckOptions::default());
    assert_eq!(results.len(), 6);
    for (name, verdict, queries, _) in &results {
        assert_eq!(*verdict, Verdict::Racy, "{name}");
        assert!(*queries > 0, "{name}: the solver decides it");
    }
}

/// Checks every kernel of CUDA source `src` under a symbolic launch with
/// only `work` solver work units, returning (name, verdict).
fn check_source_with_work(src: &str, work: u64) -> Vec<(String, Verdict)> {
    let program = lower_cu(src);
    let opts = CheckOptions::default();
    program
        .kernels
        .iter()
        .map(|k| {
            // Verdicts by work units alone: the wall-clock backstop is
            // pushed far out, so a loaded machine does not decide them.
            let mut budget = KernelBudget::new(&opts)
                .with_work_left(work)
                .with_wall_ms(300_000);
            let report = check_kernel_within(k, &opts, &mut budget);
            (k.name.clone(), report.verdict)
        })
        .collect()
}

/// A row-major index stored in a local first (`int idx = y * W + x;
/// a[idx]`), or a pointer advanced to a block's rows first, is read as
/// `x * n + y` on the offset's term (the term-level row-major readings), so
/// the delinearisation lemma decides it within a small deterministic work
/// budget (`via_local` took about 4 million work units, 8 s, without them).
/// The twins whose columns reach the next row stay racy.
#[test]
fn row_major_index_in_a_local_is_decided_with_little_work() {
    let decided = r#"
__global__ void via_local(float *a, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) { int idx = y * W + x; a[idx] = x; }
}
__global__ void via_local_plus_offset(float *a, int W, int H, int base) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int idx = W * y + x;
  if (x < W && y < H) { a[base + idx] = y; }
}
__global__ void batch_rows(int n, int *out) {
  int batch = blockIdx.x;
  out += batch * n * 8;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    for (int j = 0; j < 8; j++)
      out[i * 8 + j] = i;
}
"#;
    for (name, verdict) in check_source_with_work(decided, 400_000) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
    }
    let racy = r#"
__global__ void column_w(float *a, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= W && y < H) { int idx = y * W + x; a[idx] = x; }
}
__global__ void shifted_row(float *a, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H) { int idx = y * W + x; a[idx] = a[idx + W]; }
}
__global__ void batch_rows_overlapping(int n, int *out) {
  int batch = blockIdx.x;
  out += batch * n * 8;
  for (int i = threadIdx.x; i <= n; i += blockDim.x)
    for (int j = 0; j < 8; j++)
      out[i * 8 + j] = i;
}
"#;
    for (name, verdict) in check_source_with_work(racy, 5_000_000) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
    }
}

/// A tile numbered along one grid dimension and split by a run-time tile
/// count (`blockIdx.z / t`, `blockIdx.z % t`) into a 4-D row-major index,
/// and a global id split by a run-time row length and linearised again:
/// decided within a small deterministic work budget by the quotient and
/// remainder bounds, the grouped (Horner) row-major readings and the
/// equal-quotient-and-remainder lemma (about 30,000 work units each; without
/// them `tiles` took 154,000 units and 5 s, `ids` 100,000 units and 2.4 s,
/// and both were inconclusive within 60,000). The twins stay racy.
#[test]
fn tiles_split_by_a_symbolic_divisor_are_decided_with_little_work() {
    let decided = r#"
__global__ void tiles(float *out, int C, int H, int W, int t) {
  int b = blockIdx.x;
  int c = blockIdx.y;
  int row = blockIdx.z / t * 16 + threadIdx.y;
  int col = blockIdx.z % t * 16 + threadIdx.x;
  if (c < C && row < H && col < W) out[((b * C + c) * H + row) * W + col] = 1.0f;
}
__global__ void ids(signed char *a, long long nx, long long ny) {
  long long tid = (long long)blockDim.x * blockIdx.x + threadIdx.x;
  int i = tid / ny;
  int j = tid % ny;
  if (i >= nx || j >= ny) return;
  a[i * ny + j] = -a[i * ny + j];
}
"#;
    for (name, verdict) in check_source_with_work(decided, 60_000) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
    }
    let racy = r#"
__global__ void tiles_same_column(float *out, int C, int H, int W, int t) {
  int b = blockIdx.x;
  int c = blockIdx.y;
  int row = blockIdx.z / t * 16 + threadIdx.y;
  int col = blockIdx.z / t * 16 + threadIdx.x;
  if (c < C && row < H && col < W) out[((b * C + c) * H + row) * W + col] = blockIdx.z;
}
__global__ void ids_half_column(signed char *a, long long nx, long long ny) {
  long long tid = (long long)blockDim.x * blockIdx.x + threadIdx.x;
  int i = tid / ny;
  int j = tid % ny;
  if (i >= nx || j >= ny) return;
  a[i * ny + j / 2] = (signed char)tid;
}
__global__ void tiles_row_past_h(float *out, int C, int H, int W, int t) {
  int b = blockIdx.x;
  int c = blockIdx.y;
  int row = blockIdx.z / t * 16 + threadIdx.y;
  int col = blockIdx.z % t * 16 + threadIdx.x;
  if (c < C && row <= H && col < W) out[((b * C + c) * H + row) * W + col] = row;
}
"#;
    for (name, verdict) in check_source_with_work(racy, 5_000_000) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
    }
}

/// The bitonic-sort partner `ixj = i ^ j` with the guard `ixj > i`: only
/// the lower thread of each pair swaps (the involution lemma of unsigned
/// `^`, `Encoder::xor_lemmas`). Without the guard both threads of a pair
/// swap the same two elements, a race the lemma must not hide (it is a
/// theorem, true in that racy execution too).
#[test]
fn bitonic_xor_partners_are_decided_by_the_involution_lemma() {
    let decided = r#"
__global__ void step(int *table, unsigned n, unsigned j) {
  unsigned i = threadIdx.x + blockDim.x * blockIdx.x;
  unsigned ixj = i ^ j;
  if (i < n && ixj > i) {
    int t1 = table[i];
    int t2 = table[ixj];
    if (t1 > t2) { table[i] = t2; table[ixj] = t1; }
  }
}
"#;
    for (name, verdict) in check_source_with_work(decided, 1_000_000) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
    }
    let racy = r#"
__global__ void step_both(int *table, unsigned n, unsigned j) {
  unsigned i = threadIdx.x + blockDim.x * blockIdx.x;
  unsigned ixj = i ^ j;
  if (i < n && ixj != i) {
    int t1 = table[i];
    int t2 = table[ixj];
    if (t1 > t2) { table[i] = t2; table[ixj] = t1; }
  }
}
"#;
    // Z3 finds models through `bv2int` slowly: the twin may be racy or
    // inconclusive within the default budget, never race-free.
    for (name, verdict) in check_source_with_work(racy, 2_500_000) {
        assert_ne!(verdict, Verdict::RaceFree, "{name}");
    }
}

#[test]
fn unsat_cache_answers_repeated_queries_with_the_same_verdicts() {
    use crate::check::sdv::{unsat_cache_hits, with_unsat_cache};
    for block in [None, Some(256)] {
        let cold: Vec<Verdict> = [true, false]
            .iter()
            .map(|&b| check_kernel(&reduction_guarded(b, true), &opts(block)).verdict)
            .collect();
        let (warm, hits) = with_unsat_cache(|| {
            let mut warm: Vec<Verdict> = [true, false]
                .iter()
                .map(|&b| check_kernel(&reduction_guarded(b, true), &opts(block)).verdict)
                .collect();
            // A nested scope uses the outer one's cache and leaves it open.
            let before = unsat_cache_hits();
            warm.push(with_unsat_cache(|| {
                check_kernel(&reduction_guarded(true, true), &opts(block)).verdict
            }));
            assert!(unsat_cache_hits() > before, "block={block:?}");
            warm.push(check_kernel(&reduction_guarded(true, true), &opts(block)).verdict);
            (warm, unsat_cache_hits())
        });
        // The racy kernel repeats the race-free one's unsatisfiable queries
        // on the pairs the barrier does not separate; the second check of
        // the race-free kernel repeats all of them.
        assert!(hits > 0, "block={block:?}");
        assert_eq!(
            warm,
            vec![cold[0], cold[1], cold[0], cold[0]],
            "block={block:?}"
        );
        assert_eq!(unsat_cache_hits(), 0, "the scope is closed");
    }
}

#[test]
fn unsat_cache_keys_rename_only_let_aliases() {
    let renamed = crate::check::sdv::renumber_aliases(
        "(let (($x412 (= a b))) (let ((?x7 (+ c$1 d))) (and $x412 (= ?x7 $x412))))",
    );
    assert_eq!(
        renamed,
        "(let (($0 (= a b))) (let ((?1 (+ c$1 d))) (and $0 (= ?1 $0))))"
    );
}

/// `s[tid] = tid; x = s[opaque(tid) + shift];` (the solver decides the pair).
fn shifted_read(shift: i128) -> Kernel {
    let mut b = B::new();
    let x = b.var("x");
    let w = b.write(tid(), tid());
    let r = b.read(x, bin(BinOp::Add, opaque_tid(), int(shift)));
    b.k.body = B::block(vec![w, r]);
    b.k
}

#[test]
fn replayed_witnesses_answer_only_the_queries_they_satisfy() {
    use crate::check::sdv::{with_unsat_cache, witness_replays};
    let racy = shifted_read(1);
    // The same statements (labels), the same pair and relation, hence the
    // same witness key: a replay keyed on that alone would call it racy.
    let free = shifted_read(0);
    let o = opts(Some(64));
    let cold = check_kernel(&racy, &o);
    assert_eq!(cold.verdict, Verdict::Racy);
    assert_eq!(check_kernel(&free, &o).verdict, Verdict::RaceFree);
    with_unsat_cache(|| {
        assert_eq!(check_kernel(&racy, &o).verdict, Verdict::Racy);
        assert_eq!(witness_replays(), 0);
        let again = check_kernel(&racy, &o);
        assert!(
            witness_replays() > 0,
            "the second check replays the witness"
        );
        assert_eq!(again.verdict, Verdict::Racy);
        assert_eq!(again.races.len(), cold.races.len());
        let w = again.races[0].witness.as_ref().unwrap();
        assert_eq!(w.byte_offsets[0], w.byte_offsets[1]);
        assert_eq!(w.threads[0].thread[0], w.threads[1].thread[0] + 1);
        let replays = witness_replays();
        assert_eq!(check_kernel(&free, &o).verdict, Verdict::RaceFree);
        assert_eq!(witness_replays(), replays, "the witness does not fit");
        assert_eq!(check_kernel(&racy, &o).verdict, Verdict::Racy);
    });
    assert_eq!(witness_replays(), 0, "the scope is closed");
}

#[test]
fn a_race_limit_stops_only_after_races_within_a_block() {
    use crate::check::sdv::with_block_race_limit;
    let gid = || {
        bin(
            BinOp::Add,
            bin(
                BinOp::Mul,
                Expr::Cast(ScalarTy::INT, Box::new(Expr::Builtin(Builtin::BlockIdx(0)))),
                Expr::Cast(ScalarTy::INT, Box::new(Expr::Builtin(Builtin::BlockDim(0)))),
            ),
            tid(),
        )
    };
    // g[gid] = 1; barrier; x = g[gid + 1] (threads of two blocks race, a
    // barrier orders those of one); then s[tid] = tid; s[tid + k] read for
    // k = 1..3 (three races within a block), optionally behind a barrier.
    let build = |with_barrier: bool| {
        let mut b = B::new();
        let g = global_array(&mut b);
        let x = b.var("x");
        let gw = b.s(StmtKind::Write {
            access: Access {
                array: g,
                offset: off(gid()),
                size: 4,
                ty: ScalarTy::INT,
                volatile: false,
            },
            value: int(1),
        });
        let bar = b.barrier();
        let gr = b.s(StmtKind::Read {
            dest: x,
            access: Access {
                array: g,
                offset: off(bin(BinOp::Add, gid(), int(1))),
                size: 4,
                ty: ScalarTy::INT,
                volatile: false,
            },
        });
        let mut stmts = vec![gw, bar, gr, b.write(tid(), tid())];
        if with_barrier {
            stmts.push(b.barrier());
        }
        for k in 1..=3 {
            stmts.push(b.read(x, bin(BinOp::Add, opaque_tid(), int(k))));
        }
        b.k.body = B::block(stmts);
        b.k
    };
    let o = CheckOptions {
        launch: LaunchConfig {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..Default::default()
        },
        ..Default::default()
    };
    let within = |r: &KernelReport| {
        r.races
            .iter()
            .filter(|r| r.relation != LoopRelation::InterBlock)
            .count()
    };
    let racy = build(false);
    let full = check_kernel(&racy, &o);
    assert_eq!(within(&full), 3);
    for limit in 1..=3 {
        let limited = with_block_race_limit(limit, || check_kernel(&racy, &o));
        assert_eq!(limited.verdict, Verdict::Racy);
        // The inter-block race comes first and does not stop the check.
        assert!(limited
            .races
            .iter()
            .any(|r| r.relation == LoopRelation::InterBlock));
        assert_eq!(within(&limited), limit, "limit {limit}");
    }
    // Without races within a block the check is complete: the same report.
    let ordered = build(true);
    let full = check_kernel(&ordered, &o);
    let limited = with_block_race_limit(1, || check_kernel(&ordered, &o));
    assert_eq!(within(&full), 0);
    assert_eq!(limited.verdict, full.verdict);
    assert_eq!(limited.races.len(), full.races.len());
}

/// The race limit counts a race of the text once: the statements a pointer's
/// targets split an access into (`r` is `p` or `q`) race as copies of one
/// race with the same source ranges, and a limit of two such copies stopped
/// the check before the race on `s` after them, which the synthesizer then
/// found only with the next candidate's check.
#[test]
fn a_race_limit_counts_the_copies_of_a_split_access_once() {
    use crate::check::sdv::with_block_race_limit;
    let text = r#"
__global__ void k(int *p, int *q, int *out) {
  __shared__ int s[256];
  int *r;
  if (blockIdx.x == 1) { r = p; } else { r = q; }
  unsigned t = threadIdx.x;
  r[t] = r[t + 1] + 1;
  s[t] = 1;
  out[blockIdx.x * blockDim.x + t] = s[(t + 1) % 256u];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([256, 1, 1]);
    o.launch.grid_dim = Some([4, 1, 1]);
    let within = |r: &KernelReport, array: &str| {
        r.races
            .iter()
            .filter(|r| r.relation != LoopRelation::InterBlock && !r.benign && r.array == array)
            .count()
    };
    let full = check_kernel(&program.kernels[0], &o);
    let copies = full
        .races
        .iter()
        .filter(|r| r.relation != LoopRelation::InterBlock && !r.benign && r.array != "s")
        .count();
    assert!(
        copies >= 2,
        "the split access races in several copies: {:?}",
        full.races
    );
    assert_eq!(within(&full, "s"), 1);
    let limited = with_block_race_limit(2, || check_kernel(&program.kernels[0], &o));
    assert_eq!(limited.verdict, Verdict::Racy);
    assert_eq!(within(&limited, "s"), 1, "{:?}", limited.races);
    // One race of the text with its copies, then `s`: a limit of one stops
    // before `s`, as before.
    let one = with_block_race_limit(1, || check_kernel(&program.kernels[0], &o));
    assert_eq!(within(&one, "s"), 0);
}

/// Under a race limit, once a read of a statement races with a store, the
/// statement's other reads are not asked against that store (a barrier
/// between the two statements orders all of them: one constraint for the
/// synthesizer, a sat query each), and they count toward the limit as the
/// races they stand for, so the check stops where it stopped before.
/// Without a limit every race is reported.
#[test]
fn a_race_limit_skips_the_other_accesses_of_racing_statements() {
    use crate::check::sdv::with_block_race_limit;
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  float a = s[(t + 1) % 64u] + s[(t + 2) % 64u] + s[(t + 3) % 64u];
  float b = s[(t + 5) % 64u];
  out[blockIdx.x * 64u + t] = a + b;
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let line_of = |span: crate::ir::Span| text[..span.start as usize].matches('\n').count();
    let on_line = |r: &KernelReport, line: usize| {
        r.races
            .iter()
            .filter(|r| r.relation != LoopRelation::InterBlock && !r.benign)
            .filter(|r| line_of(r.first_span) == line || line_of(r.second_span) == line)
            .count()
    };
    let full = check_kernel(&program.kernels[0], &o);
    assert_eq!(full.verdict, Verdict::Racy);
    assert_eq!(on_line(&full, 5), 3, "{:?}", full.races);
    assert_eq!(on_line(&full, 6), 1, "{:?}", full.races);
    // One read asked and two skipped on line 5, then line 6: four races.
    let limited = with_block_race_limit(4, || check_kernel(&program.kernels[0], &o));
    assert_eq!(limited.verdict, Verdict::Racy);
    assert_eq!(on_line(&limited, 5), 1, "{:?}", limited.races);
    assert_eq!(on_line(&limited, 6), 1, "{:?}", limited.races);
    // A limit of two stops at the first statement's race and a skipped one.
    let two = with_block_race_limit(2, || check_kernel(&program.kernels[0], &o));
    assert_eq!(two.verdict, Verdict::Racy);
    assert_eq!(on_line(&two, 5), 1, "{:?}", two.races);
    assert_eq!(on_line(&two, 6), 0, "{:?}", two.races);
}

/// Under a race limit and [`with_shared_access_skip`] (`fix`'s synthesis),
/// once a pair races, a pair with the same first access or the same second
/// access (in the same loop relation) is not asked: the two stores of a
/// tile against its one read are ordered by the barrier just before the
/// read, which the synthesizer places for the first race (see
/// `access_already_racy`). Such skipped pairs do not count toward the
/// limit. Without the scope the limit alone applies.
///
/// [`with_shared_access_skip`]: crate::check::sdv::with_shared_access_skip
#[test]
fn a_race_limit_skips_pairs_sharing_an_access_with_a_race() {
    use crate::check::sdv::{with_block_race_limit, with_shared_access_skip};
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[128];
  __shared__ float s2[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  s[t + 64u] = 2.0f;
  s2[t] = 3.0f;
  float a = s[(t + 1) % 128u];
  float b = s[(t + 65) % 128u];
  float c = s2[(t + 1) % 64u];
  out[blockIdx.x * 64u + t] = a + b + c;
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let line_of = |span: crate::ir::Span| text[..span.start as usize].matches('\n').count();
    let pairs = |r: &KernelReport| {
        let mut v: Vec<(usize, usize)> = r
            .races
            .iter()
            .filter(|r| r.relation != LoopRelation::InterBlock && !r.benign)
            .map(|r| (line_of(r.first_span), line_of(r.second_span)))
            .collect();
        v.sort_unstable();
        v
    };
    // Each store of `s` races with each read of `s`; `s2` once.
    let full = check_kernel(&program.kernels[0], &o);
    assert_eq!(full.verdict, Verdict::Racy);
    assert_eq!(
        pairs(&full),
        vec![(5, 8), (5, 9), (6, 8), (6, 9), (7, 10)],
        "{:?}",
        full.races
    );
    // The first store against the first read; the pairs sharing either
    // are skipped, the second store against the second read shares
    // neither, and `s2`'s race is still found (skipped pairs are not
    // counted: the limit of 3 is not reached before it).
    let skipping = with_shared_access_skip(|| {
        with_block_race_limit(3, || check_kernel(&program.kernels[0], &o))
    });
    assert_eq!(skipping.verdict, Verdict::Racy);
    assert_eq!(
        pairs(&skipping),
        vec![(5, 8), (6, 9), (7, 10)],
        "{:?}",
        skipping.races
    );
    // The limit alone: the first three races in order.
    let limited = with_block_race_limit(3, || check_kernel(&program.kernels[0], &o));
    assert_eq!(
        pairs(&limited),
        vec![(5, 8), (5, 9), (6, 8)],
        "{:?}",
        limited.races
    );
    // The scope alone changes nothing: no limit, every race.
    let unlimited = with_shared_access_skip(|| check_kernel(&program.kernels[0], &o));
    assert_eq!(pairs(&unlimited), pairs(&full));
}

/// In one cache scope (the synthesizer's), a formula the cheap turns left
/// unknown in a check that was racy already is not given them again by a
/// later such check, while a check with no race before it still asks it in
/// full (and reports it undecided).
#[test]
fn a_racy_check_skips_formulas_an_earlier_racy_check_left_to_the_cheap_turns() {
    use crate::check::sdv::{with_block_race_limit, with_unsat_cache};
    let text = r#"
__global__ void k(int *out) {
  __shared__ int s[2048];
  unsigned t = threadIdx.x;
  RACE
  s[(t * t) % 1021u] = 1;
}
"#;
    let program = |first: &str| lower_cu(&text.replace("RACE", first));
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([256, 1, 1]);
    o.launch.grid_dim = Some([1, 1, 1]);
    o.kernel_budget_ms = 2_000;
    let racy = program("s[1500] = t;");
    let alone = program("");
    with_unsat_cache(|| {
        let (first, first_profile) =
            with_block_race_limit(8, || check_kernel_profiled(&racy.kernels[0], &o));
        let (again, again_profile) =
            with_block_race_limit(8, || check_kernel_profiled(&racy.kernels[0], &o));
        assert_eq!(first.verdict, Verdict::Racy);
        assert_eq!(again.verdict, Verdict::Racy);
        assert_eq!(first.races.len(), again.races.len());
        assert!(
            first_profile.work >= 25_000,
            "the hard pair's cheap turns ran: {}",
            first_profile.work
        );
        assert!(
            again_profile.work + 25_000 <= first_profile.work,
            "work {} then {}",
            first_profile.work,
            again_profile.work
        );
        // Not racy before the hard pair: asked in full, undecided.
        let report = with_block_race_limit(8, || check_kernel(&alone.kernels[0], &o));
        assert_eq!(report.verdict, Verdict::Inconclusive);
    });
}

/// Under a race limit, a check that has found a race within a block gives
/// each later query only the portfolio's cheap turns and drops a pair they
/// leave undecided: the write of `s[(t * t) % 1021]` against itself (no two
/// thread ids below 256 have the same square modulo the prime 1021) is a
/// query Z3 does not decide within the budget. Without an earlier race the
/// same pair is queried in full and reported undecided.
#[test]
fn a_racy_check_under_a_race_limit_gives_later_queries_the_cheap_turns_only() {
    use crate::check::sdv::with_block_race_limit;
    let hard_pair = r#"
__global__ void k(int *out) {
  __shared__ int s[2048];
  unsigned t = threadIdx.x;
  RACE
  s[(t * t) % 1021u] = 1;
}
"#;
    let program = |first: &str| lower_cu(&hard_pair.replace("RACE", first));
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([256, 1, 1]);
    o.launch.grid_dim = Some([1, 1, 1]);
    o.kernel_budget_ms = 2_000;
    let racy = program("s[1500] = t;");
    let (report, profile) =
        with_block_race_limit(8, || check_kernel_profiled(&racy.kernels[0], &o));
    assert_eq!(report.verdict, Verdict::Racy);
    assert!(report
        .findings
        .iter()
        .all(|f| f.kind != DiagnosticKind::Inconclusive));
    // The race's query and at most the two cheap turns of the hard one.
    assert!(profile.work < 100_000, "work {}", profile.work);
    assert!(
        profile.slowest.iter().all(|q| q.work <= 2 * 25_000 + 1_000),
        "{:?}",
        profile.slowest.iter().map(|q| q.work).collect::<Vec<_>>()
    );
    // Twelve such pairs (one array each, so that they do not meet one
    // another) after the race: the check stops once the cheap turns spent
    // its allowance after the race, instead of trying every pair.
    let mut many = String::from(
        "__global__ void k(int *out) {\n  unsigned t = threadIdx.x;\n  __shared__ int r[4];\n  r[0] = t;\n",
    );
    for i in 0..12 {
        many.push_str(&format!(
            "  __shared__ int s{i}[1024];\n  s{i}[(t * t) % 1021u] = {i};\n"
        ));
    }
    many.push_str("}\n");
    let program_many = lower_cu(&many);
    let (report, profile) =
        with_block_race_limit(8, || check_kernel_profiled(&program_many.kernels[0], &o));
    assert_eq!(report.verdict, Verdict::Racy);
    assert!(profile.queries < 12, "{} queries", profile.queries);
    // With no race before it, the hard pair is not dropped: undecided.
    let alone = program("");
    let report = with_block_race_limit(8, || check_kernel(&alone.kernels[0], &o));
    assert_eq!(report.verdict, Verdict::Inconclusive);
    assert!(report
        .findings
        .iter()
        .any(|f| f.kind == DiagnosticKind::Inconclusive));
}

/// PyTorch accessors (`frontend::accessors`): under the default layout
/// assumption each thread's element `r[i]` is its own; without it the
/// strides are symbolic (an `expand()` view has stride 0), so every thread
/// may write the same element.
#[test]
fn accessor_layout_assumption_can_be_dropped() {
    let src = r#"
__global__ void rows(at::PackedTensorAccessor64<float, 2, at::RestrictPtrTraits> r) {
  int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < r.size(0))
    r[i][0] = i;
}
"#;
    let (_, verdict, _, _) = check_source(src, &CheckOptions::default())[0].clone();
    assert_eq!(verdict, Verdict::RaceFree);
    let mut dropped = CheckOptions::default();
    dropped.launch.no_accessor_layout_assumption = true;
    let (_, verdict, _, _) = check_source(src, &dropped)[0].clone();
    assert_eq!(verdict, Verdict::Racy);
}

/// Row-major layouts of thread and block ids (`check::delinear`): offsets
/// `row * N + col` under a guard `col < N` (or an early return), 3-D
/// volumes and constant-size cubes are decided without a solver query in
/// every scenario; each near miss (a missing or weaker guard, a guard on
/// another stride, a fact in one branch only, an id left out, a grid
/// larger than the layout) goes to the solver, which reports the race.
#[test]
fn row_major_layouts_are_decided_without_the_solver() {
    let decided = r#"
__global__ void row_major(float *c, int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N)
    c[row * N + col] = c[row * N + col] * 2.0f;
}
__global__ void early_exit(float *c, int W, int H) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  c[y * W + x] = 1.0f;
  c[W * y + x] += 2.0f;
}
__global__ void volume(float *c, int X, int Y, int Z) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < X && y < Y && z < Z)
    c[(z * Y + y) * X + x] = c[(z * Y + y) * X + x] + 1.0f;
}
"#;
    for (name, verdict, queries, _) in check_source(decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void no_column_guard(float *c, int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M)
    c[row * N + col] = threadIdx.x;
}
__global__ void guard_on_other_stride(float *c, int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < M)
    c[row * N + col] = threadIdx.x;
}
__global__ void inclusive_guard(float *c, int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col <= N)
    c[row * N + col] = threadIdx.x;
}
__global__ void guard_in_one_branch(float *c, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col < N)
    c[row * N + col] = threadIdx.x;
  else
    c[row * N + col] = threadIdx.y;
}
__global__ void block_row_missing(float *c, int N) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (col < N)
    c[threadIdx.y * N + col] = blockIdx.y;
}
__global__ void shifted_row(float *c, int M, int N) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < M && col < N)
    c[row * N + col + 1] = c[row * N + col];
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    // Constant sizes: the mixed-radix theorem with the launch's ranges.
    let cube = r#"
__global__ void cube(double *c) {
  unsigned z = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned x = blockIdx.z * blockDim.z + threadIdx.z;
  c[(x * 40 + y) * 40 + z] = z;
}
"#;
    let launch = |gx| CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([8, 8, 4]),
            grid_dim: Some([gx, 5, 10]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    // A 2-D grid flattened (unsigned arithmetic: exact only with known sizes).
    let flat = r#"
__global__ void flat_grid(float *c) {
  unsigned id = (gridDim.x * blockIdx.y + blockIdx.x) * blockDim.x + threadIdx.x;
  c[id] = c[id] + 1.0f;
}
__global__ void short_row(float *c) {
  unsigned id = (32 * blockIdx.y + blockIdx.x) * blockDim.x + threadIdx.x;
  c[id] = c[id] + 1.0f;
}
"#;
    let grid = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([256, 1, 1]),
            grid_dim: Some([64, 4, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    let results = check_source(flat, &grid);
    assert_eq!((results[0].1, results[0].2), (Verdict::RaceFree, 0));
    assert_eq!(results[1].1, Verdict::Racy);
    assert!(results[1].2 > 0);
    let (name, verdict, queries, _) = check_source(cube, &launch(5))[0].clone();
    assert_eq!((verdict, queries), (Verdict::RaceFree, 0), "{name}");
    // Six blocks of 8 along x reach z = 47: rows overlap.
    let (name, verdict, queries, _) = check_source(cube, &launch(6))[0].clone();
    assert_eq!(verdict, Verdict::Racy, "{name}");
    assert!(queries > 0, "{name}: the solver decides it");
}

/// Integer subterms the polynomial expansion does not see through (`%`,
/// `/`, `&`, selects) are atoms with value ranges (`check::delinear`): a
/// ring slot `buf[(k + 2) % 3][tid]`, bytes of a word `4 * tid + (x & 3)` and
/// rows of a uniform quotient `row * (n / 2) + col` under `col < n / 2` are
/// decided without the solver. The near misses go to the solver, which finds
/// their races: a mask one bit too wide (`& 4`), a slot column that is a
/// remainder of the thread id (`tid % 32` with 64 threads: an atom's value
/// says nothing about which thread computed it), a guard on `n` instead of
/// the row length `n / 2`.
#[test]
fn subterms_are_atoms_with_ranges() {
    let decided = r#"
__global__ void ring_slot(const float *in, int k) {
  __shared__ float buf[3][64];
  buf[(k + 2) % 3][threadIdx.x] = in[threadIdx.x];
}
__global__ void word_bytes(unsigned char *out) {
  out[(blockIdx.x * 64 + threadIdx.x) * 4 + ((threadIdx.x * 7) & 3)] = threadIdx.x;
}
__global__ void quotient_rows(float *c, int n) {
  int row = blockIdx.x, col = threadIdx.x;
  if (col < n / 2)
    c[row * (n / 2) + col] = col;
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([16, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void ring_slot_lane(const float *in, int k) {
  __shared__ float buf[3][64];
  buf[(k + 2) % 3][threadIdx.x % 32] = in[threadIdx.x];
}
__global__ void word_bytes_wide_mask(unsigned char *out) {
  out[(blockIdx.x * 64 + threadIdx.x) * 4 + ((threadIdx.x * 7) & 4)] = threadIdx.x;
}
__global__ void quotient_rows_wrong_guard(float *c, int n) {
  int row = blockIdx.x, col = threadIdx.x;
  if (col < n)
    c[row * (n / 2) + col] = col;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// A precondition at the kernel's top level (`__builtin_assume`, and the
/// corollaries of launch relations the host code gives, stated the same
/// way) is a fact of every later access for the division theorem, like an
/// early `if (!c) return;`: the halo layout `g_row * cols + g_col` with
/// `g_col = gid + 1` and `gid < cols - 2` assumed is decided without a
/// query. Near misses (a bound one too weak, an assumption inside a branch
/// that one access does not follow, a neighbour written) go to the solver,
/// which reports the race.
#[test]
fn top_level_assumptions_are_facts_of_the_division_theorem() {
    let decided = r#"
__global__ void halo(unsigned char *out, int cols) {
  __builtin_assume((int)(blockIdx.x * blockDim.x + threadIdx.x) < cols - 2);
  const int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
  const int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int pos = g_row * cols + g_col;
  out[pos] = 1;
  if (out[pos] > 2) out[pos] = 3; else out[pos] = 4;
}
"#;
    for (name, verdict, queries, _) in check_source(decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void bound_too_weak(unsigned char *out, int cols) {
  __builtin_assume((int)(blockIdx.x * blockDim.x + threadIdx.x) < cols + 1);
  const int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
  const int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
  out[g_row * cols + g_col] = threadIdx.x;
}
__global__ void assumed_in_a_branch(unsigned char *out, int cols, int c) {
  const int g_row = blockIdx.y * blockDim.y + threadIdx.y;
  const int g_col = blockIdx.x * blockDim.x + threadIdx.x;
  if (c > 0) {
    __builtin_assume((int)(blockIdx.x * blockDim.x + threadIdx.x) < cols);
    out[g_row * cols + g_col] = threadIdx.x;
  }
  out[g_row * cols + g_col] = threadIdx.y;
}
__global__ void neighbour(unsigned char *out, int cols) {
  __builtin_assume((int)(blockIdx.x * blockDim.x + threadIdx.x) < cols - 2);
  const int g_row = blockIdx.y * blockDim.y + threadIdx.y + 1;
  const int g_col = blockIdx.x * blockDim.x + threadIdx.x + 1;
  out[g_row * cols + g_col + 1] = out[g_row * cols + g_col];
}
"#;
    for (name, verdict, _, _) in check_source(racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
    }
}

/// Producer/consumer roles (`check::delinear`): a test of a local whose only
/// definition selects between two constants on a thread-id test (`role =
/// threadIdx.x < 32 ? producer : consumer; if (role == producer)`) gives
/// that test's facts, under which `threadIdx.x % 32` pins the thread (one
/// quotient); a local assigned once in the branch and read only after it (a
/// copy's snapshot of the lane, replayed at every landing) is its value. The
/// pipeline's landings of one copy are then decided without the solver.
/// Twins: 64 producers over 32 lanes, a local assigned from a loop counter,
/// a local read after the branch that assigned it: the solver reports each.
#[test]
fn role_guards_and_snapshots_are_decided_without_the_solver() {
    let decided = r#"
__global__ void role_lanes(float *out, const float *in) {
  __shared__ float stage[2][32];
  const int role = threadIdx.x < 32 ? 0 : 1;
  const int is_producer = role == 0;
  int lane = threadIdx.x % 32;
  if (is_producer != 0) {
    int slot = lane;
    stage[0][slot] = in[lane];
  }
  if (role == 1) stage[1][lane] = 1.0f;
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([64, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let pipeline = r#"
__global__ void roles_pipeline(const float *in, float *out) {
  __shared__ float buf[2][32];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cg::this_thread_block();
  const cuda::pipeline_role role =
      threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
  cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, role);
  int lane = threadIdx.x % 32;
  if (role == cuda::pipeline_role::producer) {
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][lane], &in[lane], sizeof(float), pipe);
    pipe.producer_commit();
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[1][lane], &in[32 + lane], sizeof(float), pipe);
    pipe.producer_commit();
  } else {
    float acc = 0.0f;
    pipe.consumer_wait();
    acc += buf[0][31 - lane];
    pipe.consumer_release();
    pipe.consumer_wait();
    acc += buf[1][31 - lane];
    pipe.consumer_release();
    out[blockIdx.x * 32 + lane] = acc;
  }
}
"#;
    let results = check_source(pipeline, &launch);
    assert_eq!(results.len(), 1);
    for (name, verdict, queries, _) in results {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        // Producer copies against consumer reads (ordered by the pipeline)
        // remain (16); the landings of one copy among producers do not
        // (38 queries without the role guards and snapshots).
        assert!(queries <= 20, "{name}: {queries} queries");
    }
    // A thread's own reads while its copy flies, one slot away from it.
    let own = r#"
__global__ void own_copy_other_slot(const float *in, float *out) {
  __shared__ float buf[3][64];
  buf[0][threadIdx.x] = in[threadIdx.x];
  buf[2][threadIdx.x] = in[128 + threadIdx.x];
  __syncthreads();
  __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
  __pipeline_commit();
  float acc = buf[0][threadIdx.x] + buf[2][threadIdx.x];
  __pipeline_wait_prior(0);
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.x] = acc + buf[1][63 - threadIdx.x];
}
"#;
    for (name, verdict, queries, _) in check_source(own, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let own_racy = r#"
__global__ void own_copy_same_slot(const float *in, float *out) {
  __shared__ float buf[3][64];
  __pipeline_memcpy_async(&buf[1][threadIdx.x], &in[64 + threadIdx.x], sizeof(float));
  __pipeline_commit();
  float acc = buf[1][(threadIdx.x + 1) % 64 - 1 + (threadIdx.x == 63 ? 64 : 0)];
  __pipeline_wait_prior(0);
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}
"#;
    for (name, verdict, queries, _) in check_source(own_racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    let racy = r#"
__global__ void producers_span_two_warps(float *out, const float *in) {
  __shared__ float stage[32];
  const int role = threadIdx.x < 64 ? 0 : 1;
  int lane = threadIdx.x % 32;
  if (role == 0) stage[lane] = threadIdx.x;
}
__global__ void slot_from_counter(float *out, int n) {
  __shared__ float stage[64];
  for (int i = 0; i < n; i++) {
    int slot = (threadIdx.x + i) % 64;
    stage[slot] = threadIdx.x;
  }
}
__global__ void slot_read_after_branch(float *out, int n, int k) {
  __shared__ float stage[64];
  int slot = k;
  if (n > 0) slot = threadIdx.x;
  stage[slot] = threadIdx.x;
}
"#;
    let wide = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([128, 1, 1]),
            grid_dim: Some([4, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(racy, &wide) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Loop counters as inner digits of a row-major layout
/// (`check::delinear`): the loop's test bounds the counter in the body (the
/// body never assigns it), a signed counter growing from 0 is non-negative,
/// and a test inside the body bounds it too: decided without the solver.
/// A counter the body moves after the test, an inclusive bound and a start
/// below 0 go to the solver, which reports the race.
#[test]
fn loop_counter_digits_are_decided_without_the_solver() {
    let decided = r#"
__global__ void counter_digits(float *out, int na, int ne, int nx) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= nx) return;
  for (int ie = 0; ie < ne; ++ie)
    for (int ia = 0; ia < na; ia += 1)
      out[ia + na * (ie + ne * (ix + nx * iy))] = ia;
}
__global__ void digit_tested_in_body(float *out, int n, int m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.y != 0 || blockIdx.y != 0) return;
  for (int k = 0; k < n; k++)
    if (k < m)
      out[k + m * t] = k;
}
"#;
    let one_d = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([64, 4, 1]),
            grid_dim: Some([8, 8, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &one_d) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void moved_after_test(float *out, int m, int nx, int jump) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= nx) return;
  for (int k = 0; k < m; k++) {
    if (jump) k = 2 * k;
    out[k + m * (ix + nx * iy)] = ix;
  }
}
__global__ void inclusive(float *out, int m, int nx) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= nx) return;
  for (int k = 0; k <= m; k++)
    out[k + m * (ix + nx * iy)] = ix;
}
__global__ void from_minus_one(float *out, int m, int nx) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= nx) return;
  for (int k = -1; k < m; k++)
    out[k + m * (ix + nx * iy)] = ix;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &one_d) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Closed constant expressions (`W / NRX` of two macros, a divisor
/// `idx % (W / NRX)`) are constants to `check::delinear`: the mixed-radix
/// layout `iy * W + (W / NRX) * i + ix` over the digits of `idx` and a
/// loop counter `i` is decided without the solver (it took the solver
/// 40,000-240,000 work units with the quotient left an opaque term). The
/// near misses go to the solver, which reports the race: a coefficient
/// `(2 * W) / NRX` that makes two rows meet, a divisor whose digits do not
/// cover the thread (`idx % (W / 4)` with a row of `W / 2`), and a
/// negative coefficient `-W / (2 * NRX)` whose rows overlap (a quotient of
/// a negative operand is not folded).
#[test]
fn closed_constant_expressions_are_constants_of_the_layouts() {
    let decided = r#"
#define W 32
#define NRX 2
__global__ void folded(float *out, const float *in) {
  __shared__ float s[W * 8];
  int idx = threadIdx.y * W + threadIdx.x;
  int ix = idx % (W / NRX);
  int iy = idx / (W / NRX);
  if (idx < W * 8 / NRX) {
    for (int i = 0; i < NRX; i++)
      s[iy * W + (W / NRX) * i + ix] = in[i];
  }
  __syncthreads();
  out[blockIdx.x * W * 8 + idx] = s[idx];
}
__global__ void folded_shift(float *out, const float *in) {
  __shared__ float s[W * 16];
  int idx = threadIdx.y * W + threadIdx.x;
  for (int i = 0; i < 2; i++)
    s[(idx >> (10 / 2)) * ((1 << 6) - 0) + (W >> 0) * i + (idx & (W - 1))] = in[i];
  __syncthreads();
  out[blockIdx.x * W * 8 + idx] = s[idx];
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([32, 8, 1]),
            grid_dim: Some([16, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    let results = check_source(decided, &launch);
    assert_eq!(results.len(), 2);
    for (name, verdict, queries, _) in results {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
#define W 32
#define NRX 2
__global__ void rows_meet(float *out, const float *in) {
  __shared__ float s[W * 8];
  int idx = threadIdx.y * W + threadIdx.x;
  int ix = idx % (W / NRX);
  int iy = idx / (W / NRX);
  if (idx < W * 8 / NRX) {
    for (int i = 0; i < NRX; i++)
      s[iy * W + ((2 * W) / NRX) * i + ix] = (float)idx + in[i];
  }
  __syncthreads();
  out[blockIdx.x * W * 8 + idx] = s[idx];
}
__global__ void short_digit(float *out, const float *in) {
  __shared__ float s[W * 8];
  int idx = threadIdx.y * W + threadIdx.x;
  int ix = idx % (W / 4);
  int iy = idx / (W / NRX);
  s[iy * W + ix] = (float)idx + in[0];
  __syncthreads();
  out[blockIdx.x * W * 8 + idx] = s[idx];
}
__global__ void negative_quotient(float *out, const float *in) {
  __shared__ float s[W * 8];
  int idx = threadIdx.y * W + threadIdx.x;
  int ix = idx % (W / NRX);
  int iy = idx / (W / NRX);
  if (idx < W * 8 / NRX) {
    for (int i = 0; i < NRX; i++)
      s[128 + iy * W + (-W / (2 * NRX)) * i + ix] = (float)idx + in[i];
  }
  __syncthreads();
  out[blockIdx.x * W * 8 + idx] = s[idx];
}
"#;
    let results = check_source(racy, &launch);
    assert_eq!(results.len(), 3);
    for (name, verdict, queries, _) in results {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Guards `threadIdx.x == 0` pin the thread within its block and loop
/// counters may stand above a guarded row (`check::delinear`): decided
/// without the solver; a dimension left free, a missing guard or a guard
/// on a local reassigned since go to the solver, which reports the race.
#[test]
fn pinned_threads_and_counter_rows_are_decided_without_the_solver() {
    let decided = r#"
__global__ void per_block_sum(float *out, const float *in) {
  __shared__ float s[256];
  s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = s[0] + s[1];
}
__global__ void counter_rows(float *out, int n, int m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n)
    for (int i = 0; i < m; i++)
      out[i * n + t] = i;
}
"#;
    for (name, verdict, queries, _) in check_source(decided, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void pinned_x_only(float *out) {
  if (threadIdx.x == 0)
    out[blockIdx.x] = threadIdx.y;
}
__global__ void counter_rows_unguarded(float *out, int n, int m) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < m; i++)
    out[i * n + t] = i;
}
__global__ void guard_before_reassignment(float *out, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) {
    k = 2 * k;
    out[blockIdx.y * n + k] = k;
  }
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &CheckOptions::default()) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Locals the guards bound above and below (`check::delinear`,
/// `bounded_locals`): a row `r` of 32 columns in a block of 100 per
/// `threadIdx.y` is a mixed-radix digit only because `r <= 2`, whether `r`
/// is a loop counter, a value read from memory under an `if`, or a counter
/// shifted into place (`j << 5` is `32 * j` only because `j` is small), and
/// two accesses under different guards use the hull of both bounds:
/// decided without the solver. Rows reaching the next block of 100, a row
/// without a lower bound and guards whose hull reaches it go to the
/// solver, which reports the race.
#[test]
fn bounded_locals_are_decided_without_the_solver() {
    let decided = r#"
__global__ void loop_rows(float *out) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  for (int r = 0; r < 3; r++)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
}
__global__ void guarded_row(const int *rows) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  int r = rows[c];
  if (r >= 0 && r < 3)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
}
__global__ void shifted_rows(float *out) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  for (int j = 0; j < 3; j++)
    s[q * 100 + (j << 5) + c] = (float)(q * 32 + c);
}
__global__ void two_guards(const int *rows) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  int r = rows[c];
  if (r >= 0 && r < 2)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
  if (r >= 1 && r <= 2)
    s[q * 100 + r * 32 + c] = (float)c;
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([32, 4, 1]),
            grid_dim: Some([8, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    let results = check_source(decided, &launch);
    assert_eq!(results.len(), 4);
    for (name, verdict, queries, _) in results {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void loop_rows_overlap(float *out) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  for (int r = 0; r < 4; r++)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
}
__global__ void guarded_row_unbounded_below(const int *rows) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  int r = rows[c];
  if (r < 3)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
}
__global__ void two_guards_hull_overlaps(const int *rows) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  int r = rows[c];
  if (r >= 0 && r < 2)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
  if (r >= 2 && r < 4)
    s[q * 100 + r * 32 + c] = (float)(q * 32 + c);
}
"#;
    let results = check_source(racy, &launch);
    assert_eq!(results.len(), 3);
    for (name, verdict, queries, _) in results {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Warp and lane ids (`threadIdx.x / 32`, `% 32`, `>> 5`, `& 31`) are
/// quotient and remainder atoms of one division (`check::delinear`): a
/// guard pinning the lane and a row indexed by the warp pin the thread, and
/// constant slot shifts of a mixed-radix layout (`blockIdx.x * 1024 + slot *
/// 256 + threadIdx.x`) are apart. Decided without the solver; the near
/// misses (a warp id of 64 threads, slots wider than the block, a slot that
/// reaches the next block's row) go to the solver, which reports the race.
#[test]
fn warp_ids_and_slot_shifts_are_decided_without_the_solver() {
    let decided = r#"
__global__ void warp_sums(float *out, float v) {
  __shared__ float sums[16][32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  if (lane == 0) sums[threadIdx.y][warp] = v;
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = sums[threadIdx.y][0];
}
__global__ void warp_sums_bits(float *out, float v) {
  __shared__ float sums[32];
  unsigned lane = threadIdx.x & 31;
  unsigned warp = threadIdx.x >> 5;
  if (lane == 0) sums[warp] = v;
}
__global__ void slots(float *out) {
  __shared__ float s[1024];
  s[0 * 256 + threadIdx.x] = 1.0f;
  s[3 * 256 + threadIdx.x] = s[1 * 256 + threadIdx.x] + 1.0f;
  out[blockIdx.x * 1024 + 2 * 256 + threadIdx.x] += s[2 * 256 + threadIdx.x];
  out[blockIdx.x * 1024 + 1 * 256 + threadIdx.x] += 1.0f;
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([256, 1, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void warp_of_64() {
  __shared__ float sums[32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 64;
  if (lane == 0) sums[warp] = threadIdx.x;
}
__global__ void lane_not_pinned() {
  __shared__ float sums[32];
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  if (lane < 2) sums[warp] = threadIdx.x;
}
__global__ void slot_reaches_next_block(float *out) {
  out[blockIdx.x * 1024 + 4 * 256 + threadIdx.x] = 1.0f;
  out[blockIdx.x * 1024 + threadIdx.x] = 2.0f;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    // Slots of 256 under blocks of 512 threads overlap in one block.
    let wide = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([512, 1, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    let slots_only = r#"
__global__ void slots_wider_than_block(float *out) {
  __shared__ float s[1024];
  s[1 * 256 + threadIdx.x] = 1.0f;
  s[0 * 256 + threadIdx.x] = 2.0f;
}
"#;
    let (name, verdict, queries, _) = check_source(slots_only, &wide)[0].clone();
    assert_eq!(verdict, Verdict::Racy, "{name}");
    assert!(queries > 0, "{name}: the solver decides it");
}

/// Tree reductions (`check::delinear`, theorem "tree reduction"): `if (t <
/// s) a[t] += a[t + s]` with a uniform stride the branch does not assign
/// reads and writes no common element in one iteration; decided without
/// the solver. The near misses (an inclusive guard, a stride one short, no
/// barrier between iterations, a stride assigned in the branch) go to the
/// solver, which reports the race.
#[test]
fn tree_reductions_are_decided_without_the_solver() {
    let decided = r#"
__global__ void tree_sum(float *out, const float *in) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sd[tid] += sd[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sd[0];
}
__global__ void tree_sum_fields(float2 *out, const float2 *in) {
  __shared__ float2 v[128];
  int lid = threadIdx.x;
  v[lid] = in[blockIdx.x * 128 + lid];
  __syncthreads();
  for (int i = 64; i >= 1; i = i / 2) {
    if (lid < i) {
      v[lid].x += v[lid + i].x;
      v[lid].y += v[lid + i].y;
    }
    __syncthreads();
  }
  if (lid == 0) out[blockIdx.x] = v[0];
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([128, 1, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void inclusive_guard(float *out) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = tid;
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (tid <= s) sd[tid] += sd[tid + s];
    __syncthreads();
  }
}
__global__ void stride_one_short(float *out) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = tid;
  __syncthreads();
  for (int s = 64; s > 1; s >>= 1) {
    if (tid < s) sd[tid] += sd[tid + s - 1];
    __syncthreads();
  }
}
__global__ void no_barrier_between_iterations(float *out) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = tid;
  __syncthreads();
  for (int s = 64; s > 0; s >>= 1) {
    if (tid < s) sd[tid] += sd[tid + s];
  }
}
__global__ void stride_halved_in_branch(float *out) {
  __shared__ float sd[256];
  int tid = threadIdx.x;
  sd[tid] = tid;
  __syncthreads();
  for (int s = 64; s > 1; s >>= 1) {
    if (tid < s) {
      int h = s / 2;
      sd[tid] += sd[tid + h];
    }
    __syncthreads();
  }
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}
/// Tree reductions whose counter is uniform only at the loop head (a local
/// reused after a thread-dependent loop), converted to `unsigned` under the
/// loop's test `i >= 1`, with writes at `tid + i` (instance-uniform locals)
/// and accesses only one thread runs (`tid == 0`, `tid == (int)s[0]` after
/// a barrier: pinned threads): decided without the solver. The near misses
/// (a counter that may be negative, a stride that differs between threads,
/// one element for every thread, a guard that does not pin, two rows)
/// stay racy.
#[test]
fn reused_counters_and_pinned_threads_are_decided_without_the_solver() {
    let decided = r#"
__global__ void reused_counter(float *out, const int *work) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  float best = 0.0f;
  for (i = 0; i < work[tid]; i++) best += 1.0f;
  s[tid] = best;
  __syncthreads();
  for (i = 64; i >= 1; i /= 2) {
    if (tid < i) {
      if (s[tid + i] > s[tid]) {
        s[tid] = s[tid + i];
        s[tid + i] = (float)(tid + i);
      } else {
        s[tid + i] = (float)tid;
      }
    }
    __syncthreads();
  }
  if (tid == 0) {
    int t = 0;
    for (i = 0; i < 6 && t < 64 && t >= 0; i++) t = (int)s[(1 << i) + t];
    s[0] = (float)t;
  }
  __syncthreads();
  if (tid == (int)s[0]) {
    for (i = 0; i < 4; i++) out[blockIdx.x * 4 + i] = best;
  }
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([128, 1, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void counter_may_be_negative(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = out[tid];
  __syncthreads();
  for (i = 64; i > -2; i--) {
    if (tid < i) s[tid] = s[tid + i];
    __syncthreads();
  }
}
__global__ void stride_not_uniform(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i = tid < 32 ? 32 : 64;
  s[tid] = out[tid];
  __syncthreads();
  for (int round = 0; round < 6; round++) {
    if (tid < i) s[tid] = s[tid + i];
    i /= 2;
    __syncthreads();
  }
}
__global__ void same_element(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[tid] = out[tid];
  __syncthreads();
  for (i = 64; i >= 1; i /= 2) {
    if (tid < i) s[i] = (float)tid;
    __syncthreads();
  }
}
__global__ void not_pinned(float *out, const float *in) {
  __shared__ float s[128];
  const unsigned int tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid - tid == (int)s[0]) out[blockIdx.x] = (float)tid;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    let rows = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([16, 8, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    let two_rows = r#"
__global__ void rows_share_the_element(float *out) {
  extern __shared__ float s[];
  const unsigned int tid = threadIdx.x;
  int i;
  s[threadIdx.y * 16 + tid] = out[tid];
  __syncthreads();
  for (i = 8; i >= 1; i /= 2) {
    if (tid < i) s[tid + i] = (float)threadIdx.y;
    __syncthreads();
  }
}
__global__ void pinned_row_only(float *out, int n) {
  __shared__ float s[128];
  const unsigned int tid = threadIdx.x;
  s[threadIdx.y * 16 + tid] = out[tid];
  __syncthreads();
  if (tid == 0) {
    int t = (int)s[n];
    s[t] = (float)threadIdx.y;
  }
}
"#;
    for (name, verdict, _, _) in check_source(two_rows, &rows) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
    }
}

/// Thread-index tests around an access bound its interval
/// (`check::injective`): a halo load under `if (threadIdx.x < R)` lands in
/// [0, R) or past the block while the body's elements are [R, R + 256), and
/// the `else` of such a test bounds the other way. A local assigned one
/// constant in several places (a pointer set to `nullptr`, then to a
/// shared buffer) is that constant in a block-stride loop. All decided
/// without the solver; a guard one too wide, a test on another dimension,
/// a local assigned two constants and a guard read through a local assigned
/// twice stay races the solver reports.
#[test]
fn thread_guards_bound_intervals_and_constant_locals_are_constants() {
    let decided = r#"
#define R 7
__global__ void halo(const int *in, int *out) {
  __shared__ int t[256 + 2 * R];
  int g = threadIdx.x + blockIdx.x * blockDim.x;
  int l = threadIdx.x + R;
  t[l] = in[g];
  if (threadIdx.x < R) {
    t[l - R] = in[g];
    t[l + 256] = in[g];
  }
  __syncthreads();
  out[g] = t[l - R] + t[l + R];
}
__global__ void halo_else(const int *in) {
  __shared__ int t[256 + 8];
  if (threadIdx.x >= 8) {
    t[threadIdx.x + 8] = in[threadIdx.x];
  } else {
    t[threadIdx.x] = in[threadIdx.x];
  }
}
__global__ void zeroed(int n, int flag) {
  extern __shared__ unsigned char raw[];
  float *s = nullptr;
  if (flag) s = reinterpret_cast<float *>(raw);
  for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = 0.0f;
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([256, 1, 1]),
            grid_dim: Some([16, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
#define R 7
__global__ void halo_guard_too_wide(const int *in) {
  __shared__ int t[256 + 2 * R];
  int l = threadIdx.x + R;
  t[l] = in[threadIdx.x];
  if (threadIdx.x <= R)
    t[l - R] = in[threadIdx.x];
}
__global__ void halo_else_swapped(const int *in) {
  __shared__ int t[256 + 8];
  if (threadIdx.x >= 8) {
    t[threadIdx.x] = in[threadIdx.x];
  } else {
    t[threadIdx.x + 8] = in[threadIdx.x];
  }
}
__global__ void guard_on_y(const int *in) {
  __shared__ int t[256 + 8];
  t[threadIdx.x + 8] = in[threadIdx.x];
  if (threadIdx.y < 8)
    t[threadIdx.x] = in[threadIdx.x];
}
__global__ void guard_through_reassigned_local(const int *in, int flag) {
  __shared__ int t[256 + 8];
  int x = threadIdx.x;
  if (flag) x = (int)threadIdx.x - 100;
  t[threadIdx.x + 8] = in[threadIdx.x];
  if (x < 8)
    t[threadIdx.x] = in[threadIdx.x];
}
__global__ void two_constants(int n, int flag) {
  __shared__ float raw[1024];
  int base = 0;
  if (flag) base = 1;
  for (int i = threadIdx.x; i < n; i += blockDim.x) raw[base + i] = 0.0f;
  raw[threadIdx.x] = 1.0f;
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Tree reductions whose stride is a counter converted in the test and the
/// index (`threadIdx.x < (unsigned)i` with `int i = blockDim.x / 2; i /= 2`,
/// `size_t` thread indices against an `int` stride, an unsigned stride
/// halved by `>>= 1`): the counter stays in [0, 512] (`check::injective`'s
/// `counter_bound`), so no sum wraps and the tree-reduction argument
/// decides them without the solver. An inclusive test, a stride that may
/// be negative and a plain side at another scale go to the solver, which
/// reports the race.
#[test]
fn tree_reductions_with_converted_strides_are_decided_without_the_solver() {
    let decided = r#"
__global__ void tree_int(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x < i) s[threadIdx.x] += s[threadIdx.x + i];
    __syncthreads();
    i /= 2;
  }
}
__global__ void tree_size_t(float *out) {
  __shared__ float s[256];
  const size_t l = threadIdx.x;
  s[l] = 1.0f;
  for (int off = blockDim.x / 2; off > 0; off /= 2) {
    __syncthreads();
    if (l < off) s[l] += s[l + off];
  }
}
__global__ void tree_unsigned_shift(float *out) {
  __shared__ float s[512];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  int tid = threadIdx.x;
  for (unsigned int st = 128; st > 0; st >>= 1) {
    if (tid < st && (tid + st) < blockDim.x) s[tid] += s[tid + st];
    __syncthreads();
  }
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([256, 1, 1]),
            grid_dim: Some([16, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void inclusive_test(float *out) {
  __shared__ float s[512];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x <= i) s[threadIdx.x] += s[threadIdx.x + i];
    __syncthreads();
    i /= 2;
  }
}
__global__ void stride_may_be_negative(float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  int i = blockDim.x / 2 - 200;
  while (i != 0) {
    if (threadIdx.x < i) s[threadIdx.x] += s[threadIdx.x + i];
    __syncthreads();
    i /= 2;
  }
}
__global__ void plain_side_doubled(float *out) {
  __shared__ float s[512];
  s[threadIdx.x] = 1.0f;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x < i) s[2 * threadIdx.x] += s[threadIdx.x + i];
    __syncthreads();
    i /= 2;
  }
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// Tree reductions whose counter is bounded only by its own assignments
/// (`Delinear::counter_bounds`: started at `blockDim.x >> 1` or
/// `blockDim.x / 2`, only halved), with no test proving it non-negative
/// (`while (i != 0)`), read and written at `t + i` in unsigned arithmetic:
/// decided without the solver by the one tree-reduction theorem. The near
/// misses (an update that can make the counter negative, a write one slot
/// past `t + i`, a second row of threads writing the same slot) stay racy.
#[test]
fn counters_bounded_by_their_assignments_decide_tree_reductions() {
    let decided = r#"
__global__ void halved_unsigned(float *out, const float *in) {
  __shared__ float v[512];
  const unsigned int t = threadIdx.x;
  v[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned int i = blockDim.x >> 1; i != 0; i >>= 1) {
    if (t < i) {
      if (v[t + i] > v[t]) v[t + i] = v[t];
    }
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = v[0];
}
__global__ void halved_signed(float *out, const float *in) {
  __shared__ float v[512];
  v[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x < i) v[threadIdx.x] += v[threadIdx.x + i];
    __syncthreads();
    i /= 2;
  }
  if (threadIdx.x == 0) out[blockIdx.x] = v[0];
}
"#;
    let launch = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([256, 1, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(decided, &launch) {
        assert_eq!(verdict, Verdict::RaceFree, "{name}");
        assert_eq!(queries, 0, "{name}: decided without the solver");
    }
    let racy = r#"
__global__ void counter_goes_negative(float *out) {
  __shared__ float v[512];
  v[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (threadIdx.x < i) v[threadIdx.x] += v[threadIdx.x + i];
    __syncthreads();
    i = i / 2 - 3;
  }
}
__global__ void write_past_the_pair(float *out) {
  __shared__ float v[520];
  const unsigned int t = threadIdx.x;
  v[t] = out[t];
  __syncthreads();
  for (unsigned int i = blockDim.x >> 1; i != 0; i >>= 1) {
    if (t < i) {
      if (v[t + i] > v[t]) v[t + i + 1] = v[t];
    }
    __syncthreads();
  }
}
"#;
    for (name, verdict, queries, _) in check_source(racy, &launch) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
    let rows = r#"
__global__ void same_slot_every_row(float *out) {
  __shared__ float v[512];
  const unsigned int t = threadIdx.x;
  v[t] = out[t];
  __syncthreads();
  for (unsigned int i = blockDim.x >> 1; i != 0; i >>= 1) {
    if (t < i) v[t] += v[t + i];
    __syncthreads();
  }
}
"#;
    let two_rows = CheckOptions {
        launch: crate::config::LaunchConfig {
            block_dim: Some([128, 2, 1]),
            grid_dim: Some([64, 1, 1]),
            ..Default::default()
        },
        ..CheckOptions::default()
    };
    for (name, verdict, queries, _) in check_source(rows, &two_rows) {
        assert_eq!(verdict, Verdict::Racy, "{name}");
        assert!(queries > 0, "{name}: the solver decides it");
    }
}

/// A grid-stride loop over slices of one buffer, three of them read one
/// element past the slice a neighbouring counter writes (the construct of
/// `tests/kernels/perf/grid_stride_slices_racy.cu`): racy pairs among
/// hundreds of one scenario's, so the incremental solver holding its base
/// facts answers `sat` for some of them. Its models are taken (no portfolio
/// turn asks those queries again), and each race's witness, read from such
/// a model or a portfolio turn's, has both threads at the same element.
#[test]
fn incremental_models_give_the_races_their_witnesses() {
    let text = include_str!("../../../tests/kernels/perf/grid_stride_slices.cu")
        .replace("stage[i + 3 * n];", "stage[i + 3 * n + 1];")
        .replace("stage[i + 4 * n];", "stage[i + 4 * n + 1];")
        .replace("stage[i + 5 * n];", "stage[i + 5 * n + 1];");
    let program = lower_cu(&text);
    let (report, profile) = check_kernel_profiled(&program.kernels[0], &CheckOptions::default());
    assert_eq!(report.verdict, Verdict::Racy, "{:#?}", report.findings);
    assert!(
        profile.sat_incrementally > 0,
        "no query decided sat incrementally: {profile:?}"
    );
    let harmful: Vec<&Race> = report.races.iter().filter(|r| !r.benign).collect();
    assert!(harmful.len() >= 3, "{:#?}", report.races);
    for race in harmful {
        let w = race.witness.as_ref().expect("a race has a witness");
        assert_eq!(w.indices[0], w.indices[1], "{race:#?}");
    }
}

/// A store whose pair the checker splits into 64 cases by two threads'
/// binary-search steps (`tests/kernels/perf/blocked_store_split.cu`), each
/// case about as hard as the whole query: the whole query's second try
/// decides it within a budget the 64 cases would spend (1 s: 250,000
/// units), and the racy twin's race is still found.
#[test]
fn a_split_whose_cases_are_as_hard_as_the_query_decides_it_whole() {
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([256, 1, 1]);
    o.launch.grid_dim = Some([4096, 1, 1]);
    o.kernel_budget_ms = 1_000;
    let check = |text: &str| {
        let program = lower_cu(text);
        check_kernel(&program.kernels[0], &o)
    };
    let race_free = check(include_str!(
        "../../../tests/kernels/perf/blocked_store_split.cu"
    ));
    assert_eq!(
        race_free.verdict,
        Verdict::RaceFree,
        "{:#?}",
        race_free.findings
    );
    let racy = check(include_str!(
        "../../../tests/kernels/perf/blocked_store_split_racy.cu"
    ));
    assert_eq!(racy.verdict, Verdict::Racy, "{:#?}", racy.findings);
}

/// The inconclusive note of the pairs a settled verdict left undecided (see
/// `Checker::settle_verdict`), if the report has one.
fn settled_note(r: &KernelReport) -> Option<&Finding> {
    r.findings.iter().find(|f| {
        f.kind == DiagnosticKind::Inconclusive && f.message.contains("left undecided once kernel")
    })
}

/// Once a check has a race that is not benign its verdict is racy whatever
/// the later pairs give: they get only the solver's cheap turns, and the
/// races those decide are still reported, each with a witness from the
/// model (here every one: no pair is left undecided, so no note).
#[test]
fn a_settled_verdict_still_reports_the_races_the_cheap_turns_find() {
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float u[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  float a = s[(t + 1) % 64u];
  u[t] = a;
  out[blockIdx.x * 64u + t] = u[(t + 5) % 64u];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let r = check_kernel(&program.kernels[0], &o);
    assert_eq!(r.verdict, Verdict::Racy);
    for array in ["s", "u"] {
        assert!(
            r.races.iter().any(|x| x.array == array && !x.benign),
            "{array}: {:?}",
            r.races
        );
    }
    assert!(r.races.iter().all(|x| x.witness.is_some()), "{:?}", r.races);
    assert!(settled_note(&r).is_none(), "{:?}", r.findings);
}

/// Past the work a settled verdict allows, the pairs left are not compared
/// but counted in one inconclusive note on the first of them; the verdict
/// and the race found first (with its witness) stay. With no work after
/// the first race, the race on `u` is among the pairs left.
#[test]
fn pairs_after_a_settled_verdict_are_counted_not_lost() {
    use crate::check::sdv::with_settled_remainder;
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float u[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  float a = s[(t + 1) % 64u];
  u[t] = a;
  out[blockIdx.x * 64u + t] = u[(t + 5) % 64u];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let r = with_settled_remainder(0, || check_kernel(&program.kernels[0], &o));
    assert_eq!(r.verdict, Verdict::Racy);
    assert!(
        r.races
            .iter()
            .any(|x| x.array == "s" && x.witness.is_some()),
        "{:?}",
        r.races
    );
    assert!(!r.races.iter().any(|x| x.array == "u"), "{:?}", r.races);
    let note = settled_note(&r).expect("the pairs left are counted");
    assert!(note.message.contains("found racy"), "{}", note.message);
}

/// Once the settled verdict's remainder is spent, the pairs left get no
/// solver call, and their queries are not even built: every pair the note
/// counts had its scenarios skipped unbuilt (the profile counts them), and
/// the verdict, the first race and the note are those of
/// `pairs_after_a_settled_verdict_are_counted_not_lost`. With the default
/// remainder every pair is compared, and nothing is skipped so.
#[test]
fn settled_pairs_are_counted_without_building_their_queries() {
    use crate::check::sdv::{check_kernel_profiled, with_settled_remainder};
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float u[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  float a = s[(t + 1) % 64u];
  u[t] = a;
  out[blockIdx.x * 64u + t] = u[(t + 5) % 64u];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let (r, profile) = with_settled_remainder(0, || check_kernel_profiled(&program.kernels[0], &o));
    assert_eq!(r.verdict, Verdict::Racy);
    assert!(
        r.races
            .iter()
            .any(|x| x.array == "s" && x.witness.is_some()),
        "{:?}",
        r.races
    );
    let note = settled_note(&r).expect("the pairs left are counted");
    let counted: u32 = note
        .message
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("the note starts with the count");
    assert!(counted >= 1, "{}", note.message);
    assert!(
        profile.settled_unbuilt >= counted,
        "{} unbuilt, note: {}",
        profile.settled_unbuilt,
        note.message
    );
    let (full, profile) = check_kernel_profiled(&program.kernels[0], &o);
    assert_eq!(full.verdict, Verdict::Racy);
    assert!(settled_note(&full).is_none(), "{:?}", full.findings);
    assert_eq!(profile.settled_unbuilt, 0);
}

/// The settled remainder bounds each pair query too, not only which pairs
/// start (see `Checker::settled_cap`): with one work unit left after the
/// first race, the next pair starts but its query is cut at that unit, and
/// the pair is counted in the note rather than reported as a pair the
/// solver could not decide; the verdict and the first race stay.
#[test]
fn the_settled_remainder_bounds_a_started_pair_query() {
    use crate::check::sdv::with_settled_remainder;
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  __shared__ float u[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  float a = s[(t + 1) % 64u];
  u[t] = a;
  out[blockIdx.x * 64u + t] = u[(t + 5) % 64u];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let r = with_settled_remainder(1, || check_kernel(&program.kernels[0], &o));
    assert_eq!(r.verdict, Verdict::Racy);
    assert!(
        r.races
            .iter()
            .any(|x| x.array == "s" && x.witness.is_some()),
        "{:?}",
        r.races
    );
    assert!(!r.races.iter().any(|x| x.array == "u"), "{:?}", r.races);
    assert!(settled_note(&r).is_some(), "{:?}", r.findings);
    assert!(
        !r.findings
            .iter()
            .any(|f| f.message.contains("could not decide")),
        "{:?}",
        r.findings
    );
}

/// A kernel with two divergent barriers: the second one's divergence query
/// comes after the first's finding settled the verdict (`divergent`).
const TWO_DIVERGENT_BARRIERS: &str = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  if (t < 7u) { __syncthreads(); }
  s[t] = 1.0f;
  if (t < 9u) { __syncthreads(); }
  out[blockIdx.x * 64u + t] = s[t];
}
"#;

fn divergence_count(r: &KernelReport) -> usize {
    r.findings
        .iter()
        .filter(|f| f.kind == DiagnosticKind::Divergence)
        .count()
}

/// Once a barrier is divergent the later barriers' divergence queries share
/// the settled remainder, as the pairs do: with none left, the second
/// barrier is not asked about and is counted in the report's note, not lost
/// and not reported as "could not decide"; the verdict stays `divergent`.
#[test]
fn the_settled_remainder_bounds_later_divergence_queries() {
    use crate::check::sdv::with_settled_remainder;
    let program = lower_cu(TWO_DIVERGENT_BARRIERS);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let r = with_settled_remainder(0, || check_kernel(&program.kernels[0], &o));
    assert_eq!(r.verdict, Verdict::Divergent);
    assert_eq!(divergence_count(&r), 1, "{:?}", r.findings);
    assert!(
        r.findings
            .iter()
            .any(|f| f.kind == DiagnosticKind::Inconclusive
                && f.message.contains("1 barrier not checked for divergence")),
        "{:?}",
        r.findings
    );
    assert!(
        !r.findings
            .iter()
            .any(|f| f.message.contains("could not decide")),
        "{:?}",
        r.findings
    );
}

/// The same kernel with the default remainder: both barriers are decided
/// (cheap queries) and reported divergent, with no note.
#[test]
fn later_divergences_within_the_remainder_are_still_reported() {
    let program = lower_cu(TWO_DIVERGENT_BARRIERS);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let r = check_kernel(&program.kernels[0], &o);
    assert_eq!(r.verdict, Verdict::Divergent);
    assert_eq!(divergence_count(&r), 2, "{:?}", r.findings);
    assert!(
        !r.findings
            .iter()
            .any(|f| f.message.contains("not checked for divergence")),
        "{:?}",
        r.findings
    );
}

/// A benign race does not settle the verdict (a race-free kernel may have
/// benign races): the pairs after it get the whole portfolio, so the
/// harmful race after it is found even with no settled remainder at all.
#[test]
fn a_benign_race_does_not_settle_the_verdict() {
    use crate::check::sdv::with_settled_remainder;
    let text = r#"
__global__ void k(float *out) {
  __shared__ int flag[1];
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  flag[0] = 1;
  s[t] = 1.0f;
  out[blockIdx.x * 64u + t] = s[(t + 1) % 64u] + flag[0];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let r = with_settled_remainder(0, || check_kernel(&program.kernels[0], &o));
    assert_eq!(r.verdict, Verdict::Racy);
    assert!(
        r.races.iter().any(|x| x.array == "flag" && x.benign),
        "{:?}",
        r.races
    );
    assert!(
        r.races
            .iter()
            .any(|x| x.array == "s" && !x.benign && x.witness.is_some()),
        "{:?}",
        r.races
    );
}

/// A barrier divergence settles the verdict before any pair (`divergent`
/// takes precedence over racy): with no work left after it, the racing
/// pair is counted in the note, not compared; with the default remainder
/// its race (a cheap query) is still reported. A kernel with no finding
/// gets every pair in full and no note.
#[test]
fn a_divergence_settles_the_verdict_before_the_pairs() {
    use crate::check::sdv::with_settled_remainder;
    let text = r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  if (t < 3u) { __syncthreads(); }
  s[t] = 1.0f;
  out[blockIdx.x * 64u + t] = s[(t + 1) % 64u];
}
"#;
    let program = lower_cu(text);
    let mut o = CheckOptions::default();
    o.launch.block_dim = Some([64, 1, 1]);
    o.launch.grid_dim = Some([2, 1, 1]);
    let none = with_settled_remainder(0, || check_kernel(&program.kernels[0], &o));
    assert_eq!(none.verdict, Verdict::Divergent);
    assert!(none.races.is_empty(), "{:?}", none.races);
    let note = settled_note(&none).expect("the racing pair is counted");
    assert!(note.message.contains("found divergent"), "{}", note.message);
    let default = check_kernel(&program.kernels[0], &o);
    assert_eq!(default.verdict, Verdict::Divergent);
    assert!(
        default.races.iter().any(|x| x.array == "s" && !x.benign),
        "{:?}",
        default.races
    );
    assert!(settled_note(&default).is_none(), "{:?}", default.findings);
    let clean = lower_cu(
        r#"
__global__ void k(float *out) {
  __shared__ float s[64];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  __syncthreads();
  out[blockIdx.x * 64u + t] = s[(t + 1) % 64u];
}
"#,
    );
    let r = with_settled_remainder(0, || check_kernel(&clean.kernels[0], &o));
    assert_eq!(r.verdict, Verdict::RaceFree);
    assert!(settled_note(&r).is_none(), "{:?}", r.findings);
}

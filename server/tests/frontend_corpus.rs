//! Lowers every kernel of the GPUVerify test suite (skipped when the corpus is
//! absent): nothing panics, every file yields its kernels, and every kernel of
//! scope `core` is lowered (none unsupported).

use std::path::{Path, PathBuf};

use syncwright::frontend::{lower_source, FsIncludes};

fn corpus() -> Option<PathBuf> {
    let root = std::env::var_os("SYNCWRIGHT_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/shared/corpus/gpuverify-testsuite"));
    root.join("MANIFEST.tsv").exists().then_some(root)
}

#[test]
fn every_core_kernel_of_the_corpus_is_lowered() {
    let Some(root) = corpus() else {
        eprintln!("corpus absent: skipped");
        return;
    };
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("manifest");
    let mut failures = Vec::new();
    let mut lowered = 0;
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(path), Some(scope)) = (cols.first(), cols.get(6)) else {
            continue;
        };
        let file = root.join(path);
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let program = lower_source(Path::new(&file), &text, &FsIncludes);
        lowered += program.kernels.len();
        for k in &program.kernels {
            // Labels are unique and below next_stmt_id.
            let mut ids = Vec::new();
            collect_ids(&k.body, &mut ids);
            let n = ids.len();
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), n, "{path}: duplicate labels in {}", k.name);
            assert!(
                ids.iter().all(|i| *i < k.next_stmt_id),
                "{path}: label beyond next_stmt_id"
            );
        }
        if *scope == "core" {
            for u in &program.unsupported {
                failures.push(format!("{path} {}: {}", u.name, u.reason));
            }
        }
    }
    assert!(lowered > 600, "only {lowered} kernels lowered");
    assert!(
        failures.is_empty(),
        "core kernels not lowered:\n{}",
        failures.join("\n")
    );
}

fn collect_ids(b: &syncwright::ir::Block, out: &mut Vec<u32>) {
    use syncwright::ir::StmtKind;
    for s in &b.stmts {
        out.push(s.id.0);
        match &s.kind {
            StmtKind::If { then_, else_, .. } => {
                collect_ids(then_, out);
                collect_ids(else_, out);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                collect_ids(cond_prelude, out);
                collect_ids(body, out);
                collect_ids(step, out);
            }
            _ => {}
        }
    }
}

/// Type of an expression, checking that operands agree (what the checker's
/// encoding into Z3 relies on). Returns an error naming the first mismatch.
fn type_of(
    k: &syncwright::ir::Kernel,
    e: &syncwright::ir::Expr,
) -> Result<syncwright::ir::ScalarTy, String> {
    use syncwright::ir::{BinOp, Expr, ScalarTy, UnOp};
    Ok(match e {
        Expr::Int(_, t) | Expr::Float(_, t) => *t,
        Expr::Var(v) => k.vars.get(v.0 as usize).ok_or("bad var")?.ty,
        Expr::Param(p) => k.params.get(p.0 as usize).ok_or("bad param")?.ty,
        // Builtins are unsigned 32-bit (warpSize is lowered as the int 32).
        Expr::Builtin(_) => ScalarTy::UINT,
        Expr::Unary(op, a, t) => {
            let ta = type_of(k, a)?;
            match op {
                UnOp::Not if ta != ScalarTy::Bool || *t != ScalarTy::Bool => {
                    return Err(format!("! on {ta:?}"))
                }
                UnOp::Neg | UnOp::BitNot if ta != *t => {
                    return Err(format!("{op:?} {ta:?} -> {t:?}"))
                }
                _ => *t,
            }
        }
        Expr::Binary(op, a, b, t) => {
            let (ta, tb) = (type_of(k, a)?, type_of(k, b)?);
            if ta != tb {
                return Err(format!("{op:?} on {ta:?} and {tb:?}"));
            }
            match op {
                BinOp::And | BinOp::Or if ta != ScalarTy::Bool || *t != ScalarTy::Bool => {
                    return Err(format!("{op:?} on {ta:?}"))
                }
                _ if op.is_comparison() && *t != ScalarTy::Bool => {
                    return Err(format!("{op:?} gives {t:?}"))
                }
                BinOp::And | BinOp::Or => *t,
                _ if op.is_comparison() => *t,
                _ if ta != *t => return Err(format!("{op:?} on {ta:?} gives {t:?}")),
                _ => *t,
            }
        }
        Expr::Cast(t, a) => {
            type_of(k, a)?;
            *t
        }
        Expr::Select(c, a, b, t) => {
            let (tc, ta, tb) = (type_of(k, c)?, type_of(k, a)?, type_of(k, b)?);
            if tc != ScalarTy::Bool || ta != *t || tb != *t {
                return Err(format!("select {tc:?} ? {ta:?} : {tb:?} as {t:?}"));
            }
            *t
        }
        Expr::Apply(_, args, t) => {
            for a in args {
                type_of(k, a)?;
            }
            *t
        }
    })
}

fn check_block(k: &syncwright::ir::Kernel, b: &syncwright::ir::Block) -> Result<(), String> {
    use syncwright::ir::{ScalarTy, StmtKind};
    let expect = |what: &str, got: ScalarTy, want: ScalarTy| -> Result<(), String> {
        if got == want {
            Ok(())
        } else {
            Err(format!("{what}: {got:?} where {want:?} expected"))
        }
    };
    for s in &b.stmts {
        let r: Result<(), String> = (|| {
            match &s.kind {
                StmtKind::Assign { var, value } => {
                    expect("assign", type_of(k, value)?, k.vars[var.0 as usize].ty)?
                }
                StmtKind::Collective { uniform_args, .. } => {
                    for a in uniform_args {
                        type_of(k, a)?;
                    }
                }
                StmtKind::NamedBarrier { barrier, count, .. } => {
                    expect("named barrier id", type_of(k, barrier)?, ScalarTy::INT)?;
                    if let Some(c) = count {
                        expect("named barrier count", type_of(k, c)?, ScalarTy::INT)?;
                    }
                }
                StmtKind::Havoc { .. }
                | StmtKind::Break
                | StmtKind::Continue
                | StmtKind::Return
                | StmtKind::Barrier { .. }
                | StmtKind::DeviceFence => {}
                StmtKind::Read { dest, access } => {
                    expect("read offset", type_of(k, &access.offset)?, ScalarTy::LONG)?;
                    expect("read dest", k.vars[dest.0 as usize].ty, access.ty)?;
                }
                StmtKind::Write { access, value } => {
                    expect("write offset", type_of(k, &access.offset)?, ScalarTy::LONG)?;
                    expect("write value", type_of(k, value)?, access.ty)?;
                }
                StmtKind::Atomic { dest, access, .. } => {
                    expect("atomic offset", type_of(k, &access.offset)?, ScalarTy::LONG)?;
                    if let Some(d) = dest {
                        expect("atomic dest", k.vars[d.0 as usize].ty, access.ty)?;
                    }
                }
                StmtKind::Assume { cond } => expect("assume", type_of(k, cond)?, ScalarTy::Bool)?,
                StmtKind::If { cond, then_, else_ } => {
                    expect("if", type_of(k, cond)?, ScalarTy::Bool)?;
                    check_block(k, then_)?;
                    check_block(k, else_)?;
                }
                StmtKind::Loop {
                    cond,
                    cond_prelude,
                    body,
                    step,
                    ..
                } => {
                    expect("loop", type_of(k, cond)?, ScalarTy::Bool)?;
                    check_block(k, cond_prelude)?;
                    check_block(k, body)?;
                    check_block(k, step)?;
                }
            }
            Ok(())
        })();
        r.map_err(|e| format!("stmt {}: {e}", s.id.0))?;
    }
    Ok(())
}

#[test]
fn corpus_ir_is_well_typed() {
    let Some(root) = corpus() else {
        eprintln!("corpus absent: skipped");
        return;
    };
    let manifest = std::fs::read_to_string(root.join("MANIFEST.tsv")).expect("manifest");
    let mut errors = Vec::new();
    for line in manifest.lines().skip(1) {
        let Some(path) = line.split('\t').next() else {
            continue;
        };
        let file = root.join(path);
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let program = lower_source(Path::new(&file), &text, &FsIncludes);
        for k in &program.kernels {
            if let Err(e) = check_block(k, &k.body) {
                errors.push(format!("{path} {}: {e}", k.name));
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} ill-typed kernels:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

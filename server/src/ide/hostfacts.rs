//! Facts about host values that reach a kernel's arguments, stated at the
//! kernel's entry for a run of its launch plan, like the parameter bindings
//! of [`super::file::bind_params`] and the launch relations of
//! [`super::relations`]. A fact is made only when every launch of the run
//! states it (a launch the host scanner does not understand states none),
//! and the run's label names it, so a witness says what it assumes.

use crate::ir::{
    ArrayId, BinOp, Block, Expr, Kernel, MemSpace, ParamId, ScalarTy, Stmt, StmtId, StmtKind, UnOp,
    VarDecl,
};
use crate::syntax::launches::{BoundOp, HostIntTy, SizeExpr};

use super::file::LaunchSite;
use super::relations::size_value;

/// One fact about the kernel's parameters at entry.
#[derive(Clone, Debug, PartialEq)]
pub struct HostFact {
    /// The condition assumed (a `bool` expression over the parameters).
    pub cond: Expr,
    /// `blk <= (max_cols - 1) / 16`, for the launch label.
    pub text: String,
}

/// Bounds of loop counters passed to the kernel: the parameter compares
/// with a bound as every launch of `sites` states for its argument (see
/// `syntax::launches::loop_bounds`), in the type the host's comparison
/// used. A bound is stated when every launch states the same one (a launch
/// the scanner does not understand states none).
///
/// Only for a signed integer parameter of at least 32 bits, which holds the
/// value of the `int` counter passed unchanged (the comparison is then on
/// the host's value), at a position no other parameter shares.
pub fn loop_bound_facts(kernel: &Kernel, sites: &[&LaunchSite]) -> Vec<HostFact> {
    let mut out = Vec::new();
    if sites.is_empty() {
        return out;
    }
    for (index, param) in kernel.params.iter().enumerate() {
        let ScalarTy::Int { bits, signed: true } = param.ty else {
            continue;
        };
        if bits < 32 || param.position == u32::MAX || param.name.contains('.') {
            continue;
        }
        let shared = kernel
            .params
            .iter()
            .filter(|p| p.position == param.position)
            .count();
        let Ok(id) = u32::try_from(index) else {
            continue;
        };
        let at = param.position as usize;
        if shared != 1 {
            continue;
        }
        let Some(first) = sites[0].arg_loop_bounds.get(at) else {
            continue;
        };
        for stated in first {
            let everywhere = sites.iter().all(|s| {
                s.arg_loop_bounds
                    .get(at)
                    .is_some_and(|b| b.contains(stated))
            });
            if !everywhere {
                continue;
            }
            let Some(value) = size_value(kernel, &stated.bound) else {
                continue;
            };
            // `t <= E` converts both operands to the common type of `int`
            // and E's type: E's promoted type, whose rank is at least int's.
            let common = comparison_type(stated.bound.ty());
            let lhs = Expr::Param(ParamId(id));
            let lhs = if param.ty == common {
                lhs
            } else {
                Expr::Cast(common, Box::new(lhs))
            };
            let rhs = if scalar(stated.bound.ty()) == common {
                value
            } else {
                Expr::Cast(common, Box::new(value))
            };
            let op = match stated.op {
                BoundOp::Lt => BinOp::Lt,
                BoundOp::Le => BinOp::Le,
                BoundOp::Gt => BinOp::Gt,
                BoundOp::Ge => BinOp::Ge,
            };
            let text = format!(
                "{} {} {}",
                param.name,
                stated.op.text(),
                stated.bound.display(&|leaf| leaf_name(kernel, &leaf))
            );
            out.push(HostFact {
                cond: Expr::Binary(op, Box::new(lhs), Box::new(rhs), ScalarTy::Bool),
                text,
            });
        }
    }
    out
}

/// A pointer parameter whose array holds the identity on a prefix at every
/// launch of a run: element `i` is `i` for `0 <= i < bound` (see
/// `syntax::launches::contents`, which states why the host establishes it).
#[derive(Clone, Debug, PartialEq)]
pub struct IdentityFact {
    /// The array.
    array: ArrayId,
    /// The `int` parameter bounding the prefix.
    bound: ParamId,
    /// `rows[i] = i for 0 <= i < num_ops`, for the launch label.
    pub text: String,
}

/// The identity facts every launch of `sites` states (see
/// `HostLaunch::arg_identity`), for arrays the kernel never writes: the
/// contents the host copied stay those of every read (a write by the kernel
/// itself, or through a pointer the front end cannot place, could change
/// them).
pub fn identity_facts(kernel: &Kernel, sites: &[&LaunchSite]) -> Vec<IdentityFact> {
    let mut out = Vec::new();
    for (array, pos) in unwritten_param_arrays(kernel, sites) {
        let Some(at) = agreed(sites, pos, |s| &s.arg_identity) else {
            continue;
        };
        let Some((bound, name)) = int_param_at(kernel, at) else {
            continue;
        };
        out.push(IdentityFact {
            array,
            bound,
            text: format!(
                "{}[i] = i for 0 <= i < {name}",
                kernel.arrays[array.0 as usize].name
            ),
        });
    }
    out
}

/// The global arrays of `kernel` that are each the one array of a pointer
/// parameter and that the kernel never writes, with the parameter's
/// position; none when `sites` is empty or some array may alias every
/// other (a write through it could be to any of them). Contents the host
/// copied stay those of every read only for such arrays.
fn unwritten_param_arrays(kernel: &Kernel, sites: &[&LaunchSite]) -> Vec<(ArrayId, usize)> {
    let mut out = Vec::new();
    if sites.is_empty() || kernel.arrays.iter().any(|d| d.may_alias_all) {
        return out;
    }
    let mut written = crate::base::HashSet::default();
    crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| {
        if let StmtKind::Write { access, .. } | StmtKind::Atomic { access, .. } = &s.kind {
            written.insert(access.array);
        }
    });
    for (index, decl) in kernel.arrays.iter().enumerate() {
        let Some(pos) = decl.param else {
            continue;
        };
        let Ok(id) = u32::try_from(index) else {
            continue;
        };
        let array = ArrayId(id);
        let sharing = kernel
            .arrays
            .iter()
            .filter(|d| d.param == Some(pos))
            .count();
        if decl.space != MemSpace::Global || sharing != 1 || written.contains(&array) {
            continue;
        }
        out.push((array, pos as usize));
    }
    out
}

/// What every launch of `sites` states for argument `pos` through `field`,
/// when they all state the same (a launch stating none states nothing).
fn agreed<T: Copy + PartialEq>(
    sites: &[&LaunchSite],
    pos: usize,
    field: impl Fn(&LaunchSite) -> &Vec<Option<T>>,
) -> Option<T> {
    let first = (*field(sites.first()?).get(pos)?)?;
    sites
        .iter()
        .all(|s| field(s).get(pos) == Some(&Some(first)))
        .then_some(first)
}

/// The kernel's one parameter at source position `at`, when it is a 32-bit
/// signed `int` (the type the host facts' bounds are stated in).
fn int_param_at(kernel: &Kernel, at: usize) -> Option<(ParamId, String)> {
    let mut found = kernel
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| p.position as usize == at);
    let (k, param) = found.next()?;
    if found.next().is_some() {
        return None;
    }
    let ScalarTy::Int {
        bits: 32,
        signed: true,
    } = param.ty
    else {
        return None;
    };
    Some((ParamId(u32::try_from(k).ok()?), param.name.clone()))
}

/// States each identity fact after every read of its array as 32-bit
/// integers into a local of at least 32 bits: the value read at byte offset
/// `o` is `o / 4` when `o` is a multiple of 4 in `[0, 4 * bound)`.
pub fn assume_identity(kernel: &mut Kernel, facts: &[IdentityFact]) {
    if facts.is_empty() {
        return;
    }
    let mut next = kernel.next_stmt_id;
    let mut body = std::mem::take(&mut kernel.body);
    identity_after_reads(&mut body, facts, &kernel.vars, &mut next);
    kernel.body = body;
    kernel.next_stmt_id = next;
}

fn identity_after_reads(
    block: &mut Block,
    facts: &[IdentityFact],
    vars: &[VarDecl],
    next: &mut u32,
) {
    let stmts = std::mem::take(&mut block.stmts);
    let mut out = Vec::with_capacity(stmts.len());
    for mut stmt in stmts {
        for child in crate::ir::walk::child_blocks_mut(&mut stmt) {
            identity_after_reads(child, facts, vars, next);
        }
        let cond = match &stmt.kind {
            StmtKind::Read { dest, access } => facts
                .iter()
                .find(|f| f.array == access.array)
                .filter(|_| {
                    access.size == 4
                        && matches!(access.ty, ScalarTy::Int { bits: 32, .. })
                        && vars.get(dest.0 as usize).is_some_and(
                            |v| matches!(v.ty, ScalarTy::Int { bits, .. } if bits >= 32),
                        )
                })
                .map(|f| identity_cond(&access.offset, Expr::Var(*dest), f.bound)),
            _ => None,
        };
        let (span, stmt_span, in_macro, inlined_at) =
            (stmt.span, stmt.stmt_span, stmt.in_macro, stmt.inlined_at);
        out.push(stmt);
        if let Some(cond) = cond {
            out.push(Stmt {
                id: StmtId(*next),
                kind: StmtKind::Assume { cond },
                span,
                stmt_span,
                in_macro,
                inlined_at,
            });
            *next += 1;
        }
    }
    block.stmts = out;
}

/// `!(0 <= o && o < 4 * (long) bound && o % 4 == 0) || (long) value == o / 4`.
fn identity_cond(offset: &Expr, value: Expr, bound: ParamId) -> Expr {
    let long = ScalarTy::LONG;
    let bin = |op, a: Expr, b: Expr, ty| Expr::Binary(op, Box::new(a), Box::new(b), ty);
    let four = || Expr::Int(4, long);
    let zero = || Expr::Int(0, long);
    let o = || offset.clone();
    let limit = bin(
        BinOp::Mul,
        Expr::Cast(long, Box::new(Expr::Param(bound))),
        four(),
        long,
    );
    let in_range = bin(
        BinOp::And,
        bin(
            BinOp::And,
            bin(BinOp::Ge, o(), zero(), ScalarTy::Bool),
            bin(BinOp::Lt, o(), limit, ScalarTy::Bool),
            ScalarTy::Bool,
        ),
        bin(
            BinOp::Eq,
            bin(BinOp::Rem, o(), four(), long),
            zero(),
            ScalarTy::Bool,
        ),
        ScalarTy::Bool,
    );
    let equal = bin(
        BinOp::Eq,
        Expr::Cast(long, Box::new(value)),
        bin(BinOp::Div, o(), four(), long),
        ScalarTy::Bool,
    );
    bin(
        BinOp::Or,
        Expr::Unary(UnOp::Not, Box::new(in_range), ScalarTy::Bool),
        equal,
        ScalarTy::Bool,
    )
}

/// A pointer parameter whose array is non-decreasing on a prefix at every
/// launch of a run (see `syntax::launches::contents`, which states why the
/// host establishes it).
#[derive(Clone, Debug, PartialEq)]
pub struct NonDecreasingFact {
    /// The array, the prefix's length and the sum's bounds.
    fact: crate::ir::NonDecreasing,
    /// `offsets[i] <= offsets[j] for 0 <= i <= j < gridDim.x + 1`, for the
    /// launch label.
    pub text: String,
}

/// The non-decreasing facts every launch of `sites` states (see
/// `HostLaunch::arg_non_decreasing`), for global arrays the kernel never
/// writes (as for [`identity_facts`]). The prefix's length is an `int`
/// parameter (the one the launch passes, of 32 bits and signed, the value
/// unchanged) or `gridDim.x` (the launch's grid is the host's `int`: a
/// running kernel has `gridDim.x` equal to it), plus 0 or 1, in `long`.
pub fn non_decreasing_facts(kernel: &Kernel, sites: &[&LaunchSite]) -> Vec<NonDecreasingFact> {
    use crate::ir::Builtin;
    use crate::syntax::launches::PrefixBy;
    let mut out = Vec::new();
    for (array, pos) in unwritten_param_arrays(kernel, sites) {
        let Some(prefix) = agreed(sites, pos, |s| &s.arg_non_decreasing) else {
            continue;
        };
        let decl = &kernel.arrays[array.0 as usize];
        let long = ScalarTy::LONG;
        let (base, name) = match prefix.by {
            PrefixBy::Arg(at) => {
                let Some((param, name)) = int_param_at(kernel, at) else {
                    continue;
                };
                (Expr::Param(param), name)
            }
            PrefixBy::GridX => {
                if kernel.lang != crate::ir::Lang::Cuda {
                    continue;
                }
                (Expr::Builtin(Builtin::GridDim(0)), "gridDim.x".to_string())
            }
        };
        let len = Expr::Binary(
            BinOp::Add,
            Box::new(Expr::Cast(long, Box::new(base))),
            Box::new(Expr::Int(i128::from(prefix.extra), long)),
            long,
        );
        let shown = if prefix.extra == 0 {
            name
        } else {
            format!("{name} + {}", prefix.extra)
        };
        let limit = format!(
            "{} + ({shown} - 1) * {} <= 2147483647",
            prefix.first, prefix.max_step
        );
        out.push(NonDecreasingFact {
            fact: crate::ir::NonDecreasing {
                array,
                len,
                first: i128::from(prefix.first),
                max_step: i128::from(prefix.max_step),
            },
            text: format!(
                "{0}[i] <= {0}[j] for 0 <= i <= j < {shown} when {limit}",
                decl.name
            ),
        });
    }
    out
}

/// Records each non-decreasing fact on the kernel (`Kernel::non_decreasing`),
/// for the checker's lemmas on the reads of its array.
pub fn assume_non_decreasing(kernel: &mut Kernel, facts: &[NonDecreasingFact]) {
    kernel
        .non_decreasing
        .extend(facts.iter().map(|f| f.fact.clone()));
}

/// States each fact at the entry of `kernel`.
pub fn assume_facts(kernel: &mut Kernel, facts: &[HostFact]) {
    kernel.assume_at_entry(facts.iter().map(|f| f.cond.clone()));
}

/// The type an `int` is compared with a value of type `t` in (the usual
/// arithmetic conversions): `t` after the integer promotions, whose rank is
/// then at least `int`'s.
fn comparison_type(t: HostIntTy) -> ScalarTy {
    if t.bits < 32 {
        ScalarTy::Int {
            bits: 32,
            signed: true,
        }
    } else {
        scalar(t)
    }
}

fn scalar(t: HostIntTy) -> ScalarTy {
    ScalarTy::Int {
        bits: t.bits,
        signed: t.signed,
    }
}

/// The kernel's name for an argument or template argument of a bound.
fn leaf_name(kernel: &Kernel, leaf: &SizeExpr) -> String {
    match leaf {
        SizeExpr::Template(k, _) => kernel
            .template_params
            .get(*k)
            .cloned()
            .unwrap_or_else(|| format!("template argument {k}")),
        SizeExpr::Arg(k, _) => kernel
            .params
            .iter()
            .find(|p| p.position as usize == *k)
            .map_or_else(|| format!("argument {k}"), |p| p.name.clone()),
        _ => "?".to_string(),
    }
}

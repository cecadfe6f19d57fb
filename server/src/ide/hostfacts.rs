//! Facts about host values that reach a kernel's arguments, stated at the
//! kernel's entry for a run of its launch plan, like the parameter bindings
//! of [`super::file::bind_params`] and the launch relations of
//! [`super::relations`]. A fact is made only when every launch of the run
//! states it (a launch the host scanner does not understand states none),
//! and the run's label names it, so a witness says what it assumes.

use crate::ir::{BinOp, Expr, Kernel, ParamId, ScalarTy};
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

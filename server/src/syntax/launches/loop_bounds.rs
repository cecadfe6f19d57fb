//! Host loop bounds of launch arguments: a kernel argument that is the
//! counter of an enclosing loop `for (int t = I; t <= E; t++)` is bounded at
//! the launch by the loop's condition and, for a counter that only moves one
//! way, by its initializer, where `E` and `I` are expressions over the
//! launch's arguments (`for (blk = 1; blk <= (n - 1) / 16; blk++)
//! k<<<blk, 16>>>(n, blk)` gives `blk <= (n - 1) / 16`; `for (blk = w - 1;
//! blk >= 1; blk--)` gives `blk >= 1` and `blk <= w - 1`).
//!
//! Sound for the launch as written:
//! - The condition: the launch runs in the loop's body only after the
//!   condition `t OP E` was evaluated true in the same iteration (C11
//!   6.8.5.3: the condition is evaluated before each execution of the body;
//!   `continue` goes through it again). The counter is not written in the
//!   body (see [`super::counter`]), and each name `E` is computed from is
//!   unchanged from the condition to the end of the launch
//!   ([`Eval::size_relation`] checks that for every name it follows), so `E`
//!   over the arguments passed is the value the condition compared with.
//! - The initializer of a counter that only decreases by a constant `K`
//!   under a condition `t >= C` / `t > C` with a constant `C` that keeps
//!   `t - K` an `int`: the counter starts at `(int) I` and every step
//!   lowers it without wrapping, so it is at most `(int) I` at every launch;
//!   each name `I` is computed from is unchanged from the initializer to the
//!   end of the loop (checked over that whole range), so `I` over the
//!   arguments passed at any iteration is the value it started from.
//!
//! The relations keep the C comparison's types: the kernel side compares in
//! the common type of `int` and the bound's type, as the condition did.

use super::relations::{HostIntTy, LaunchAt, SizeExpr};
use super::Eval;

/// How a kernel argument compares with its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoundOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl BoundOp {
    /// The C operator.
    pub fn text(self) -> &'static str {
        match self {
            BoundOp::Lt => "<",
            BoundOp::Le => "<=",
            BoundOp::Gt => ">",
            BoundOp::Ge => ">=",
        }
    }

    fn of(text: &str) -> Option<BoundOp> {
        Some(match text {
            "<" => BoundOp::Lt,
            "<=" => BoundOp::Le,
            ">" => BoundOp::Gt,
            ">=" => BoundOp::Ge,
            _ => return None,
        })
    }
}

/// A bound of a kernel argument (an `int` loop counter) at a launch: the
/// argument `op` the bound, compared in the common type of `int` and the
/// bound's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgBound {
    /// The comparison.
    pub op: BoundOp,
    /// The bound, over the launch's arguments.
    pub bound: SizeExpr,
}

impl Eval<'_, '_> {
    /// For each argument of the launch `at`, the bounds the enclosing
    /// counting loop whose counter it is gives it (see the module comment).
    pub(super) fn loop_bounds(&self, at: &LaunchAt) -> Vec<Vec<ArgBound>> {
        let u = self.unit;
        let loops = super::enclosing_counter_loops(u, self, at.name_at);
        at.args
            .iter()
            .enumerate()
            .map(|(index, &(s, e))| {
                let mut out = Vec::new();
                if e != s + 1 || !u.is_ident(s) {
                    return out;
                }
                let name = u.text(s);
                // The argument names the loop's counter itself, not a
                // variable of the same name declared in the body.
                let Some((decl, _)) = self.scopes.visible(u, name, s) else {
                    return out;
                };
                let Some(counter) = loops
                    .iter()
                    .find(|c| c.name == name && c.decl_at == decl.at)
                else {
                    return out;
                };
                // Launched in the loop's own function, not in a lambda
                // that may run at another time.
                if self.function_of(at.name_at) != self.function_of(counter.decl_at) {
                    return out;
                }
                // A counter declared before the loop: no alias may write it
                // unseen (see `CounterLoop::declared_outside`).
                if counter.declared_outside && !self.mentions_are_plain(counter.decl_at, at) {
                    return out;
                }
                // A bound over the counter itself (`t < 2 * t`) says
                // nothing (the step writes it between the condition and the
                // launch, so `size_relation` refuses it anyway).
                let usable = |b: &SizeExpr| !mentions_arg(b, index);
                let (bs, be) = counter.bound;
                if let (Some(op), Some(bound)) =
                    (BoundOp::of(&counter.cmp), self.size_relation(bs, be, at, 1))
                {
                    if usable(&bound) {
                        out.push(ArgBound { op, bound });
                    }
                }
                if let Some(start) = self.decreasing_start(counter, at) {
                    if usable(&start) {
                        out.push(ArgBound {
                            op: BoundOp::Le,
                            bound: start,
                        });
                    }
                }
                out
            })
            .collect()
    }

    /// `(int) I` for a counter that starts at `I` and only decreases without
    /// wrapping (see the module comment), when `I` is an expression over the
    /// launch's arguments unchanged over the whole loop.
    fn decreasing_start(&self, counter: &super::CounterLoop, at: &LaunchAt) -> Option<SizeExpr> {
        let k = counter.decrement?;
        if counter.direction != -1 || !matches!(counter.cmp.as_str(), ">" | ">=") {
            return None;
        }
        let (bs, be) = counter.bound;
        let floor = self.expr(bs, be, 0)?;
        // The smallest value a step can produce: from the last value the
        // condition lets through.
        let last = if counter.cmp == ">" { floor + 1 } else { floor };
        if last - k < i128::from(i32::MIN) {
            return None;
        }
        let whole_loop = LaunchAt {
            name_at: at.name_at,
            end: at.end.max(counter.end),
            args: at.args,
            template_args: at.template_args,
            // Loop bounds are stated without the run's block extents.
            block_extents: [None; 3],
        };
        let (is, ie) = counter.init;
        let start = self.size_relation(is, ie, &whole_loop, 1)?;
        Some(if start.ty() == HostIntTy::INT {
            start
        } else {
            SizeExpr::Convert(HostIntTy::INT, Box::new(start))
        })
    }
}

/// Whether argument `index` takes part in `e`.
fn mentions_arg(e: &SizeExpr, index: usize) -> bool {
    match e {
        SizeExpr::Arg(k, _) => *k == index,
        SizeExpr::Const(..) | SizeExpr::Template(..) | SizeExpr::BlockDim(..) => false,
        SizeExpr::Convert(_, a) | SizeExpr::Neg(a, _) | SizeExpr::Log2(a) => mentions_arg(a, index),
        SizeExpr::Binary(_, a, b, _) => mentions_arg(a, index) || mentions_arg(b, index),
    }
}

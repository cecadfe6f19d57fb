//! Host loop bounds of launch arguments: a kernel argument that is the
//! counter of an enclosing loop `for (int t = C; t <= E; t++)` is at most
//! `E` at the launch, where `E` is an expression over the launch's arguments
//! (`for (blk = 1; blk <= (n - 1) / 16; blk++) k<<<blk, 16>>>(n, blk)` gives
//! `blk <= (n - 1) / 16`; a constant bound `t < 8` is one too).
//!
//! Sound for the launch as written: the launch runs in the loop's body only
//! after the condition `t <= E` was evaluated true in the same iteration
//! (C11 6.8.5.3: the condition is evaluated before each execution of the
//! body; `continue` goes through it again). The counter is not written in
//! the body (see [`super::counter`]), and each name `E` is computed from is
//! unchanged from the condition to the end of the launch
//! ([`Eval::size_relation`] checks that for every name it follows), so `E`
//! over the arguments passed is the value the condition compared with. The
//! relation keeps the C comparison's types: the kernel side compares in the
//! common type of `int` and `E`, as the condition did.

use super::relations::{LaunchAt, SizeExpr};
use super::Eval;

impl Eval<'_, '_> {
    /// For each argument of the launch `at`: `(E, inclusive)` when it is
    /// the counter of an enclosing counting loop whose bound `E` is an
    /// expression over the launch's arguments (see the module comment).
    pub(super) fn loop_upper_bounds(&self, at: &LaunchAt) -> Vec<Option<(SizeExpr, bool)>> {
        let u = self.unit;
        let loops = super::enclosing_counter_loops(u, self, at.name_at);
        at.args
            .iter()
            .map(|&(s, e)| {
                if e != s + 1 || !u.is_ident(s) {
                    return None;
                }
                let name = u.text(s);
                // The argument names the loop's counter itself, not a
                // variable of the same name declared in the body.
                let (decl, _) = self.scopes.visible(u, name, s)?;
                let counter = loops
                    .iter()
                    .find(|c| c.name == name && c.decl_at == decl.at)?;
                let (bs, be) = counter.bound;
                let bound = self.size_relation(bs, be, at, 1)?;
                // A bound over the counter itself (`t < 2 * t`) says nothing
                // (the step writes it between the condition and the launch,
                // so `size_relation` refuses it anyway).
                let index = at.args.iter().position(|&r| r == (s, e))?;
                if mentions_arg(&bound, index) {
                    return None;
                }
                Some((bound, counter.inclusive))
            })
            .collect()
    }
}

/// Whether argument `index` takes part in `e`.
fn mentions_arg(e: &SizeExpr, index: usize) -> bool {
    match e {
        SizeExpr::Arg(k, _) => *k == index,
        SizeExpr::Const(..) | SizeExpr::Template(..) => false,
        SizeExpr::Convert(_, a) | SizeExpr::Neg(a, _) => mentions_arg(a, index),
        SizeExpr::Binary(_, a, b, _) => mentions_arg(a, index) || mentions_arg(b, index),
    }
}

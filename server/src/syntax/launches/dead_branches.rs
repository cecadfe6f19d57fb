//! Launches in host branches that never run: `if (block_size == 16)
//! k<16><<<..>>>(..); else k<32><<<..>>>(..);` with `const int block_size =
//! 32;`. The condition of an `if` around the launch evaluates (with the
//! same evaluator as launch sizes, whose values hold at every execution of
//! the tokens they are read at) to a constant that selects the other
//! branch: the launch never executes and is no launch of the program.
//!
//! Only a condition that truly evaluates counts: anything the evaluator
//! does not know keeps both branches (sound). A value that comes from the
//! calls of a wrapper in this unit ([`Eval::caller_constant`]) does not
//! count either, since calls in other units may pass other values and the
//! launch would then be gone with nothing left to record that. A branch
//! that holds a label (`case`, `default`, a `goto` target) may be entered
//! without the condition: it is never taken as dead.

use super::{BlockKind, Eval, TokKind};

impl Eval<'_, '_> {
    /// Whether the launch whose kernel name is token `at` lies in a branch
    /// of an `if` (in the innermost function or lambda body around it) that
    /// its condition's constant value never takes.
    pub(super) fn in_dead_branch(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        // The innermost function or lambda body around the launch: the
        // `if`s in it decide whether the launch runs when the body does.
        let mut body = scopes.block_of(at);
        while let Some(o) = body {
            if matches!(
                scopes.kinds.get(&o),
                Some(BlockKind::Function | BlockKind::Lambda)
            ) {
                break;
            }
            body = scopes.block_of(o);
        }
        let Some(body) = body else { return false };
        (body + 1..at).any(|j| {
            if u.text(j) != "if" || u.kind(j) != Some(TokKind::Ident) {
                return false;
            }
            let open = if u.text(j + 1) == "constexpr" {
                j + 2
            } else {
                j + 1
            };
            if u.text(open) != "(" {
                return false;
            }
            let Some(&close) = scopes.closing.get(&open) else {
                return false;
            };
            if at <= close {
                return false;
            }
            let Some(then_end) = scopes.statement_end_within(u, close + 1, 0) else {
                return false;
            };
            // The branch holding the launch, and whether the condition takes it
            // when true.
            let branch = if at <= then_end {
                (close + 1, then_end, true)
            } else if u.text(then_end + 1) == "else" {
                let Some(else_end) = scopes.statement_end_within(u, then_end + 2, 0) else {
                    return false;
                };
                if at > else_end {
                    return false;
                }
                (then_end + 2, else_end, false)
            } else {
                return false;
            };
            let (from, to, taken_when_true) = branch;
            if self.has_label(from, to) {
                return false;
            }
            match self.condition_value(open + 1, close) {
                Some(v) => (v != 0) != taken_when_true,
                None => false,
            }
        })
    }

    /// The value of the condition `[s, e)`, when it is a constant that does
    /// not come from the calls of a wrapper (see the module doc).
    fn condition_value(&self, s: usize, e: usize) -> Option<i128> {
        let callers = self.callers.borrow().len();
        let wanted = self.wanted.borrow().len();
        let v = self.expr(s, e, 0);
        let from_callers = self.callers.borrow().len() != callers;
        // Leave the record of the launch being scanned as it was.
        self.callers.borrow_mut().truncate(callers);
        self.wanted.borrow_mut().truncate(wanted);
        if from_callers {
            return None;
        }
        v
    }

    /// Whether tokens `[s, e]` may hold a label: `case`, `default`, or a
    /// name followed by `:` at the start of a statement (a `goto` target).
    fn has_label(&self, s: usize, e: usize) -> bool {
        let u = self.unit;
        // Any name followed by a single `:` may be a label (attributes such
        // as `[[likely]] w:` may stand before one): taking a `?:` arm or a
        // bit-field for one only keeps a launch.
        (s..=e).any(|k| {
            matches!(u.text(k), "case" | "default")
                || (u.text(k) == ":" && k >= 1 && u.is_ident(k - 1))
                || (u.text(k) == ":" && k == s + 1)
        })
    }
}

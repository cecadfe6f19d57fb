//! Z3's simplifier without the panic: the z3 crate's `Ast::simplify` unwraps
//! Z3's answer, and Z3 answers with no term once the context has been
//! interrupted (the kernel's deadline), so a late simplification would be an
//! internal error instead of the `inconclusive` the deadline stands for.

use z3::ast::Ast;

/// `term` simplified, or None when Z3 gives no term (its context was
/// interrupted). Callers fall back to the term as it is: simplification never
/// changes what a term means, only its shape.
pub fn simplified<A: Ast>(term: &A) -> Option<A> {
    let ctx = term.get_ctx();
    // SAFETY: both handles come from live wrappers of the same context; the
    // result, when there is one, is a term of that context, and `wrap` takes
    // its own reference to it.
    let raw = unsafe { z3_sys::Z3_simplify(ctx.get_z3_context(), term.get_z3_ast()) }?;
    Some(unsafe { A::wrap(ctx, raw) })
}

/// `term` simplified when Z3 can, else `term` itself.
pub fn simplified_or_same<A: Ast + Clone>(term: &A) -> A {
    simplified(term).unwrap_or_else(|| term.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    #[test]
    fn a_constant_sum_simplifies_to_its_value() {
        let sum = Int::from_i64(2) + Int::from_i64(3);
        assert_eq!(simplified(&sum).and_then(|t| t.as_i64()), Some(5));
    }

    #[test]
    fn an_interrupted_context_falls_back_to_the_term_itself() {
        let x = Int::new_const("simplify_test_x");
        let term = (x.clone() + Int::from_i64(1)) - Int::from_i64(1);
        term.get_ctx().handle().interrupt();
        // Once interrupted, Z3 may refuse to simplify: the term itself stands
        // in, and there is no panic either way.
        let result = simplified_or_same(&term);
        assert!(result == term || result == x, "{result}");
    }
}

//! The kind of a Z3 term's head symbol, read without undefined behaviour.
//!
//! The z3 crate's `FuncDecl::kind` returns the number the linked Z3 gives,
//! typed as the crate's `DeclKind`, whose discriminants follow the Z3 release
//! the crate was generated from. The linked Z3 (Debian's 4.8.12) numbers many
//! kinds differently: uninterpreted symbols (45101 there, 49167 in the
//! crate), every bit-vector kind from `Z3_OP_CARRY` on, sequences, ... A
//! number that is no discriminant of the enum is undefined behaviour the
//! moment it is typed as one, so the checker never calls `FuncDecl::kind`:
//! it reads the number as an integer here and names only the basic and
//! arithmetic kinds (`Z3_OP_TRUE = 0x100` .. `Z3_OP_MOD = 0x20d`), which have
//! the same numbers in `z3_api.h` of every Z3 4.x release and in the crate.

use z3::ast::Ast;
use z3::DeclKind;

#[allow(non_snake_case)]
mod raw {
    use z3_sys::{Z3_context, Z3_func_decl};

    extern "C" {
        /// `Z3_get_decl_kind` of the linked Z3, returning its plain number.
        #[link_name = "Z3_get_decl_kind"]
        pub(super) fn Z3_get_decl_kind_number(c: Z3_context, d: Z3_func_decl) -> u32;
    }
}

/// The kinds named by [`head_kind`]: equal numbers in the crate and in Z3.
const NAMED: [DeclKind; 26] = [
    DeclKind::True,
    DeclKind::False,
    DeclKind::Eq,
    DeclKind::Distinct,
    DeclKind::Ite,
    DeclKind::And,
    DeclKind::Or,
    DeclKind::Iff,
    DeclKind::Xor,
    DeclKind::Not,
    DeclKind::Implies,
    DeclKind::Oeq,
    DeclKind::Anum,
    DeclKind::Agnum,
    DeclKind::Le,
    DeclKind::Ge,
    DeclKind::Lt,
    DeclKind::Gt,
    DeclKind::Add,
    DeclKind::Sub,
    DeclKind::Uminus,
    DeclKind::Mul,
    DeclKind::Div,
    DeclKind::Idiv,
    DeclKind::Rem,
    DeclKind::Mod,
];

/// The number the linked Z3 gives the head symbol of `term`; `None` when
/// `term` is not an application (a variable or quantifier).
fn head_number(term: &impl Ast) -> Option<u32> {
    if !term.is_app() {
        return None;
    }
    let ctx = term.get_ctx().get_z3_context();
    // SAFETY: `term` is a live application of the context `ctx` (checked
    // above), so its app and declaration exist while `term` lives; the
    // declared signature matches Z3's C API (`Z3_decl_kind` is a C enum,
    // an unsigned int).
    unsafe {
        let app = z3_sys::Z3_to_app(ctx, term.get_z3_ast())?;
        let decl = z3_sys::Z3_get_app_decl(ctx, app)?;
        Some(raw::Z3_get_decl_kind_number(ctx, decl))
    }
}

/// The kind of `term`'s head symbol when it is a basic or arithmetic
/// operator (`+`, `div`, `ite`, `=`, ...); `None` for anything else.
pub(super) fn head_kind(term: &impl Ast) -> Option<DeclKind> {
    let number = head_number(term)?;
    NAMED.into_iter().find(|k| *k as u32 == number)
}

/// Whether `term`'s head is a bit-vector operation: Z3 numbers them from
/// `Z3_OP_BNUM = 0x400` up to the proof kinds at `0x500` in every release.
pub(super) fn is_bit_vector_operation(term: &impl Ast) -> bool {
    head_number(term).is_some_and(|n| (0x400..0x500).contains(&n))
}

/// Whether `term` applies an uninterpreted function to arguments (not a
/// constant): its head has the number Z3 gives a declared function.
pub(super) fn is_uninterpreted_application(term: &impl Ast) -> bool {
    term.is_app()
        && term.num_children() > 0
        && uninterpreted_number().is_some_and(|n| head_number(term) == Some(n))
}

/// Reads the linked Z3's number for uninterpreted symbols now, unless read
/// already: a check calls it before its context exists, so that the
/// probe's own context (a fresh Z3 context, 5-10 ms, most of it fresh
/// memory) is paid once per process outside every kernel's check, like the
/// check's context itself, not by whichever check first meets an
/// uninterpreted application.
pub(super) fn read_uninterpreted_number() {
    let _ = uninterpreted_number();
}

/// The linked Z3's number for uninterpreted symbols (see
/// [`read_uninterpreted_number`]).
fn uninterpreted_number() -> Option<u32> {
    static UNINTERPRETED: std::sync::OnceLock<Option<u32>> = std::sync::OnceLock::new();
    // Read from a probe application (the number differs between Z3
    // releases), once per process, in a context of its own: made in the
    // context of the check that first asks, the probe's terms took ids of
    // that context and freed them, so that check's later terms got other
    // ids than the same check made later in the process, and Z3 searches a
    // query whose terms have other ids differently (fixture `launch/
    // index_arithmetic_dropped/shift_wraps_racy.cu` `segment_copy`:
    // inconclusive checked first in a process, racy checked after any
    // other kernel that reached the solver).
    *UNINTERPRETED.get_or_init(|| {
        z3::with_z3_config(&z3::Config::new(), || {
            let probe = z3::FuncDecl::new(
                "syncwright!kind_probe",
                &[&z3::Sort::int()],
                &z3::Sort::int(),
            );
            head_number(&probe.apply(&[&z3::ast::Int::from_i64(0)]))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::ast::Int;

    #[test]
    fn arithmetic_heads_are_named() {
        let x = Int::new_const("x");
        let y = Int::new_const("y");
        assert_eq!(head_kind(&(&x + &y)), Some(DeclKind::Add));
        assert_eq!(head_kind(&(&x * &y)), Some(DeclKind::Mul));
        assert_eq!(head_kind(&x.div(&y)), Some(DeclKind::Idiv));
        assert_eq!(head_kind(&x.modulo(&y)), Some(DeclKind::Mod));
        assert_eq!(head_kind(&x.eq(&y)), Some(DeclKind::Eq));
        assert_eq!(head_kind(&x), None);
        let b = z3::ast::BV::new_const("b", 32);
        assert!(is_bit_vector_operation(&b.bvand(b.bvnot())));
        assert!(!is_bit_vector_operation(&(&x + &y)));
    }

    #[test]
    fn uninterpreted_applications_are_told_apart() {
        let f = z3::FuncDecl::new("f", &[&z3::Sort::int()], &z3::Sort::int());
        let x = Int::new_const("x");
        assert!(is_uninterpreted_application(&f.apply(&[&x])));
        assert!(!is_uninterpreted_application(&x));
        assert!(!is_uninterpreted_application(&(&x + 1)));
        assert_eq!(head_kind(&f.apply(&[&x])), None);
    }
}

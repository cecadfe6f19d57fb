//! Grid-stride loops whose body splits the counter into digits by
//! grid-uniform sizes and indexes a row-major layout with them (PyTorch's
//! `CUDA_1D_KERNEL_LOOP(index, n) { j = index % J; i = (index / J) % I;
//! b = index / (J * I); out[b][i][j] = ..; }`): decided without the solver.
//!
//! Theorem (grid-stride digits). In the body of a stride loop whose counter
//! `v` differs in the two threads (see the module above), let both accesses
//! have byte offset `E + d` (the same expression `E`, constants `d1`, `d2`)
//! with `E = c_0 x_0 + c_1 x_1 + ... + c_n x_n + U` where
//!
//! 1. the `x_k` are distinct digits: `v` itself or locals defined once at
//!    the top level of the body before both accesses from `v` by truncating
//!    divisions and remainders by grid-uniform values: `v / Q` ("Quot(Q)")
//!    or `(v / Q) % R` ("Rem(Q, R)"), written as chains `(v / A) / B`
//!    (= `v / (A * B)`: trunc(trunc(v / A) / B) = trunc(v / (A B)) for any
//!    integers, as |trunc(x)| = floor(|x|) with the sign of x);
//! 2. `c_0` is a positive constant and `c_(k+1) = c_k * R_k` as products of
//!    grid-uniform factors, where `0 <= x_k < R_k` is stated by an `assume`
//!    at the top level of the body, after `x_k`'s definition and before both
//!    accesses (a PyTorch accessor's in-bounds subscripts, a precondition);
//!    the top digit `x_n` needs no bound;
//! 3. `U` is grid-uniform, and every operation of `E` and of the digits is
//!    a signed `+`, `*`, `/` or `%` or a value-preserving conversion, so
//!    each value is the mathematical one (the encoder excludes signed
//!    overflow and division by zero where the program evaluates them:
//!    undefined behaviour).
//!
//! Then the threads' digits are all equal or their offsets differ by at
//! least `c_0`: the digits below `x_k` sum to at most
//! `sum_(i<k) c_i (R_i - 1) = c_k - c_0 < c_k`, so if `E(t1) - E(t2)` is smaller than `c_0` in
//! absolute value the division theorem (`check::delinear`) gives `x_n`
//! equal, then `x_(n-1)`, ... (and every `c_k` is a multiple of `c_0`). With
//! `c_0 - |d1 - d2| >= s` (the larger access size) the byte ranges are
//! apart unless every digit is equal. Equal digits give an equal counter:
//! `v / Q` is known when some digit is `Quot(Q)`, or some digit is `Rem(Q,
//! R)` and `v / (Q R)` is known, since `v / Q = R * ((v / Q) / R) + (v / Q)
//! % R` (C's identity; `R != 0` as the program evaluated `% R`) and `(v /
//! Q) / R = v / (Q R)`; `v = v / 1`. An equal counter contradicts the
//! stride loop's theorem: the two threads never touch a common byte.

use super::{int_bounds, GridStride, Scope, StrideLoop, MAX_DEPTH};
use crate::check::symexec::type_of;
use crate::ir::{BinOp, Expr, ScalarTy, StmtId, StmtKind, VarId};

/// The most factors a product keeps (beyond it the analysis gives up).
const MAX_FACTORS: usize = 8;

/// A product of grid-uniform values: a constant times factors, each an
/// expression whose value is the same in the two threads (compared
/// structurally, as a multiset).
#[derive(Clone, Debug)]
struct Product {
    constant: i128,
    factors: Vec<Expr>,
}

impl Product {
    fn constant(c: i128) -> Product {
        Product {
            constant: c,
            factors: Vec::new(),
        }
    }

    fn times(&self, other: &Product) -> Option<Product> {
        let mut factors = self.factors.clone();
        factors.extend(other.factors.iter().cloned());
        (factors.len() <= MAX_FACTORS).then_some(())?;
        Some(Product {
            constant: self.constant.checked_mul(other.constant)?,
            factors,
        })
    }

    /// Whether the two products are the same value (same constant, the
    /// same factors with the same multiplicities).
    fn same(&self, other: &Product) -> bool {
        if self.constant != other.constant || self.factors.len() != other.factors.len() {
            return false;
        }
        let mut left: Vec<&Expr> = other.factors.iter().collect();
        self.factors
            .iter()
            .all(|f| match left.iter().position(|g| *g == f) {
                Some(at) => {
                    left.swap_remove(at);
                    true
                }
                None => false,
            })
    }
}

/// A value the body computes from the counter `v`.
#[derive(Clone, Debug)]
enum Digit {
    /// `v / Q` (truncating).
    Quot(Product),
    /// `(v / Q) % R`.
    Rem(Product, Product),
}

/// A signed integer type: its `+`, `*`, `/`, `%` are the mathematical ones
/// in every execution the encoder considers.
fn exact(ty: ScalarTy) -> bool {
    matches!(ty, ScalarTy::Int { signed: true, .. })
}

/// Whether every value of `from` is one of `to` (the conversion keeps it).
fn keeps(from: ScalarTy, to: ScalarTy) -> bool {
    match (int_bounds(from), int_bounds(to)) {
        (Some((flo, fhi)), Some((tlo, thi))) => tlo <= flo && fhi <= thi,
        _ => false,
    }
}

impl GridStride<'_> {
    /// Whether the grid-stride digits theorem (module documentation) keeps
    /// accesses at `core + dx` and `core + dy` of at most `size` bytes,
    /// whose top-level ancestors in the body of stride loop `id` are at
    /// positions `at` or later, apart in two threads the loop's counter
    /// tells apart.
    pub(super) fn digits_apart(
        &self,
        id: StmtId,
        lp: &StrideLoop<'_>,
        core: &Expr,
        shift: i128,
        size: u32,
        at: usize,
    ) -> bool {
        let Some(counter) = lp.counter else {
            return false;
        };
        let mut terms = Vec::new();
        if self
            .radix_terms(core, lp, counter, at, 0, &Product::constant(1), &mut terms)
            .is_none()
        {
            return false;
        }
        // Distinct digits, at least one.
        for (k, (_, x)) in terms.iter().enumerate() {
            if terms[..k].iter().any(|(_, y)| y == x) {
                return false;
            }
        }
        let Some(start) = terms
            .iter()
            .position(|(c, _)| c.factors.is_empty() && c.constant > 0)
        else {
            return false;
        };
        let gap = terms[start].0.constant;
        if gap
            .checked_sub(shift.abs())
            .is_none_or(|apart| apart < i128::from(size.max(1)))
        {
            return false;
        }
        let Some(body) = (match self.loop_kind(id) {
            Some(StmtKind::Loop { body, .. }) => Some(body),
            _ => None,
        }) else {
            return false;
        };
        // The chain c_0, c_0 R_0, ...: every term on it, each but the last
        // with its digit's bound.
        let mut current = terms.swap_remove(start);
        let mut digits = Vec::new();
        loop {
            let (coef, x) = current;
            digits.push(x);
            if terms.is_empty() {
                break;
            }
            // Any stated bound of the digit will do: the next term's
            // coefficient is the current one times it.
            let next = self
                .stated_bounds(&body.stmts, lp, counter, x, at)
                .iter()
                .filter_map(|bound| coef.times(bound))
                .find_map(|next| terms.iter().position(|(c, _)| c.same(&next)));
            let Some(k) = next else {
                return false;
            };
            current = terms.swap_remove(k);
        }
        let mut values = Vec::new();
        for x in digits {
            match self.digit(&Expr::Var(x), lp, counter, at, 0) {
                Some(d) => values.push(d),
                None => return false,
            }
        }
        recovers(&values, &Product::constant(1), 0)
    }

    /// Adds the terms `coef * c * x` of `e` (evaluated at body position
    /// `at`) to `out`, `x` a digit local or the counter; grid-uniform parts
    /// add nothing (they are the same in both threads). None when `e` is not
    /// such a sum.
    #[allow(clippy::too_many_arguments)]
    fn radix_terms(
        &self,
        e: &Expr,
        lp: &StrideLoop<'_>,
        counter: VarId,
        at: usize,
        depth: u32,
        coef: &Product,
        out: &mut Vec<(Product, VarId)>,
    ) -> Option<()> {
        if depth > MAX_DEPTH || out.len() > MAX_FACTORS {
            return None;
        }
        let next = depth + 1;
        match e {
            Expr::Cast(to, inner) if keeps(type_of(self.kernel, inner), *to) => {
                self.radix_terms(inner, lp, counter, at, next, coef, out)
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Mul), l, r, ty)
                if exact(*ty)
                    && keeps(type_of(self.kernel, l), *ty)
                    && keeps(type_of(self.kernel, r), *ty) =>
            {
                if *op == BinOp::Add {
                    self.radix_terms(l, lp, counter, at, next, coef, out)?;
                    return self.radix_terms(r, lp, counter, at, next, coef, out);
                }
                if let Some(p) = self.product(r, lp, next) {
                    return self.radix_terms(l, lp, counter, at, next, &coef.times(&p)?, out);
                }
                let p = self.product(l, lp, next)?;
                self.radix_terms(r, lp, counter, at, next, &coef.times(&p)?, out)
            }
            Expr::Var(v) if *v == counter => {
                out.push((coef.clone(), *v));
                Some(())
            }
            Expr::Var(v) if lp.body_defs.get(v).is_some_and(|&(j, _)| j < at) => {
                let (j, value) = lp.body_defs[v];
                let ty = self.kernel.vars.get(v.0 as usize)?.ty;
                if !keeps(type_of(self.kernel, value), ty) {
                    return None;
                }
                if self.digit(value, lp, counter, j, next).is_some() {
                    out.push((coef.clone(), *v));
                    return Some(());
                }
                self.radix_terms(value, lp, counter, j, next, coef, out)
            }
            _ => self
                .uniform(e, lp.top, lp.scope == Scope::Block, depth)
                .then_some(()),
        }
    }

    /// `e` as a product of grid-uniform values (through value-preserving
    /// conversions, signed products and locals defined once at the top
    /// level before the loop).
    fn product(&self, e: &Expr, lp: &StrideLoop<'_>, depth: u32) -> Option<Product> {
        if depth > MAX_DEPTH {
            return None;
        }
        let next = depth + 1;
        match e {
            Expr::Int(k, ScalarTy::Int { .. }) => Some(Product::constant(*k)),
            Expr::Cast(to, inner) if keeps(type_of(self.kernel, inner), *to) => {
                self.product(inner, lp, next)
            }
            Expr::Binary(BinOp::Mul, l, r, ty)
                if exact(*ty)
                    && keeps(type_of(self.kernel, l), *ty)
                    && keeps(type_of(self.kernel, r), *ty) =>
            {
                self.product(l, lp, next)?
                    .times(&self.product(r, lp, next)?)
            }
            Expr::Var(v)
                if self.single_defs.get(v).is_some_and(|&(at, value)| {
                    at < lp.top
                        && self
                            .kernel
                            .vars
                            .get(v.0 as usize)
                            .is_some_and(|d| keeps(type_of(self.kernel, value), d.ty))
                }) =>
            {
                self.product(self.single_defs[v].1, lp, next)
            }
            _ if matches!(type_of(self.kernel, e), ScalarTy::Int { .. })
                && self.uniform(e, lp.top, lp.scope == Scope::Block, depth) =>
            {
                Some(Product {
                    constant: 1,
                    factors: vec![e.clone()],
                })
            }
            _ => None,
        }
    }

    /// `e` (evaluated at body position `at`) as a digit of the counter.
    fn digit(
        &self,
        e: &Expr,
        lp: &StrideLoop<'_>,
        counter: VarId,
        at: usize,
        depth: u32,
    ) -> Option<Digit> {
        if depth > MAX_DEPTH {
            return None;
        }
        let next = depth + 1;
        match e {
            Expr::Var(v) if *v == counter => Some(Digit::Quot(Product::constant(1))),
            Expr::Var(v) => {
                let &(j, value) = lp.body_defs.get(v)?;
                let ty = self.kernel.vars.get(v.0 as usize)?.ty;
                (j < at && keeps(type_of(self.kernel, value), ty)).then_some(())?;
                self.digit(value, lp, counter, j, next)
            }
            Expr::Cast(to, inner) if keeps(type_of(self.kernel, inner), *to) => {
                self.digit(inner, lp, counter, at, next)
            }
            Expr::Binary(op @ (BinOp::Div | BinOp::Rem), l, r, ty)
                if exact(*ty)
                    && keeps(type_of(self.kernel, l), *ty)
                    && keeps(type_of(self.kernel, r), *ty) =>
            {
                let Digit::Quot(q) = self.digit(l, lp, counter, at, next)? else {
                    return None;
                };
                let p = self.product(r, lp, next)?;
                Some(if *op == BinOp::Div {
                    Digit::Quot(q.times(&p)?)
                } else {
                    Digit::Rem(q, p)
                })
            }
            _ => None,
        }
    }

    /// Every `R` with `0 <= x < R` stated by `assume`s among `body`'s
    /// top-level statements after `x`'s definition and before position
    /// `at` (each of them holds at both accesses: `x` keeps its value).
    fn stated_bounds(
        &self,
        body: &[crate::ir::Stmt],
        lp: &StrideLoop<'_>,
        counter: VarId,
        x: VarId,
        at: usize,
    ) -> Vec<Product> {
        let from = if x == counter {
            0
        } else {
            match lp.body_defs.get(&x) {
                Some(&(j, _)) => j + 1,
                None => return Vec::new(),
            }
        };
        let is_x = |e: &Expr| {
            let mut e = e;
            while let Expr::Cast(to, inner) = e {
                if !keeps(type_of(self.kernel, inner), *to) {
                    return false;
                }
                e = inner;
            }
            *e == Expr::Var(x)
        };
        let signed =
            |a: &Expr, b: &Expr| exact(type_of(self.kernel, a)) && exact(type_of(self.kernel, b));
        let zero = |e: &Expr| matches!(e, Expr::Int(0, _));
        let (mut nonnegative, mut bounds) = (false, Vec::new());
        for stmt in body.get(from..at.min(body.len())).unwrap_or_default() {
            let StmtKind::Assume { cond } = &stmt.kind else {
                continue;
            };
            let mut conjuncts = vec![cond];
            while let Some(c) = conjuncts.pop() {
                let Expr::Binary(op, a, b, _) = c else {
                    continue;
                };
                match op {
                    BinOp::And => {
                        conjuncts.push(a);
                        conjuncts.push(b);
                    }
                    BinOp::Ge if signed(a, b) && is_x(a) && zero(b) => nonnegative = true,
                    BinOp::Le if signed(a, b) && zero(a) && is_x(b) => nonnegative = true,
                    BinOp::Lt if signed(a, b) && is_x(a) => bounds.extend(self.product(b, lp, 0)),
                    BinOp::Gt if signed(a, b) && is_x(b) => bounds.extend(self.product(a, lp, 0)),
                    _ => {}
                }
            }
        }
        if nonnegative {
            bounds
        } else {
            Vec::new()
        }
    }
}

/// Whether equal digits `values` give an equal `v / q` (module
/// documentation).
fn recovers(values: &[Digit], q: &Product, depth: u32) -> bool {
    if depth > MAX_FACTORS as u32 {
        return false;
    }
    values.iter().any(|d| match d {
        Digit::Quot(p) => p.same(q),
        Digit::Rem(..) => false,
    }) || values.iter().any(|d| match d {
        Digit::Rem(p, r) if p.same(q) => q
            .times(r)
            .is_some_and(|qr| recovers(values, &qr, depth + 1)),
        _ => false,
    })
}

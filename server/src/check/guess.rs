//! Deciding that a conjunction of facts is satisfiable without the solver:
//! a guessed assignment under which every fact evaluates to `true` is a
//! model, so the query is `sat` exactly as Z3 would answer (used by
//! `Checker::check_vacuous`, whose query is satisfiable for almost every
//! kernel and cost a solver call of 2,000-10,000 units, about a millisecond,
//! in each race-free kernel that states a precondition).
//!
//! The guess: thread and block ids 0 (or the middle of their dimension);
//! every other integer constant one value `v` of a few (1, 0, 2^20), or,
//! failing those, one of them 2^20 and the others 1 (a size above an
//! offset: `t < n - 1`), clamped into the numeral bounds the facts state
//! for it at top level (`lo <= c`, `c <= hi`); Boolean constants `false`; every application
//! of an uninterpreted function (a read-only load, a float operation) the
//! default value of its sort (the constant function is an interpretation
//! of any function symbol); then, a few rounds over the facts, a constant
//! equal to a term that evaluates (`c == e`, also as a conjunct of an
//! implication whose premise holds) takes that value (a host-fixed grid
//! size from a parameter, a loop's head from its trip counter). Any guess
//! is tried; only one that makes every fact `true` answers, so a wrong
//! guess costs evaluation time only: the query then goes to the solver.
//!
//! Evaluation is exact for what it evaluates: integers are `i128` with
//! checked arithmetic, `div`/`mod` are SMT-LIB's (Euclidean: the remainder
//! is in `0..|d|`); division by 0, bit vectors, reals and anything else
//! give no value, and a fact without a value is not `true`. `and`, `or`,
//! `=>` and `ite` short-circuit, as their semantics allow: a disjunct that
//! is `true` makes the disjunction `true` whatever the value of a disjunct
//! left unevaluated, in any completion of the model.

use super::decl_kind::{head_kind, is_uninterpreted_application};
use crate::base::{HashMap, HashSet};
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::{AstKind, DeclKind, SortKind};

/// Largest query guessed at (more facts go to the solver directly).
const MAX_FACTS: usize = 600;

/// Terms evaluated over all guesses of one query, at most: a guess that
/// keeps failing is abandoned deterministically (a count, not a clock).
const MAX_VISITS: u64 = 300_000;

/// Deepest term nesting evaluated (deeper gives no value).
const MAX_DEPTH: u32 = 1_500;

/// Rounds of equality propagation per guess.
const ROUNDS: usize = 3;

/// The default values of the integer constants other than ids, tried in turn.
const GUESSES: [i128; 3] = [1, 0, 1 << 20];

/// Constants guessed large one at a time, the others 1 (after [`GUESSES`]).
const MIXED_CONSTANTS: usize = 8;

/// A value of an integer or Boolean term.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Int(i128),
    Bool(bool),
}

/// The address of a term: Z3 shares equal terms of one context, so a term
/// and every occurrence of it have one address while the facts live.
fn address(term: &impl Ast) -> usize {
    term.get_z3_ast().as_ptr() as usize
}

/// An evaluator of terms under an assignment of the constants.
struct Evaluator {
    /// Values of the uninterpreted constants, by address.
    env: HashMap<usize, Value>,
    /// Values of the terms evaluated under `env` (cleared when it changes),
    /// by address: valid while those terms live (the facts, held by the
    /// caller throughout, and their subterms).
    memo: HashMap<usize, Option<Value>>,
    /// Terms evaluated so far (see [`MAX_VISITS`]).
    visits: u64,
}

impl Evaluator {
    fn set(&mut self, at: usize, v: Value) {
        if self.env.insert(at, v) != Some(v) {
            self.memo.clear();
        }
    }

    fn int(&mut self, t: &Dynamic, depth: u32) -> Option<i128> {
        match self.eval(t, depth)? {
            Value::Int(n) => Some(n),
            Value::Bool(_) => None,
        }
    }

    fn boolean(&mut self, t: &Dynamic, depth: u32) -> Option<bool> {
        match self.eval(t, depth)? {
            Value::Bool(b) => Some(b),
            Value::Int(_) => None,
        }
    }

    /// A conjunction (`absorbing` false) or disjunction (`absorbing` true):
    /// one operand equal to `absorbing` decides it even where others are
    /// unknown; otherwise it is `!absorbing` only when every operand is known.
    fn junction(&mut self, children: &[Dynamic], depth: u32, absorbing: bool) -> Option<bool> {
        let mut all = true;
        for c in children {
            match self.boolean(c, depth) {
                Some(v) if v == absorbing => return Some(absorbing),
                Some(_) => {}
                None => all = false,
            }
        }
        all.then_some(!absorbing)
    }

    fn eval(&mut self, t: &Dynamic, depth: u32) -> Option<Value> {
        let at = address(t);
        if let Some(v) = self.memo.get(&at) {
            return *v;
        }
        self.visits += 1;
        if depth > MAX_DEPTH || self.visits > MAX_VISITS {
            return None;
        }
        let v = self.eval_uncached(t, depth + 1);
        self.memo.insert(at, v);
        v
    }

    fn eval_uncached(&mut self, t: &Dynamic, depth: u32) -> Option<Value> {
        match t.kind() {
            AstKind::Numeral => {
                if t.sort_kind() != SortKind::Int {
                    return None;
                }
                let n = t.as_int()?;
                let n = n
                    .as_i64()
                    .map(i128::from)
                    .or_else(|| n.as_u64().map(i128::from))?;
                return Some(Value::Int(n));
            }
            AstKind::App => {}
            _ => return None,
        }
        if is_uninterpreted_application(t) {
            return default_of(t.sort_kind());
        }
        let kind = head_kind(t);
        if t.num_children() == 0 {
            return match kind {
                Some(DeclKind::True) => Some(Value::Bool(true)),
                Some(DeclKind::False) => Some(Value::Bool(false)),
                None => self.env.get(&address(t)).copied(),
                _ => None,
            };
        }
        let children = t.children();
        let binary = |cs: &[Dynamic]| -> Option<(Dynamic, Dynamic)> {
            match cs {
                [a, b] => Some((a.clone(), b.clone())),
                _ => None,
            }
        };
        Some(match kind? {
            DeclKind::And => Value::Bool(self.junction(&children, depth, false)?),
            DeclKind::Or => Value::Bool(self.junction(&children, depth, true)?),
            DeclKind::Not => Value::Bool(!self.boolean(children.first()?, depth)?),
            DeclKind::Implies => {
                let (p, q) = binary(&children)?;
                match self.boolean(&p, depth) {
                    Some(false) => Value::Bool(true),
                    Some(true) => Value::Bool(self.boolean(&q, depth)?),
                    None if self.boolean(&q, depth) == Some(true) => Value::Bool(true),
                    None => return None,
                }
            }
            DeclKind::Iff => {
                let (a, b) = binary(&children)?;
                Value::Bool(self.boolean(&a, depth)? == self.boolean(&b, depth)?)
            }
            DeclKind::Xor => {
                let (a, b) = binary(&children)?;
                Value::Bool(self.boolean(&a, depth)? != self.boolean(&b, depth)?)
            }
            DeclKind::Eq => {
                let (a, b) = binary(&children)?;
                Value::Bool(self.eval(&a, depth)? == self.eval(&b, depth)?)
            }
            DeclKind::Distinct => {
                let mut seen = Vec::with_capacity(children.len());
                for c in &children {
                    let v = self.eval(c, depth)?;
                    if seen.contains(&v) {
                        return Some(Value::Bool(false));
                    }
                    seen.push(v);
                }
                Value::Bool(true)
            }
            DeclKind::Ite => {
                let [c, a, b] = children.as_slice() else {
                    return None;
                };
                if self.boolean(c, depth)? {
                    self.eval(a, depth)?
                } else {
                    self.eval(b, depth)?
                }
            }
            k @ (DeclKind::Le | DeclKind::Ge | DeclKind::Lt | DeclKind::Gt) => {
                let (a, b) = binary(&children)?;
                let (x, y) = (self.int(&a, depth)?, self.int(&b, depth)?);
                Value::Bool(match k {
                    DeclKind::Le => x <= y,
                    DeclKind::Ge => x >= y,
                    DeclKind::Lt => x < y,
                    _ => x > y,
                })
            }
            k @ (DeclKind::Add | DeclKind::Mul | DeclKind::Sub) => {
                let mut acc: Option<i128> = None;
                for c in &children {
                    let x = self.int(c, depth)?;
                    acc = Some(match acc {
                        None => x,
                        Some(a) => match k {
                            DeclKind::Add => a.checked_add(x)?,
                            DeclKind::Mul => a.checked_mul(x)?,
                            _ => a.checked_sub(x)?,
                        },
                    });
                }
                Value::Int(acc?)
            }
            DeclKind::Uminus => Value::Int(self.int(children.first()?, depth)?.checked_neg()?),
            k @ (DeclKind::Idiv | DeclKind::Mod) => {
                let (a, b) = binary(&children)?;
                let (x, y) = (self.int(&a, depth)?, self.int(&b, depth)?);
                // SMT-LIB: x = y*q + r with 0 <= r < |y|; y = 0 is
                // uninterpreted (no value here).
                if y == 0 {
                    return None;
                }
                let r = x.checked_rem_euclid(y)?;
                if k == DeclKind::Mod {
                    Value::Int(r)
                } else {
                    Value::Int(x.checked_sub(r)?.checked_div(y)?)
                }
            }
            _ => return None,
        })
    }
}

/// The value an uninterpreted function's constant interpretation gives.
fn default_of(sort: SortKind) -> Option<Value> {
    match sort {
        SortKind::Int => Some(Value::Int(0)),
        SortKind::Bool => Some(Value::Bool(false)),
        _ => None,
    }
}

/// The constant and the numeral of a comparison `c op n` or `n op c`, with
/// the comparison as seen from the constant.
fn bound_of(t: &Dynamic) -> Option<(usize, DeclKind, i128)> {
    let kind = head_kind(t)?;
    let [a, b]: [Dynamic; 2] = t.children().try_into().ok()?;
    let numeral = |x: &Dynamic| {
        x.as_int()
            .filter(|_| x.kind() == AstKind::Numeral)
            .and_then(|n| n.as_i64())
            .map(i128::from)
    };
    let is_constant =
        |x: &Dynamic| x.kind() == AstKind::App && x.num_children() == 0 && head_kind(x).is_none();
    let flipped = |k: DeclKind| match k {
        DeclKind::Le => DeclKind::Ge,
        DeclKind::Ge => DeclKind::Le,
        DeclKind::Lt => DeclKind::Gt,
        DeclKind::Gt => DeclKind::Lt,
        k => k,
    };
    if !matches!(
        kind,
        DeclKind::Le | DeclKind::Ge | DeclKind::Lt | DeclKind::Gt | DeclKind::Eq
    ) {
        return None;
    }
    if is_constant(&a) {
        Some((address(&a), kind, numeral(&b)?))
    } else if is_constant(&b) {
        Some((address(&b), flipped(kind), numeral(&a)?))
    } else {
        None
    }
}

/// Whether some guess satisfies every fact (see the module comment):
/// `true` only with an assignment under which each fact evaluates to
/// `true`, so the conjunction is satisfiable. `ids` are the thread and
/// block ids, each with its dimension (a constant or a numeral).
pub(super) fn satisfiable_by_guess(facts: &[Bool], ids: &[(Int, Int)]) -> bool {
    if facts.is_empty() || facts.len() > MAX_FACTS {
        return false;
    }
    let facts: Vec<Dynamic> = facts.iter().map(|f| Dynamic::from_ast(f)).collect();
    // The uninterpreted constants, walked once (outside applications of
    // uninterpreted functions, which evaluate without their arguments).
    let mut constants: Vec<(usize, SortKind)> = Vec::new();
    let mut seen: HashSet<usize> = HashSet::default();
    let mut stack: Vec<Dynamic> = facts.clone();
    while let Some(t) = stack.pop() {
        if t.kind() != AstKind::App || !seen.insert(address(&t)) {
            continue;
        }
        if is_uninterpreted_application(&t) {
            continue;
        }
        if t.num_children() == 0 {
            if head_kind(&t).is_none() {
                let sort = t.sort_kind();
                if !matches!(sort, SortKind::Int | SortKind::Bool) {
                    return false;
                }
                constants.push((address(&t), sort));
            }
            continue;
        }
        stack.extend(t.children());
    }
    constants.sort_unstable_by_key(|c| c.0);
    // Numeral bounds stated at top level (in conjunctions).
    let mut lo: HashMap<usize, i128> = HashMap::default();
    let mut hi: HashMap<usize, i128> = HashMap::default();
    let mut stack: Vec<Dynamic> = facts.clone();
    while let Some(t) = stack.pop() {
        if head_kind(&t) == Some(DeclKind::And) {
            stack.extend(t.children());
            continue;
        }
        let Some((c, kind, n)) = bound_of(&t) else {
            continue;
        };
        let mut low = |v: i128| {
            let e = lo.entry(c).or_insert(v);
            *e = (*e).max(v);
        };
        match kind {
            DeclKind::Ge => low(n),
            DeclKind::Gt => low(n + 1),
            DeclKind::Eq => low(n),
            _ => {}
        }
        let mut high = |v: i128| {
            let e = hi.entry(c).or_insert(v);
            *e = (*e).min(v);
        };
        match kind {
            DeclKind::Le => high(n),
            DeclKind::Lt => high(n - 1),
            DeclKind::Eq => high(n),
            _ => {}
        }
    }
    let id_at: Vec<(usize, Dynamic)> = ids
        .iter()
        .map(|(id, dim)| (address(id), Dynamic::from_ast(dim)))
        .collect();
    let is_id = |at: usize| id_at.iter().any(|(i, _)| *i == at);
    let mut ev = Evaluator {
        env: HashMap::default(),
        memo: HashMap::default(),
        visits: 0,
    };
    // The integer constants other than ids, by name (a deterministic order:
    // which of them is guessed large first, see below).
    let mut sizes: Vec<(String, usize)> = Vec::new();
    let mut stack: Vec<Dynamic> = facts.clone();
    let mut named: HashSet<usize> = HashSet::default();
    while let Some(t) = stack.pop() {
        if t.kind() != AstKind::App || !named.insert(address(&t)) {
            continue;
        }
        if is_uninterpreted_application(&t) {
            continue;
        }
        if t.num_children() == 0 {
            if head_kind(&t).is_none() && t.sort_kind() == SortKind::Int && !is_id(address(&t)) {
                if let Ok(decl) = t.safe_decl() {
                    sizes.push((decl.name(), address(&t)));
                }
            }
            continue;
        }
        stack.extend(t.children());
    }
    sizes.sort_unstable();
    // The uniform guesses (every constant `v`), then, for the first
    // `MIXED_CONSTANTS` constants in turn, that one large and the others 1:
    // a size above an offset (`t < n - 1`, `i < n - 1 - t`) that no uniform
    // value satisfies.
    let uniform = GUESSES.into_iter().map(|v| (v, None));
    let mixed = sizes
        .iter()
        .take(MIXED_CONSTANTS)
        .map(|(_, at)| (1, Some((*at, 1i128 << 20))));
    for (v, large) in uniform.chain(mixed) {
        for middle in [false, true] {
            ev.env.clear();
            ev.memo.clear();
            for &(at, sort) in &constants {
                let value = if sort == SortKind::Bool {
                    Value::Bool(false)
                } else if is_id(at) {
                    Value::Int(0)
                } else {
                    let mut x = match large {
                        Some((big, value)) if big == at => value,
                        _ => v,
                    };
                    if let Some(&l) = lo.get(&at) {
                        x = x.max(l);
                    }
                    if let Some(&h) = hi.get(&at) {
                        x = x.min(h);
                    }
                    Value::Int(x)
                };
                ev.env.insert(at, value);
            }
            propagate(&mut ev, &facts, &is_id);
            if middle {
                for (at, dim) in &id_at {
                    if let Some(d) = ev.int(dim, 0) {
                        ev.set(*at, Value::Int((d / 2).max(0)));
                    }
                }
                propagate(&mut ev, &facts, &is_id);
            }
            if facts.iter().all(|f| ev.boolean(f, 0) == Some(true)) {
                return true;
            }
            if ev.visits > MAX_VISITS {
                return false;
            }
        }
    }
    false
}

/// Rounds of `c == e` propagation (see the module comment): an integer
/// constant other than an id, not set by an earlier equality, takes the
/// value of the term it equals at top level or in the conclusion of an
/// implication whose premise holds.
fn propagate(ev: &mut Evaluator, facts: &[Dynamic], is_id: &dyn Fn(usize) -> bool) {
    let mut pinned: HashSet<usize> = HashSet::default();
    for _ in 0..ROUNDS {
        let mut changed = false;
        for f in facts {
            let mut stack = vec![f.clone()];
            while let Some(t) = stack.pop() {
                if ev.visits > MAX_VISITS {
                    return;
                }
                match head_kind(&t) {
                    Some(DeclKind::And) => stack.extend(t.children()),
                    Some(DeclKind::Implies) => {
                        let [p, q] = match <[Dynamic; 2]>::try_from(t.children()) {
                            Ok(pq) => pq,
                            Err(_) => continue,
                        };
                        if ev.boolean(&p, 0) == Some(true) {
                            stack.push(q);
                        }
                    }
                    Some(DeclKind::Eq) => {
                        let Ok([a, b]) = <[Dynamic; 2]>::try_from(t.children()) else {
                            continue;
                        };
                        for (x, e) in [(&a, &b), (&b, &a)] {
                            let at = address(x);
                            let free = x.kind() == AstKind::App
                                && x.num_children() == 0
                                && head_kind(x).is_none()
                                && x.sort_kind() == SortKind::Int
                                && !is_id(at)
                                && !pinned.contains(&at);
                            if !free {
                                continue;
                            }
                            if let Some(n) = ev.int(e, 0) {
                                pinned.insert(at);
                                if ev.env.get(&at) != Some(&Value::Int(n)) {
                                    ev.set(at, Value::Int(n));
                                    changed = true;
                                }
                                break;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if !changed {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn launch() -> (Int, Int, Int) {
        (
            Int::new_const("guess_tid"),
            Int::new_const("guess_block"),
            Int::new_const("guess_n"),
        )
    }

    #[test]
    fn a_guess_satisfying_every_fact_decides() {
        let (tid, block, n) = launch();
        let grid = Int::new_const("guess_grid");
        let facts = vec![
            block.ge(Int::from_i64(1)),
            block.le(Int::from_i64(1024)),
            tid.ge(Int::from_i64(0)),
            tid.lt(&block),
            n.ge(Int::from_i64(100)),
            // A grid fixed from the parameter, as the host computes it.
            grid.eq((&n + &block - Int::from_i64(1)).div(&block)),
            Bool::or(&[tid.lt(&n), tid.eq(Int::from_i64(-5))]),
        ];
        assert!(satisfiable_by_guess(&facts, &[(tid, block)]));
    }

    #[test]
    fn a_size_above_an_offset_is_guessed() {
        // `t < n - 1` and a thread below `n - 1 - t`: no single value of
        // both `n` and `t` satisfies them, `n` large and `t` 1 does.
        let (tid, block, n) = launch();
        let t = Int::new_const("guess_t");
        let facts = vec![
            block.ge(Int::from_i64(1)),
            tid.ge(Int::from_i64(0)),
            tid.lt(&block),
            t.ge(Int::from_i64(0)),
            t.lt(&n - Int::from_i64(1)),
            tid.lt(&n - Int::from_i64(1) - &t),
            (&n * (&tid + &t + Int::from_i64(1)) + &t).lt(Int::from_i64(i64::from(i32::MAX))),
        ];
        assert!(satisfiable_by_guess(&facts, &[(tid, block)]));
    }

    #[test]
    fn contradictory_facts_are_never_decided() {
        let (tid, block, n) = launch();
        let facts = vec![
            block.ge(Int::from_i64(1)),
            tid.ge(Int::from_i64(0)),
            tid.lt(&block),
            n.gt(Int::from_i64(64)),
            n.lt(Int::from_i64(32)),
        ];
        assert!(!satisfiable_by_guess(&facts, &[(tid, block)]));
    }

    #[test]
    fn division_follows_smt_lib() {
        // SMT-LIB's `div`/`mod` are Euclidean: -7 div 2 = -4, -7 mod 2 = 1,
        // 7 div -2 = -3, 7 mod -2 = 1; Z3's simplifier agrees. A fresh
        // evaluator per term: its memo is keyed by address, which Z3 may
        // give a new term once an old one is freed (the guess evaluates
        // only subterms of facts alive throughout).
        let value = |t: &Int| {
            let mut ev = Evaluator {
                env: HashMap::default(),
                memo: HashMap::default(),
                visits: 0,
            };
            ev.int(&Dynamic::from_ast(t), 0)
        };
        for (x, y) in [(-7i64, 2i64), (7, -2), (-7, -2), (7, 2), (0, 5), (-8, 4)] {
            let (a, b) = (Int::from_i64(x), Int::from_i64(y));
            for t in [a.div(&b), a.modulo(&b)] {
                let expected = t.simplify().as_i64().map(i128::from);
                assert!(expected.is_some(), "{t}");
                assert_eq!(value(&t), expected, "{t}");
            }
        }
        assert_eq!(value(&Int::from_i64(5).div(Int::from_i64(0))), None);
    }

    #[test]
    fn unevaluated_terms_never_make_a_fact_true() {
        let (tid, block, _) = launch();
        let bv = z3::ast::BV::new_const("guess_bits", 8);
        let facts = vec![
            tid.ge(Int::from_i64(0)),
            tid.lt(&block),
            bv.bvand(z3::ast::BV::from_i64(1, 8))
                .eq(z3::ast::BV::from_i64(1, 8)),
        ];
        assert!(!satisfiable_by_guess(&facts, &[(tid, block)]));
    }
}

//! Mixed-radix digits for division and remainder by constants.
//!
//! Kernels split a thread id into coordinates with chains of divisions and
//! remainders by constants (`i = id / 36; j = (id % 36) / 9; k = (id % 9) /
//! 3; l = id % 3`). Z3 introduces one quotient and one remainder per term and
//! does not relate `id % 9` to `(id % 36) / 9`; a race query that needs the
//! coordinates to determine `id` then runs out of work. This rewrite names
//! the digits of each such dividend once and writes every division and
//! remainder of it as a linear sum of its digits.
//!
//! Theorem (an equivalence, so both answers of the rewritten query stand).
//! Let 1 = c_0 | c_1 | ... | c_k be positive integers (a chain: each divides
//! the next). Every integer Y is uniquely Y = sum_{j=1}^{k+1} c_{j-1} * D_j
//! with 0 <= D_j < c_j / c_{j-1} for j <= k and D_{k+1} any integer (repeated
//! Euclidean division). For a cut p = c_i: the digits below p sum to at most
//! sum_{j <= i} (c_j - c_{j-1}) = p - 1 (telescoping) and at least 0, so
//! SMT-LIB's `Y div p` (the floor for p > 0) is sum_{c_{j-1} >= p} (c_{j-1} /
//! p) * D_j and `Y mod p` is sum_{c_{j-1} < p} c_{j-1} * D_j; and for cuts
//! p | q, `(Y div p) mod (q / p)` is sum_{p <= c_{j-1} < q} (c_{j-1} / p) *
//! D_j by the same argument applied to `Y div p` with the chain divided by p.
//! Nested terms reduce to that form (a, b, p, m > 0): `(Y div a) div b = Y div
//! (a * b)` (floors compose); `((Y div p) mod m) div b = (Y div (p * b)) mod
//! (m / b)` and `((Y div p) mod m) mod b = (Y div p) mod b` when b | m
//! (m's multiples are multiples of b). Conversely the digits of any model are
//! those of its Y, so a model of the rewritten query (the digits asserted
//! with their ranges and Y = sum c_{j-1} * D_j) is one of the original query.
//!
//! Only `div`/`mod` by a positive numeral are read (`rem` and symbolic
//! divisors are left as they are); a dividend whose cuts do not form one
//! chain keeps the terms outside its longest chain from the bottom (greedy)
//! as they are, which is sound either way (the rewritten terms are equal to
//! the originals).

use crate::base::{HashMap, HashSet};

use super::decl_kind::head_kind;
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::DeclKind;

/// A field of a dividend: `(Y div p) mod (q / p)`, or `Y div p` when q is
/// None.
type Field = (Dynamic, i128, Option<i128>);

fn numeral(t: &Dynamic) -> Option<i128> {
    t.as_int().and_then(|i| i.as_i64()).map(i128::from)
}

/// The digit field `t` reads, when `t` is a `div`/`mod` by a positive
/// numeral (nested ones reduced by the rules of the module documentation).
fn field_of(t: &Dynamic, memo: &mut HashMap<Dynamic, Option<Field>>) -> Option<Field> {
    if let Some(f) = memo.get(t) {
        return f.clone();
    }
    let mut found = None;
    if t.is_app() {
        if let Some(kind @ (DeclKind::Idiv | DeclKind::Mod)) = head_kind(t) {
            let kids = t.children();
            if let (Some(dividend), Some(c)) = (
                kids.first(),
                kids.get(1).and_then(numeral).filter(|c| *c > 0),
            ) {
                // The inner field, when `c` divides its modulus (or it has none).
                let inner =
                    field_of(dividend, memo).filter(|(_, p, q)| q.is_none_or(|q| (q / p) % c == 0));
                found = match (kind, inner) {
                    (DeclKind::Idiv, Some((y, p, q))) => p.checked_mul(c).map(|pc| (y, pc, q)),
                    (DeclKind::Idiv, None) => Some((dividend.clone(), c, None)),
                    (_, Some((y, p, _))) => p.checked_mul(c).map(|pc| (y, p, Some(pc))),
                    (_, None) => Some((dividend.clone(), 1, Some(c))),
                };
            }
        }
    }
    memo.insert(t.clone(), found.clone());
    found
}

/// Every distinct subterm of `facts` (each once), children before parents.
fn post_order(facts: &[Bool]) -> Vec<Dynamic> {
    let mut order = Vec::new();
    let mut seen: HashSet<Dynamic> = HashSet::default();
    let mut stack: Vec<(Dynamic, bool)> = facts
        .iter()
        .rev()
        .map(|f| (Dynamic::from_ast(f), false))
        .collect();
    while let Some((t, expanded)) = stack.pop() {
        if expanded {
            order.push(t);
            continue;
        }
        if seen.contains(&t) {
            continue;
        }
        seen.insert(t.clone());
        stack.push((t.clone(), true));
        if t.is_app() {
            for c in t.children().into_iter().rev() {
                if !seen.contains(&c) {
                    stack.push((c, false));
                }
            }
        }
    }
    order
}

/// The longest chain 1 = c_0 | c_1 | ... taken greedily from the sorted cuts.
fn chain(mut cuts: Vec<i128>) -> Vec<i128> {
    cuts.sort_unstable();
    cuts.dedup();
    let mut out = vec![1];
    for c in cuts {
        if let Some(&last) = out.last() {
            if c > last && c % last == 0 {
                out.push(c);
            }
        }
    }
    out
}

/// `facts` with every `div`/`mod` by constants of a dividend read at two or
/// more cuts written as sums of that dividend's digits, plus the digits'
/// definitions; None when no dividend has two cuts (nothing to gain).
/// The rewritten query is equisatisfiable with `facts`, and its models are
/// models of `facts` (see the module documentation).
pub(crate) fn digit_rewrite(facts: &[Bool]) -> Option<Vec<Bool>> {
    let order = post_order(facts);
    let mut fields: HashMap<Dynamic, Option<Field>> = HashMap::default();
    let mut cuts: HashMap<Dynamic, Vec<i128>> = HashMap::default();
    for t in &order {
        if let Some((y, p, q)) = field_of(t, &mut fields) {
            let entry = cuts.entry(y).or_default();
            entry.push(p);
            entry.extend(q);
        }
    }
    // Dividends read at two cuts or more, with their chains.
    let chains: HashMap<Dynamic, Vec<i128>> = cuts
        .into_iter()
        .map(|(y, c)| (y, chain(c)))
        .filter(|(_, c)| c.len() >= 3)
        .collect();
    if chains.is_empty() {
        return None;
    }
    let mut digits: HashMap<Dynamic, Vec<Int>> = HashMap::default();
    let mut definitions: Vec<Bool> = Vec::new();
    let mut rewritten: HashMap<Dynamic, Dynamic> = HashMap::default();
    for t in &order {
        let field = fields.get(t).cloned().flatten();
        let in_chain = field.as_ref().and_then(|(y, p, q)| {
            let c = chains.get(y)?;
            (c.contains(p) && q.is_none_or(|q| c.contains(&q))).then_some(c)
        });
        let new = match (field.as_ref(), in_chain) {
            (Some((y, p, q)), Some(c)) => {
                if !digits.contains_key(y) {
                    // The dividend itself is rewritten first (post-order).
                    let base = rewritten
                        .get(y)
                        .and_then(|b| b.as_int())
                        .or_else(|| y.as_int())?;
                    let n = digits.len();
                    let ds: Vec<Int> = (0..c.len())
                        .map(|j| Int::new_const(format!("radix!{n}!{j}")))
                        .collect();
                    let mut sum = Vec::new();
                    for (j, d) in ds.iter().enumerate() {
                        if let Some(next) = c.get(j + 1) {
                            definitions.push(d.ge(Int::from_i64(0)));
                            definitions.push(d.lt(Int::from_i128(next / c[j])));
                        }
                        sum.push(Int::mul(&[d.clone(), Int::from_i128(c[j])]));
                    }
                    definitions.push(base.eq(Int::add(&sum)));
                    digits.insert(y.clone(), ds);
                }
                let ds = &digits[y];
                let terms: Vec<Int> = c
                    .iter()
                    .zip(ds)
                    .filter(|(cut, _)| **cut >= *p && q.is_none_or(|q| **cut < q))
                    .map(|(cut, d)| Int::mul(&[d.clone(), Int::from_i128(cut / p)]))
                    .collect();
                Dynamic::from_ast(&if terms.is_empty() {
                    Int::from_i64(0)
                } else {
                    Int::add(&terms)
                })
            }
            _ => {
                let kids = if t.is_app() { t.children() } else { Vec::new() };
                let new_kids: Vec<Dynamic> = kids
                    .iter()
                    .map(|k| rewritten.get(k).cloned().unwrap_or_else(|| k.clone()))
                    .collect();
                if new_kids == kids {
                    t.clone()
                } else {
                    let refs: Vec<&dyn Ast> = new_kids.iter().map(|k| k as &dyn Ast).collect();
                    t.decl().apply(&refs)
                }
            }
        };
        if new != *t {
            rewritten.insert(t.clone(), new);
        }
    }
    let mut out: Vec<Bool> = facts
        .iter()
        .map(|f| {
            let d = Dynamic::from_ast(f);
            rewritten
                .get(&d)
                .and_then(|n| n.as_bool())
                .unwrap_or_else(|| f.clone())
        })
        .collect();
    out.extend(definitions);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use z3::{SatResult, Solver};

    fn solve(facts: &[Bool]) -> SatResult {
        let s = Solver::new();
        for f in facts {
            s.assert(f);
        }
        s.check()
    }

    /// The su3-style split `id -> (id / 36, (id % 36) / 9, (id % 9) / 3,
    /// id % 3)` laid out with a row of 176 bytes: two ids give the same
    /// offset only if they are equal.
    fn split_offsets(row: i64) -> Vec<Bool> {
        let offset = |id: &Int| {
            let c = |v: i64| Int::from_i64(v);
            Int::add(&[
                Int::mul(&[id.div(c(36)), c(row)]),
                Int::mul(&[id.modulo(c(36)).div(c(9)), c(36)]),
                Int::mul(&[id.modulo(c(9)).div(c(3)), c(12)]),
                Int::mul(&[id.modulo(c(3)), c(4)]),
            ])
        };
        let (a, b) = (Int::new_const("radix_a"), Int::new_const("radix_b"));
        vec![
            a.eq(&b).not(),
            a.ge(Int::from_i64(0)),
            b.ge(Int::from_i64(0)),
            offset(&a).eq(offset(&b)),
        ]
    }

    #[test]
    fn digits_of_a_split_id_decide_that_equal_offsets_need_equal_ids() {
        let facts = split_offsets(176);
        let rewritten = digit_rewrite(&facts).expect("a dividend read at several cuts");
        assert_eq!(solve(&rewritten), SatResult::Unsat);
    }

    #[test]
    fn a_row_shorter_than_its_fields_still_collides_after_the_rewrite() {
        // 36 * 4 = 144 bytes of fields in a 140-byte row: id 36 (row 1, field
        // 0) and id 35 (row 0, field 3 2 2, offset 108 + 24 + 8 = 140) meet.
        let facts = split_offsets(140);
        let rewritten = digit_rewrite(&facts).expect("a dividend read at several cuts");
        assert_eq!(solve(&rewritten), SatResult::Sat);
        assert_eq!(solve(&facts), SatResult::Sat);
    }

    #[test]
    fn one_cut_per_dividend_is_left_alone() {
        let x = Int::new_const("radix_single");
        let facts = vec![x.div(Int::from_i64(4)).eq(Int::from_i64(2))];
        assert!(digit_rewrite(&facts).is_none());
    }

    #[test]
    fn negative_dividends_keep_floor_semantics() {
        // -7 div 4 = -2 and -7 mod 4 = 1 in SMT-LIB; (-7 mod 8) div 4 = 0.
        let x = Int::new_const("radix_negative");
        let c = |v: i64| Int::from_i64(v);
        let facts = vec![
            x.eq(c(-7)),
            x.div(c(4)).eq(c(-2)),
            x.modulo(c(4)).eq(c(1)),
            x.modulo(c(8)).div(c(4)).eq(c(0)),
            x.div(c(2)).modulo(c(2)).eq(c(0)),
        ];
        let rewritten = digit_rewrite(&facts).expect("several cuts");
        assert_eq!(solve(&rewritten), SatResult::Sat);
        let wrong = vec![
            x.eq(c(-7)),
            x.modulo(c(8)).div(c(4)).eq(c(1)),
            x.div(c(4)).eq(c(-2)),
        ];
        assert_eq!(
            solve(&digit_rewrite(&wrong).expect("cuts")),
            SatResult::Unsat
        );
    }

    #[test]
    fn cuts_off_the_chain_stay_as_they_are() {
        // Cuts 3, 4, 12: the greedy chain is 1 | 3 | 12; `x mod 4` stays.
        let x = Int::new_const("radix_off_chain");
        let c = |v: i64| Int::from_i64(v);
        let facts = vec![
            x.modulo(c(3)).eq(c(2)),
            x.modulo(c(4)).eq(c(3)),
            x.div(c(12)).eq(c(0)),
        ];
        let rewritten = digit_rewrite(&facts).expect("a chain of two cuts");
        assert_eq!(solve(&rewritten), SatResult::Sat);
        let s = Solver::new();
        for f in &rewritten {
            s.assert(f);
        }
        assert_eq!(s.check(), SatResult::Sat);
        let model = s.get_model().expect("a model");
        assert_eq!(model.eval(&x, true).and_then(|v| v.as_i64()), Some(11));
    }
}

//! Query slicing: the facts of a race query that can constrain its goal.
//!
//! A race query is the conjunction of a scenario's base facts (launch
//! bounds, both threads' path facts: every loop local's range and
//! invariant, every read-only load's range) and the pair's goal facts (both
//! accesses enabled, their offsets overlapping). Base facts about locals the
//! goal never reads (gemv's hundred havocked loop locals, read before a
//! shared-memory pair after the loop) cost the solver work but cannot make
//! the goal unsatisfiable unless they constrain what it reads.
//!
//! The slice keeps the goal facts and every base fact connected to them
//! through the uninterpreted constants they share, except the launch's
//! thread and block ids and sizes (the hubs: almost every fact reads them,
//! and through them every fact would be connected; a fact that reads hubs
//! only is always kept, and so is a fact of one other constant: a range or
//! a fixed value is cheap to keep, and the value model completion would
//! give its constant may break it). It is used in two ways only, both
//! exact:
//! - the slice is a subset of the query's conjuncts, so when it is
//!   unsatisfiable so is the query (no race is lost);
//! - a model of the slice answers the query only when it satisfies every
//!   fact of the query (evaluated with model completion), so it is a model
//!   of the query itself; otherwise the whole query is asked.

use crate::base::{HashMap, HashSet};
use std::rc::Rc;
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::AstKind;

/// The uninterpreted constants of facts, by term address, cached per fact.
pub(super) struct Slicer {
    /// Addresses of the hub constants (see the module comment).
    hubs: HashSet<usize>,
    /// The hub terms, kept alive so that their addresses stay theirs.
    _hub_terms: Vec<Int>,
    /// Each fact seen so far (kept alive: its address is the key) with its
    /// non-hub constants.
    symbols: HashMap<usize, (Bool, Rc<[usize]>)>,
}

/// The address of a term: Z3 shares equal terms of one context, so two
/// occurrences of a constant have the same address while either lives.
fn address(term: &impl Ast) -> usize {
    term.get_z3_ast().as_ptr() as usize
}

impl Slicer {
    /// A slicer whose hubs are `hubs` (numerals among them are ignored).
    pub(super) fn new(hubs: Vec<Int>) -> Slicer {
        let hub_terms: Vec<Int> = hubs.into_iter().filter(|h| h.as_i64().is_none()).collect();
        Slicer {
            hubs: hub_terms.iter().map(address).collect(),
            _hub_terms: hub_terms,
            symbols: HashMap::default(),
        }
    }

    /// The non-hub uninterpreted constants of `fact`.
    fn symbols_of(&mut self, fact: &Bool) -> Rc<[usize]> {
        if let Some((_, symbols)) = self.symbols.get(&address(fact)) {
            return symbols.clone();
        }
        let mut seen: HashSet<usize> = HashSet::default();
        let mut found: Vec<usize> = Vec::new();
        let mut stack: Vec<Dynamic> = vec![Dynamic::from_ast(fact)];
        while let Some(term) = stack.pop() {
            // Numerals, variables bound by quantifiers and quantifiers
            // themselves are not applications; a quantifier's body is not
            // walked (its constants stay unseen: such a fact is then kept
            // only with the goal's component or as hub-only, and the model
            // test below still guards every answer).
            if term.kind() != AstKind::App || !seen.insert(address(&term)) {
                continue;
            }
            let children = term.children();
            if children.is_empty() {
                // `true` and `false` are the only interpreted constants the
                // encoder builds.
                let literal = term.as_bool().and_then(|b| b.as_bool()).is_some();
                let at = address(&term);
                if !literal && !self.hubs.contains(&at) {
                    found.push(at);
                }
                continue;
            }
            stack.extend(children);
        }
        found.sort_unstable();
        found.dedup();
        let symbols: Rc<[usize]> = found.into();
        self.symbols
            .insert(address(fact), (fact.clone(), symbols.clone()));
        symbols
    }

    /// The facts of `facts` the goal facts (`facts[goals_from..]`) may
    /// depend on: the goals, the facts of at most one non-hub constant, and
    /// the facts sharing a non-hub constant with them, transitively. `None`
    /// when that is every fact.
    pub(super) fn slice(&mut self, facts: &[Bool], goals_from: usize) -> Option<Vec<Bool>> {
        if goals_from == 0 || goals_from >= facts.len() {
            return None;
        }
        let symbols: Vec<Rc<[usize]>> = facts.iter().map(|f| self.symbols_of(f)).collect();
        // Union-find over the constants: the constants of one fact are one
        // component.
        let mut parent: HashMap<usize, usize> = HashMap::default();
        fn root(parent: &mut HashMap<usize, usize>, x: usize) -> usize {
            let mut r = x;
            while let Some(&p) = parent.get(&r) {
                if p == r {
                    break;
                }
                r = p;
            }
            // Path compression.
            let mut y = x;
            while y != r {
                let next = parent.get(&y).copied().unwrap_or(r);
                parent.insert(y, r);
                y = next;
            }
            r
        }
        for fact in &symbols {
            let Some((&first, rest)) = fact.split_first() else {
                continue;
            };
            let a = root(&mut parent, first);
            parent.entry(a).or_insert(a);
            for &s in rest {
                let b = root(&mut parent, s);
                if a != b {
                    let ra = root(&mut parent, a);
                    parent.insert(b, ra);
                }
            }
        }
        let relevant: HashSet<usize> = symbols[goals_from..]
            .iter()
            .flat_map(|f| f.iter().copied())
            .map(|s| root(&mut parent, s))
            .collect();
        let mut kept = Vec::with_capacity(facts.len());
        for (i, (fact, syms)) in facts.iter().zip(&symbols).enumerate() {
            let keep = i >= goals_from
                || syms.len() <= 1
                || relevant.contains(&root(&mut parent, syms[0]));
            if keep {
                kept.push(fact.clone());
            }
        }
        (kept.len() < facts.len()).then_some(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_of_constants_the_goal_does_not_reach_are_left_out() {
        let tid = Int::new_const("slice_tid");
        let n = Int::new_const("slice_n");
        let i = Int::new_const("slice_i");
        let local = Int::new_const("slice_local");
        let other = Int::new_const("slice_other");
        let facts = vec![
            // Hub only: kept.
            tid.ge(Int::from_i64(0)),
            // Reaches the goal's `i` through `n`: kept.
            i.lt(&n),
            n.le(Int::from_i64(10)),
            // A range of one constant: kept.
            local.ge(Int::from_i64(0)),
            // A loop local read with the hub and `other`: left out.
            local.eq(&tid * 2 + &other),
            // Connected to `local` only: left out.
            other.gt(&local),
            // The goal.
            i.eq(&tid),
        ];
        let mut slicer = Slicer::new(vec![tid.clone()]);
        let kept = slicer.slice(&facts, 6).expect("two facts are left out");
        let expected = [0, 1, 2, 3, 6].map(|k| facts[k].clone());
        assert_eq!(kept, expected);
        // Linked to the goal through `n`: now everything is kept.
        let mut linked = facts.clone();
        linked.insert(6, (&other + &n).eq(Int::from_i64(3)));
        assert_eq!(slicer.slice(&linked, 7), None);
    }
}

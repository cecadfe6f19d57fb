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
//! give its constant may break it). The hub core of a large query
//! ([`Slicer::core`]) is smaller still: the goals and the facts that read
//! hubs only, where the outermost applications of uninterpreted functions
//! (read-only loads, float operations) count as symbols too. Both are used
//! in two ways only, both exact (the core in the first only):
//! - the slice is a subset of the query's conjuncts, so when it is
//!   unsatisfiable so is the query (no race is lost);
//! - a model of the slice answers the query only when it satisfies every
//!   fact of the query (evaluated with model completion), so it is a model
//!   of the query itself; otherwise the whole query is asked.

use super::decl_kind::is_uninterpreted_application;
use super::symexec::Val;
use crate::base::{HashMap, HashSet};
use std::rc::Rc;
use z3::ast::{Ast, Bool, Dynamic, Int};
use z3::AstKind;

/// The facts that only say two reads of one thread return one value
/// (`Exec`'s repeated reads: `premise => r1 == r2`, see
/// `own_write::repeated_reads`), by address, with the addresses of the two
/// read constants; and the range facts of read constants (`lo <= r <= hi`).
/// [`Slicer::drop_unread_links`] leaves out the links of reads no other
/// fact mentions.
#[derive(Default)]
pub(super) struct ReadLinks {
    /// Link fact (kept alive: its address is the key) and its two reads.
    links: HashMap<usize, (Bool, [usize; 2])>,
    /// Range facts of one read constant, whatever value 0 (or `false`)
    /// satisfies (kept alive: the address is the key).
    ranges: HashMap<usize, Bool>,
}

impl ReadLinks {
    /// Records `link` as a fact relating only the two `reads` (fresh read
    /// constants of one sort) under a premise.
    pub(super) fn link(&mut self, link: &Bool, reads: [&Val; 2]) {
        let at = |v: &Val| match v {
            Val::B(b) => address(b),
            Val::I(i, _) => address(i),
        };
        self.links
            .insert(address(link), (link.clone(), reads.map(at)));
    }

    /// Records `range` as a fact constraining one read constant only, which
    /// its sort's zero (0 or `false`) satisfies.
    pub(super) fn range(&mut self, range: &Bool) {
        self.ranges.insert(address(range), range.clone());
    }

    /// Whether no link is recorded.
    pub(super) fn is_empty(&self) -> bool {
        self.links.is_empty()
    }
}

/// The uninterpreted constants of facts, by term address, cached per fact.
pub(super) struct Slicer {
    /// Addresses of the hub constants (see the module comment).
    hubs: HashSet<usize>,
    /// The hub terms, kept alive so that their addresses stay theirs.
    _hub_terms: Vec<Int>,
    /// Each fact seen so far (kept alive: its address is the key) with its
    /// non-hub symbols.
    symbols: HashMap<usize, (Bool, Symbols)>,
}

/// The symbols of a fact: its non-hub uninterpreted constants (which the
/// slice connects facts by), then its outermost applications of
/// uninterpreted functions (which, with them, keep a fact out of the hub
/// core; see [`Slicer::symbols_of`]).
#[derive(Clone)]
struct Symbols {
    /// Addresses: the constants first, then the applications.
    all: Rc<[usize]>,
    /// How many of `all` are constants.
    constants: usize,
}

impl Symbols {
    /// The constants.
    fn constants(&self) -> &[usize] {
        &self.all[..self.constants]
    }
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

    /// The non-hub uninterpreted constants of `fact` and its outermost
    /// applications of uninterpreted functions (a read-only load
    /// `read-only#0(152)`, a float operation on loads), an application by
    /// term address (Z3 shares equal terms); the constants of an
    /// application's arguments are among the constants. A fact about
    /// loads at numeral addresses reads no constant at all: myocyte's 946
    /// ranges of values computed from `d_initvalu[38]` and others (842 KB
    /// of a 1.1 MB query) read hubs only by their constants, and only
    /// their applications keep them out of the hub core.
    fn symbols_of(&mut self, fact: &Bool) -> Symbols {
        if let Some((_, symbols)) = self.symbols.get(&address(fact)) {
            return symbols.clone();
        }
        // Terms are walked once outside any application and once inside
        // one (where applications are not symbols of their own).
        let mut seen: HashSet<(usize, bool)> = HashSet::default();
        let mut constants: Vec<usize> = Vec::new();
        let mut applications: Vec<usize> = Vec::new();
        let mut stack: Vec<(Dynamic, bool)> = vec![(Dynamic::from_ast(fact), false)];
        while let Some((term, inside)) = stack.pop() {
            // Numerals, variables bound by quantifiers and quantifiers
            // themselves are not applications; a quantifier's body is not
            // walked (its constants stay unseen: such a fact is then kept
            // only with the goal's component or as hub-only, and the model
            // test below still guards every answer).
            if term.kind() != AstKind::App || !seen.insert((address(&term), inside)) {
                continue;
            }
            let children = term.children();
            if children.is_empty() {
                // `true` and `false` are the only interpreted constants the
                // encoder builds.
                let literal = term.as_bool().and_then(|b| b.as_bool()).is_some();
                let at = address(&term);
                if !literal && !self.hubs.contains(&at) {
                    constants.push(at);
                }
                continue;
            }
            let application = is_uninterpreted_application(&term);
            if application && !inside {
                applications.push(address(&term));
            }
            let inside = inside || application;
            stack.extend(children.into_iter().map(|c| (c, inside)));
        }
        constants.sort_unstable();
        constants.dedup();
        applications.sort_unstable();
        applications.dedup();
        let symbols = Symbols {
            constants: constants.len(),
            all: constants.into_iter().chain(applications).collect(),
        };
        self.symbols
            .insert(address(fact), (fact.clone(), symbols.clone()));
        symbols
    }

    /// The hub core of a query of at least `min_facts` facts: the goal
    /// facts (`facts[goals_from..]`) and the base facts that read hubs only
    /// (the launch bounds, the two threads' distinctness and the
    /// scenario's block relation); with `goal_reads`, also the base facts
    /// that read nothing but hubs and what the goals read (the goal core,
    /// see [`Checker::check_kept_facts`](super::sdv)). `None` for a smaller
    /// query or when that is every fact. A subset of the conjuncts, like
    /// the slice: when it is unsatisfiable so is the query. Two stores of
    /// one thread-0-of-block-0 section (`if (blockIdx.x == 0 && threadIdx.x
    /// == 0)`) contradict the distinctness of the two threads by their
    /// guards alone, in a query of 2,500 facts that costs `smt` 22,000
    /// units to load (myocyte).
    pub(super) fn core(
        &mut self,
        facts: &[Bool],
        goals_from: usize,
        min_facts: usize,
        goal_reads: bool,
    ) -> Option<Vec<Bool>> {
        if facts.len() < min_facts || goals_from == 0 || goals_from >= facts.len() {
            return None;
        }
        // What the goals read: a base fact reading nothing else (a stride
        // loop's `head == tid + k*blockDim` of a counter the goal indexes
        // with, the range of that `k`) constrains the goals' own values.
        let mut goal_symbols: HashSet<usize> = HashSet::default();
        if goal_reads {
            for fact in &facts[goals_from..] {
                goal_symbols.extend(self.symbols_of(fact).all.iter().copied());
            }
        }
        let mut kept = Vec::new();
        for (i, fact) in facts.iter().enumerate() {
            if i >= goals_from
                || self
                    .symbols_of(fact)
                    .all
                    .iter()
                    .all(|s| goal_symbols.contains(s))
            {
                kept.push(fact.clone());
            }
        }
        (kept.len() < facts.len()).then_some(kept)
    }

    /// The facts of `facts` the goal facts (`facts[goals_from..]`) may
    /// depend on: the goals, the facts of at most one non-hub constant, and
    /// the facts sharing a non-hub constant with them, transitively. `None`
    /// when that is every fact.
    pub(super) fn slice(&mut self, facts: &[Bool], goals_from: usize) -> Option<Vec<Bool>> {
        if goals_from == 0 || goals_from >= facts.len() {
            return None;
        }
        let symbols: Vec<Symbols> = facts.iter().map(|f| self.symbols_of(f)).collect();
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
            let Some((&first, rest)) = fact.constants().split_first() else {
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
            .flat_map(|f| f.constants().iter().copied())
            .map(|s| root(&mut parent, s))
            .collect();
        let mut kept = Vec::with_capacity(facts.len());
        for (i, (fact, syms)) in facts.iter().zip(&symbols).enumerate() {
            let keep = i >= goals_from
                || syms.constants <= 1
                || relevant.contains(&root(&mut parent, syms.all[0]));
            if keep {
                kept.push(fact.clone());
            }
        }
        (kept.len() < facts.len()).then_some(kept)
    }

    /// `facts` without the read links (see [`ReadLinks`]) whose reads no
    /// other fact and no lemma mentions, with the index the goals start at
    /// after them (`goals_from` moved by the links left out before it);
    /// `None` when every fact is kept. Exact: a link is kept when one of its
    /// reads is mentioned by a kept fact or lemma (transitively through kept
    /// links), so a left-out link's two reads occur in left-out links and in
    /// their own range facts only. A model of the rest extends to a model of
    /// every fact by giving all those reads their sort's zero (0 lies in
    /// every C integer range; both reads of a link have one sort), which is
    /// what model completion gives them: every link holds with equal reads.
    /// The queries are equisatisfiable and their models agree.
    pub(super) fn drop_unread_links(
        &mut self,
        facts: &[Bool],
        lemmas: &[Bool],
        reads: &ReadLinks,
        goals_from: Option<usize>,
    ) -> Option<(Vec<Bool>, Option<usize>)> {
        let link_of = |f: &Bool| reads.links.get(&address(f)).map(|(_, r)| *r);
        if reads.is_empty() || !facts.iter().any(|f| link_of(f).is_some()) {
            return None;
        }
        let mut mentioned: HashSet<usize> = HashSet::default();
        for fact in facts.iter().chain(lemmas) {
            if link_of(fact).is_none() && !reads.ranges.contains_key(&address(fact)) {
                mentioned.extend(self.symbols_of(fact).all.iter().copied());
            }
        }
        let mut kept_links: HashSet<usize> = HashSet::default();
        loop {
            let mut grew = false;
            for fact in facts {
                let Some([a, b]) = link_of(fact) else {
                    continue;
                };
                if (mentioned.contains(&a) || mentioned.contains(&b))
                    && kept_links.insert(address(fact))
                {
                    mentioned.insert(a);
                    mentioned.insert(b);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let mut kept = Vec::with_capacity(facts.len());
        let mut dropped_before_goals = 0;
        for (i, fact) in facts.iter().enumerate() {
            if link_of(fact).is_some() && !kept_links.contains(&address(fact)) {
                dropped_before_goals += usize::from(goals_from.is_some_and(|g| i < g));
                continue;
            }
            kept.push(fact.clone());
        }
        let goals = goals_from.map(|g| g - dropped_before_goals);
        (kept.len() < facts.len()).then_some((kept, goals))
    }
}

#[cfg(test)]
mod tests {
    use super::super::symexec::Range;
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

    #[test]
    fn the_hub_core_leaves_out_facts_of_loads_and_constants() {
        use z3::{FuncDecl, Sort};
        let tid = Int::new_const("core_tid");
        let bid = Int::new_const("core_bid");
        let x = Int::new_const("core_x");
        let load = FuncDecl::new("core_load", &[&Sort::int()], &Sort::int());
        let at = |k: i64| load.apply(&[&Int::from_i64(k)]).as_int().expect("an Int");
        let facts = vec![
            // Hub only: kept.
            tid.ge(Int::from_i64(0)),
            bid.ge(Int::from_i64(0)),
            // A range of a load at a numeral address: left out.
            at(152).ge(Int::from_i64(-40)),
            // A range of a constant: left out.
            x.lt(&tid),
            // The goals: kept, whatever they read.
            Bool::and(&[at(152).ge(Int::from_i64(-40)), tid.eq(Int::from_i64(0))]),
            bid.eq(Int::from_i64(0)),
        ];
        let mut slicer = Slicer::new(vec![tid.clone(), bid.clone()]);
        // Too small a query has no core.
        assert_eq!(slicer.core(&facts, 4, 7, false), None);
        let core = slicer
            .core(&facts, 4, 6, false)
            .expect("two facts are left out");
        assert_eq!(core, [0, 1, 4, 5].map(|k| facts[k].clone()));
        // The goal core also keeps the range of the load the goal reads,
        // not the fact of a constant the goals do not read.
        let goal_core = slicer
            .core(&facts, 4, 6, true)
            .expect("one fact is left out");
        assert_eq!(goal_core, [0, 1, 2, 4, 5].map(|k| facts[k].clone()));
        // The slice keeps both ranges: one constant, and no constant.
        assert_eq!(slicer.slice(&facts, 4), None);
        // Nothing to leave out: no core.
        assert_eq!(
            slicer.core(&[facts[0].clone(), facts[5].clone()], 1, 2, false),
            None
        );
    }

    #[test]
    fn links_of_reads_nothing_else_mentions_are_left_out() {
        let tid = Int::new_const("links_tid");
        let off = Int::new_const("links_off");
        let r1 = Int::new_const("links_r1");
        let r2 = Int::new_const("links_r2");
        let r3 = Int::new_const("links_r3");
        let val = |r: &Int| Val::I(r.clone(), Range { lo: -128, hi: 127 });
        let range = |r: &Int| Bool::and(&[r.ge(Int::from_i64(-128)), r.le(Int::from_i64(127))]);
        let link = |a: &Int, b: &Int| off.eq(&tid).implies(a.eq(b));
        let mut reads = ReadLinks::default();
        let (l12, l23) = (link(&r1, &r2), link(&r2, &r3));
        reads.link(&l12, [&val(&r1), &val(&r2)]);
        reads.link(&l23, [&val(&r2), &val(&r3)]);
        for r in [&r1, &r2, &r3] {
            reads.range(&range(r));
        }
        let mut slicer = Slicer::new(vec![tid.clone()]);
        let base = vec![range(&r1), l12.clone(), range(&r2), l23.clone(), range(&r3)];
        // Only ranges and links mention the reads: both links are left
        // out, the goals move two places up, the ranges stay.
        let mut facts = base.clone();
        facts.push(off.ge(Int::from_i64(4)));
        let (kept, goals) = slicer
            .drop_unread_links(&facts, &[], &reads, Some(5))
            .expect("links left out");
        assert_eq!(kept, [0, 2, 4, 5].map(|k| facts[k].clone()));
        assert_eq!(goals, Some(3));
        // A goal reading r3 keeps the link to r2 and, through it, the link
        // to r1.
        let mut facts = base.clone();
        facts.push(r3.gt(&off));
        assert_eq!(slicer.drop_unread_links(&facts, &[], &reads, Some(5)), None);
        // So does a lemma reading r1 (transitively in the other direction).
        let mut facts = base.clone();
        facts.push(off.ge(Int::from_i64(4)));
        let lemma = [r1.lt(&tid)];
        assert_eq!(
            slicer.drop_unread_links(&facts, &lemma, &reads, Some(5)),
            None
        );
        // A base fact reading r1 only keeps the link r1-r2 and, through r2, r2-r3.
        let mut facts = base.clone();
        facts.insert(0, r1.eq(&off));
        facts.push(off.ge(Int::from_i64(4)));
        assert_eq!(slicer.drop_unread_links(&facts, &[], &reads, Some(6)), None);
        // Unrelated reads: only the link of the mentioned read stays.
        let r4 = Int::new_const("links_r4");
        let l34 = link(&r3, &r4);
        reads.link(&l34, [&val(&r3), &val(&r4)]);
        let facts = vec![l12.clone(), l34.clone(), r4.gt(&off)];
        let (kept, goals) = slicer
            .drop_unread_links(&facts, &[], &reads, Some(2))
            .expect("the link of r1 and r2 left out");
        assert_eq!(kept, [l34, r4.gt(&off)]);
        assert_eq!(goals, Some(1));
    }
}

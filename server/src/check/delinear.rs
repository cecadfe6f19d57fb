//! Pairs of accesses decided without the solver: multi-dimensional offsets
//! (row-major layouts of thread and block ids) that determine the thread.
//!
//! Every offset is expanded into an exact polynomial over *atoms*: thread
//! and block ids (`threadIdx.d`, `blockIdx.d`, which differ between
//! threads) and grid-uniform values (integer parameters, `blockDim`,
//! `gridDim`, the global offset, `warpSize`; launch sizes the launch fixes
//! are their constants). The expansion goes through constants, `+`, `-`,
//! `*`, integer conversions and locals with a single definition at the
//! kernel's top level before the use (or, for a local all of whose
//! definitions are top-level assignments, the last one before the use:
//! `Delinear::reaching_value`), and only where the encoder's value is
//! the mathematical one: a signed `+`, `-`, `*` (the encoder never wraps
//! them: signed overflow is undefined behaviour), an unsigned one whose
//! result provably fits its type or, in an access's offset, that the
//! index-arithmetic assumption says does not wrap (`n * blockIdx.y`:
//! `Delinear::index_arithmetic`), and a conversion that preserves the value
//! (widening, or a range inside the target type). Anything else (memory
//! values, loop counters, division, bit operations) gives up: the pair goes
//! to the solver. The atoms have the same value wherever the access runs,
//! so the expansion holds for any statement instance.
//!
//! Theorem (division). Let `E = K * H + A + U` where `K` and `U` are
//! grid-uniform and `0 <= A < K` holds in both threads. If `E(t1) = E(t2)`
//! then `K * (H1 - H2) = A2 - A1`, whose absolute value is below `K`, so
//! `H1 = H2` and `A1 = A2`. The bound `A < K` comes from a guard around
//! both accesses (`if (col < N)`, an early `if (col >= N) return;` or an
//! assumption (a precondition, a launch relation's corollary) at the top
//! level, conjunctions of them; each side built from the atoms above, so it
//! still holds at the access) or from the launch (`threadIdx.d <
//! blockDim.d`, `blockIdx.d < gridDim.d`); `A >= 0` from the value ranges of
//! the atoms or from a guard.
//!
//! Theorem (mixed radix). Let `E = sum c_i * x_i + U` with constants `c_i`,
//! distinct atoms `x_i` with value ranges of width `w_i`, `U` grid-uniform,
//! ordered by `|c_i|`, and `|c_j| > sum_{i<j} |c_i| * w_i` for every `j`.
//! If `E(t1) = E(t2)` and `j` is the largest index with `x_j(t1) !=
//! x_j(t2)`, then `|c_j| <= |c_j * (x_j(t1) - x_j(t2))| = |sum_{i<j} ...|
//! <= sum_{i<j} |c_i| * w_i`, a contradiction: every `x_i` is equal.
//!
//! Both theorems apply recursively to `H` and `A`; the ids they prove equal
//! are the *cover* of the offset. Two threads of one block differ in some
//! `threadIdx.d` whose extent may exceed 1, two threads of different
//! blocks in some `blockIdx.d`: a covered dimension set containing those
//! decides the scenario. Byte ranges: the cover also gives a *gap* `g`
//! (offsets that differ differ by at least `g`), so accesses `E + d1` and
//! `E + d2` of `s` bytes are disjoint when `g - |d1 - d2| >= s`.

use crate::base::HashMap;
use std::collections::BTreeMap;

use crate::config::CheckOptions;
use crate::ir::{
    Access, BinOp, Block, Builtin, Expr, Kernel, ScalarTy, StmtId, StmtKind, UnOp, VarId,
};

/// An atom of an offset polynomial.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Atom {
    /// `threadIdx.d`.
    Tid(u8),
    /// `blockIdx.d`.
    Bid(u8),
    /// `x / c` of a thread-dependent, invariant, non-negative polynomial `x`
    /// and a constant `c > 0` (entry of [`Delinear::divisions`]): the floor
    /// quotient (C's truncation on a non-negative dividend).
    Quot(u32),
    /// `x % c` of the same division: `x - c * (x / c)`, in `[0, c)`.
    Rem(u32),
    /// `blockDim.d` (not known).
    BlockDim(u8),
    /// `gridDim.d` (not known).
    GridDim(u8),
    /// An integer parameter.
    Param(u32),
    /// The current value of a local that is not a single top-level
    /// definition (a loop counter, a value read from memory): any integer
    /// of its type, different in each thread and at each evaluation.
    Opaque(u32),
    /// A local with a single top-level definition the expansion does not
    /// see through: an integer of its type, fixed in a thread after its
    /// definition, possibly different in each thread.
    Fixed(u32),
    /// An integer subterm the expansion does not see through (`(k + 2) % 3`,
    /// `x >> 2`, a select, a pure call), numbered in [`Delinear::terms`]:
    /// any integer of its range, different in each thread and at each
    /// evaluation (like [`Atom::Opaque`]); within one evaluation of an
    /// offset, equal subterms have equal values.
    Term(u32),
    /// Such a subterm whose leaves are all grid-uniform (parameters, launch
    /// sizes, constants): its value is the same in every thread and at every
    /// evaluation, since a pure function of the same inputs.
    UniformTerm(u32),
}

impl Atom {
    /// The bit of a thread or block id in a cover.
    fn id_bit(self) -> Option<u8> {
        match self {
            Atom::Tid(d) => Some(1 << d.min(2)),
            Atom::Bid(d) => Some(8 << d.min(2)),
            _ => None,
        }
    }

    /// Whether the atom may differ between the two threads.
    fn varying(self) -> bool {
        matches!(
            self,
            Atom::Tid(_)
                | Atom::Bid(_)
                | Atom::Opaque(_)
                | Atom::Fixed(_)
                | Atom::Term(_)
                | Atom::Quot(_)
                | Atom::Rem(_)
        )
    }

    /// The bit of a quotient or remainder atom in [`Cover::parts`].
    fn part_bit(self) -> u64 {
        match self {
            Atom::Quot(k) if k < 32 => 1 << (2 * k),
            Atom::Rem(k) if k < 32 => 2 << (2 * k),
            _ => 0,
        }
    }
}

/// An exact polynomial: monomial (sorted atoms) to coefficient.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
struct Poly(BTreeMap<Vec<Atom>, i128>);

/// The largest monomial degree kept.
const MAX_DEGREE: usize = 6;

impl Poly {
    fn constant(c: i128) -> Poly {
        let mut p = Poly::default();
        p.add_term(Vec::new(), c);
        p
    }

    fn atom(a: Atom) -> Poly {
        let mut p = Poly::default();
        p.add_term(vec![a], 1);
        p
    }

    fn add_term(&mut self, mono: Vec<Atom>, c: i128) -> Option<()> {
        // Only this entry can become zero (every polynomial is kept free of
        // zero coefficients), so only it is looked at: a scan of the whole
        // map per term made sums quadratic in their length.
        match self.0.entry(mono) {
            std::collections::btree_map::Entry::Vacant(e) => {
                if c != 0 {
                    e.insert(c);
                }
            }
            std::collections::btree_map::Entry::Occupied(mut e) => {
                let sum = e.get().checked_add(c)?;
                if sum == 0 {
                    e.remove();
                } else {
                    *e.get_mut() = sum;
                }
            }
        }
        Some(())
    }

    fn add(&self, other: &Poly, sign: i128) -> Option<Poly> {
        let mut out = self.clone();
        for (m, c) in &other.0 {
            out.add_term(m.clone(), c.checked_mul(sign)?)?;
        }
        Some(out)
    }

    fn mul(&self, other: &Poly) -> Option<Poly> {
        let mut out = Poly::default();
        for (ma, ca) in &self.0 {
            for (mb, cb) in &other.0 {
                let mut m = ma.clone();
                m.extend(mb.iter().copied());
                if m.len() > MAX_DEGREE {
                    return None;
                }
                m.sort();
                out.add_term(m, ca.checked_mul(*cb)?)?;
            }
        }
        Some(out)
    }

    /// The monomials with an atom that may differ between threads (the
    /// rest is grid-uniform).
    fn thread_part(&self) -> Poly {
        Poly(
            self.0
                .iter()
                .filter(|(m, _)| m.iter().any(|a| a.varying()))
                .map(|(m, c)| (m.clone(), *c))
                .collect(),
        )
    }

    /// Whether the value is the same wherever it is evaluated in a thread
    /// (no opaque local).
    fn invariant(&self) -> bool {
        self.0
            .keys()
            .flatten()
            .all(|a| !matches!(a, Atom::Opaque(_) | Atom::Term(_)))
    }

    /// Whether every opaque local in it is `frozen`.
    fn invariant_but(&self, frozen: Frozen<'_>) -> bool {
        self.0.keys().flatten().all(|a| match a {
            Atom::Opaque(v) => frozen.contains(*v),
            // A subterm may read locals the block assigns.
            Atom::Term(_) => false,
            _ => true,
        })
    }

    /// The constant term.
    fn constant_term(&self) -> i128 {
        self.0.get(&Vec::new()).copied().unwrap_or(0)
    }
}

/// `lhs < rhs` (or, `equal`, `lhs == rhs`; exact values) wherever the
/// access runs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Fact {
    lhs: Poly,
    rhs: Poly,
    equal: bool,
}

/// Thread/block ids an offset determines and the least distance between
/// two different values of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cover {
    /// Bits 0-2: `threadIdx.x/y/z`; bits 3-5: `blockIdx.x/y/z`.
    ids: u8,
    /// Different offsets differ by at least this much.
    gap: i128,
    /// Quotient and remainder atoms the offset determines (see
    /// [`Atom::part_bit`]): a division whose quotient and remainder are both
    /// equal has equal dividends, so the dividend's ids are equal too (see
    /// [`Delinear::close`]).
    parts: u64,
}

/// A subterm behind [`Atom::Term`] / [`Atom::UniformTerm`]: the
/// expression, whether grid-uniform, and its value range.
type SubTerm = (Expr, bool, (i128, i128));

/// The subterms met so far, numbered in order of first meeting, with an
/// index from each subterm's hash to the numbers of the subterms with that
/// hash: interning by a scan compared every expression deeply with every
/// earlier one, quadratic on a large unrolled kernel (tens of thousands of
/// terms).
#[derive(Default)]
struct SubTerms {
    /// Subterm by number.
    list: Vec<SubTerm>,
    /// Numbers by the hash of their subterm.
    by_hash: HashMap<u64, Vec<u32>>,
}

impl SubTerms {
    /// The number of the subterm (`e`, `uniform`, `range`), numbering it
    /// next when it is new.
    fn intern(&mut self, e: &Expr, uniform: bool, range: (i128, i128)) -> Option<u32> {
        use std::hash::BuildHasher;
        let hash = foldhash::fast::FixedState::default().hash_one((e, uniform, range));
        let same = self.by_hash.entry(hash).or_default();
        let list = &mut self.list;
        if let Some(i) = same.iter().copied().find(|i| {
            list.get(*i as usize)
                .is_some_and(|t| t.0 == *e && t.1 == uniform && t.2 == range)
        }) {
            return Some(i);
        }
        let i = u32::try_from(list.len()).ok()?;
        list.push((e.clone(), uniform, range));
        same.push(i);
        Some(i)
    }

    /// The subterm numbered `i`.
    fn get(&self, i: usize) -> Option<&SubTerm> {
        self.list.get(i)
    }
}

/// Covers by an offset's thread part, its facts, the number of divisions
/// known, the local bounds in force and the bounded counters when it was
/// computed.
type CoverMemo = HashMap<(Poly, Vec<Fact>, usize, LocalBounds, Vec<u32>), Option<Cover>>;

/// Constant bounds `[lo, hi]` (either side optional) of the values of
/// [`Atom::Opaque`] and [`Atom::Fixed`] locals where an evaluation takes
/// place, sorted by atom, at most one entry per atom (see
/// [`bounded_locals`]).
type LocalBounds = Vec<(Atom, Option<i128>, Option<i128>)>;

/// Decides scenarios of pairs whose offsets are multi-dimensional injective
/// layouts (see the module documentation).
pub(crate) struct Delinear<'k> {
    kernel: &'k Kernel,
    /// Locals defined once, by an assignment at the top level.
    single_defs: HashMap<VarId, (usize, &'k Expr)>,
    /// Locals defined once, by an assignment nested in a branch or loop
    /// that every read of them follows (see [`dominated_single_defs`]):
    /// the top-level position of the assignment's statement and the value.
    dominated_defs: HashMap<VarId, (usize, &'k Expr)>,
    /// Per access: the array, the expanded offset, the size, the guard facts.
    accesses: HashMap<StmtId, (u32, Poly, u32, Vec<Fact>)>,
    /// Per access: the cover of its offset under its own facts (what a pair
    /// of accesses with the same facts and thread part gets), computed once.
    covers: HashMap<StmtId, Option<Cover>>,
    /// The divisions behind [`Atom::Quot`] and [`Atom::Rem`]: dividend
    /// polynomial and constant divisor, by atom index.
    divisions: std::sync::Mutex<Vec<(Poly, i128)>>,
    /// Pair decisions by the accesses' classes (equal array, offset, size
    /// and facts decide alike): pair enumeration asks for every pair, most
    /// of them repeats in a long kernel.
    decided_memo: std::sync::Mutex<HashMap<(u32, u32), (bool, bool)>>,
    /// [`Self::full_cover`]'s answers (see [`CoverMemo`]).
    cover_memo: std::sync::Mutex<CoverMemo>,
    /// Per access: its class (index of its first access with the same
    /// array, offset polynomial, size and facts).
    class_of: HashMap<StmtId, u32>,
    /// Per access: the guards `lhs < rhs` of the `if`s around it whose
    /// opaque locals are uniform and unassigned in the branch, with the
    /// `if` and the number of loops around it (see [`Self::stride_apart`]).
    instance_facts: HashMap<StmtId, Vec<(StmtId, usize, Fact)>>,
    /// Known block extents (substituted as constants).
    block_known: [Option<u32>; 3],
    grid_known: [Option<u32>; 3],
    /// Bounds of unknown `blockDim.d` / `gridDim.d` (the encoder's facts).
    block_bounds: [(i128, i128); 3],
    grid_bounds: [(i128, i128); 3],
    global_offset: [i128; 3],
    /// Ids whose extent may exceed 1 (same bit layout as [`Cover::ids`]).
    varying: u8,
    adversarial: bool,
    /// Subterms met as [`Atom::Term`] / [`Atom::UniformTerm`]: the
    /// expression, whether grid-uniform, and its value range. Only the
    /// construction ([`Delinear::new`]) adds to it.
    terms: std::sync::Mutex<SubTerms>,
    /// Bounds of locals where the expression being expanded is evaluated
    /// or the pair being decided runs (set by [`Self::with_bounds`] around
    /// the expansion of one access's offset or one guard, with the opaque
    /// locals' bounds only, and around a cover or a pair's decision, with
    /// every bound; empty otherwise; see [`bounded_locals`]).
    bounds: std::sync::Mutex<LocalBounds>,
    /// Integer parameters known to be positive where the access whose
    /// offset is being expanded runs (see [`positive_params`]; empty
    /// otherwise).
    positive_params: std::sync::Mutex<Vec<u32>>,
    /// The top-level position of the evaluation [`Self::with_bounds`]
    /// expands (None outside one): locals of [`Self::counter_bounds`]
    /// whose first top-level assignment precedes it are within their bounds.
    evaluated_at: std::sync::Mutex<Option<usize>>,
    /// Per local: the position of its first top-level assignment and a
    /// bound `h` on every value it holds after it, all in [0, h] (see
    /// [`Self::counter_bounds`]).
    counter_bounds: HashMap<u32, (usize, i128)>,
    /// Per `if`: the bounds its enclosing tests prove for the opaque locals
    /// at its test (see [`bounded_locals`]).
    guard_bounds: std::sync::Mutex<HashMap<StmtId, LocalBounds>>,
    /// The facts of the kernel's top level (early returns, assumptions),
    /// each with the top-level position after which it holds (see
    /// [`Self::bounded_by_top_facts`]).
    top_bounds: Vec<(usize, Fact)>,
    /// The statements with an access the analysis is asked about inside
    /// (see [`Self::new`]; None: all).
    relevant: Option<crate::base::HashSet<StmtId>>,
    /// The index-arithmetic assumption is in force (`CheckOptions`:
    /// `--no-assume-index-arithmetic-fits` drops it; see
    /// [`Self::index_arithmetic`]).
    index_arithmetic_fits: bool,
    /// An access's offset is being expanded (set around that expansion in
    /// [`Self::new`]): the index-arithmetic assumption covers its operations.
    in_offset: std::sync::atomic::AtomicBool,
    /// Locals every one of whose definitions is a top-level assignment and
    /// that have more than one: their top-level positions and values in
    /// order (see [`Self::reaching_value`]).
    top_level_defs: HashMap<VarId, Vec<(usize, &'k Expr)>>,
    /// Values a launch extent equals by an assumption at the kernel's
    /// entry (a launch relation, `gridDim.z == (unsigned)(G * K)`): the
    /// value as a single monomial of coefficient 1 and the extent's atom
    /// (see [`Self::range`]).
    extent_values: Vec<(Vec<Atom>, Atom)>,
    /// Parameters an assumption at the kernel's entry binds to a constant
    /// (a launch's template argument, `kNFirst == 0`): their values
    /// everywhere (see [`Self::expand`] on a selection).
    param_values: HashMap<u32, crate::ir::eval::Value>,
    /// Subterms `x & (m - 1)` and `x % m` by a divisor that is not a
    /// constant, by [`Atom::Term`] / [`Atom::UniformTerm`] index: the exact
    /// operands as polynomials at every expansion that met the subterm
    /// (None once two expansions disagreed or one failed; see
    /// [`Self::symbolic_remainder`]).
    remainders: std::sync::Mutex<HashMap<u32, Option<Vec<Remainder>>>>,
    /// Locals behind [`Atom::Fixed`] whose single top-level definition is
    /// `x & y` or `x % y` over exact operands: the readings of the
    /// definition as a remainder (see [`Self::symbolic_remainder`]) and,
    /// for `&` with a non-negative operand, the value range `[0, h]` (see
    /// [`Self::fixed_remainders`]).
    fixed_remainders: FixedRemainders,
}

/// Per local: its readings as remainders and its value range (see
/// [`Delinear::fixed_remainders`]).
type FixedRemainders = HashMap<u32, (Vec<Remainder>, Option<(i128, i128)>)>;

/// A subterm `x & (m - 1)` (`mask`) or `x % m` over exact operands `x`, `m`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Remainder {
    x: Poly,
    m: Poly,
    mask: bool,
}

impl<'k> Delinear<'k> {
    /// The analysis of `kernel` under the launch of `opts`, for pairs of
    /// the accesses in `paired` (None: every access). The offsets and guard
    /// facts of other accesses are not expanded: only the statements with
    /// an access of `paired` inside are visited (see [`Self::relevant`]).
    /// Their expansions added nothing to those of `paired`: subterms and
    /// divisions are numbered by equality, and a cover reads only the
    /// divisions of the polynomials it meets (`close` acts on a division
    /// only when the cover holds its parts), so leaving them out changes no
    /// answer, but for the cap of 32 divisions, which they can no longer
    /// fill before an access of `paired` is expanded.
    pub(crate) fn new(
        kernel: &'k Kernel,
        opts: &CheckOptions,
        uniformity: &crate::analysis::Uniformity,
        paired: Option<&crate::base::HashSet<StmtId>>,
    ) -> Delinear<'k> {
        let launch = &opts.launch;
        let block_known = super::symexec::known_block_dims(kernel, opts);
        let grid_known = super::symexec::known_grid_dims(kernel, opts);
        // The bounds the encoder asserts (`Encoder::new`): hardware limits,
        // `__launch_bounds__`, and the index-fits assumption when in force.
        let max_threads = super::symexec::max_threads_per_block(kernel, opts);
        use super::symexec::INDEX_LIMIT;
        let fits = !launch.no_index_fit_assumption;
        let block_bounds: [(i128, i128); 3] = std::array::from_fn(|d| {
            let mut limit = if d == 2 { 64 } else { max_threads.min(1024) }.min(max_threads);
            if let (true, Some(g)) = (fits, grid_known[d]) {
                limit = limit.min(INDEX_LIMIT / i128::from(g.max(1)));
            }
            match block_known[d] {
                Some(b) => (i128::from(b), i128::from(b)),
                None => (1, limit.max(1)),
            }
        });
        let grid_bounds: [(i128, i128); 3] = std::array::from_fn(|d| {
            let mut limit: i128 = if d == 0 { 0x7fff_ffff } else { 65_535 };
            if fits {
                limit = limit.min(INDEX_LIMIT / block_bounds[d].1.max(1));
            }
            match grid_known[d] {
                Some(g) => (i128::from(g), i128::from(g)),
                None => (1, limit.max(1)),
            }
        });
        let mut varying = 0u8;
        for d in 0..3 {
            if block_bounds[d].1 > 1 {
                varying |= 1 << d;
            }
            if grid_bounds[d].1 > 1 {
                varying |= 8 << d;
            }
        }
        let single_defs = crate::ir::walk::top_level_single_defs(kernel);
        let dominated_defs = dominated_single_defs(kernel);
        let mut analysis = Delinear {
            kernel,
            single_defs,
            dominated_defs,
            accesses: HashMap::default(),
            covers: HashMap::default(),
            divisions: std::sync::Mutex::new(Vec::new()),
            decided_memo: std::sync::Mutex::new(HashMap::default()),
            cover_memo: std::sync::Mutex::new(HashMap::default()),
            class_of: HashMap::default(),
            instance_facts: HashMap::default(),
            block_known,
            grid_known,
            block_bounds,
            grid_bounds,
            global_offset: std::array::from_fn(|d| {
                i128::from(launch.global_offset.map(|o| o[d]).unwrap_or(0))
            }),
            varying,
            adversarial: opts.adversarial_abstraction,
            terms: std::sync::Mutex::new(SubTerms::default()),
            bounds: std::sync::Mutex::new(Vec::new()),
            positive_params: std::sync::Mutex::new(Vec::new()),
            evaluated_at: std::sync::Mutex::new(None),
            counter_bounds: HashMap::default(),
            guard_bounds: std::sync::Mutex::new(HashMap::default()),
            top_bounds: Vec::new(),
            relevant: paired.map(|paired| relevant_statements(kernel, paired)),
            index_arithmetic_fits: !launch.no_index_arithmetic_assumption,
            in_offset: std::sync::atomic::AtomicBool::new(false),
            top_level_defs: top_level_defs(kernel),
            extent_values: Vec::new(),
            param_values: HashMap::default(),
            remainders: std::sync::Mutex::new(HashMap::default()),
            fixed_remainders: HashMap::default(),
        };
        // The assumptions that open the body hold in every execution
        // considered, before any statement: the values their launch extent
        // equalities give hold wherever the kernel runs.
        let mut entry_facts = Vec::new();
        for top in kernel.body.stmts.iter() {
            let StmtKind::Assume { cond } = &top.kind else {
                break;
            };
            analysis.facts_of(cond, true, 0, Frozen::Nothing, &mut entry_facts);
            analysis.bind_param_values(cond);
        }
        analysis.extent_values = entry_facts
            .iter()
            .filter(|f| f.equal)
            .filter_map(|f| {
                let extent = match f.lhs.0.iter().next() {
                    Some((m, 1)) if f.lhs.0.len() == 1 && m.len() == 1 => m[0],
                    _ => return None,
                };
                if !matches!(extent, Atom::GridDim(_) | Atom::BlockDim(_)) {
                    return None;
                }
                match f.rhs.0.iter().next() {
                    Some((m, 1)) if f.rhs.0.len() == 1 && !m.is_empty() => {
                        Some((m.clone(), extent))
                    }
                    _ => None,
                }
            })
            .collect();
        analysis.counter_bounds = analysis.counter_bounds();
        analysis.fixed_remainders = analysis.fixed_remainders();
        let mut found = Vec::new();
        let mut top_facts: Vec<Fact> = Vec::new();
        for (index, top) in kernel.body.stmts.iter().enumerate() {
            let previous = index.checked_sub(1).and_then(|i| kernel.body.stmts.get(i));
            let place = Place {
                at: index,
                previous,
                frozen: Frozen::Nothing,
            };
            analysis.collect(top, &place, &top_facts, &mut found);
            // `if (c) return;` at the top level: every later statement runs
            // only in threads where `c` was false (its atoms never change).
            if let StmtKind::If { cond, then_, else_ } = &top.kind {
                if else_.stmts.is_empty()
                    && matches!(then_.stmts.last().map(|s| &s.kind), Some(StmtKind::Return))
                {
                    analysis.facts_of(cond, false, index, Frozen::Nothing, &mut top_facts);
                }
            }
            // `assume(c)` at the top level (a precondition, a launch
            // relation's corollary): executions in which a thread reaches it
            // with `c` false are not considered, and every later statement
            // is reached only through it, so `c` held there in every thread
            // that runs it (its atoms never change: `Frozen::Nothing`).
            if let StmtKind::Assume { cond } = &top.kind {
                analysis.facts_of(cond, true, index, Frozen::Nothing, &mut top_facts);
            }
            let known = analysis.top_bounds.len();
            let new_facts: Vec<(usize, Fact)> = top_facts[known..]
                .iter()
                .map(|f| (index, f.clone()))
                .collect();
            analysis.top_bounds.extend(new_facts);
        }
        let accesses = found
            .into_iter()
            .filter_map(|(id, access, at, facts)| {
                // The opaque locals' bounds only: a fixed local's bound holds
                // at the access, but a division atom of it (interned by its
                // dividend) would stand for the same quotient elsewhere.
                let bounds = opaque_only(bounded_locals(&facts));
                let offset = analysis.with_bounds(Some(at), bounds, || {
                    analysis
                        .in_offset
                        .store(true, std::sync::atomic::Ordering::Relaxed);
                    if let Ok(mut p) = analysis.positive_params.lock() {
                        *p = positive_params(&facts);
                    }
                    let p = analysis.expand(&access.offset, at, 0);
                    if let Ok(mut p) = analysis.positive_params.lock() {
                        p.clear();
                    }
                    analysis
                        .in_offset
                        .store(false, std::sync::atomic::Ordering::Relaxed);
                    p
                })?;
                Some((id, (access.array.0, offset, access.size, facts)))
            })
            .collect();
        analysis.accesses = accesses;
        let mut instance_facts = HashMap::default();
        for (index, top) in kernel.body.stmts.iter().enumerate() {
            analysis.collect_instance_facts(top, index, &[], &[], uniformity, &mut instance_facts);
        }
        analysis.instance_facts = instance_facts;
        let mut classes: HashMap<&(u32, Poly, u32, Vec<Fact>), u32> = HashMap::default();
        let mut ids: Vec<&StmtId> = analysis.accesses.keys().collect();
        ids.sort();
        for id in ids {
            if let Some(x) = analysis.accesses.get(id) {
                let next = classes.len() as u32;
                let class = *classes.entry(x).or_insert(next);
                analysis.class_of.insert(*id, class);
            }
        }
        // Each access's cover under the bounds of its own facts (which hold
        // at the access in every thread that runs it).
        analysis.covers = analysis
            .accesses
            .iter()
            .map(|(id, x)| {
                let cover = analysis.with_bounds(None, bounded_locals(&x.3), || {
                    analysis.full_cover(&x.1, &x.3)
                });
                (*id, cover)
            })
            .collect();
        analysis
    }

    /// Records the accesses under `stmt` (at `place`) with the guard facts
    /// that hold there.
    fn collect(
        &self,
        stmt: &'k crate::ir::Stmt,
        place: &Place<'_, 'k>,
        facts: &[Fact],
        out: &mut Vec<(StmtId, &'k Access, usize, Vec<Fact>)>,
    ) {
        if !self.relevant(stmt.id) {
            return;
        }
        let at = place.at;
        match &stmt.kind {
            StmtKind::Read { access, .. }
            | StmtKind::Write { access, .. }
            | StmtKind::Atomic { access, .. } => {
                out.push((stmt.id, access, at, facts.to_vec()));
            }
            StmtKind::If { cond, then_, else_ } => {
                if let Ok(mut guards) = self.guard_bounds.lock() {
                    guards.insert(stmt.id, opaque_only(bounded_locals(facts)));
                }
                // Between the test and an access in a branch only the
                // branch's statements run: a local the branch never assigns
                // still has, at the access, the value the test saw.
                for (block, polarity) in [(then_, true), (else_, false)] {
                    let assigned = assigned_in(block);
                    let frozen = Frozen::AllBut(&assigned);
                    let mut inner = facts.to_vec();
                    self.facts_of(cond, polarity, at, frozen, &mut inner);
                    self.collect_block(block, at, frozen, &inner, out);
                }
            }
            StmtKind::Loop {
                cond,
                cond_prelude,
                body,
                step,
                ..
            } => {
                // The condition and the step: only the facts from outside
                // (their atoms are frozen or never change).
                self.collect_block(cond_prelude, at, place.frozen, facts, out);
                self.collect_block(step, at, place.frozen, facts, out);
                // The body runs right after a test of `cond` that held, and
                // a local the body never assigns still has the value it had
                // at that test wherever the body runs: the condition's facts
                // over such locals hold throughout the body (each thread, each
                // iteration: `Atom::Opaque` is the value at the access, the
                // same value the test saw).
                let assigned = assigned_in(body);
                let frozen = Frozen::AllBut(&assigned);
                let mut inner = facts.to_vec();
                self.facts_of(cond, true, at, frozen, &mut inner);
                let prelude_assigns = assigned_in(cond_prelude);
                if let Some(fact) = self.counter_start(place, step, &prelude_assigns, frozen) {
                    inner.push(fact);
                }
                self.collect_block(body, at, frozen, &inner, out);
            }
            _ => {
                // Other compound statements: the facts from outside still
                // hold.
                for child in crate::ir::walk::child_blocks(stmt) {
                    self.collect_block(child, at, place.frozen, facts, out);
                }
            }
        }
    }

    /// Whether `stmt` is or holds an access the analysis is asked about.
    fn relevant(&self, stmt: StmtId) -> bool {
        self.relevant.as_ref().is_none_or(|r| r.contains(&stmt))
    }

    /// The lower bound `init <= v` (as `init - 1 < v`) of a counter
    /// `v = init; while (...) { body; v = v + c; }` throughout the body:
    /// `v` a signed local of at least 32 bits, `c > 0` a constant, the
    /// step's only statement assigning `v`, the body and the condition's
    /// prelude never assigning it, `init` the assignment right before the
    /// loop with atoms that keep their value through the loop. Theorem: `v`
    /// takes the values init, init + c, init + 2c, ... computed exactly
    /// (signed overflow is undefined behaviour: the encoder never wraps it),
    /// so every value the body sees is at least `init`.
    fn counter_start(
        &self,
        place: &Place<'_, 'k>,
        step: &Block,
        assigned_in_prelude: &[u32],
        frozen: Frozen<'_>,
    ) -> Option<Fact> {
        let [update] = step.stmts.as_slice() else {
            return None;
        };
        let StmtKind::Assign { var, value } = &update.kind else {
            return None;
        };
        if !frozen.contains(var.0) || assigned_in_prelude.contains(&var.0) {
            return None;
        }
        let ty = self.kernel.vars.get(var.0 as usize)?.ty;
        if !matches!(ty, ScalarTy::Int { signed: true, bits } if bits >= 32) {
            return None;
        }
        let increment = match value {
            Expr::Binary(BinOp::Add, l, r, t) if *t == ty => match (&**l, &**r) {
                (Expr::Var(v), Expr::Int(c, _)) | (Expr::Int(c, _), Expr::Var(v)) if v == var => *c,
                _ => return None,
            },
            Expr::Binary(BinOp::Sub, l, r, t) if *t == ty => match (&**l, &**r) {
                (Expr::Var(v), Expr::Int(c, _)) if v == var => c.checked_neg()?,
                _ => return None,
            },
            _ => return None,
        };
        if increment <= 0 {
            return None;
        }
        let StmtKind::Assign {
            var: init_var,
            value: init,
        } = &place.previous?.kind
        else {
            return None;
        };
        if init_var != var || super::symexec::type_of(self.kernel, init) != ty {
            return None;
        }
        // `init`'s atoms: none opaque but the frozen ones of the enclosing
        // body (not `v` itself: it is assigned by the init), so its value
        // is the same at the access.
        let start = self.expand(init, place.at, 0)?;
        if !start.invariant_but(place.frozen) {
            return None;
        }
        Some(Fact {
            lhs: start.add(&Poly::constant(1), -1)?,
            rhs: Poly::atom(Atom::Opaque(var.0)),
            equal: false,
        })
    }

    /// Records, for every access under `stmt`, the guards of the `if`s
    /// around it (`facts`: the `if`, the loops around it, the fact) whose
    /// sides may hold opaque locals: allowed when each such local is
    /// assigned nowhere in the branch (so its value at the access is the one
    /// tested) and uniform at the test (the same in every thread at one
    /// dynamic instance of the `if`): uniform everywhere, or uniform at the
    /// head of a loop (`bodies`: the loops around `stmt`, with the locals
    /// their body and condition's prelude assign when `stmt` is in the body,
    /// None when in the prelude or the step) whose body and
    /// prelude never assign it, so that at the test it still has the head's
    /// value of the current iteration (`for (i = 128; i >= 1; i /= 2)` after
    /// a thread-dependent loop that also used `i`).
    fn collect_instance_facts(
        &self,
        stmt: &'k crate::ir::Stmt,
        at: usize,
        bodies: &[(StmtId, Option<Vec<u32>>)],
        facts: &[(StmtId, usize, Fact)],
        uniformity: &crate::analysis::Uniformity,
        out: &mut HashMap<StmtId, Vec<(StmtId, usize, Fact)>>,
    ) {
        if !self.relevant(stmt.id) {
            return;
        }
        let loops = bodies.len();
        match &stmt.kind {
            StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::Atomic { .. } => {
                if !facts.is_empty() {
                    out.insert(stmt.id, facts.to_vec());
                }
            }
            StmtKind::If { cond, then_, else_ } => {
                // The else branch: only the guards from outside hold there.
                for s in &else_.stmts {
                    self.collect_instance_facts(s, at, bodies, facts, uniformity, out);
                }
                let mut assigned = crate::base::HashSet::default();
                crate::ir::walk::for_each_stmt(then_, &mut |s| {
                    if let Some(v) = crate::ir::walk::assigned_var(s) {
                        assigned.insert(v.0);
                    }
                });
                let bounds = self
                    .guard_bounds
                    .lock()
                    .ok()
                    .and_then(|g| g.get(&stmt.id).cloned())
                    .unwrap_or_default();
                let mut found = Vec::new();
                self.with_bounds(Some(at), bounds, || {
                    self.instance_facts_of(cond, at, &mut found)
                });
                let uniform_at_test = |v: u32| {
                    uniformity.is_uniform_var(VarId(v))
                        || bodies.iter().any(|(l, assigned_in_loop)| {
                            assigned_in_loop.as_ref().is_some_and(|a| !a.contains(&v))
                                && uniformity.uniform_at_loop_head(*l, VarId(v))
                        })
                };
                let mut inner = facts.to_vec();
                for fact in found {
                    let steady_var = |v: u32| !assigned.contains(&v) && uniform_at_test(v);
                    let steady = [&fact.lhs, &fact.rhs].iter().all(|p| {
                        p.0.keys().flatten().all(|a| match a {
                            Atom::Opaque(v) => steady_var(*v),
                            // A subterm of such locals (and no id) only.
                            Atom::Term(k) => self.term_leaves(*k, &steady_var),
                            _ => true,
                        })
                    });
                    if steady {
                        inner.push((stmt.id, loops, fact));
                    }
                }
                for s in &then_.stmts {
                    self.collect_instance_facts(s, at, bodies, &inner, uniformity, out);
                }
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                // The prelude and the step run inside the loop (it counts
                // among the loops around them) but not after a test of its
                // condition in the current iteration: it vouches for nothing.
                let mut outside = bodies.to_vec();
                outside.push((stmt.id, None));
                let mut assigned = assigned_in(body);
                assigned.extend(assigned_in(cond_prelude));
                assigned.sort_unstable();
                assigned.dedup();
                let mut inside = bodies.to_vec();
                inside.push((stmt.id, Some(assigned)));
                for s in cond_prelude.stmts.iter().chain(&step.stmts) {
                    self.collect_instance_facts(s, at, &outside, facts, uniformity, out);
                }
                for s in &body.stmts {
                    self.collect_instance_facts(s, at, &inside, facts, uniformity, out);
                }
            }
            _ => {
                for child in crate::ir::walk::child_blocks(stmt) {
                    for s in &child.stmts {
                        self.collect_instance_facts(s, at, bodies, facts, uniformity, out);
                    }
                }
            }
        }
    }

    /// The facts `lhs < rhs` a true `cond` gives (conjuncts of `&&`), with
    /// both sides of one integer type and expanded exactly; opaque locals
    /// allowed (see [`Self::collect_instance_facts`]).
    fn instance_facts_of(&self, cond: &Expr, at: usize, out: &mut Vec<Fact>) {
        match cond {
            Expr::Binary(BinOp::And, l, r, _) => {
                self.instance_facts_of(l, at, out);
                self.instance_facts_of(r, at, out);
            }
            Expr::Binary(op @ (BinOp::Lt | BinOp::Gt), l, r, _) => {
                let Some((a, b)) = self.compared_sides(l, r, at) else {
                    return;
                };
                let (lhs, rhs) = if *op == BinOp::Lt { (a, b) } else { (b, a) };
                out.push(Fact {
                    lhs,
                    rhs,
                    equal: false,
                });
            }
            Expr::Binary(BinOp::Eq, l, r, _) => {
                let Some((lhs, rhs)) = self.compared_sides(l, r, at) else {
                    return;
                };
                out.push(Fact {
                    lhs,
                    rhs,
                    equal: true,
                });
            }
            _ => {}
        }
    }

    /// Whether subterm `k`'s leaves are constants, parameters, launch sizes
    /// and locals `steady` accepts (no thread or block id): then, as a pure
    /// function of them, it has one value wherever they do.
    fn term_leaves(&self, k: u32, steady: &dyn Fn(u32) -> bool) -> bool {
        fn leaves(e: &Expr, steady: &dyn Fn(u32) -> bool, depth: u32) -> bool {
            if depth > 24 {
                return false;
            }
            match e {
                Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
                Expr::Builtin(b) => !matches!(b, Builtin::ThreadIdx(_) | Builtin::BlockIdx(_)),
                Expr::Var(v) => steady(v.0),
                Expr::Unary(_, x, _) | Expr::Cast(_, x) => leaves(x, steady, depth + 1),
                Expr::Binary(_, l, r, _) => {
                    leaves(l, steady, depth + 1) && leaves(r, steady, depth + 1)
                }
                Expr::Select(c, a, b, _) => [c, a, b].iter().all(|x| leaves(x, steady, depth + 1)),
                Expr::Apply(_, args, _) => args.iter().all(|x| leaves(x, steady, depth + 1)),
            }
        }
        let Some(e) = self
            .terms
            .lock()
            .ok()
            .and_then(|t| t.get(k as usize).map(|t| t.0.clone()))
        else {
            return false;
        };
        leaves(&e, steady, 0)
    }

    /// Theorem (one round of a tree reduction). Let accesses `a` and `b`
    /// run inside one `if` whose guard facts (see
    /// [`Self::collect_instance_facts`]) read opaque locals and subterms
    /// `S`, each of locals uniform at the test and unassigned in the branch,
    /// and two threads of one block be in the same dynamic instance of the
    /// `if` (the same iteration of every loop around it: `shared_loops` at
    /// least that many), so each member of `S` has one value in both at the
    /// test and at both accesses (a subterm is a pure function of such
    /// locals). With `x = threadIdx.x` the pair cannot race when either
    /// (pinned) `x` is the only thread id whose extent may exceed 1 and a
    /// guard fact `l == r` has `l - r = c * x + U` with `c != 0` and `U`
    /// over grid-uniform atoms and `S`: `c * x1 = -U = c * x2`, one thread
    /// (`if (tid == (int)s[0])` after a barrier); or (offsets) the offsets
    /// are `c * x + R + d_a` and `c * x + R + c * D + d_b` (`R`, `D` over
    /// grid-uniform atoms and `S`, constants `d_a`, `d_b`, every operation
    /// exact) for accesses of at most `s <= |c| - |d_a - d_b|` bytes. `R`
    /// and `D` have one value (`D` = `w`) in both threads, so the byte
    /// offsets differ by `c * (x1 - x2 - w) + d_a - d_b`, at least `s` in
    /// absolute value unless `x1 = x2 + w`. With `D = 0` that is the same
    /// thread when `x` is the only thread id that varies (`s[tid + i] = ..`
    /// under `if (tid < i)`); otherwise a guard fact `x < D` (any block
    /// shape) is contradicted by `x1 = x2 + w >= w` (`x2 >= 0`) in the
    /// thread at the unshifted access (and likewise with `-D`, the roles
    /// swapped). So `for (s = n / 2; s > 0; s >>= 1) { if (t < s) a[t] +=
    /// a[t + s]; __syncthreads(); }` reads and writes no common element in
    /// one round. Exactness of `t + s` for an unsigned or converted counter
    /// comes from the counter's bounds ([`Self::counter_bounds`]) or a test
    /// proving it non-negative ([`Self::with_bounds`]).
    pub(crate) fn stride_apart(&self, a: StmtId, b: StmtId, shared_loops: usize) -> bool {
        if self.adversarial {
            return false;
        }
        let (Some(x), Some(y)) = (self.accesses.get(&a), self.accesses.get(&b)) else {
            return false;
        };
        let (Some(fa), Some(fb)) = (self.instance_facts.get(&a), self.instance_facts.get(&b))
        else {
            return false;
        };
        if x.0 != y.0 {
            return false;
        }
        let tid = vec![Atom::Tid(0)];
        let only_x_varies = self.varying & 0b110 == 0;
        let size = i128::from(x.2.max(y.2).max(1));
        // `c` and `R`: a's offset without its `c * x` monomial.
        let c = x.1 .0.get(&tid).copied().unwrap_or(0);
        let rest =
            x.1.add(&Poly(std::iter::once((tid.clone(), c)).collect()), -1);
        // `c * D` (the non-constant part of b - a) and `d_b - d_a`.
        let Some(mut shift) = y.1.add(&x.1, -1) else {
            return false;
        };
        let apart = c.abs() - shift.constant_term().abs() >= size;
        shift.0.remove(&Vec::new());
        fa.iter().any(|(guard, loops, _)| {
            // One `if` around both, the same instance in both threads.
            if *loops > shared_loops || !fb.iter().any(|(g, _, _)| g == guard) {
                return false;
            }
            let facts: Vec<&Fact> = fa
                .iter()
                .filter(|(g, _, _)| g == guard)
                .map(|(_, _, f)| f)
                .collect();
            // The guard's opaque locals and subterms (all steady, see above).
            let steady: Vec<Atom> = facts
                .iter()
                .flat_map(|f| f.lhs.0.keys().chain(f.rhs.0.keys()).flatten())
                .filter(|a| matches!(a, Atom::Opaque(_) | Atom::Term(_)))
                .copied()
                .collect();
            let steady_monomial =
                |m: &Vec<Atom>| m.iter().all(|a| !a.varying() || steady.contains(a));
            let over_steady = |p: &Poly| p.0.keys().all(steady_monomial);
            let pinned = only_x_varies
                && facts.iter().any(|f| {
                    f.equal
                        && f.lhs.add(&f.rhs, -1).is_some_and(|d| {
                            d.0.get(&tid).is_some_and(|c| *c != 0)
                                && d.0.keys().all(|m| *m == tid || steady_monomial(m))
                        })
                });
            if pinned {
                return true;
            }
            if c == 0 || !apart || !rest.as_ref().is_some_and(over_steady) {
                return false;
            }
            if shift.0.is_empty() {
                return only_x_varies;
            }
            let x_below = |bound: &Poly| {
                facts.iter().any(|f| {
                    !f.equal
                        && f.lhs == Poly::atom(Atom::Tid(0))
                        && over_steady(&f.rhs)
                        && f.rhs.mul(&Poly::constant(c)).as_ref() == Some(bound)
                })
            };
            x_below(&shift) || shift.mul(&Poly::constant(-1)).is_some_and(|s| x_below(&s))
        })
    }

    fn collect_block(
        &self,
        block: &'k Block,
        at: usize,
        frozen: Frozen<'_>,
        facts: &[Fact],
        out: &mut Vec<(StmtId, &'k Access, usize, Vec<Fact>)>,
    ) {
        for (i, s) in block.stmts.iter().enumerate() {
            let place = Place {
                at,
                previous: i.checked_sub(1).and_then(|j| block.stmts.get(j)),
                frozen,
            };
            self.collect(s, &place, facts, out);
        }
    }

    /// The facts `cond == polarity` gives (conjuncts of `&&` when true,
    /// of `||` when false; integer comparisons of expandable sides).
    /// Opaque locals are allowed only when `frozen` lists them (their value
    /// at the access is the value the test saw).
    fn facts_of(
        &self,
        cond: &Expr,
        polarity: bool,
        at: usize,
        frozen: Frozen<'_>,
        out: &mut Vec<Fact>,
    ) {
        if let Some((test, test_at, then_value, else_value)) = self.two_valued(cond, at, 0) {
            let (t, e) = (then_value != 0, else_value != 0);
            if t != e {
                // `cond` is true exactly when `test` (evaluated where it was
                // selected on) is `t`. Its facts are taken with nothing
                // frozen: they must hold wherever the access runs.
                self.facts_of(&test, polarity == t, test_at, Frozen::Nothing, out);
            }
        }
        match cond {
            Expr::Binary(BinOp::And, l, r, _) if polarity => {
                self.facts_of(l, true, at, frozen, out);
                self.facts_of(r, true, at, frozen, out);
            }
            Expr::Binary(BinOp::Or, l, r, _) if !polarity => {
                self.facts_of(l, false, at, frozen, out);
                self.facts_of(r, false, at, frozen, out);
            }
            Expr::Unary(UnOp::Not, inner, _) => self.facts_of(inner, !polarity, at, frozen, out),
            Expr::Binary(
                op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne),
                l,
                r,
                _,
            ) => {
                if matches!((op, polarity), (BinOp::Eq, true) | (BinOp::Ne, false)) {
                    if let Some(fact) = self
                        .extent_equality(l, r, at)
                        .or_else(|| self.extent_equality(r, l, at))
                    {
                        out.push(fact);
                        return;
                    }
                }
                let Some((a, b)) = self.compared_sides(l, r, at) else {
                    return;
                };
                // A fact must hold at the access: no opaque local (its
                // value may have changed since the test) but frozen ones.
                if !(a.invariant_but(frozen) && b.invariant_but(frozen)) {
                    return;
                }
                if matches!((op, polarity), (BinOp::Eq, true) | (BinOp::Ne, false)) {
                    out.push(Fact {
                        lhs: a,
                        rhs: b,
                        equal: true,
                    });
                    return;
                }
                let one = Poly::constant(1);
                // Every form as `lhs < rhs` (integers: `x <= y` is `x < y + 1`).
                let fact = match (op, polarity) {
                    (BinOp::Lt, true) | (BinOp::Ge, false) => Some((a, b)),
                    (BinOp::Le, true) | (BinOp::Gt, false) => b.add(&one, 1).map(|b| (a, b)),
                    (BinOp::Gt, true) | (BinOp::Le, false) => Some((b, a)),
                    (BinOp::Ge, true) | (BinOp::Lt, false) => a.add(&one, 1).map(|a| (b, a)),
                    _ => None,
                };
                if let Some((lhs, rhs)) = fact {
                    out.push(Fact {
                        lhs,
                        rhs,
                        equal: false,
                    });
                }
            }
            _ => {}
        }
    }

    /// `e` (at top-level position `at`) as a function of one test: `(test,
    /// where test is evaluated, value when test holds, value otherwise)`.
    /// A select `test ? a : b` of constants; or an expression whose only
    /// leaves are constants and one local whose value is always such a
    /// function (a single top-level definition before `at`, or a dominated
    /// one: [`Self::dominated_value`]), evaluated at both of the local's
    /// values. (`role = threadIdx.x < 32 ? producer : consumer` then `role
    /// == producer` is `threadIdx.x < 32`.) The test is evaluated once, at
    /// its definition: callers keep only facts of it that hold wherever it
    /// is read (no opaque local).
    fn two_valued(&self, e: &Expr, at: usize, depth: u32) -> Option<(Expr, usize, i128, i128)> {
        if depth > 8 {
            return None;
        }
        let constant = |x: &Expr, ty: ScalarTy| {
            crate::ir::eval::eval_expr(x, &|_| None).and_then(|v| crate::ir::eval::wrap(v.bits, ty))
        };
        if let Expr::Select(test, a, b, ty) = e {
            return Some(((**test).clone(), at, constant(a, *ty)?, constant(b, *ty)?));
        }
        let mut locals = Vec::new();
        crate::ir::walk::for_each_expr(e, &mut |x| {
            if let Expr::Var(v) = x {
                if !locals.contains(v) {
                    locals.push(*v);
                }
            }
        });
        let [local] = locals.as_slice() else {
            return None;
        };
        let (def_at, value) = match self.single_defs.get(local).filter(|d| d.0 < at) {
            Some(&d) => d,
            None => *self.dominated_defs.get(local)?,
        };
        let (test, test_at, a, b) = self.two_valued(value, def_at, depth + 1)?;
        let ty = self.kernel.vars.get(local.0 as usize)?.ty;
        // Only values the local's type holds as they are (no conversion to
        // reason about).
        if crate::ir::eval::wrap(a, ty)? != a || crate::ir::eval::wrap(b, ty)? != b {
            return None;
        }
        let (a, b) = (
            crate::ir::eval::Value::new(a, ty)?,
            crate::ir::eval::Value::new(b, ty)?,
        );
        let at_value = |v: crate::ir::eval::Value| {
            crate::ir::eval::eval_expr(e, &|leaf| {
                matches!(leaf, Expr::Var(x) if x == local).then_some(v)
            })
            .map(|r| r.bits)
        };
        Some((test, test_at, at_value(a)?, at_value(b)?))
    }

    /// The exact polynomials of a comparison's sides `l` and `r`: only when
    /// both are of one integer type (then the comparison is of their
    /// values) and both expand.
    fn compared_sides(&self, l: &Expr, r: &Expr, at: usize) -> Option<(Poly, Poly)> {
        let (lt, rt) = (
            super::symexec::type_of(self.kernel, l),
            super::symexec::type_of(self.kernel, r),
        );
        if lt != rt || !matches!(lt, ScalarTy::Int { .. }) {
            return None;
        }
        Some((self.expand(l, at, 0)?, self.expand(r, at, 0)?))
    }

    /// `extent == (unsigned)x` (a launch relation, `gridDim.z == (unsigned)
    /// C`) as the fact `extent == x`, for `x` of a signed 32-bit type: a
    /// valid launch has every grid and block extent in `[1, 2^31 - 1]`, and
    /// a negative `x` converts to at least 2^31, so `x` is non-negative and
    /// the conversion keeps its value. (The sides' types differ, which
    /// [`Self::compared_sides`] refuses.)
    fn extent_equality(&self, extent: &Expr, value: &Expr, at: usize) -> Option<Fact> {
        let Expr::Builtin(Builtin::GridDim(_) | Builtin::BlockDim(_)) = extent else {
            return None;
        };
        let Expr::Cast(
            ScalarTy::Int {
                bits: 32,
                signed: false,
            },
            x,
        ) = value
        else {
            return None;
        };
        let ScalarTy::Int {
            bits: 32,
            signed: true,
        } = super::symexec::type_of(self.kernel, x)
        else {
            return None;
        };
        let (lhs, rhs) = (self.expand(extent, at, 0)?, self.expand(x, at, 0)?);
        (lhs.invariant_but(Frozen::Nothing) && rhs.invariant_but(Frozen::Nothing)).then_some(Fact {
            lhs,
            rhs,
            equal: true,
        })
    }

    /// Records the parameters the entry assumption `cond` binds to a
    /// constant (`p == c`, conjunctions of them), in the parameter's type.
    fn bind_param_values(&mut self, cond: &Expr) {
        match cond {
            Expr::Binary(BinOp::And, l, r, _) => {
                self.bind_param_values(l);
                self.bind_param_values(r);
            }
            Expr::Binary(BinOp::Eq, l, r, _) => {
                if let (Expr::Param(p), Expr::Int(v, _)) | (Expr::Int(v, _), Expr::Param(p)) =
                    (&**l, &**r)
                {
                    let ty = self.kernel.params.get(p.0 as usize).map(|d| d.ty);
                    if let Some(value) = ty.and_then(|ty| crate::ir::eval::Value::new(*v, ty)) {
                        // Two different bindings: the run is vacuous; keep none.
                        if self
                            .param_values
                            .insert(p.0, value)
                            .is_some_and(|old| old != value)
                        {
                            self.param_values.remove(&p.0);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The value of a test over constants and the parameters bound at
    /// entry ([`Self::param_values`]), or None.
    fn decided_test(&self, test: &Expr) -> Option<bool> {
        if self.param_values.is_empty() {
            return None;
        }
        let value = crate::ir::eval::eval_expr(test, &|leaf| match leaf {
            Expr::Param(p) => self.param_values.get(&p.0).copied(),
            _ => None,
        })?;
        Some(value.truthy())
    }

    /// The exact polynomial of `e` at top-level position `at`, or None.
    fn expand(&self, e: &Expr, at: usize, depth: u32) -> Option<Poly> {
        if depth > 24 {
            return None;
        }
        // A closed integer expression the expansion has no other rule for
        // (`M7W / NRX` of two macros): its exact value (see [`closed_value`]).
        if let Expr::Binary(
            BinOp::Div
            | BinOp::Rem
            | BinOp::Shl
            | BinOp::Shr
            | BinOp::BitAnd
            | BinOp::BitOr
            | BinOp::BitXor,
            ..,
        ) = e
        {
            if let Some(v) = closed_value(e, 0) {
                return Some(Poly::constant(v));
            }
        }
        if let Some(p) = self.division_expansion(e, at, depth) {
            return Some(p);
        }
        match e {
            Expr::Int(v, ScalarTy::Int { .. }) => Some(Poly::constant(*v)),
            Expr::Param(p) => {
                let decl = self.kernel.params.get(p.0 as usize)?;
                matches!(decl.ty, ScalarTy::Int { .. }).then(|| Poly::atom(Atom::Param(p.0)))
            }
            Expr::Builtin(b) => Some(match *b {
                Builtin::ThreadIdx(d) => match self.block_known.get(usize::from(d))? {
                    Some(1) => Poly::constant(0),
                    _ => Poly::atom(Atom::Tid(d)),
                },
                Builtin::BlockIdx(d) => match self.grid_known.get(usize::from(d))? {
                    Some(1) => Poly::constant(0),
                    _ => Poly::atom(Atom::Bid(d)),
                },
                Builtin::BlockDim(d) => match self.block_known.get(usize::from(d))? {
                    Some(n) => Poly::constant(i128::from(*n)),
                    None => Poly::atom(Atom::BlockDim(d)),
                },
                Builtin::GridDim(d) => match self.grid_known.get(usize::from(d))? {
                    Some(n) => Poly::constant(i128::from(*n)),
                    None => Poly::atom(Atom::GridDim(d)),
                },
                Builtin::GlobalOffset(d) => {
                    Poly::constant(*self.global_offset.get(usize::from(d))?)
                }
            }),
            Expr::Var(v) => {
                let Some(&(def_at, value)) = self.single_defs.get(v).filter(|d| d.0 < at) else {
                    if let Some(p) = self.dominated_value(*v, depth) {
                        return Some(p);
                    }
                    if let Some(p) = self.reaching_value(*v, at, depth) {
                        return Some(p);
                    }
                    // Its current value: an integer of its type.
                    let ty = self.kernel.vars.get(v.0 as usize)?.ty;
                    return matches!(ty, ScalarTy::Int { .. })
                        .then(|| Poly::atom(Atom::Opaque(v.0)));
                };
                let to = self.kernel.vars.get(v.0 as usize)?.ty;
                let Some(p) = self.expand_definition(value, def_at, depth + 1) else {
                    return matches!(to, ScalarTy::Int { .. })
                        .then(|| Poly::atom(Atom::Fixed(v.0)));
                };
                let from = super::symexec::type_of(self.kernel, value);
                // An opaque local or subterm in the definition stands for its
                // value at the definition, not at this use (the local may
                // have changed since; review finding on main: `q = 2 * k;
                // k += ..; a[q - 2 * k]`): seen through, it would be
                // identified with the value the use's own atoms stand for
                // (and the tree-reduction theorem identifies a guard's
                // opaque local with the access's).
                if p.invariant() && self.converts_exactly_at(&p, from, to, def_at) {
                    Some(p)
                } else {
                    matches!(to, ScalarTy::Int { .. }).then(|| Poly::atom(Atom::Fixed(v.0)))
                }
            }
            // A selection whose test the parameters bound at entry decide
            // (`kNFirst ? blockIdx.x : blockIdx.y` with `kNFirst == 0`) is
            // the chosen operand, in every thread and wherever evaluated.
            Expr::Select(test, a, b, _) => match self.decided_test(test) {
                Some(true) => self.expand(a, at, depth + 1),
                Some(false) => self.expand(b, at, depth + 1),
                None => self.term(e, at, depth),
            },
            Expr::Cast(to, inner) => {
                let from = super::symexec::type_of(self.kernel, inner);
                match self.expand(inner, at, depth + 1) {
                    Some(p) if self.converts_exactly_at(&p, from, *to, at) => Some(p),
                    _ => self.term(e, at, depth),
                }
            }
            Expr::Unary(UnOp::Neg, inner, ty) => {
                let p = self
                    .expand(inner, at, depth + 1)
                    .and_then(|p| Poly::default().add(&p, -1))
                    .filter(|p| self.exact_result(p, *ty));
                p.or_else(|| self.term(e, at, depth))
            }
            Expr::Binary(op @ (BinOp::Add | BinOp::Sub | BinOp::Mul), l, r, ty) => {
                let p = (|| {
                    let a = self.expand(l, at, depth + 1)?;
                    let b = self.expand(r, at, depth + 1)?;
                    let p = match op {
                        BinOp::Add => a.add(&b, 1)?,
                        BinOp::Sub => a.add(&b, -1)?,
                        _ => a.mul(&b)?,
                    };
                    (self.exact_result(&p, *ty) || self.index_arithmetic(e, &p, at, depth))
                        .then_some(p)
                })();
                p.or_else(|| self.term(e, at, depth))
            }
            // `x << c` with a constant `0 <= c < bits` is `x * 2^c` when that
            // product lies in the result type (`(threadIdx.y << 5) +
            // threadIdx.x`): C reduces it modulo 2^bits (C++20, also for a
            // signed `x`), and so does the encoder (`Exec::binary_value`),
            // which leaves a value in range unchanged. The range is checked
            // for signed types too: a signed shift wraps, unlike `*`.
            Expr::Binary(BinOp::Shl, l, r, ty) => {
                let p = (|| {
                    let ScalarTy::Int { bits, .. } = *ty else {
                        return None;
                    };
                    let c = crate::ir::eval::eval_expr(r, &|_| None)?.bits;
                    if !(0..i128::from(bits).min(62)).contains(&c) {
                        return None;
                    }
                    let a = self.expand(l, at, depth + 1)?;
                    let p = a.mul(&Poly::constant(1i128 << c))?;
                    self.range(&p).is_some_and(|r| within(r, *ty)).then_some(p)
                })();
                p.or_else(|| self.term(e, at, depth))
            }
            _ => self.term(e, at, depth),
        }
    }

    /// The expansion of a local's definition `value` at top-level position
    /// `def_at`, without the bounds of the evaluation in progress (see
    /// [`Self::with_bounds`]): they hold where that evaluation runs, not
    /// necessarily where the definition ran (a local it reads may have had
    /// another value then), and with counters bounded only as at `def_at`.
    fn expand_definition(&self, value: &Expr, def_at: usize, depth: u32) -> Option<Poly> {
        let at = self
            .evaluated_at
            .lock()
            .ok()
            .and_then(|p| *p)
            .map(|at| at.min(def_at));
        self.with_bounds(at, Vec::new(), || self.expand(value, def_at, depth))
    }

    /// The value of local `v` wherever it is read, when its only definition
    /// is an assignment nested in a branch or loop that every read follows
    /// (see [`dominated_single_defs`]) and whose value expands to an
    /// invariant polynomial converted exactly to `v`'s type. Theorem: a read
    /// of `v` runs after the assignment ran at least once in that thread,
    /// and every run assigned the same value (an invariant polynomial: thread
    /// and block ids, grid-uniform values, locals fixed after their top-level
    /// definition, all of which read the same wherever evaluated), so the
    /// read sees that value. (A copy's landing reads the snapshot `$t = lane`
    /// taken at its issue.) None otherwise: the caller takes `v` as opaque.
    fn dominated_value(&self, v: VarId, depth: u32) -> Option<Poly> {
        let &(def_at, value) = self.dominated_defs.get(&v)?;
        let p = self.expand_definition(value, def_at, depth + 1)?;
        let from = super::symexec::type_of(self.kernel, value);
        let to = self.kernel.vars.get(v.0 as usize)?.ty;
        (matches!(to, ScalarTy::Int { .. }) && p.invariant() && self.converts_exactly(&p, from, to))
            .then_some(p)
    }

    /// The value of local `v` read inside top-level statement `at` when
    /// every definition of `v` is a top-level assignment and there are
    /// several ([`Delinear::top_level_defs`]: a pointer parameter moved to
    /// its block's row, `out += n * blockIdx.y`): the value of the last one
    /// before `at`, when it expands to an invariant polynomial converted
    /// exactly to `v`'s type. Theorem: the top level runs in order (the IR
    /// has no jumps; a `return` only ends the thread) and no definition of
    /// `v` is nested in a statement, so between that assignment and any read
    /// inside statement `at` no other assignment of `v` runs: the read sees
    /// the value it assigned, computed at its position (an invariant
    /// polynomial reads the same wherever evaluated in the thread). None
    /// when `v` is not such a local or has no definition before `at` (the
    /// caller takes it as opaque, never as [`Atom::Fixed`]: its value
    /// changes at each definition).
    fn reaching_value(&self, v: VarId, at: usize, depth: u32) -> Option<Poly> {
        let defs = self.top_level_defs.get(&v)?;
        let &(def_at, value) = defs.iter().rev().find(|d| d.0 < at)?;
        let p = self.expand_definition(value, def_at, depth + 1)?;
        let from = super::symexec::type_of(self.kernel, value);
        let to = self.kernel.vars.get(v.0 as usize)?.ty;
        (matches!(to, ScalarTy::Int { .. })
            && p.invariant()
            && self.converts_exactly_at(&p, from, to, def_at))
        .then_some(p)
    }

    /// Whether the unsigned `+` or `*` `e` of an access's offset, whose
    /// exact value is `p`, is index arithmetic that the index-arithmetic
    /// assumption says does not wrap (the encoder's
    /// `Exec::index_arithmetic_fits`, README `--no-assume-index-arithmetic-fits`):
    /// the assumption is in force, an offset is being expanded (the race
    /// scenario reaches both accesses, so their offsets are evaluated), the
    /// type has at least 32 bits, `e` is built with `+` and `*` from thread
    /// and block ids, launch sizes, integer parameters and non-negative
    /// constants through exact conversions and locals with a single
    /// top-level definition ([`Self::index_term`]), every coefficient of
    /// `p` is in [0, 2^20] (larger ones are hash multipliers, which wrap by
    /// design), and `p` mentions a size the program picks at run time (a
    /// parameter or a symbolic launch size: ids alone within a known launch
    /// fit or wrap by the launch, not by assumption). Then C's value is `p`.
    fn index_arithmetic(&self, e: &Expr, p: &Poly, at: usize, depth: u32) -> bool {
        const COEFFICIENT_MAX: i128 = 1 << 20;
        let Expr::Binary(
            BinOp::Add | BinOp::Mul,
            l,
            r,
            ScalarTy::Int {
                bits,
                signed: false,
            },
        ) = e
        else {
            return false;
        };
        self.index_arithmetic_fits
            && self.in_offset.load(std::sync::atomic::Ordering::Relaxed)
            && *bits >= 32
            && p.0.values().all(|c| (0..=COEFFICIENT_MAX).contains(c))
            && p.0.keys().flatten().all(|a| {
                matches!(
                    a,
                    Atom::Tid(_)
                        | Atom::Bid(_)
                        | Atom::BlockDim(_)
                        | Atom::GridDim(_)
                        | Atom::Param(_)
                )
            })
            && p.0
                .keys()
                .flatten()
                .any(|a| matches!(a, Atom::BlockDim(_) | Atom::GridDim(_) | Atom::Param(_)))
            && self.index_term(l, at, depth + 1)
            && self.index_term(r, at, depth + 1)
    }

    /// Whether `e` at top-level position `at` is an index term for
    /// [`Self::index_arithmetic`]: a constant in [0, 2^20], an integer
    /// parameter, a thread or block id or launch size, a local with a
    /// single top-level definition before `at` whose value is one, a
    /// conversion of one that keeps its value, or a `+` or `*` of two.
    fn index_term(&self, e: &Expr, at: usize, depth: u32) -> bool {
        if depth > 24 {
            return false;
        }
        match e {
            Expr::Int(v, ScalarTy::Int { .. }) => (0..=1 << 20).contains(v),
            Expr::Param(p) => self
                .kernel
                .params
                .get(p.0 as usize)
                .is_some_and(|d| matches!(d.ty, ScalarTy::Int { .. })),
            Expr::Builtin(b) => matches!(
                b,
                Builtin::ThreadIdx(_)
                    | Builtin::BlockIdx(_)
                    | Builtin::BlockDim(_)
                    | Builtin::GridDim(_)
            ),
            Expr::Var(v) => self
                .single_defs
                .get(v)
                .filter(|d| d.0 < at)
                .is_some_and(|&(def_at, value)| self.index_term(value, def_at, depth + 1)),
            Expr::Cast(to, inner) => {
                let from = super::symexec::type_of(self.kernel, inner);
                self.index_term(inner, at, depth + 1)
                    && self
                        .expand(inner, at, depth + 1)
                        .is_some_and(|p| self.converts_exactly_at(&p, from, *to, at))
            }
            Expr::Binary(BinOp::Add | BinOp::Mul, l, r, ScalarTy::Int { .. }) => {
                self.index_term(l, at, depth + 1) && self.index_term(r, at, depth + 1)
            }
            // A selection a bound parameter decides is its chosen operand.
            Expr::Select(test, a, b, _) => match self.decided_test(test) {
                Some(true) => self.index_term(a, at, depth + 1),
                Some(false) => self.index_term(b, at, depth + 1),
                None => false,
            },
            _ => false,
        }
    }

    /// An integer subexpression `e` the polynomial expansion does not see
    /// through, as an atom: a constant when it evaluates to one (`4u == 0u ?
    /// 1u : 4u`); else [`Atom::UniformTerm`] when every leaf is grid-uniform,
    /// [`Atom::Term`] otherwise, with the range of its type narrowed where
    /// C's semantics bound the result (`x % c`: `|r| < |c|`, and `r >= 0`
    /// for a non-negative or unsigned `x`; `x & m` with a constant `m >= 0`:
    /// `0 <= r <= m`; `x / c` with `c > 0`: `x`'s bounds divided, since
    /// truncating division by a positive constant is monotone; an unsigned
    /// `x >> s`: at most the type's maximum shifted). The theorems only use
    /// that an atom is an integer within its range (its values in the two
    /// threads are unrelated), so nothing else about `e` is assumed.
    fn term(&self, e: &Expr, at: usize, depth: u32) -> Option<Poly> {
        let ty = super::symexec::type_of(self.kernel, e);
        let type_range = super::grid_stride::int_bounds(ty)?;
        if let Some(v) = crate::ir::eval::eval_expr(e, &|_| None) {
            if let Some(w) = crate::ir::eval::wrap(v.bits, ty) {
                return Some(Poly::constant(w));
            }
        }
        if depth > 20 {
            return None;
        }
        let constant = |x: &Expr| {
            crate::ir::eval::eval_expr(x, &|_| None).and_then(|v| crate::ir::eval::wrap(v.bits, ty))
        };
        let signed = matches!(ty, ScalarTy::Int { signed: true, .. });
        let operand_range = |x: &Expr| {
            self.expand(x, at, depth + 1)
                .and_then(|p| self.range(&p))
                .filter(|r| within(*r, ty))
        };
        let narrowed = match e {
            Expr::Binary(BinOp::Rem, l, r, _) => constant(r).filter(|c| *c != 0).map(|c| {
                let m = c.abs() - 1;
                let nonnegative = !signed || operand_range(l).is_some_and(|r| r.0 >= 0);
                if nonnegative {
                    (0, m)
                } else {
                    (-m, m)
                }
            }),
            Expr::Binary(BinOp::BitAnd, l, r, _) => {
                let masks = [constant(l), constant(r)];
                masks
                    .into_iter()
                    .flatten()
                    .find(|m| *m >= 0)
                    .map(|m| (0, m))
            }
            Expr::Binary(BinOp::Div, l, r, _) => constant(r)
                .filter(|c| *c > 0)
                // Truncating (C) or flooring: both lie in these bounds.
                .and_then(|c| operand_range(l).map(|(lo, hi)| (lo.div_euclid(c), hi / c))),
            // Shifting right by `s` a non-negative `x` (any `x` of an
            // unsigned type) is `x / 2^s`, monotone.
            Expr::Binary(BinOp::Shr, l, r, _) => constant(r)
                .filter(|s| (0..128).contains(s))
                .and_then(|s| match operand_range(l) {
                    Some((lo, hi)) if lo >= 0 => Some((lo >> s, hi >> s)),
                    _ => (!signed).then_some((0, type_range.1 >> s)),
                }),
            _ => None,
        };
        let range = match narrowed {
            Some((lo, hi)) => (lo.max(type_range.0), hi.min(type_range.1)),
            None => type_range,
        };
        let uniform = self.uniform_leaves(e, at, depth + 1);
        // Keyed by the range too: a range narrowed by the non-negative
        // locals of one evaluation (see [`Self::with_bounds`]) must not
        // stand for the same expression elsewhere.
        let index = self.terms.lock().ok()?.intern(e, uniform, range)?;
        self.record_remainder(index, e, ty, at, depth);
        Some(Poly::atom(if uniform {
            Atom::UniformTerm(index)
        } else {
            Atom::Term(index)
        }))
    }

    /// Records in [`Self::remainders`] what subterm `index` (the
    /// expression `e` of type `ty`, expanded at `at`) computes when it is
    /// `x & (m - 1)` or `x % m` by a divisor that is not a constant. A
    /// subterm whose expansions disagree (a local read at two places with
    /// different values) or fail once is poisoned (None): every occurrence
    /// of a recorded atom then is the operation over the recorded operands.
    fn record_remainder(&self, index: u32, e: &Expr, ty: ScalarTy, at: usize, depth: u32) {
        let Expr::Binary(op @ (BinOp::BitAnd | BinOp::Rem), l, r, _) = e else {
            return;
        };
        let constant = |x: &Expr| crate::ir::eval::eval_expr(x, &|_| None).is_some();
        if constant(l) || constant(r) {
            return;
        }
        let found = self.remainder_readings(*op, l, r, ty, at, depth);
        let Ok(mut table) = self.remainders.lock() else {
            return;
        };
        let entry = table.entry(index).or_insert_with(|| found.clone());
        if *entry != found {
            *entry = None;
        }
    }

    /// `l OP r` (`&` or `%`, of type `ty`, at `at`) read as remainders
    /// `x & (m - 1)` / `x % m` over the exact operands (None when an operand
    /// does not expand or has another type than the operation's: then its
    /// value is not the one the operation combines).
    fn remainder_readings(
        &self,
        op: BinOp,
        l: &Expr,
        r: &Expr,
        ty: ScalarTy,
        at: usize,
        depth: u32,
    ) -> Option<Vec<Remainder>> {
        let same_type = |x: &Expr| super::symexec::type_of(self.kernel, x) == ty;
        if !(same_type(l) && same_type(r)) {
            return None;
        }
        let (a, b) = (
            self.expand(l, at, depth + 1)?,
            self.expand(r, at, depth + 1)?,
        );
        let one = Poly::constant(1);
        Some(match op {
            BinOp::Rem => vec![Remainder {
                x: a,
                m: b,
                mask: false,
            }],
            // `&` commutes: either operand may be the mask `m - 1`.
            BinOp::BitAnd => vec![
                Remainder {
                    x: a.clone(),
                    m: b.add(&one, 1)?,
                    mask: true,
                },
                Remainder {
                    x: b,
                    m: a.add(&one, 1)?,
                    mask: true,
                },
            ],
            _ => return None,
        })
    }

    /// The locals of [`Self::fixed_remainders`]: each local with a single
    /// top-level definition `l & r` or `l % r` (operands not constants, of
    /// the local's type) whose operands expand exactly, with its readings as
    /// remainders. A read of such a local after its definition (the only
    /// place [`Atom::Fixed`] stands for it) is the definition's value. For
    /// `&`, when an operand's range is `[0, h]` (an expansion with no
    /// evaluation context: the widest ranges), the value is in `[0, h]` too:
    /// two's complement `a & b` with `a >= 0` has no bit `a` lacks, so it is
    /// non-negative and at most `a`.
    fn fixed_remainders(&self) -> FixedRemainders {
        let mut out = HashMap::default();
        for (v, &(def_at, value)) in &self.single_defs {
            let Some(decl) = self.kernel.vars.get(v.0 as usize) else {
                continue;
            };
            let Expr::Binary(op @ (BinOp::BitAnd | BinOp::Rem), l, r, ty) = value else {
                continue;
            };
            let constant = |x: &Expr| crate::ir::eval::eval_expr(x, &|_| None).is_some();
            if decl.ty != *ty || constant(l) || constant(r) {
                continue;
            }
            let Some(readings) = self.remainder_readings(*op, l, r, *ty, def_at, 0) else {
                continue;
            };
            let range = if matches!(op, BinOp::BitAnd) {
                readings
                    .iter()
                    .filter_map(|t| self.range(&t.x))
                    .filter(|r| r.0 >= 0)
                    .map(|r| r.1)
                    .min()
                    .map(|h| (0, h))
            } else {
                None
            };
            out.insert(v.0, (readings, range));
        }
        out
    }

    /// Theorem (symbolic remainder). Let `T` be a subterm `x & (m - 1)` or
    /// `x % m` ([`Self::remainders`]), or a local whose single top-level
    /// definition is one (an [`Atom::Fixed`] is read after it:
    /// [`Self::fixed_remainders`]), with `x` and `m` exact values built
    /// from ids, launch extents, integer parameters and uniform subterms
    /// (each the same at every evaluation in a thread), `m` the same in both
    /// threads, `x >= 0` (its range) and `m >= 1` (its range, or a fact
    /// `l < r` of either access with `m - (r - l)` a constant `>= 0`: `m` is
    /// the same wherever the kernel runs, so a fact on it where one access
    /// runs holds at both); for `&`, `m` a power of two besides (a fact `m &
    /// (m - 1) == 0` of either access: with `m >= 1`, `m - 1` is exact and
    /// has no bit of `m` only when `m` is a power of two). Then `T` is the
    /// remainder of `x` by `m` (C's `%` on `x >= 0`, `m > 0`; a mask by
    /// `2^j - 1` on a non-negative value), in `[0, m)`, the same at every
    /// evaluation, and `x = m * Q + T` with `Q = floor(x / m)`.
    ///
    /// Let the offsets be `P = c * x + d * T + e * m + U` (constants `c`,
    /// `d`, `e`; `U` without any atom that may differ between threads or
    /// evaluations) with the same `g = c_a + d_a = c_b + d_b >= 1`, `g`
    /// dividing `c` and `e`, `U_a = U_b`, and both sizes at most `g`. Then
    /// `P = g * (m * (C * Q + E) + T) + U` (`C = c / g`, `E = e / g`), two
    /// byte ranges overlap only when the values `m * (C * Q + E) + T` are
    /// equal (otherwise their starts are `g` or more apart), and then,
    /// `0 <= T < m`, `T1 = T2` and `C_a * Q1 + E_a = C_b * Q2 + E_b`. With
    /// `C_a = C_b = C`: `C * (Q1 - Q2) = E_b - E_a`, impossible when `E_b -
    /// E_a` is not a multiple of `C` (or `C = 0` and `E_a != E_b`), so no
    /// two threads meet (the radix-2/4 butterflies `lo = pos & (s - 1)`,
    /// `i0 = ((pos - lo) << 2) + lo`, `i1 = i0 + s`); when `E_a = E_b` and
    /// `C != 0`, `Q1 = Q2` and `T1 = T2` make `x1 = x2`, so the ids of `x`'s
    /// cover are equal. Anything else: None.
    #[allow(clippy::type_complexity)]
    fn symbolic_remainder(
        &self,
        x: &(u32, Poly, u32, Vec<Fact>),
        y: &(u32, Poly, u32, Vec<Fact>),
    ) -> Option<(bool, bool)> {
        let mut atoms: Vec<Atom> = [&x.1, &y.1]
            .iter()
            .flat_map(|p| p.0.keys())
            .filter_map(|m| match m.as_slice() {
                [a @ (Atom::Term(_) | Atom::Fixed(_))] => Some(*a),
                _ => None,
            })
            .collect();
        if atoms.is_empty() {
            return None;
        }
        atoms.sort_unstable();
        atoms.dedup();
        let table = self.remainders.lock().ok()?.clone();
        let facts: Vec<&Fact> = x.3.iter().chain(y.3.iter()).collect();
        for t in atoms {
            let candidates = match t {
                Atom::Term(j) => match table.get(&j) {
                    Some(Some(c)) => c,
                    _ => continue,
                },
                Atom::Fixed(v) => match self.fixed_remainders.get(&v) {
                    Some((c, _)) => c,
                    None => continue,
                },
                _ => continue,
            };
            for r in candidates {
                if let Some(decided) = self.remainder_decides(t, r, x, y, &facts, &table) {
                    return Some(decided);
                }
            }
        }
        None
    }

    /// [`Self::symbolic_remainder`] for one subterm `j` read as `r`.
    #[allow(clippy::type_complexity)]
    fn remainder_decides(
        &self,
        t: Atom,
        r: &Remainder,
        x: &(u32, Poly, u32, Vec<Fact>),
        y: &(u32, Poly, u32, Vec<Fact>),
        facts: &[&Fact],
        table: &HashMap<u32, Option<Vec<Remainder>>>,
    ) -> Option<(bool, bool)> {
        // Atoms with one value at every evaluation in a thread.
        let steady = |p: &Poly| {
            p.0.keys().flatten().all(|a| {
                matches!(
                    a,
                    Atom::Tid(_)
                        | Atom::Bid(_)
                        | Atom::BlockDim(_)
                        | Atom::GridDim(_)
                        | Atom::Param(_)
                        | Atom::UniformTerm(_)
                        | Atom::Quot(_)
                        | Atom::Rem(_)
                )
            })
        };
        if !steady(&r.x) || !steady(&r.m) || !r.m.thread_part().0.is_empty() {
            return None;
        }
        let x_thread = r.x.thread_part();
        let (x_mono, x_coef) = x_thread.0.iter().next()?;
        if self.range(&r.x)?.0 < 0 {
            return None;
        }
        let positive = self.range(&r.m).is_some_and(|(lo, _)| lo >= 1)
            || facts.iter().any(|f| {
                !f.equal
                    && f.rhs
                        .add(&f.lhs, -1)
                        .and_then(|gap| r.m.add(&gap, -1))
                        .is_some_and(|d| d.0.keys().all(|m| m.is_empty()) && d.constant_term() >= 0)
            });
        if !positive {
            return None;
        }
        if r.mask {
            let power_of_two = match self.range(&r.m) {
                Some((lo, hi)) if lo == hi => lo >= 1 && lo & (lo - 1) == 0,
                _ => false,
            } || facts.iter().any(|f| {
                let Some(d) = f.lhs.add(&f.rhs, -1) else {
                    return false;
                };
                let k = match d.0.iter().next() {
                    Some((m, c)) if d.0.len() == 1 && c.abs() == 1 => match m.as_slice() {
                        [Atom::UniformTerm(k)] => *k,
                        _ => return false,
                    },
                    _ => return false,
                };
                f.equal
                    && matches!(table.get(&k), Some(Some(list)) if list.iter().any(|t| {
                        t.mask && t.x == r.m && t.m == r.m
                    }))
            });
            if !power_of_two {
                return None;
            }
        }
        let t_mono = vec![t];
        let decompose = |p: &Poly| -> Option<(i128, i128, i128, Poly)> {
            let pc = p.0.get(x_mono).copied().unwrap_or(0);
            if pc % x_coef != 0 {
                return None;
            }
            let c = pc / x_coef;
            let d = p.0.get(&t_mono).copied().unwrap_or(0);
            let rest = p
                .add(&r.x.mul(&Poly::constant(c))?, -1)?
                .add(&Poly::atom(t).mul(&Poly::constant(d))?, -1)?;
            if rest.0.keys().flatten().any(|a| a.varying()) {
                return None;
            }
            let e = match r.m.0.iter().find(|(m, _)| !m.is_empty()) {
                Some((m_mono, m_coef)) => {
                    let rc = rest.0.get(m_mono).copied().unwrap_or(0);
                    if rc % m_coef != 0 {
                        return None;
                    }
                    rc / m_coef
                }
                None => 0,
            };
            let u = rest.add(&r.m.mul(&Poly::constant(e))?, -1)?;
            Some((c, d, e, u))
        };
        let (ca, da, ea, ua) = decompose(&x.1)?;
        let (cb, db, eb, ub) = decompose(&y.1)?;
        let g = ca.checked_add(da)?;
        if g < 1 || cb.checked_add(db)? != g || ua != ub {
            return None;
        }
        if [ca, cb, ea, eb].iter().any(|v| v % g != 0) {
            return None;
        }
        if i128::from(x.2.max(y.2).max(1)) > g {
            return None;
        }
        let (c, cb, delta) = (ca / g, cb / g, eb / g - ea / g);
        if c != cb {
            return None;
        }
        if c == 0 {
            return (delta != 0).then_some((true, true));
        }
        if delta % c != 0 {
            return Some((true, true));
        }
        if delta != 0 {
            return None;
        }
        let shared: Vec<Fact> = x.3.iter().filter(|f| y.3.contains(f)).cloned().collect();
        let cover = self.full_cover(&r.x, &shared)?;
        Some(self.covers_scenarios(cover.ids))
    }

    /// `f()` with the locals of `bounds` bounded: `f` expands an expression
    /// evaluated, or decides a cover or pair of accesses that run, only
    /// where the tests around them hold, and [`bounded_locals`] of their
    /// facts are bounds each local has there in every thread that gets
    /// there (a test proved them and nothing has assigned the local since),
    /// so an [`Atom::Opaque`] or [`Atom::Fixed`] of them (its value at that
    /// evaluation) ranges over its type narrowed to them. This makes
    /// `(unsigned)i` of a signed counter under `i >= 1` the value `i`,
    /// `tid + (unsigned)i` an exact sum, `j << 7` under `j < 6` the product
    /// `128 * j`, and a row `r * 32 + c` under `r < 3`, `c < 32` a
    /// mixed-radix digit. Likewise, with `at` (the top-level position of the
    /// evaluation), a local of [`Self::counter_bounds`] assigned at the top
    /// level before `at` ranges over [0, h]. The terms and polynomials built
    /// meanwhile describe only that evaluation (terms are interned with
    /// their range, covers memoized with the bounds).
    fn with_bounds<R>(&self, at: Option<usize>, bounds: LocalBounds, f: impl FnOnce() -> R) -> R {
        let saved = self
            .bounds
            .lock()
            .map(|mut n| std::mem::replace(&mut *n, bounds))
            .unwrap_or_default();
        let saved_at = self
            .evaluated_at
            .lock()
            .ok()
            .and_then(|mut p| std::mem::replace(&mut *p, at));
        let result = f();
        if let Ok(mut n) = self.bounds.lock() {
            *n = saved;
        }
        if let Ok(mut p) = self.evaluated_at.lock() {
            *p = saved_at;
        }
        result
    }

    /// The bound of local atom `a` in force (see [`Self::with_bounds`]),
    /// intersected with `range`; `range` itself when there is none or the
    /// intersection is empty (then no thread reaches the evaluation and any
    /// range is sound, but an empty one would confuse interval arithmetic).
    fn bounded(&self, a: Atom, range: (i128, i128)) -> (i128, i128) {
        let Ok(bounds) = self.bounds.lock() else {
            return range;
        };
        let Some(&(_, lo, hi)) = bounds.iter().find(|b| b.0 == a) else {
            return range;
        };
        let narrowed = (
            lo.map_or(range.0, |l| l.max(range.0)),
            hi.map_or(range.1, |h| h.min(range.1)),
        );
        if narrowed.0 <= narrowed.1 {
            narrowed
        } else {
            range
        }
    }

    /// Per local `v`, the position of its first top-level assignment of a
    /// value without `v` and a bound `h` such that every value `v` holds
    /// after it is in [0, h]: every assignment of `v` anywhere in the kernel
    /// is either a value without `v` whose exact polynomial's range (at the
    /// assignment's top-level position) lies in [0, h] and in `v`'s type,
    /// or `v / c` (`c >= 1`) or `v >> c` (`c >= 0`) in `v`'s type, which
    /// keep a value of [0, h] in [0, h]. By induction over the assignments
    /// run after the first top-level one (which runs before every later
    /// top-level statement), every value `v` holds there is in [0, h]. (A
    /// tree reduction's `int i = blockDim.x / 2; while (i != 0) { ..; i /=
    /// 2; }`, or an unsigned `s >>= 1`.)
    fn counter_bounds(&self) -> HashMap<u32, (usize, i128)> {
        // Only locals halved by an assignment of their own are counters: a
        // bound of any other local is not needed by [`Self::stride_apart`],
        // and expanding every assignment of a large unrolled kernel (tens of
        // thousands of terms, each interned by a linear scan) costs minutes.
        let mut counters: crate::base::HashSet<u32> = crate::base::HashSet::default();
        for top in &self.kernel.body.stmts {
            let mut visit = |s: &'k crate::ir::Stmt| {
                if let (Some(v), StmtKind::Assign { value, .. }) =
                    (crate::ir::walk::assigned_var(s), &s.kind)
                {
                    if matches!(value, Expr::Binary(BinOp::Div | BinOp::Shr, l, _, _)
                        if matches!(&**l, Expr::Var(w) if *w == v))
                    {
                        counters.insert(v.0);
                    }
                }
            };
            visit(top);
            for child in crate::ir::walk::child_blocks(top) {
                crate::ir::walk::for_each_stmt(child, &mut visit);
            }
        }
        // Per local: first top-level plain assignment, bound so far (None:
        // some assignment is of another form).
        let mut found: HashMap<u32, (Option<usize>, Option<i128>)> = HashMap::default();
        for (index, top) in self.kernel.body.stmts.iter().enumerate() {
            let mut visit = |s: &'k crate::ir::Stmt| {
                let Some(v) = crate::ir::walk::assigned_var(s) else {
                    return;
                };
                if !counters.contains(&v.0) {
                    return;
                }
                let entry = found.entry(v.0).or_insert((None, Some(0)));
                let ty = self.kernel.vars.get(v.0 as usize).map(|d| d.ty);
                let StmtKind::Assign { value, .. } = &s.kind else {
                    entry.1 = None;
                    return;
                };
                let mut reads_v = false;
                crate::ir::walk::for_each_expr(value, &mut |e| {
                    reads_v |= matches!(e, Expr::Var(w) if *w == v);
                });
                if reads_v {
                    let halving = match value {
                        Expr::Binary(op @ (BinOp::Div | BinOp::Shr), l, r, t) => {
                            Some(*t) == ty
                                && matches!((&**l, &**r), (Expr::Var(w), Expr::Int(c, _))
                                    if *w == v && *c >= i128::from(*op == BinOp::Div))
                        }
                        _ => false,
                    };
                    if !halving {
                        entry.1 = None;
                    }
                    return;
                }
                let range = self.expand(value, index, 0).and_then(|p| self.range(&p));
                match (range, ty) {
                    (Some(r), Some(ty)) if r.0 >= 0 && within(r, ty) => {
                        entry.1 = entry.1.map(|h| h.max(r.1));
                    }
                    _ => entry.1 = None,
                }
                if std::ptr::eq(s, top) && entry.0.is_none() {
                    entry.0 = Some(index);
                }
            };
            visit(top);
            for child in crate::ir::walk::child_blocks(top) {
                crate::ir::walk::for_each_stmt(child, &mut visit);
            }
        }
        found
            .into_iter()
            .filter_map(|(v, (first, high))| Some((v, (first?, high?))))
            .collect()
    }

    /// Whether every leaf of `e` is grid-uniform wherever `e` is evaluated
    /// after top-level position `at`: parameters, launch sizes, and locals
    /// whose single top-level definition expands to such values.
    fn uniform_leaves(&self, e: &Expr, at: usize, depth: u32) -> bool {
        if depth > 24 {
            return false;
        }
        match e {
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) => true,
            Expr::Builtin(b) => !matches!(b, Builtin::ThreadIdx(_) | Builtin::BlockIdx(_)),
            Expr::Var(_) => self
                .expand(e, at, depth + 1)
                .is_some_and(|p| p.invariant() && p.0.keys().flatten().all(|a| !a.varying())),
            Expr::Unary(_, x, _) | Expr::Cast(_, x) => self.uniform_leaves(x, at, depth + 1),
            Expr::Binary(_, l, r, _) => {
                self.uniform_leaves(l, at, depth + 1) && self.uniform_leaves(r, at, depth + 1)
            }
            Expr::Select(c, a, b, _) => [c, a, b]
                .iter()
                .all(|x| self.uniform_leaves(x, at, depth + 1)),
            Expr::Apply(_, args, _) => args.iter().all(|x| self.uniform_leaves(x, at, depth + 1)),
        }
    }

    /// `e` as a quotient or remainder atom, when it is a division by a
    /// constant: `/ c`, `% c`, `>> k` (c = 2^k) and `& (2^k - 1)` (a
    /// remainder by c = 2^k) of an expandable dividend (see
    /// [`Self::division_atom`]); None otherwise.
    fn division_expansion(&self, e: &Expr, at: usize, depth: u32) -> Option<Poly> {
        let Expr::Binary(op, l, r, ty) = e else {
            return None;
        };
        // A literal divisor, or a closed expression of literals (`idx %
        // (M7W / NRX)`): its exact value is the operand's (see
        // [`closed_value`]).
        let k = match **r {
            Expr::Int(k, _) => k,
            _ => closed_value(r, 0)?,
        };
        let (c, quotient) = match op {
            BinOp::Div if k > 0 => (k, true),
            BinOp::Rem if k > 0 => (k, false),
            BinOp::Shr if (0..62).contains(&k) => (1i128 << k, true),
            BinOp::BitAnd if k >= 0 && (k + 1) & k == 0 && k < 1 << 62 => (k + 1, false),
            _ => return None,
        };
        let x = self.expand(l, at, depth + 1)?;
        self.division_atom(x, c, quotient, *ty)
    }

    /// The atom of `x / c` (`quotient`) or `x % c`, where `x` is the exact
    /// value of the operand in the operation's type `ty`. On a non-negative
    /// `x` and `c > 0`, C's truncating `/` and `%` (and `>>`, `&` by a low
    /// mask) are the floor quotient and the remainder in `[0, c)`, both
    /// within `ty`, which the encoder computes exactly. Only for a
    /// thread-dependent, invariant `x` (uniform ones the expansion leaves
    /// alone; an opaque local's value may change between evaluations);
    /// otherwise None.
    fn division_atom(&self, x: Poly, c: i128, quotient: bool, ty: ScalarTy) -> Option<Poly> {
        let range = self.range(&x)?;
        if range.0 < 0 || !within(range, ty) || !x.invariant() || x.thread_part().0.is_empty() {
            return None;
        }
        if c == 1 {
            return Some(if quotient { x } else { Poly::constant(0) });
        }
        let mut divisions = self.divisions.lock().ok()?;
        let index = match divisions.iter().position(|d| d.0 == x && d.1 == c) {
            Some(i) => i,
            None if divisions.len() < 32 => {
                divisions.push((x, c));
                divisions.len() - 1
            }
            None => return None,
        };
        let index = u32::try_from(index).ok()?;
        Some(Poly::atom(if quotient {
            Atom::Quot(index)
        } else {
            Atom::Rem(index)
        }))
    }

    /// Whether the encoder's result of an arithmetic operation of type `ty`
    /// with mathematical value `p` is `p`: signed results are never wrapped
    /// (overflow is undefined behaviour), unsigned ones only outside their
    /// type's range.
    fn exact_result(&self, p: &Poly, ty: ScalarTy) -> bool {
        match ty {
            ScalarTy::Int { signed: true, .. } => true,
            ScalarTy::Int { .. } => self.range(p).is_some_and(|r| within(r, ty)),
            _ => false,
        }
    }

    /// Whether converting the value `p` of type `from` to `to` keeps it.
    fn converts_exactly(&self, p: &Poly, from: ScalarTy, to: ScalarTy) -> bool {
        let (
            ScalarTy::Int {
                bits: fb,
                signed: fs,
            },
            ScalarTy::Int {
                bits: tb,
                signed: ts,
            },
        ) = (from, to)
        else {
            return false;
        };
        // Every value of `from` is a value of `to`.
        let widening = (fs == ts && tb >= fb) || (!fs && ts && tb > fb);
        widening || self.range(p).is_some_and(|r| within(r, to))
    }

    /// [`Self::converts_exactly`], or the value `p`, converted at top-level
    /// position `at`, is bounded into `to` by a top-level fact before `at`
    /// ([`Self::bounded_by_top_facts`]).
    fn converts_exactly_at(&self, p: &Poly, from: ScalarTy, to: ScalarTy, at: usize) -> bool {
        self.converts_exactly(p, from, to)
            || (matches!(from, ScalarTy::Int { .. }) && self.bounded_by_top_facts(p, to, at))
    }

    /// Whether every value of `p` where top-level position `at` runs is in
    /// `to`: its lower bound by interval arithmetic, its upper bound by a
    /// fact `l < r` of the top level before `at` (an early return's or an
    /// assumption's, see [`Delinear::new`]) with `p = l + d`, `d` a constant:
    /// `p <= max(r) - 1 + d`. The fact holds in every thread that reaches
    /// `at` (a later top-level statement runs only after it held, and its
    /// atoms never change), and `p`, `l` and `r` are exact polynomials of
    /// those atoms, so the bound is one of the mathematical value: the
    /// conversion keeps it. (`g_col = gid + 1`, with `gid = blockIdx.x *
    /// blockDim.x + threadIdx.x`, converted to `int` after `gid < cols - 2`,
    /// a launch relation's corollary, is at most `2^31 - 3`.)
    fn bounded_by_top_facts(&self, p: &Poly, to: ScalarTy, at: usize) -> bool {
        let Some(type_range) = super::grid_stride::int_bounds(to) else {
            return false;
        };
        if !p.invariant() || self.range(p).is_none_or(|r| r.0 < type_range.0) {
            return false;
        }
        self.top_bounds.iter().any(|(after, f)| {
            if f.equal || *after >= at {
                return false;
            }
            let Some(d) = p.add(&f.lhs, -1) else {
                return false;
            };
            if d.0.keys().any(|m| !m.is_empty()) {
                return false;
            }
            self.range(&f.rhs).is_some_and(|r| {
                r.1.checked_sub(1)
                    .and_then(|h| h.checked_add(d.constant_term()))
                    .is_some_and(|high| high <= type_range.1)
            })
        })
    }

    /// Bounds of an atom's values.
    fn atom_range(&self, a: Atom) -> Option<(i128, i128)> {
        let at = |b: &[(i128, i128); 3], d: u8| b.get(usize::from(d)).copied();
        Some(match a {
            Atom::Tid(d) => (0, at(&self.block_bounds, d)?.1 - 1),
            Atom::Bid(d) => (0, at(&self.grid_bounds, d)?.1 - 1),
            Atom::BlockDim(d) => at(&self.block_bounds, d)?,
            Atom::GridDim(d) => at(&self.grid_bounds, d)?,
            Atom::Param(p) => {
                let (lo, hi) =
                    super::grid_stride::int_bounds(self.kernel.params.get(p as usize)?.ty)?;
                // A guard of the access being expanded bounds it (see
                // [`positive_params`]).
                if self.positive_params.lock().ok()?.contains(&p) {
                    (lo.max(1), hi)
                } else {
                    (lo, hi)
                }
            }
            Atom::Opaque(v) => {
                let (lo, hi) =
                    super::grid_stride::int_bounds(self.kernel.vars.get(v as usize)?.ty)?;
                let at = *self.evaluated_at.lock().ok()?;
                let range = match self.counter_bounds.get(&v) {
                    Some(&(first, high)) if at.is_some_and(|at| first < at) => {
                        (lo.max(0), hi.min(high))
                    }
                    _ => (lo, hi),
                };
                // The tests around the evaluation bound it (see
                // [`Self::with_bounds`]).
                self.bounded(a, range)
            }
            Atom::Fixed(v) => {
                let (lo, hi) =
                    super::grid_stride::int_bounds(self.kernel.vars.get(v as usize)?.ty)?;
                // A mask of a non-negative value (see [`Self::fixed_remainders`]).
                let range = match self.fixed_remainders.get(&v).and_then(|f| f.1) {
                    Some((l, h)) => (lo.max(l), hi.min(h)),
                    None => (lo, hi),
                };
                // The tests around the cover or pair (see [`Self::with_bounds`]).
                self.bounded(a, range)
            }
            Atom::Term(i) | Atom::UniformTerm(i) => self.terms.lock().ok()?.get(i as usize)?.2,
            Atom::Quot(k) | Atom::Rem(k) => {
                let (x, c) = self.divisions.lock().ok()?.get(k as usize)?.clone();
                let (lo, hi) = self.range(&x)?;
                if matches!(a, Atom::Quot(_)) {
                    (lo / c, hi / c)
                } else {
                    (0, (c - 1).min(hi))
                }
            }
        })
    }

    /// Bounds of a polynomial's values (interval arithmetic).
    ///
    /// A monomial holding the factors of a value a launch extent equals
    /// ([`Self::extent_values`]: `n * G * K` with `gridDim.z == G * K`) is
    /// also bounded with that product replaced by the extent's range (the
    /// same value, so both bounds hold: their intersection is kept).
    fn range(&self, p: &Poly) -> Option<(i128, i128)> {
        let mut total = (0i128, 0i128);
        for (m, c) in &p.0 {
            let mut r = self.monomial_range(*c, m.iter().copied())?;
            for (value, extent) in &self.extent_values {
                let Some(rest) = remove_factors(m, value) else {
                    continue;
                };
                let with_extent = rest.iter().copied().chain(std::iter::once(*extent));
                if let Some(q) = self.monomial_range(*c, with_extent) {
                    r = (r.0.max(q.0), r.1.min(q.1));
                }
            }
            total = (total.0.checked_add(r.0)?, total.1.checked_add(r.1)?);
        }
        Some(total)
    }

    /// Bounds of `c` times the product of `atoms` (interval arithmetic).
    fn monomial_range(&self, c: i128, atoms: impl Iterator<Item = Atom>) -> Option<(i128, i128)> {
        let mut r = (c, c);
        for a in atoms {
            let (lo, hi) = self.atom_range(a)?;
            let products = [
                r.0.checked_mul(lo)?,
                r.0.checked_mul(hi)?,
                r.1.checked_mul(lo)?,
                r.1.checked_mul(hi)?,
            ];
            r = (*products.iter().min()?, *products.iter().max()?);
        }
        Some(r)
    }

    /// Whether `p >= 0` in every thread that has `facts`.
    fn nonnegative(&self, p: &Poly, facts: &[Fact]) -> bool {
        if self.range(p).is_some_and(|r| r.0 >= 0) {
            return true;
        }
        // A fact `c < p` with a constant `c >= -1`.
        facts.iter().any(|f| {
            !f.equal
                && f.rhs == *p
                && f.lhs.0.keys().all(|m| m.is_empty())
                && f.lhs.constant_term() >= -1
        })
    }

    /// The cover of the thread part of an offset (see the module
    /// documentation), with `facts` holding in both threads.
    fn cover(&self, p: &Poly, facts: &[Fact], depth: u32) -> Option<Cover> {
        if depth > 12 {
            return None;
        }
        let t = p.thread_part();
        if t.0.is_empty() {
            // The same value in both threads.
            return Some(Cover {
                ids: 0,
                gap: i128::MAX,
                parts: 0,
            });
        }
        // A common constant factor scales the gap.
        let g = t.0.values().fold(0i128, |g, c| gcd(g, c.abs()));
        if g > 1 {
            let scaled = Poly(t.0.iter().map(|(m, c)| (m.clone(), c / g)).collect());
            let inner = self.cover(&scaled, facts, depth + 1)?;
            return Some(Cover {
                gap: inner.gap.saturating_mul(g),
                ..inner
            });
        }
        if let Some((m, c)) = t.0.iter().next().filter(|_| t.0.len() == 1) {
            // One id (or opaque local) times launch sizes (positive):
            // different ids give different values.
            let one = m.iter().filter(|a| a.varying()).count() == 1;
            let positive = m
                .iter()
                .all(|a| a.varying() || matches!(a, Atom::BlockDim(_) | Atom::GridDim(_)));
            if one && positive {
                return Some(Cover {
                    ids: m.iter().find_map(|a| a.id_bit()).unwrap_or(0),
                    gap: c.abs(),
                    parts: m.iter().fold(0, |p, a| p | a.part_bit()),
                });
            }
        }
        let divided = self.division(&t, facts, depth);
        if let Some(c) = divided.filter(|c| c.ids & self.varying == self.varying) {
            return Some(c);
        }
        // Otherwise the better of the mixed-radix cover and a partial
        // division one, or only what every integer offers: different values
        // differ by at least 1, equal ones say nothing.
        let mixed = self.mixed_radix(&t);
        Some(match (divided, mixed) {
            (Some(d), Some(m)) if m.ids.count_ones() > d.ids.count_ones() => m,
            (Some(d), _) => d,
            (None, Some(m)) => m,
            (None, None) => Cover {
                ids: 0,
                gap: 1,
                parts: 0,
            },
        })
    }

    /// The division theorem with one of `facts` or a launch bound.
    fn division(&self, t: &Poly, facts: &[Fact], depth: u32) -> Option<Cover> {
        let launch = (0..3u8).flat_map(|d| {
            [
                (
                    Atom::Tid(d),
                    Atom::BlockDim(d),
                    self.block_known[usize::from(d)],
                ),
                (
                    Atom::Bid(d),
                    Atom::GridDim(d),
                    self.grid_known[usize::from(d)],
                ),
            ]
        });
        // The facts, then the launch bounds (chained: covers recurse through
        // here, and copying the facts at every call dominated their cost).
        let mut launch_bounds: Vec<Fact> = launch
            .clone()
            .map(|(id, size, known)| Fact {
                lhs: Poly::atom(id),
                rhs: match known {
                    Some(n) => Poly::constant(i128::from(n)),
                    None => Poly::atom(size),
                },
                equal: false,
            })
            .collect();
        // An extent equal to a value (a launch relation, `gridDim.z == C`):
        // the id is below that value too.
        for fact in facts.iter().filter(|f| f.equal) {
            for (side, value) in [(&fact.lhs, &fact.rhs), (&fact.rhs, &fact.lhs)] {
                for (id, size, _) in launch.clone() {
                    if *side == Poly::atom(size) {
                        launch_bounds.push(Fact {
                            lhs: Poly::atom(id),
                            rhs: value.clone(),
                            equal: false,
                        });
                    }
                }
            }
        }
        let mut fallback: Option<Cover> = None;
        for fact in facts.iter().chain(&launch_bounds).filter(|f| !f.equal) {
            // A's id monomials are some of E's, with equal coefficients (and
            // there is one), asked before A is built.
            let mut a_monomials = fact
                .lhs
                .0
                .iter()
                .filter(|(m, _)| m.iter().any(|a| a.varying()))
                .peekable();
            if a_monomials.peek().is_none() || !a_monomials.all(|(m, c)| t.0.get(m) == Some(c)) {
                continue;
            }
            let a = fact.lhs.thread_part();
            if !self.nonnegative(&fact.lhs, facts) {
                continue;
            }
            // K: one monomial with a positive constant after dropping a
            // non-positive constant term (`A < K + c <= K`).
            let mut k = fact.rhs.clone();
            if k.constant_term() <= 0 && k.0.len() > 1 {
                k.0.remove(&Vec::new());
            }
            if k.0.len() != 1 || k.0.keys().flatten().any(|a| a.varying()) {
                continue;
            }
            let Some((k_mono, &k_coef)) = k.0.iter().next() else {
                continue;
            };
            if k_coef <= 0 {
                continue;
            }
            // H = (E - A) / K, every monomial divisible.
            let Some(rest) = t.add(&a, -1) else {
                continue;
            };
            let mut h = Poly::default();
            let mut divisible = true;
            for (m, c) in &rest.0 {
                let Some(quotient) = remove_factors(m, k_mono) else {
                    divisible = false;
                    break;
                };
                if c % k_coef != 0 {
                    divisible = false;
                    break;
                }
                h.0.insert(quotient, c / k_coef);
            }
            if !divisible {
                continue;
            }
            // A's own uniform part does not matter (the same in both).
            // H may be anything (an opaque local included): only its
            // being an integer matters.
            let (Some(high), Some(low)) = (
                self.cover(&h, facts, depth + 1),
                self.cover(&a, facts, depth + 1),
            ) else {
                continue;
            };
            // Different H: at least K - (K - 1) = 1 apart; equal H, different A:
            // A's gap.
            let gap = if h.0.is_empty() {
                low.gap
            } else {
                low.gap.min(1)
            };
            let cover = Cover {
                ids: high.ids | low.ids,
                gap,
                parts: high.parts | low.parts,
            };
            if low.ids != 0 {
                return Some(cover);
            }
            // A without ids (a loop counter below its bound, `ia < na`):
            // the theorem still makes H equal, whose ids count; kept unless a
            // bound with ids in A follows.
            if fallback.is_none_or(|f: Cover| f.ids.count_ones() < cover.ids.count_ones()) {
                fallback = Some(cover);
            }
        }
        fallback.filter(|f| f.ids != 0)
    }

    /// The terms of a thread part for the mixed-radix theorems: each
    /// monomial a single varying atom, as (|coefficient|, width of the
    /// atom's range, atom); None when some monomial is not.
    fn radix_terms(&self, t: &Poly) -> Option<Vec<(i128, i128, Atom)>> {
        let mut terms = Vec::new();
        for (m, c) in &t.0 {
            let [a] = m.as_slice() else {
                return None;
            };
            if !a.varying() {
                return None;
            }
            let (lo, hi) = self.atom_range(*a)?;
            terms.push((c.checked_abs()?, hi.checked_sub(lo)?, *a));
        }
        Some(terms)
    }

    /// The mixed-radix theorem for constant coefficients.
    fn mixed_radix(&self, t: &Poly) -> Option<Cover> {
        let mut terms: Vec<_> = self
            .radix_terms(t)?
            .into_iter()
            .map(|(c, w, a)| (c, w, a.id_bit().unwrap_or(0), a.part_bit()))
            .collect();
        terms.sort();
        let mut below = 0i128;
        let mut gap = i128::MAX;
        let mut ids = 0;
        let mut parts = 0;
        for (c, width, id, part) in terms {
            if c <= below {
                return None;
            }
            gap = gap.min(c - below);
            below = below.checked_add(c.checked_mul(width)?)?;
            ids |= id;
            parts |= part;
        }
        Some(Cover { ids, gap, parts })
    }

    /// [`Self::cover`] of offset `p` with the ids that guards `D == U` (U
    /// grid-uniform) pin: D is the same in both threads, so the ids D's
    /// cover names are equal too.
    fn full_cover(&self, p: &Poly, facts: &[Fact]) -> Option<Cover> {
        // A function of the thread part, the facts, the divisions known so
        // far (`close` reads them), the bounds of locals in force and the
        // counters bounded at the evaluation's position (atom ranges read
        // both): unrolled code repeats offsets that differ by constants
        // under the same guards.
        let key = (
            p.thread_part(),
            facts.to_vec(),
            self.divisions.lock().map(|d| d.len()).unwrap_or(0),
            self.bounds.lock().map(|n| n.clone()).unwrap_or_default(),
            self.bounded_counters(),
        );
        if let Some(known) = self
            .cover_memo
            .lock()
            .ok()
            .and_then(|m| m.get(&key).copied())
        {
            return known;
        }
        let cover = self.full_cover_unmemoized(p, facts);
        if let Ok(mut memo) = self.cover_memo.lock() {
            memo.insert(key, cover);
        }
        cover
    }

    /// The locals of [`Self::counter_bounds`] bounded where the current
    /// evaluation takes place (see [`Self::with_bounds`]), sorted.
    fn bounded_counters(&self) -> Vec<u32> {
        let Some(at) = self.evaluated_at.lock().ok().and_then(|p| *p) else {
            return Vec::new();
        };
        let mut bounded: Vec<u32> = self
            .counter_bounds
            .iter()
            .filter(|(_, &(first, _))| first < at)
            .map(|(&v, _)| v)
            .collect();
        bounded.sort_unstable();
        bounded
    }

    /// [`Self::full_cover`] without the memo.
    fn full_cover_unmemoized(&self, p: &Poly, facts: &[Fact]) -> Option<Cover> {
        let mut cover = self.cover(p, facts, 0)?;
        for fact in facts.iter().filter(|f| f.equal) {
            let Some(d) = fact.lhs.add(&fact.rhs, -1) else {
                continue;
            };
            if let Some(c) = self.cover(&d, facts, 0) {
                cover.ids |= c.ids;
                cover.parts |= c.parts;
            }
        }
        Some(self.close(cover, facts))
    }

    /// `cover` with the ids of every dividend whose quotient and remainder
    /// it holds: `x = c * (x / c) + x % c` (exactly: `x >= 0`, `c > 0`), so
    /// equal quotients and equal remainders make equal dividends, and equal
    /// dividends equal the ids their own cover names. (`threadIdx.x / 32`
    /// from a warp's row and `threadIdx.x % 32 == 0` from a guard pin
    /// `threadIdx.x`.)
    fn close(&self, mut cover: Cover, facts: &[Fact]) -> Cover {
        let divisions = self.divisions.lock().map(|d| d.clone()).unwrap_or_default();
        loop {
            let before = (cover.ids, cover.parts);
            for (k, (dividend, divisor)) in divisions.iter().enumerate().take(32) {
                let both = 3u64 << (2 * k);
                let remainder = 2u64 << (2 * k);
                if cover.parts & remainder != 0 && self.quotient_fixed(dividend, *divisor, facts) {
                    cover.parts |= both;
                }
                if cover.parts & both != both {
                    continue;
                }
                if let Some(c) = self.cover(dividend, facts, 1) {
                    cover.ids |= c.ids;
                    cover.parts |= c.parts;
                }
            }
            if (cover.ids, cover.parts) == before {
                return cover;
            }
        }
    }

    /// Whether `facts` confine the non-negative `dividend` to one multiple
    /// of `divisor`: bounds `lo <= dividend <= hi` (its value range, narrowed
    /// by facts `dividend < C`, `C < dividend` and `dividend == C` with
    /// constants `C`) with `lo / divisor == hi / divisor`. Then the quotient
    /// is that constant in both threads, and equal remainders give equal
    /// dividends (`threadIdx.x % 32` under `threadIdx.x < 32`).
    fn quotient_fixed(&self, dividend: &Poly, divisor: i128, facts: &[Fact]) -> bool {
        let Some((mut lo, mut hi)) = self.range(dividend) else {
            return false;
        };
        // `D + s * dividend` for a constant: `dividend`'s bound from `D`
        // (`D >= 1` for `lhs < rhs` with `D = rhs - lhs`, `D == 0` for an
        // equality), with `s = -1` (`D = k + dividend`) or `s = 1` (`D = k -
        // dividend`).
        let constant_with = |d: &Poly, sign: i128| {
            d.add(dividend, sign)
                .filter(|r| r.0.keys().all(|m| m.is_empty()))
                .map(|r| r.constant_term())
        };
        for fact in facts {
            let Some(d) = fact.rhs.add(&fact.lhs, -1) else {
                continue;
            };
            let least: i128 = if fact.equal { 0 } else { 1 };
            if let Some(k) = constant_with(&d, -1) {
                // dividend + k >= least (== 0 when equal).
                lo = lo.max(least.saturating_sub(k));
                if fact.equal {
                    hi = hi.min(0i128.saturating_sub(k));
                }
            }
            if let Some(k) = constant_with(&d, 1) {
                // k - dividend >= least (== 0 when equal).
                hi = hi.min(k.saturating_sub(least));
                if fact.equal {
                    lo = lo.max(k);
                }
            }
        }
        divisor > 0 && lo >= 0 && lo <= hi && lo / divisor == hi / divisor
    }

    /// Which scenarios of the pair `(a, b)` are decided: (two threads of one
    /// block, two threads of different blocks).
    pub(crate) fn decided(&self, a: StmtId, b: StmtId) -> (bool, bool) {
        if self.adversarial {
            return (false, false);
        }
        let (Some(x), Some(y)) = (self.accesses.get(&a), self.accesses.get(&b)) else {
            return (false, false);
        };
        if x.0 != y.0 {
            return (false, false);
        }
        let classes = (self.class_of.get(&a), self.class_of.get(&b));
        let key = match classes {
            (Some(&ca), Some(&cb)) => Some((ca, cb)),
            _ => None,
        };
        if let Some(known) = key.and_then(|k| self.decided_memo.lock().ok()?.get(&k).copied()) {
            return known;
        }
        // Under the hull of both accesses' bounds (see [`hull`]): a function
        // of their facts, so the classes' memo stays exact.
        let bounds = hull(&bounded_locals(&x.3), &bounded_locals(&y.3));
        let result = self.with_bounds(None, bounds, || self.decide(x, y, a));
        if let (Some(k), Ok(mut memo)) = (key, self.decided_memo.lock()) {
            memo.insert(k, result);
        }
        result
    }

    /// [`Self::decided`] without the memo (`a` is `x`'s statement).
    #[allow(clippy::type_complexity)]
    fn decide(
        &self,
        x: &(u32, Poly, u32, Vec<Fact>),
        y: &(u32, Poly, u32, Vec<Fact>),
        a: StmtId,
    ) -> (bool, bool) {
        let pinned = self.pinned(x, y);
        let (mut block_pinned, mut grid_pinned) = self.covers_scenarios(pinned);
        if let Some((block, grid)) = self.symbolic_remainder(x, y) {
            block_pinned |= block;
            grid_pinned |= grid;
        }
        // Same thread part; the uniform parts differ by a constant.
        let Some(diff) = x.1.add(&y.1, -1) else {
            return (block_pinned, grid_pinned);
        };
        if diff.0.keys().any(|m| !m.is_empty()) {
            // Different thread parts: only if their atoms pair up.
            let (block, grid) = self.paired_radix(&x.1, &y.1, i128::from(x.2.max(y.2).max(1)));
            return (block || block_pinned, grid || grid_pinned);
        }
        let shift = diff.constant_term().abs();
        let cover = if x.3 == y.3 {
            self.covers.get(&a).copied().flatten()
        } else {
            let facts: Vec<Fact> = x.3.iter().filter(|f| y.3.contains(f)).cloned().collect();
            self.full_cover(&x.1, &facts)
        };
        let Some(cover) = cover else {
            return (block_pinned, grid_pinned);
        };
        let size = i128::from(x.2.max(y.2).max(1));
        if cover.gap.checked_sub(shift).is_none_or(|g| g < size) {
            match self.shifted_radix(&x.1.thread_part(), shift, size) {
                // Not even equal ids overlap: disjoint in every scenario.
                Some(true) => return (true, true),
                // Only equal thread parts overlap: the cover decides.
                Some(false) => {}
                None => return (block_pinned, grid_pinned),
            }
        }
        let (block, grid) = self.covers_scenarios(cover.ids);
        (block || block_pinned, grid || grid_pinned)
    }

    /// Whether a cover's ids decide (two threads of one block, two threads
    /// of different blocks): every id whose extent may exceed 1 is in it.
    fn covers_scenarios(&self, ids: u8) -> (bool, bool) {
        let need_block = self.varying & 0b111;
        let need_grid = self.varying & 0b111_000;
        (ids & need_block == need_block, ids & need_grid == need_grid)
    }

    /// Theorem (pinned threads). The ids the guard equalities of both
    /// accesses fix, whatever the offsets: a fact `l == r` the two accesses
    /// share holds in each thread at its access, so `l - r` is 0 in both
    /// threads, and equal values of a polynomial make the ids of its cover
    /// equal (the cover theorems). Under `if (threadIdx.x == 0)` in a
    /// one-dimensional block the two threads are one thread, so no two
    /// threads of a block run the pair.
    #[allow(clippy::type_complexity)]
    fn pinned(&self, x: &(u32, Poly, u32, Vec<Fact>), y: &(u32, Poly, u32, Vec<Fact>)) -> u8 {
        let facts: Vec<Fact> = x.3.iter().filter(|f| y.3.contains(f)).cloned().collect();
        let mut cover = Cover {
            ids: 0,
            gap: 1,
            parts: 0,
        };
        for fact in facts.iter().filter(|f| f.equal) {
            let Some(d) = fact.lhs.add(&fact.rhs, -1) else {
                continue;
            };
            if let Some(c) = self.cover(&d, &facts, 0) {
                cover.ids |= c.ids;
                cover.parts |= c.parts;
            }
        }
        self.close(cover, &facts).ids
    }
}

/// Where a statement sits: its top-level ancestor's position, the
/// statement before it in its block, the locals frozen there.
struct Place<'f, 'k> {
    at: usize,
    previous: Option<&'k crate::ir::Stmt>,
    frozen: Frozen<'f>,
}

/// The locals a block never assigns: between a test guarding the block
/// (an `if`'s condition, a loop's condition for its body) and an access in
/// it they keep their value. Facts of an enclosing test stay valid in
/// nested blocks (a nested block assigns a subset of what its enclosing
/// block assigns).
#[derive(Clone, Copy, Debug)]
enum Frozen<'f> {
    /// None (the kernel's top level: a top-level `if (c) return;` guards
    /// every later statement, so its facts keep no opaque local).
    Nothing,
    /// Every local but these (the ones the block assigns).
    AllBut(&'f [u32]),
}

impl Frozen<'_> {
    fn contains(self, v: u32) -> bool {
        match self {
            Frozen::Nothing => false,
            Frozen::AllBut(assigned) => !assigned.contains(&v),
        }
    }
}

/// A polynomial of single-atom terms as its atoms by coefficient (`None`
/// when a term is a product or a constant, two terms share a coefficient, or,
/// with `only_varying`, an atom is the same in both threads).
fn atoms_by_coefficient(t: &Poly, only_varying: bool) -> Option<BTreeMap<i128, Atom>> {
    let mut out: BTreeMap<i128, Atom> = BTreeMap::new();
    for (m, c) in &t.0 {
        match m.as_slice() {
            [a] if (!only_varying || a.varying()) && out.insert(*c, *a).is_none() => {}
            _ => return None,
        }
    }
    Some(out)
}

/// The statements of `kernel` that are, or hold inside them, an access of
/// `paired`.
fn relevant_statements(
    kernel: &Kernel,
    paired: &crate::base::HashSet<StmtId>,
) -> crate::base::HashSet<StmtId> {
    fn mark(
        stmt: &crate::ir::Stmt,
        paired: &crate::base::HashSet<StmtId>,
        out: &mut crate::base::HashSet<StmtId>,
    ) -> bool {
        let mut inside = paired.contains(&stmt.id);
        for child in crate::ir::walk::child_blocks(stmt) {
            for s in &child.stmts {
                inside |= mark(s, paired, out);
            }
        }
        if inside {
            out.insert(stmt.id);
        }
        inside
    }
    let mut out = crate::base::HashSet::default();
    for s in &kernel.body.stmts {
        mark(s, paired, &mut out);
    }
    out
}

/// The constant bounds `facts` prove for locals ([`Atom::Opaque`] and
/// [`Atom::Fixed`]): a fact `lhs < rhs` whose difference `rhs - lhs` is
/// `c * v + d` for such a local `v` and constants `c != 0`, `d` gives
/// `c * v >= 1 - d`, so `v >= ceil((1 - d) / c)` when `c > 0` and
/// `v <= floor((1 - d) / c)` when `c < 0` (`i >= 1` is `1 < i + 1`, `i > 0`
/// is `0 < i`, `r < 16` is `r < 16`); a fact `lhs == rhs` with
/// `lhs - rhs = c * v + d` and `c` dividing `d` gives `v = -d / c`. The
/// bounds of one local are intersected; an empty intersection (an
/// unreachable access) is dropped, since no bound is always sound.
///
/// Soundness: `facts` are the facts of an access or an `if` (see
/// [`Delinear::collect`]), each holding there in every thread that gets
/// there: a test's facts keep an opaque local only when the block between
/// the test and that place never assigns it (`Frozen`), and a fixed local
/// never changes after its single top-level definition. So each bound holds
/// for the local's value at the access (or the `if`'s test), which is what
/// its atom stands for there: the same restriction under which the
/// non-negative locals were derived before.
fn bounded_locals(facts: &[Fact]) -> LocalBounds {
    let mut out: BTreeMap<Atom, (Option<i128>, Option<i128>)> = BTreeMap::new();
    let mut narrow = |a: Atom, lo: Option<i128>, hi: Option<i128>| {
        let entry = out.entry(a).or_insert((None, None));
        if let Some(l) = lo {
            entry.0 = Some(entry.0.map_or(l, |e| e.max(l)));
        }
        if let Some(h) = hi {
            entry.1 = Some(entry.1.map_or(h, |e| e.min(h)));
        }
    };
    for f in facts {
        let diff = if f.equal {
            f.lhs.add(&f.rhs, -1)
        } else {
            f.rhs.add(&f.lhs, -1)
        };
        let Some(diff) = diff else {
            continue;
        };
        let mut local = None;
        let mut d = 0i128;
        let mut linear = true;
        for (m, c) in &diff.0 {
            match m.as_slice() {
                [] => d = *c,
                [a @ (Atom::Opaque(_) | Atom::Fixed(_))] if local.is_none() && *c != 0 => {
                    local = Some((*a, *c));
                }
                _ => linear = false,
            }
        }
        let Some((a, c)) = local.filter(|_| linear) else {
            continue;
        };
        if f.equal {
            // c * v + d == 0.
            if let Some(v) = d.checked_neg().filter(|n| n % c == 0).map(|n| n / c) {
                narrow(a, Some(v), Some(v));
            }
            continue;
        }
        // c * v >= 1 - d.
        let Some(k) = 1i128.checked_sub(d) else {
            continue;
        };
        if c > 0 {
            narrow(a, ceil_div(k, c), None);
        } else {
            narrow(a, None, floor_div(k, c));
        }
    }
    out.into_iter()
        .filter(|(_, (lo, hi))| lo.is_some() || hi.is_some())
        .filter(|(_, (lo, hi))| !matches!((lo, hi), (Some(l), Some(h)) if l > h))
        .map(|(a, (lo, hi))| (a, lo, hi))
        .collect()
}

/// The bounds of opaque locals only (see the expansion of an access's
/// offset in [`Delinear::new`]).
fn opaque_only(bounds: LocalBounds) -> LocalBounds {
    bounds
        .into_iter()
        .filter(|b| matches!(b.0, Atom::Opaque(_)))
        .collect()
}

/// The hull of two accesses' local bounds: per local bounded in both, the
/// least lower and the greatest upper bound (a side missing in either is
/// missing). Each access runs under its own guards, so in a pair the local
/// read at the first access is within the first's bounds and the one read
/// at the second within the second's: both within the hull, which is what
/// a cover or a mixed-radix argument over the two accesses needs.
fn hull(a: &LocalBounds, b: &LocalBounds) -> LocalBounds {
    a.iter()
        .filter_map(|&(atom, lo, hi)| {
            let &(_, lo2, hi2) = b.iter().find(|x| x.0 == atom)?;
            let lo = lo.zip(lo2).map(|(x, y)| x.min(y));
            let hi = hi.zip(hi2).map(|(x, y)| x.max(y));
            (lo.is_some() || hi.is_some()).then_some((atom, lo, hi))
        })
        .collect()
}

/// `floor(a / b)` for `b != 0` (None on overflow).
fn floor_div(a: i128, b: i128) -> Option<i128> {
    let q = a.checked_div(b)?;
    if a.checked_rem(b)? != 0 && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// `ceil(a / b)` for `b != 0` (None on overflow).
fn ceil_div(a: i128, b: i128) -> Option<i128> {
    floor_div(a.checked_neg()?, b)?.checked_neg()
}

/// The integer parameters `facts` prove positive: a fact `lhs < p` (`p` the
/// parameter alone) whose `lhs` is a sum of products of thread and block
/// ids and launch extents with positive coefficients, so `lhs >= 0` and
/// `p >= 1` wherever the facts hold (`offset < HxW` with `offset =
/// blockIdx.x * 256 + threadIdx.x`); parameters never change, so the
/// bound holds for the whole access that the facts guard.
fn positive_params(facts: &[Fact]) -> Vec<u32> {
    let mut out: Vec<u32> = facts
        .iter()
        .filter(|f| !f.equal)
        .filter_map(|f| {
            let (m, c) = f.rhs.0.iter().next()?;
            let p = match (f.rhs.0.len(), m.as_slice(), *c) {
                (1, [Atom::Param(p)], 1) => *p,
                _ => return None,
            };
            f.lhs
                .0
                .iter()
                .all(|(m, c)| {
                    *c > 0
                        && m.iter().all(|a| {
                            matches!(
                                a,
                                Atom::Tid(_) | Atom::Bid(_) | Atom::BlockDim(_) | Atom::GridDim(_)
                            )
                        })
                })
                .then_some(p)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The locals every one of whose definitions is an assignment at the
/// kernel's top level, with more than one: their top-level positions and
/// values, in order (see [`Delinear::reaching_value`]).
fn top_level_defs(kernel: &Kernel) -> HashMap<VarId, Vec<(usize, &Expr)>> {
    let definitions = crate::ir::walk::definition_counts(kernel);
    let mut out: HashMap<VarId, Vec<(usize, &Expr)>> = HashMap::default();
    for (index, top) in kernel.body.stmts.iter().enumerate() {
        if let StmtKind::Assign { var, value } = &top.kind {
            out.entry(*var).or_default().push((index, value));
        }
    }
    out.retain(|v, defs| defs.len() > 1 && definitions.get(v) == Some(&(defs.len() as u32)));
    out
}

/// Locals whose only definition in the kernel is an assignment inside a
/// branch or loop (top-level ones are [`Delinear::single_defs`]) such that
/// every read of the local follows it on every path: the read comes later
/// in the assignment's block or in a block nested there. (A read in the
/// assignment's own value, in a later iteration before the assignment, or
/// after the branch is not such a read: the local is then left out.) By
/// local: the top-level position of the statement holding the assignment
/// and the assigned value.
fn dominated_single_defs(kernel: &Kernel) -> HashMap<VarId, (usize, &Expr)> {
    let counts = crate::ir::walk::definition_counts(kernel);
    let mut defs = HashMap::default();
    let mut undominated = crate::base::HashSet::default();
    for (index, top) in kernel.body.stmts.iter().enumerate() {
        // The top level's own assignments are `single_defs`; below them,
        // nothing nested dominates yet.
        for child in crate::ir::walk::child_blocks(top) {
            dominance_walk(child, index, &counts, &[], &mut defs, &mut undominated);
        }
        for e in crate::ir::walk::stmt_exprs(top) {
            crate::ir::walk::for_each_expr(e, &mut |x| {
                if let Expr::Var(v) = x {
                    undominated.insert(*v);
                }
            });
        }
    }
    defs.retain(|v, _| !undominated.contains(v));
    defs
}

/// [`dominated_single_defs`] over `block` (inside top-level statement
/// `at`), with the candidate locals `before` assigned on every path to it.
fn dominance_walk<'k>(
    block: &'k Block,
    at: usize,
    counts: &HashMap<VarId, u32>,
    before: &[VarId],
    defs: &mut HashMap<VarId, (usize, &'k Expr)>,
    undominated: &mut crate::base::HashSet<VarId>,
) {
    let mut assigned = before.to_vec();
    for stmt in &block.stmts {
        for e in crate::ir::walk::stmt_exprs(stmt) {
            crate::ir::walk::for_each_expr(e, &mut |x| {
                if let Expr::Var(v) = x {
                    if !assigned.contains(v) {
                        undominated.insert(*v);
                    }
                }
            });
        }
        // Each nested block (a branch, a loop's prelude, body or step) only
        // with what is assigned before the compound statement: its own
        // earlier blocks may not run (an untaken branch, a `continue`).
        for child in crate::ir::walk::child_blocks(stmt) {
            dominance_walk(child, at, counts, &assigned, defs, undominated);
        }
        if let StmtKind::Assign { var, value } = &stmt.kind {
            if counts.get(var) == Some(&1) {
                defs.insert(*var, (at, value));
                assigned.push(*var);
            }
        }
    }
}

/// The locals assigned anywhere in `block` (sorted).
fn assigned_in(block: &Block) -> Vec<u32> {
    let mut out = Vec::new();
    crate::ir::walk::for_each_stmt(block, &mut |s| {
        if let Some(v) = crate::ir::walk::assigned_var(s) {
            out.push(v.0);
        }
    });
    out.sort_unstable();
    out.dedup();
    out
}

impl Delinear<'_> {
    /// Theorem (shifted mixed radix). Let the thread part be `T = sum c_i *
    /// x_i` with constants `c_i > 0` (signs do not matter: `x_i(t1) -
    /// x_i(t2)` ranges over a symmetric set), distinct atoms `x_i` with
    /// value ranges of width `w_i`, ordered by `c_i` with `c_j > B_j = sum_{i<j}
    /// c_i * w_i`, and let the offsets be `T + u1` and `T + u2` with the
    /// same uniform part up to the constant `d = |u1 - u2|`. Two accesses of
    /// at most `s` bytes overlap only if `S = T(t1) - T(t2)` lies within `s
    /// - 1` of `d` (or of `-d`). If `j` is the largest index where the atoms
    /// differ, `S = c_j * k + R` with `0 < |k| <= w_j` and `|R| <= B_j`; so
    /// `|c_j * k - d| <= B_j + s - 1` must have such a solution `k` for some
    /// `j`. When none has, the atoms are equal in both threads (`S = 0`):
    /// returns Some(true) when `d >= s` (no two threads overlap at all),
    /// Some(false) otherwise (only threads with equal thread parts overlap,
    /// which the offset's cover decides); None when the form does not apply
    /// or some `k` exists. (`blockIdx.x * 1024 + slot * 256 + threadIdx.x`
    /// with `blockDim.x = 256`: different slots never meet.)
    fn shifted_radix(&self, t: &Poly, d: i128, s: i128) -> Option<bool> {
        let terms: Vec<(i128, i128)> = self
            .radix_terms(t)?
            .into_iter()
            .map(|(c, w, _)| (c, w))
            .collect();
        radix_apart(terms, d, s)
    }

    /// Theorem (paired mixed radix). Let the offsets be
    /// `P = sum c_i * x_i + u1` and `Q = sum c_i * y_i + u2`: the same constant coefficients
    /// `c_i` (distinct in each), each `x_i` and `y_i` a single varying atom
    /// (possibly different ones: two landings of one copy read the ring slot
    /// `(k + 2) % 3` of different iterations), a thread or block id only
    /// paired with itself, `u1 - u2` a constant `d`. `x_i(t1) - y_i(t2)`
    /// lies within `[-w_i, w_i]`, `w_i` the width of the union of both atoms'
    /// ranges, so `P(t1) - Q(t2)` is the shifted mixed-radix sum of
    /// [`Self::shifted_radix`] with these widths, and the same argument
    /// gives: no overlap at all (when `d >= s`), or overlap only where every
    /// pair is equal, which makes the paired ids equal in both threads.
    /// Returns the decided scenarios as [`Self::decided`] does; both
    /// undecided when the form does not apply.
    fn paired_radix(&self, p: &Poly, q: &Poly, s: i128) -> (bool, bool) {
        let undecided = (false, false);
        let (tp, tq) = (p.thread_part(), q.thread_part());
        let (Some(up), Some(uq)) = (p.add(&tp, -1), q.add(&tq, -1)) else {
            return undecided;
        };
        let Some(du) = up.add(&uq, -1) else {
            return undecided;
        };
        if du.0.keys().any(|m| !m.is_empty()) || tp.0.len() != tq.0.len() {
            return undecided;
        }
        let Some(d) = du.constant_term().checked_abs() else {
            return undecided;
        };
        let Some((terms, ids)) = self.paired_terms(&tp, &tq, true) else {
            return undecided;
        };
        match radix_apart(terms, d, s) {
            Some(true) => (true, true),
            Some(false) => {
                let need_block = self.varying & 0b111;
                let need_grid = self.varying & 0b111_000;
                (ids & need_block == need_block, ids & need_grid == need_grid)
            }
            None => undecided,
        }
    }
}

impl Delinear<'_> {
    /// Two polynomials of single-atom terms paired by coefficient, as the
    /// mixed-radix terms (|coefficient|, width of the union of both atoms'
    /// ranges) and the ids paired with themselves; `None` when the
    /// coefficients differ or an atom has no range. `ids_paired`: only
    /// varying atoms, and an id only with itself ([`Self::paired_radix`]).
    fn paired_terms(
        &self,
        p: &Poly,
        q: &Poly,
        ids_paired: bool,
    ) -> Option<(Vec<(i128, i128)>, u8)> {
        let xs = atoms_by_coefficient(p, ids_paired)?;
        let ys = atoms_by_coefficient(q, ids_paired)?;
        let mut terms = Vec::new();
        let mut ids = 0u8;
        for ((c, x), (c2, y)) in xs.iter().zip(ys.iter()) {
            if c != c2 || (ids_paired && (x.id_bit().is_some() || y.id_bit().is_some()) && x != y) {
                return None;
            }
            let (rx, ry) = (self.atom_range(*x)?, self.atom_range(*y)?);
            let width = rx.1.max(ry.1).checked_sub(rx.0.min(ry.0))?;
            terms.push((c.checked_abs()?, width));
            ids |= x.id_bit().unwrap_or(0);
        }
        Some((terms, ids))
    }

    /// Theorem (one thread's accesses apart). Let `a` and `b` be accesses
    /// of one array by the same thread (an asynchronous copy and a later
    /// access of its issuing thread). Split each offset into the monomials
    /// of atoms that have one value in a thread wherever it evaluates them
    /// (ids, grid-uniform values, locals fixed after their top-level
    /// definition, quotients and remainders of invariant dividends) and the
    /// rest (`Atom::Opaque`, `Atom::Term`: any value at each evaluation).
    /// When the first parts differ by a constant `d` and the rest pair up
    /// as in [`Self::paired_radix`] (same coefficients, each atom its own
    /// range), `P - Q` is that shifted mixed-radix sum, and when no pair can
    /// differ and `d >= s`, no evaluation of the two overlaps (`s` the
    /// larger size). (A copy into `buf[1][tid]` and the thread's read of
    /// `buf[0][tid]`; two landings of copies into different ring slots
    /// `(k + 1) % 3` and `(k + 2) % 3` are not: their slots may be equal.)
    pub(crate) fn same_thread_apart(&self, a: StmtId, b: StmtId) -> bool {
        if self.adversarial {
            return false;
        }
        let (Some(x), Some(y)) = (self.accesses.get(&a), self.accesses.get(&b)) else {
            return false;
        };
        if x.0 != y.0 {
            return false;
        }
        let varies = |m: &Vec<Atom>| {
            m.iter()
                .any(|a| matches!(a, Atom::Opaque(_) | Atom::Term(_)))
        };
        let split = |p: &Poly| {
            let (rest, fixed): (BTreeMap<_, _>, BTreeMap<_, _>) =
                p.0.iter()
                    .map(|(m, c)| (m.clone(), *c))
                    .partition(|(m, _)| varies(m));
            (Poly(fixed), Poly(rest))
        };
        let ((fx, rx), (fy, ry)) = (split(&x.1), split(&y.1));
        let Some(d) = fx.add(&fy, -1) else {
            return false;
        };
        if d.0.keys().any(|m| !m.is_empty()) || rx.0.len() != ry.0.len() {
            return false;
        }
        let Some(d) = d.constant_term().checked_abs() else {
            return false;
        };
        // The ranges of the opaque atoms under both accesses' bounds (see
        // [`hull`]).
        let bounds = hull(&bounded_locals(&x.3), &bounded_locals(&y.3));
        let Some((terms, _)) =
            self.with_bounds(None, bounds, || self.paired_terms(&rx, &ry, false))
        else {
            return false;
        };
        let size = i128::from(x.2.max(y.2).max(1));
        radix_apart(terms, d, size) == Some(true)
    }
}

/// The shifted mixed-radix argument of [`Delinear::shifted_radix`] over
/// terms (|coefficient|, width of the atom's difference range), the uniform
/// parts `d` apart, accesses of at most `s` bytes: Some(true) when no two
/// evaluations overlap, Some(false) when only those with every atom pair
/// equal do, None when the argument does not apply.
fn radix_apart(mut terms: Vec<(i128, i128)>, d: i128, s: i128) -> Option<bool> {
    terms.sort();
    let mut below = 0i128;
    for (c, w) in terms {
        if c <= below {
            return None;
        }
        let reach = below.checked_add(s - 1)?;
        // k with |c * k - d| <= reach: ceil((d - reach) / c) ..= floor((d + reach) / c).
        let k_lo = (-(reach.checked_sub(d)?.div_euclid(c))).max(-w);
        let k_hi = d.checked_add(reach)?.div_euclid(c).min(w);
        if k_lo <= k_hi && !(k_lo == 0 && k_hi == 0) {
            return None;
        }
        below = below.checked_add(c.checked_mul(w)?)?;
    }
    Some(d >= s)
}

/// `m` without the atoms of `k` (as multisets), or None.
fn remove_factors(m: &[Atom], k: &[Atom]) -> Option<Vec<Atom>> {
    let mut rest = m.to_vec();
    for a in k {
        let at = rest.iter().position(|x| x == a)?;
        rest.remove(at);
    }
    Some(rest)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn within(r: (i128, i128), ty: ScalarTy) -> bool {
    super::grid_stride::int_bounds(ty).is_some_and(|(lo, hi)| r.0 >= lo && r.1 <= hi)
}

/// The value of a closed integer expression (literals, conversions and
/// operators over them: `M7W / NRX`, `(1 << 5) - 1` after macro expansion)
/// when every operation is exact: each operand and result lies in its
/// type's range, and division, remainder, shifts and bit operations read
/// non-negative operands only (a positive divisor, a shift amount below
/// the width), and each operand of those already lies in the operation's
/// type (no conversion changes it; `+`, `-`, `*` are exact modulo 2^w
/// anyway, so a result in range is theirs whatever the operands' types).
/// Then no operation wraps or truncates a negative value, so C
/// gives the mathematical value computed here, and so does the encoder (it
/// wraps only values outside their type; on non-negative operands its
/// truncating division and remainder are the floor ones, and its shifts
/// and bit operations the arithmetic ones). None otherwise (floats, any
/// leaf that is not a literal, an inexact step).
fn closed_value(e: &Expr, depth: u32) -> Option<i128> {
    if depth > 24 {
        return None;
    }
    let in_type = |v: i128, ty: ScalarTy| within((v, v), ty).then_some(v);
    match e {
        Expr::Int(v, ty @ ScalarTy::Int { .. }) => in_type(*v, *ty),
        Expr::Cast(ty, inner) => in_type(closed_value(inner, depth + 1)?, *ty),
        Expr::Unary(UnOp::Neg, inner, ty) => {
            in_type(closed_value(inner, depth + 1)?.checked_neg()?, *ty)
        }
        Expr::Binary(op, l, r, ty) => {
            let a = closed_value(l, depth + 1)?;
            let b = closed_value(r, depth + 1)?;
            let bits = i128::from(ty.bits());
            // The operands of the non-modular operations in the
            // operation's type already (no conversion changes them).
            let (a_in, b_in) = (in_type(a, *ty).is_some(), in_type(b, *ty).is_some());
            let v = match op {
                BinOp::Add => a.checked_add(b)?,
                BinOp::Sub => a.checked_sub(b)?,
                BinOp::Mul => a.checked_mul(b)?,
                _ if !a_in || a < 0 => return None,
                BinOp::Div if b_in && b > 0 => a / b,
                BinOp::Rem if b_in && b > 0 => a % b,
                BinOp::Shl if (0..bits.min(126)).contains(&b) => a.checked_mul(1i128 << b)?,
                BinOp::Shr if (0..bits.min(126)).contains(&b) => a >> b,
                BinOp::BitAnd if b_in && b >= 0 => a & b,
                BinOp::BitOr if b_in && b >= 0 => a | b,
                BinOp::BitXor if b_in && b >= 0 => a ^ b,
                _ => return None,
            };
            in_type(v, *ty)
        }
        _ => None,
    }
}

#[cfg(test)]
mod cover_memo_tests {
    use super::*;

    /// The memo answers what the computation answers, and offsets that
    /// differ by constants under the same guards share one entry.
    #[test]
    fn memoized_covers_equal_fresh_ones() {
        let src = r#"
__global__ void unrolled(float *out, const float *in, int n, int m) {
  __shared__ float s[4][128];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t < 64) { s[0][t] = in[i]; s[1][t] = in[i + n]; s[2][t + 64] = 1.0f; }
  __syncthreads();
  if (i < n) { out[i] = s[0][t % 64]; out[i + n] = s[1][t % 64]; }
  if (m > 0) { int j = m - 1; out[2 * n + i] = in[j + i]; }
  for (int k = t; k < n; k += blockDim.x) out[3 * n + k] = in[k];
}
"#;
        let program = crate::frontend::lower_source(
            std::path::Path::new("t.cu"),
            src,
            &crate::frontend::NoIncludes,
        );
        assert_eq!(program.kernels.len(), 1);
        let opts = CheckOptions::default();
        for kernel in &program.kernels {
            let uniformity = crate::analysis::Uniformity::compute(kernel);
            let d = Delinear::new(kernel, &opts, &uniformity, None);
            assert!(d.accesses.len() >= 8, "{} accesses", d.accesses.len());
            for (id, x) in &d.accesses {
                // Under the access's own bounds, as `Delinear::new` computes it.
                let fresh = d.with_bounds(None, bounded_locals(&x.3), || {
                    (
                        d.full_cover_unmemoized(&x.1, &x.3),
                        d.full_cover(&x.1, &x.3),
                    )
                });
                assert_eq!(fresh.1, fresh.0, "{id:?}");
                assert_eq!(d.covers.get(id).copied().flatten(), fresh.0, "{id:?}");
            }
            let entries = d.cover_memo.lock().map(|m| m.len()).unwrap_or(0);
            assert!(
                entries < d.accesses.len(),
                "{entries} memo entries for {} accesses",
                d.accesses.len()
            );
        }
    }

    /// A fact over one local as `lhs < rhs` (or `lhs == rhs`).
    fn fact(lhs: Poly, rhs: Poly, equal: bool) -> Fact {
        Fact { lhs, rhs, equal }
    }

    /// `c * a + d` as a polynomial.
    fn linear(a: Atom, c: i128, d: i128) -> Poly {
        let mut p = Poly::atom(a).mul(&Poly::constant(c)).unwrap_or_default();
        if d != 0 {
            p.0.insert(Vec::new(), d);
        }
        p
    }

    /// The bounds of guards as in `if (r < 16 && r >= 0 && 2 * k < 7 &&
    /// 10 < 1 - 3 * m && 2 * f == 6 && g < 0 && g > 5)`: `r` in [0, 15],
    /// `k <= 3`, `m <= -4` (rounded towards the feasible side), `f = 3`, and
    /// none for the unreachable `g`; the hull of two accesses' bounds keeps
    /// only what both bound, widened to both.
    #[test]
    fn bounded_locals_round_towards_the_values_the_guards_allow() {
        let (r, k, m, f, g) = (
            Atom::Opaque(1),
            Atom::Opaque(2),
            Atom::Opaque(3),
            Atom::Fixed(4),
            Atom::Fixed(5),
        );
        let facts = vec![
            fact(Poly::atom(r), Poly::constant(16), false),
            // `r >= 0` is `-1 < r`.
            fact(Poly::constant(-1), Poly::atom(r), false),
            fact(linear(k, 2, 0), Poly::constant(7), false),
            fact(Poly::constant(10), linear(m, -3, 1), false),
            fact(linear(f, 2, 0), Poly::constant(6), true),
            fact(Poly::atom(g), Poly::constant(0), false),
            fact(Poly::constant(5), Poly::atom(g), false),
        ];
        let bounds = bounded_locals(&facts);
        assert_eq!(
            bounds,
            vec![
                (r, Some(0), Some(15)),
                (k, None, Some(3)),
                (m, None, Some(-4)),
                (f, Some(3), Some(3)),
            ]
        );
        assert_eq!(opaque_only(bounds.clone()).len(), 3);
        let other = vec![(r, Some(4), Some(20)), (f, Some(0), None)];
        assert_eq!(
            hull(&bounds, &other),
            vec![(r, Some(0), Some(20)), (f, Some(0), None)]
        );
        assert_eq!((floor_div(-7, 2), ceil_div(-7, 2)), (Some(-4), Some(-3)));
        assert_eq!((floor_div(7, -2), ceil_div(7, -2)), (Some(-4), Some(-3)));
    }

    /// A cover computed under a local's bounds (a row digit `r < 3`) is not
    /// the answer without them: the memo is keyed by the bounds in force.
    #[test]
    fn covers_are_memoized_by_the_bounds_in_force() {
        let src = r#"
__global__ void rows(const int *in) {
  __shared__ float s[4 * 100];
  int c = threadIdx.x, q = threadIdx.y;
  int r = in[c];
  if (r >= 0 && r < 3)
    s[q * 100 + r * 32 + c] = 1.0f;
}
"#;
        let program = crate::frontend::lower_source(
            std::path::Path::new("t.cu"),
            src,
            &crate::frontend::NoIncludes,
        );
        let mut opts = CheckOptions::default();
        opts.launch.block_dim = Some([32, 4, 1]);
        opts.launch.grid_dim = Some([8, 1, 1]);
        let kernel = &program.kernels[0];
        let uniformity = crate::analysis::Uniformity::compute(kernel);
        let d = Delinear::new(kernel, &opts, &uniformity, None);
        let writes: Vec<_> = d.accesses.values().filter(|x| x.3.len() >= 2).collect();
        assert_eq!(writes.len(), 1);
        let x = writes[0];
        let bounded = d.with_bounds(None, bounded_locals(&x.3), || d.full_cover(&x.1, &x.3));
        let unbounded = d.with_bounds(None, Vec::new(), || d.full_cover(&x.1, &x.3));
        let fresh = d.with_bounds(None, Vec::new(), || d.full_cover_unmemoized(&x.1, &x.3));
        assert_eq!(bounded.map(|c| c.ids & 0b11), Some(0b11));
        assert_eq!(unbounded, fresh);
        assert_ne!(unbounded.map(|c| c.ids & 0b11), Some(0b11));
    }
}

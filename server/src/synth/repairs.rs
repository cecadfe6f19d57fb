//! The synthesis loop (AutoSync's Algorithm 1 with the checker in process) and
//! the repairs beyond plain insertion: moving divergent barriers, removing
//! redundant ones, splitting racing statements, hoisting reads out of
//! thread-dependent branches (AuCS) and grid barriers for inter-block races.

use crate::base::{HashMap, HashSet};
use std::time::Instant;

use crate::analysis::Uniformity;
use crate::check::{DiagnosticKind, Finding, KernelReport, LoopRelation, Race, Verdict};
use crate::ir::walk::{self, BlockSlot, LabelTree, ProgramPoint};
use crate::ir::{
    BarrierScope, BinOp, Expr, Kernel, Lang, MemSpace, ScalarTy, SourceFileInfo, Span, Stmt,
    StmtId, StmtKind, UnOp, VarDecl, VarId,
};

use super::candidates::{anchor, CandidateSet};
use super::constraints::{
    common_depth, inter_clause, inter_options, intra_clause, intra_options, ordered,
};
use super::cost::{cost, integer_weights};
use super::edits::Render;
use super::edits::{
    barrier_text, c_type, indent_of_line, removal_edit, render_insertion, Fences, TempNames,
};
use super::maxsat::{solve_counted, Answer, OptionGroup, Problem};
use super::{Fix, FixKind, KernelRepair, RepairStatus, SynthBudget, SynthOptions, TextEdit};

/// The checker as seen by the synthesizer.
pub type Oracle<'a> = dyn FnMut(&Kernel) -> KernelReport + 'a;

/// How the synthesizer uses the checker's race information.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepairConfig {
    /// Use the checker's loop relation of each race to assert exactly the
    /// needed option; when false, every loop race gets the P-variables of
    /// Algorithm 1 and the refinement finds the right options.
    pub relation_guided: bool,
    /// Bound on solve/check rounds before giving up as inconclusive.
    pub max_rounds: u32,
    /// Repair inter-block races with grid barriers (`fix --grid-barriers`);
    /// implied for kernels that already use `this_grid()` or are launched
    /// with `cudaLaunchCooperativeKernel` in their file.
    pub grid_barriers: bool,
    /// Races between threads of one block after which a check of a
    /// candidate placement (every oracle call after the first) stops: one
    /// race rejects the candidate and becomes the next round's constraint,
    /// and each further one costs a sat query. The first check, of the
    /// base kernel, keeps a higher limit so the first round gets many
    /// constraints (see `synth::INPUT_RACE_LIMIT`).
    pub candidate_race_limit: usize,
    /// The checks skip a pair sharing an access with a race they found
    /// already (see `check::sdv::with_shared_access_skip`): the same repair
    /// for fewer sat queries, but fewer races for the quick fixes to
    /// address, so for `fix` only.
    pub skip_shared_access: bool,
}

impl Default for RepairConfig {
    fn default() -> Self {
        RepairConfig {
            relation_guided: true,
            max_rounds: 40,
            grid_barriers: false,
            candidate_race_limit: 1,
            skip_shared_access: false,
        }
    }
}

/// Scale of the cost weights; the tie-break weights of all candidates together
/// (below 2^40 for up to 512 candidates) never outweigh a cost difference.
const TIE_SCALE: u128 = 1 << 40;
/// Tie-break: prefer keeping an existing barrier over writing a new one.
const NEW_BARRIER_PENALTY: u128 = 2 << 29;
/// Tie-break: prefer a barrier between statements over splitting one.
const SPLIT_PENALTY: u128 = 1 << 29;
/// Last tie-break: a rank of the point (below 2^20, see [`position_ranks`]),
/// so that the optimum is unique and the result deterministic.
const POSITION_LIMIT: u128 = (1 << 20) - 1;

/// The last tie-break's rank of each candidate (the smaller wins among
/// placements of equal cost): the blocks in program text order of their
/// first point; within a block, the top of a loop body first (where each
/// iteration begins: it also orders the accesses before the loop against
/// its first iteration), then the later point first. The checker compares
/// pairs in program order and a check of a racy candidate stops early, so
/// the races it has not reported yet tend to start after the ones it has:
/// a barrier just before the later access of a reported race also orders
/// the accesses between the two (the halo stores of a tile load, each a
/// write the reads after the tile race with), where one just after the
/// earlier access needed another round of check and solve for each.
fn position_ranks(cands: &[super::candidates::Candidate]) -> Vec<usize> {
    let mut block_start: HashMap<BlockSlot, usize> = HashMap::default();
    for c in cands {
        let start = block_start.entry(c.point.block).or_insert(c.pos);
        *start = (*start).min(c.pos);
    }
    let mut order: Vec<usize> = (0..cands.len()).collect();
    order.sort_by_key(|&i| {
        let c = &cands[i];
        let loop_top = matches!(c.point.block, BlockSlot::LoopBody(_)) && c.point.index == 0;
        (
            block_start.get(&c.point.block).copied().unwrap_or(c.pos),
            !loop_top,
            std::cmp::Reverse(c.pos),
        )
    });
    let mut ranks = vec![0; cands.len()];
    for (rank, i) in order.into_iter().enumerate() {
        ranks[i] = rank;
    }
    ranks
}

/// A barrier of the kernel as written.
#[derive(Clone, Debug)]
struct Existing {
    stmt: Stmt,
    /// Its point in the base kernel (None when it stays in the base: not removable).
    point: Option<ProgramPoint>,
    loops: u32,
    conds: u32,
    /// The whole body of a branch or loop written without braces
    /// (`if (c) __syncthreads();`): its removal leaves `{}` in its place.
    unbraced: bool,
}

/// A race the synthesizer has seen, with the accesses in program order.
#[derive(Clone, Debug, PartialEq)]
struct RaceRecord {
    early: StmtId,
    late: StmtId,
    relation: LoopRelation,
    spans: [Span; 2],
    global: bool,
}

/// A hoisting of racing reads out of thread-dependent branches, already applied to the base.
#[derive(Clone, Debug)]
struct Hoist {
    edits: Vec<TextEdit>,
    addresses: Vec<Span>,
    barrier_cost: f64,
}

/// Repairs one kernel with `oracle` as the checker, within the kernel's
/// budget (`opts.check`; an oracle that spends no solver work is bounded by
/// the wall clock only).
pub fn repair_with(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    oracle: &mut Oracle<'_>,
    config: RepairConfig,
) -> KernelRepair {
    let budget = SynthBudget::new(opts.check.kernel_budget_ms);
    repair_within(kernel, files, opts, oracle, config, &budget)
}

/// [`repair_with`] within `budget`, from which `oracle` spends its checks'
/// work and the synthesis its MaxSAT solves'.
pub fn repair_within(
    kernel: &Kernel,
    files: &[SourceFileInfo],
    opts: &SynthOptions,
    oracle: &mut Oracle<'_>,
    config: RepairConfig,
    budget: &SynthBudget,
) -> KernelRepair {
    let started = Instant::now();
    let spent = crate::base::clock::Stopwatch::start();
    let mut engine = Engine {
        kernel,
        files,
        opts,
        oracle,
        calls: 0,
        config,
        started,
        budget,
        optimal: true,
        assumed_undecided: false,
        named_findings: Vec::new(),
        times: super::SynthTimes::default(),
    };
    let mut repair = engine.run();
    engine.keep_named_findings(&mut repair);
    repair.oracle_calls = engine.calls;
    repair.times = engine.times;
    repair.time_ms = started.elapsed().as_secs_f64() * 1000.0;
    repair.budget_spent = spent.elapsed();
    repair.work_units = budget.spent();
    repair
}

struct Engine<'a, 'o> {
    kernel: &'a Kernel,
    files: &'a [SourceFileInfo],
    opts: &'a SynthOptions,
    oracle: &'a mut Oracle<'o>,
    calls: u32,
    config: RepairConfig,
    started: Instant,
    /// Budget of the whole synthesis (solves and checks).
    budget: &'a SynthBudget,
    /// Whether the last placement was proven least-cost.
    optimal: bool,
    /// Whether a pair the checker left undecided was taken as a race (the
    /// placement is then least-cost only under that assumption).
    assumed_undecided: bool,
    /// Candidates whose check reported `barrier-deadlock` or
    /// `barrier-recycling`, with those findings.
    named_findings: Vec<(Kernel, Vec<Finding>)>,
    /// Time spent in checker calls and MaxSAT solves so far.
    times: super::SynthTimes,
}

/// The edit deleting an existing barrier. The body of an unbraced `if`,
/// `else` or loop becomes the empty block `{}`: deleting the statement would
/// leave `if (c)` without a body (text that does not parse) or, with the
/// barrier on a line of its own, make the next statement the branch's body.
fn existing_removal(text: &str, e: &Existing) -> TextEdit {
    if e.unbraced {
        TextEdit {
            span: e.stmt.stmt_span,
            new_text: "{}".to_string(),
        }
    } else {
        removal_edit(text, e.stmt.stmt_span)
    }
}

/// Block barriers of a kernel in program order.
/// The block barriers of `kernel` and their total cost under `model`.
pub fn placement_cost(kernel: &Kernel, model: &crate::config::CostModel) -> (u32, f64) {
    let tree = LabelTree::new(kernel);
    let barriers = block_barriers(kernel);
    let total = barriers
        .iter()
        .map(|b| {
            cost(
                model,
                tree.loops(b.id).len() as u32,
                tree.conds(b.id).len() as u32,
            )
        })
        .fold(0.0, |a, b| a + b);
    (barriers.len() as u32, total)
}

pub(crate) fn block_barriers(kernel: &Kernel) -> Vec<Stmt> {
    let mut out = Vec::new();
    walk::for_each_stmt(&kernel.body, &mut |s| {
        if matches!(
            s.kind,
            StmtKind::Barrier {
                scope: BarrierScope::Block,
                ..
            }
        ) {
            out.push(s.clone());
        }
    });
    out
}

/// The key identifying a race regardless of which thread came first.
pub(crate) fn race_key(r: &Race) -> (StmtId, StmtId, LoopRelation) {
    let (a, b) = if r.first <= r.second {
        (r.first, r.second)
    } else {
        (r.second, r.first)
    };
    (a, b, r.relation)
}

/// The groups of candidates (indices, at least two) that are copies of one
/// line in a device function (see `Candidate::shared`).
fn shared_copies(cs: &CandidateSet) -> Vec<Vec<usize>> {
    let mut by_line: HashMap<u32, Vec<usize>> = HashMap::default();
    for (i, c) in cs.cands.iter().enumerate() {
        if let Some(line) = c.shared {
            by_line.entry(line).or_default().push(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = by_line.into_values().filter(|g| g.len() > 1).collect();
    groups.sort();
    groups
}

fn real_races(report: &KernelReport) -> Vec<&Race> {
    report
        .findings
        .iter()
        .filter_map(|f| f.race.as_ref())
        .filter(|r| !r.benign)
        .collect()
}

impl Engine<'_, '_> {
    /// A kernel whose final version still has a named-barrier deadlock or
    /// recycling finding is not repaired (barrier placement cannot fix those,
    /// and the kernel may hang): the status says so, with the finding, and
    /// the edits are not applied. Its quick fixes stay available.
    fn keep_named_findings(&self, repair: &mut KernelRepair) {
        if !matches!(
            repair.status,
            RepairStatus::Repaired | RepairStatus::AlreadyRaceFree
        ) {
            return;
        }
        let final_kernel = repair.verified.as_deref().unwrap_or(self.kernel);
        let Some((_, findings)) = self.named_findings.iter().find(|(k, _)| k == final_kernel)
        else {
            return;
        };
        let first = &findings[0];
        let races = if repair.status == RepairStatus::Repaired {
            "the edits remove the races, but "
        } else {
            ""
        };
        repair.reason = Some(format!(
            "{races}`{}` remains: {} (no barrier placement repairs it; the kernel may hang)",
            first.kind.code(),
            first.message
        ));
        repair.status = RepairStatus::Unrepairable;
        repair.edits.clear();
        repair.barriers_after = repair.barriers_before;
        repair.cost_after = repair.cost_before;
        repair.verified = None;
    }

    fn check(&mut self, kernel: &Kernel) -> KernelReport {
        self.calls += 1;
        let t = Instant::now();
        let report = (self.oracle)(kernel);
        self.times.checker_ms += t.elapsed().as_secs_f64() * 1e3;
        let named: Vec<Finding> = report
            .findings
            .iter()
            .filter(|f| {
                matches!(
                    f.kind,
                    DiagnosticKind::BarrierDeadlock | DiagnosticKind::BarrierRecycling
                )
            })
            .cloned()
            .collect();
        if !named.is_empty() {
            self.named_findings.push((kernel.clone(), named));
        }
        if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
            eprintln!(
                "[syncwright] synth oracle {:.2} ms (at {:.2} ms)",
                t.elapsed().as_secs_f64() * 1e3,
                self.started.elapsed().as_secs_f64() * 1e3
            );
            self.trace(kernel, &report);
        }
        report
    }

    /// With `SYNCWRIGHT_TRACE` set: the barriers of each checked candidate and
    /// the races the checker reports on it, by source line.
    fn trace(&self, kernel: &Kernel, report: &KernelReport) {
        let text = self.text();
        let line = |span: Span| {
            text.get(..span.start as usize)
                .map_or(0, |t| t.matches('\n').count() + 1)
        };
        let tree = LabelTree::new(kernel);
        let barriers: Vec<String> = block_barriers(kernel)
            .iter()
            .map(|b| {
                let Some(p) = tree.place(b.id) else {
                    return "?".to_string();
                };
                let stmts = walk::block_ref(kernel, p.block).map(|blk| &blk.stmts[..]);
                let prev = p.index.checked_sub(1).and_then(|i| stmts?.get(i));
                let next = stmts.and_then(|s| s.get(p.index + 1));
                format!(
                    "{}..{}",
                    prev.map_or("{".into(), |s| line(s.span).to_string()),
                    next.map_or("}".into(), |s| line(s.span).to_string())
                )
            })
            .collect();
        eprintln!(
            "[syncwright] synth {} call {}: barriers [{}] -> {}",
            self.kernel.name,
            self.calls,
            barriers.join(", "),
            report.verdict.as_str()
        );
        for r in real_races(report) {
            eprintln!(
                "[syncwright]   race on {} lines {} / {} ({:?})",
                r.array,
                line(r.first_span),
                line(r.second_span),
                r.relation
            );
        }
        for (a, b) in undecided_pairs(kernel, report) {
            let span = |id| walk::find_stmt(&kernel.body, id).map_or(kernel.name_span, |s| s.span);
            eprintln!(
                "[syncwright]   undecided lines {} / {}",
                line(span(a)),
                line(span(b))
            );
        }
    }

    /// Whether the synthesis's budget is spent (work units, or the wall-clock
    /// backstop).
    fn exhausted(&self) -> bool {
        self.budget.exhausted()
    }

    /// Over budget with no race-free placement checked yet.
    fn over_budget(&self) -> KernelRepair {
        self.outcome(
            RepairStatus::Inconclusive,
            Some(format!(
                "synthesis stopped before a race-free placement was found: {}",
                self.budget.exhausted_reason()
            )),
        )
    }

    fn text(&self) -> &str {
        self.files
            .get(self.kernel.span.file.0 as usize)
            .map(|f| f.text.as_str())
            .unwrap_or("")
    }

    fn outcome(&self, status: RepairStatus, reason: Option<String>) -> KernelRepair {
        let (count, total) = self.existing_cost();
        KernelRepair {
            name: self.kernel.name.clone(),
            status,
            barriers_before: count,
            barriers_after: count,
            cost_before: total,
            cost_after: total,
            oracle_calls: 0,
            time_ms: 0.0,
            times: crate::synth::SynthTimes::default(),
            edits: Vec::new(),
            reason,
            fixes: Vec::new(),
            optimal: true,
            work_units: 0,
            budget_spent: std::time::Duration::ZERO,
            verified: None,
        }
    }

    fn existing_cost(&self) -> (u32, f64) {
        placement_cost(self.kernel, &self.opts.cost)
    }

    fn run(&mut self) -> KernelRepair {
        let (base, existing) = self.strip_barriers();
        let removable = existing.iter().any(|e| e.point.is_some());
        // Races of the base kernel (barriers under synthesis stripped); when
        // nothing is stripped that is the kernel as written.
        let first = if removable {
            self.check(&base)
        } else {
            self.check(self.kernel)
        };
        if let Some(r) = self.unusable_unless_undecided(&base, &first) {
            return r;
        }
        if !removable && first.verdict == Verdict::RaceFree {
            return self.outcome(RepairStatus::AlreadyRaceFree, None);
        }
        self.synthesize(base, existing, first)
    }

    /// The kernel without the barriers that are variables of the problem.
    /// Linear in the kernel's size: one label tree, all removals at once
    /// (a kernel may have thousands of barriers).
    fn strip_barriers(&self) -> (Kernel, Vec<Existing>) {
        let tree = LabelTree::new(self.kernel);
        let text = self.text();
        let barriers = block_barriers(self.kernel);
        // How many statements of each block come from each source statement:
        // a barrier that shares its source statement with others (a macro
        // expanding to several) cannot be removed as text on its own.
        let mut per_statement: HashMap<(BlockSlot, Span), usize> = HashMap::default();
        let mut counted: HashSet<BlockSlot> = HashSet::default();
        for b in &barriers {
            let slot = tree.place(b.id).map(|p| p.block).unwrap_or(BlockSlot::Body);
            if counted.insert(slot) {
                if let Some(blk) = walk::block_ref(self.kernel, slot) {
                    for s in &blk.stmts {
                        *per_statement.entry((slot, s.stmt_span)).or_default() += 1;
                    }
                }
            }
        }
        // Barriers removed so far per block: a later barrier's index in the
        // base is its index in the kernel minus those (program order).
        let mut removed_in: HashMap<BlockSlot, usize> = HashMap::default();
        let mut remove: HashSet<StmtId> = HashSet::default();
        let mut existing = Vec::new();
        for b in barriers {
            let place = tree.place(b.id);
            let loops = tree.loops(b.id).len() as u32;
            let conds = tree.conds(b.id).len() as u32;
            let slot = place.map(|p| p.block).unwrap_or(BlockSlot::Body);
            let alone = per_statement.get(&(slot, b.stmt_span)) == Some(&1);
            let unbraced = slot != BlockSlot::Body
                && walk::block_ref(self.kernel, slot).is_some_and(|blk| blk.braces.is_none());
            let removable = !self.opts.keep_existing
                && b.inlined_at.is_none()
                && alone
                && place.is_some()
                && anchor(&b, text).is_some();
            let point = match place {
                Some(p) if removable => {
                    let before = removed_in.entry(p.block).or_default();
                    let point = ProgramPoint {
                        block: p.block,
                        index: p.index - *before,
                    };
                    *before += 1;
                    remove.insert(b.id);
                    Some(point)
                }
                _ => None,
            };
            existing.push(Existing {
                stmt: b,
                point,
                loops,
                conds,
                unbraced,
            });
        }
        let mut base = self.kernel.clone();
        remove_all(&mut base.body, &remove);
        (base, existing)
    }

    fn record(&self, cs: &CandidateSet, race: &Race) -> Option<RaceRecord> {
        let (early, late) = ordered(cs, race.first, race.second)?;
        let spans = if early == race.first {
            [race.first_span, race.second_span]
        } else {
            [race.second_span, race.first_span]
        };
        let global = self
            .kernel
            .arrays
            .iter()
            .find(|a| a.name == race.array)
            .map(|a| a.space == MemSpace::Global)
            .unwrap_or(false);
        Some(RaceRecord {
            early,
            late,
            relation: race.relation,
            spans,
            global,
        })
    }

    fn synthesize(
        &mut self,
        mut base: Kernel,
        existing: Vec<Existing>,
        first: KernelReport,
    ) -> KernelRepair {
        let text = self.text().to_string();
        let lang = self.kernel.lang;
        let mut hoists: Vec<Hoist> = Vec::new();
        let mut fixed_barriers: HashSet<StmtId> = HashSet::default();
        let mut records: Vec<RaceRecord> = Vec::new();
        let mut excluded_points: HashSet<ProgramPoint> = HashSet::default();
        let mut blocking: Vec<Vec<(ProgramPoint, bool)>> = Vec::new();
        let mut p_mode: HashMap<(StmtId, StmtId), Vec<Vec<bool>>> = HashMap::default();
        let mut inter_block: Vec<Race> = Vec::new();
        let existing_points: Vec<ProgramPoint> = existing.iter().filter_map(|e| e.point).collect();

        // Pairs a check left undecided, assumed to race (see `assume_undecided`).
        let mut assumed: HashMap<(StmtId, StmtId), u32> = HashMap::default();
        let mut assumed_records: Vec<RaceRecord> = Vec::new();

        let mut cs = CandidateSet::new(&base, self.files, &self.opts.cost, &existing_points);
        for race in real_races(&first) {
            self.note_race(&cs, race, &mut records, &mut inter_block);
        }
        // Undecided pairs wait while proven races remain (see `assume_undecided`).
        let added = if records.is_empty() {
            self.assume_undecided(
                &cs,
                &base,
                &first,
                &mut records,
                &mut assumed,
                &mut assumed_records,
            )
        } else {
            0
        };
        if first.verdict == Verdict::Inconclusive && records.is_empty() && added == 0 {
            // Undecided with nothing to order: the checker's own per-query
            // cap may decide what the synthesis's lower one left unknown.
            if !self.budget.uncap_queries() {
                return self.undecided_outcome(&first);
            }
            let again = self.check(&base);
            if let Some(r) = self.unusable_unless_undecided(&base, &again) {
                return r;
            }
            return self.synthesize(base, existing, again);
        }
        let mut last_groups: Vec<(StmtId, StmtId)> = Vec::new();
        let mut last_p: Vec<Vec<bool>> = Vec::new();
        for _round in 0..self.config.max_rounds {
            if self.exhausted() {
                return self.over_budget();
            }
            // Build the problem.
            let nesting: Vec<(u32, u32)> = cs.cands.iter().map(|c| (c.loops, c.conds)).collect();
            let ranks = position_ranks(&cs.cands);
            let weights = integer_weights(&self.opts.cost, &nesting)
                .into_iter()
                .zip(&cs.cands)
                .zip(ranks)
                .map(|((w, c), rank)| {
                    let mut w = w
                        .saturating_mul(TIE_SCALE)
                        .saturating_add((rank as u128).min(POSITION_LIMIT));
                    if !existing_points.contains(&c.point) {
                        w = w.saturating_add(NEW_BARRIER_PENALTY);
                    }
                    if matches!(c.render, Some(Render::Split(_))) {
                        w = w.saturating_add(SPLIT_PENALTY);
                    }
                    w
                })
                .collect();
            let mut problem = Problem {
                weights,
                ..Problem::default()
            };
            problem.forced_false = excluded_points
                .iter()
                .filter_map(|p| cs.index.get(p).copied())
                .collect();
            // Points that can keep an existing barrier but where no new one can be written.
            for (i, c) in cs.cands.iter().enumerate() {
                if c.render.is_none() && !existing_points.contains(&c.point) {
                    problem.forced_false.push(i);
                }
            }
            // A clause keeps only the points that may hold a barrier: one left
            // empty is a race no placement orders (hoisting is tried).
            let mut forbidden: HashSet<usize> = problem.forced_false.iter().copied().collect();
            // Joint options (both arms of an `if`) keep the points that may
            // hold a barrier; one with an arm left empty is impossible.
            let n = cs.cands.len();
            for (k, j) in cs.joint.iter().enumerate() {
                let parts: Vec<Vec<usize>> = j
                    .arms
                    .iter()
                    .map(|arm| {
                        arm.iter()
                            .copied()
                            .filter(|i| !forbidden.contains(i))
                            .collect()
                    })
                    .collect();
                if parts.iter().any(Vec::is_empty) {
                    forbidden.insert(n + k);
                }
                problem.joint.push(parts);
            }
            let allowed = |clause: Vec<usize>| -> Vec<usize> {
                clause
                    .into_iter()
                    .filter(|i| !forbidden.contains(i))
                    .collect()
            };
            let mut groups_order = Vec::new();
            let mut unfixable: Option<RaceRecord> = None;
            let mut seen_pairs: HashSet<(StmtId, StmtId)> = HashSet::default();
            for rec in &records {
                let pair = (rec.early, rec.late);
                let depth = common_depth(&cs, rec.early, rec.late);
                let guided_clause = match rec.relation {
                    LoopRelation::IntraIteration => {
                        Some(allowed(intra_options(&cs, rec.early, rec.late)))
                    }
                    LoopRelation::InterIteration { depth } => {
                        inter_options(&cs, rec.early, rec.late, depth).map(allowed)
                    }
                    LoopRelation::InterBlock => continue,
                };
                let use_p = depth > 0
                    && (!self.config.relation_guided
                        || p_mode.contains_key(&pair)
                        || guided_clause.is_none());
                if use_p {
                    if seen_pairs.insert(pair) {
                        let mut options = vec![allowed(intra_options(&cs, rec.early, rec.late))];
                        for j in 1..=depth {
                            options.push(allowed(
                                inter_options(&cs, rec.early, rec.late, j).unwrap_or_default(),
                            ));
                        }
                        if options.iter().all(|o| o.is_empty()) {
                            unfixable = Some(rec.clone());
                            break;
                        }
                        let excluded = p_mode.get(&pair).cloned().unwrap_or_default();
                        problem.groups.push(OptionGroup { options, excluded });
                        groups_order.push(pair);
                    }
                } else {
                    let clause = guided_clause.unwrap_or_default();
                    if clause.is_empty() {
                        unfixable = Some(rec.clone());
                        break;
                    }
                    problem.clauses.push(clause);
                }
            }
            if let Some(rec) = unfixable {
                if assumed_records.contains(&rec) {
                    // Not a race the checker reported: no reason to call the
                    // kernel unrepairable, it stays undecided.
                    return self.outcome(
                        RepairStatus::Inconclusive,
                        Some(format!(
                            "the checker gave no verdict on a candidate: {UNDECIDED_PAIR} (`{}`, `{}`), and no barrier placement orders them",
                            self.stmt_text(&base, rec.early),
                            self.stmt_text(&base, rec.late)
                        )),
                    );
                }
                // No uniform point between the accesses: try hoisting, else give up.
                match self.hoist(&base, &rec) {
                    Some((new_base, hoist, barrier_id)) => {
                        base = new_base;
                        fixed_barriers.insert(barrier_id);
                        hoists.push(hoist);
                        cs =
                            CandidateSet::new(&base, self.files, &self.opts.cost, &existing_points);
                        blocking.clear();
                        p_mode.values_mut().for_each(Vec::clear);
                        let again = self.check(&base);
                        if let Some(r) = self.unusable_unless_undecided(&base, &again) {
                            return r;
                        }
                        records.clear();
                        inter_block.clear();
                        assumed.clear();
                        assumed_records.clear();
                        for race in real_races(&again) {
                            self.note_race(&cs, race, &mut records, &mut inter_block);
                        }
                        let added = self.assume_undecided(
                            &cs,
                            &base,
                            &again,
                            &mut records,
                            &mut assumed,
                            &mut assumed_records,
                        );
                        if again.verdict == Verdict::Inconclusive
                            && records.is_empty()
                            && added == 0
                        {
                            return self.undecided_outcome(&again);
                        }
                        continue;
                    }
                    None => return self.unrepairable_race(&base, &rec),
                }
            }
            for block in &blocking {
                let lits: Vec<(usize, bool)> = block
                    .iter()
                    .filter_map(|(p, v)| cs.index.get(p).map(|&i| (i, *v)))
                    .collect();
                problem.blocking.push(lits);
            }
            // The copies of a line in a device function hold a barrier all
            // together or not at all (one line of text): each implies the
            // next, around the cycle (`!a || b` is the blocking clause of
            // `a && !b`).
            for copies in shared_copies(&cs) {
                for (k, &a) in copies.iter().enumerate() {
                    let b = copies[(k + 1) % copies.len()];
                    problem.blocking.push(vec![(a, true), (b, false)]);
                }
            }
            // The solve may take what is left of the budget's work units
            // (deterministic: the placement does not depend on the load),
            // behind the wall-clock safety cap of its time backstop; a
            // placement it found but did not prove least-cost is still checked.
            problem.work_limit = Some(self.budget.work_left().max(1));
            problem.timeout_ms =
                Some((self.budget.deadline().wall_cap_left().as_millis() as u64).max(1));
            let solve_started = Instant::now();
            let (answer, solve_work) = solve_counted(&problem);
            self.budget.spend(solve_work);
            self.times.maxsat_ms += solve_started.elapsed().as_secs_f64() * 1e3;
            if std::env::var_os("SYNCWRIGHT_TRACE").is_some() {
                eprintln!(
                    "[syncwright] synth {} solve: {} candidates, {:.2} ms, {} work units (at {:.2} ms)",
                    self.kernel.name,
                    problem.weights.len(),
                    solve_started.elapsed().as_secs_f64() * 1e3,
                    solve_work,
                    self.started.elapsed().as_secs_f64() * 1e3
                );
            }
            let (chosen, p_values) = match answer {
                Answer::Sat { chosen, p } => {
                    self.optimal = true;
                    (chosen, p)
                }
                Answer::Feasible { chosen, p } => {
                    self.optimal = false;
                    (chosen, p)
                }
                Answer::Unsat => {
                    let mut r = self.outcome(
                        RepairStatus::Unrepairable,
                        Some("no placement of barriers at points all threads of a block reach orders every race".into()),
                    );
                    r.fixes = Vec::new();
                    return r;
                }
                Answer::Unknown(_) if self.exhausted() => return self.over_budget(),
                Answer::Unknown(why) => {
                    return self.outcome(
                        RepairStatus::Inconclusive,
                        Some(format!("the MaxSAT solver gave up: {why}")),
                    )
                }
            };
            if self.exhausted() {
                return self.over_budget();
            }
            last_groups.clone_from(&groups_order);
            last_p.clone_from(&p_values);
            let fences = self.fences(&records);
            let (candidate, new_ids) = build_kernel(&base, &cs, &chosen, &existing, fences, lang);
            let report = self.check(&candidate);
            if let Some(r) = self.unusable_unless_undecided(&candidate, &report) {
                return r;
            }
            // Divergent new barriers: exclude their points (Algorithm 1, line 25).
            let mut diverged = false;
            for f in &report.findings {
                if let Some(d) = &f.divergence {
                    // A new barrier, or a kept one at a point only the checker
                    // can call uniform (after a thread-dependent return).
                    let point = new_ids.get(&d.barrier).copied().or_else(|| {
                        existing
                            .iter()
                            .find(|e| e.stmt.id == d.barrier)
                            .and_then(|e| e.point)
                    });
                    if let Some(point) = point {
                        excluded_points.insert(point);
                        // The threads that returned make this point divergent:
                        // the points after the same return are taken as
                        // divergent too (fewer rounds; a heuristic that only
                        // narrows the candidates, every placement is checked).
                        let cause = cs.index.get(&point).and_then(|&i| cs.cands[i].after_return);
                        if let Some(cause) = cause {
                            excluded_points.extend(
                                cs.cands
                                    .iter()
                                    .filter(|c| c.after_return == Some(cause))
                                    .map(|c| c.point),
                            );
                        }
                        diverged = true;
                    } else {
                        return self.outcome(
                            RepairStatus::Unrepairable,
                            Some(format!(
                                "a barrier the synthesizer does not move (a grid barrier, a barrier inside a macro or an inlined function, or any barrier with --keep-existing) is divergent: {}",
                                d.cause
                            )),
                        );
                    }
                }
            }
            if diverged {
                continue;
            }
            let races = real_races(&report);
            let block_races: Vec<&Race> = races
                .iter()
                .copied()
                .filter(|r| r.relation != LoopRelation::InterBlock)
                .collect();
            inter_block = races
                .iter()
                .copied()
                .filter(|r| r.relation == LoopRelation::InterBlock)
                .cloned()
                .collect();
            let undecided = !undecided_pairs(&candidate, &report).is_empty();
            if block_races.is_empty() && !undecided {
                // A defect no placement orders (a thread's own asynchronous
                // copy in flight at its access): the candidate is not
                // race-free, so neither is any placement's kernel.
                if let Some(r) = self.unplaced_defect(&report) {
                    return r;
                }
                return self.finish(
                    &base,
                    &cs,
                    &chosen,
                    &existing,
                    &hoists,
                    &fixed_barriers,
                    &records,
                    &inter_block,
                    &candidate,
                    &text,
                );
            }
            let had_races = !block_races.is_empty();
            for race in block_races {
                let Some(rec) = self.record(&cs, race) else {
                    return self.outcome(
                        RepairStatus::Inconclusive,
                        Some("the checker reported a race on statements the synthesizer cannot place".into()),
                    );
                };
                let pair = (rec.early, rec.late);
                if let Some(gi) = last_groups.iter().position(|g| *g == pair) {
                    // Algorithm 1, line 29: this P-assignment does not remove the race.
                    if let (Some(values), Some(list)) = (last_p.get(gi), p_mode.get_mut(&pair)) {
                        list.push(values.clone());
                    } else if let Some(values) = last_p.get(gi) {
                        p_mode.insert(pair, vec![values.clone()]);
                    }
                } else if records.contains(&rec) {
                    if self.config.relation_guided
                        && common_depth(&cs, rec.early, rec.late) > 0
                        && !p_mode.contains_key(&pair)
                    {
                        // The exact option did not suffice: fall back to Algorithm 1 for this pair.
                        p_mode.insert(pair, Vec::new());
                    } else {
                        // Block this placement of the barriers around the pair.
                        let mut around: Vec<usize> = intra_clause(&cs, rec.early, rec.late);
                        for j in 1..=common_depth(&cs, rec.early, rec.late) {
                            around.extend(
                                inter_clause(&cs, rec.early, rec.late, j).unwrap_or_default(),
                            );
                        }
                        around.sort_unstable();
                        around.dedup();
                        blocking.push(
                            around
                                .iter()
                                .map(|&i| (cs.cands[i].point, chosen.contains(&i)))
                                .collect(),
                        );
                    }
                } else {
                    records.push(rec);
                }
            }
            // Undecided pairs wait while the check still proves races: the
            // next candidate orders those, and often decides the pair too.
            let added = if had_races {
                0
            } else {
                self.assume_undecided(
                    &cs,
                    &candidate,
                    &report,
                    &mut records,
                    &mut assumed,
                    &mut assumed_records,
                )
            };
            // Undecided and nothing new to order: the next candidate would be
            // this one again, unless its check runs with the checker's own
            // per-query cap, which may decide what the synthesis's lower one
            // left unknown (see `SYNTH_QUERY_WORK`).
            if !had_races && added == 0 && !self.budget.uncap_queries() {
                return self.undecided_outcome(&report);
            }
        }
        self.outcome(
            RepairStatus::Inconclusive,
            Some(format!(
                "no race-free placement found within {} refinement rounds",
                self.config.max_rounds
            )),
        )
    }

    fn note_race(
        &self,
        cs: &CandidateSet,
        race: &Race,
        records: &mut Vec<RaceRecord>,
        inter_block: &mut Vec<Race>,
    ) {
        if race.relation == LoopRelation::InterBlock {
            inter_block.push(race.clone());
            return;
        }
        if let Some(rec) = self.record(cs, race) {
            if !records.contains(&rec) {
                records.push(rec);
            }
        }
    }

    fn unusable(&self, report: &KernelReport) -> Option<KernelRepair> {
        match report.verdict {
            Verdict::Inconclusive | Verdict::Unsupported => {
                let why = report
                    .findings
                    .first()
                    .map(|f| f.message.clone())
                    .unwrap_or_default();
                Some(self.outcome(
                    RepairStatus::Inconclusive,
                    Some(format!("the checker gave no verdict on a candidate: {why}")),
                ))
            }
            _ => None,
        }
    }

    /// [`Self::unusable`], except for a check that is inconclusive only on
    /// pairs the solver could not decide: the synthesis goes on with them
    /// taken as races (`assume_undecided`).
    fn unusable_unless_undecided(
        &self,
        kernel: &Kernel,
        report: &KernelReport,
    ) -> Option<KernelRepair> {
        if report.verdict == Verdict::Inconclusive && !undecided_pairs(kernel, report).is_empty() {
            return None;
        }
        self.unusable(report)
    }

    /// The outcome of a candidate's check that leaves no race between
    /// threads of a block to order and no undecided pair, yet has a defect:
    /// a finding that is no race record (`real_races`), no divergence, no
    /// named-barrier finding (see `keep_named_findings`) and no race between
    /// blocks (see `finish`). Such a finding is one no block barrier
    /// addresses: an `async-copy` finding of a thread's own copy (a barrier
    /// does not complete a copy, only a wait does), or the check's budget
    /// spent. Every placement's kernel keeps it, so the kernel is neither
    /// `already-race-free` nor `repaired`. None when there is none.
    fn unplaced_defect(&self, report: &KernelReport) -> Option<KernelRepair> {
        let f = unplaced_finding(report)?;
        let line = |span: Span| {
            self.files
                .get(span.file.0 as usize)
                .and_then(|file| file.text.get(..span.start as usize))
                .map_or(0, |t| t.matches('\n').count() + 1)
        };
        Some(match f.kind {
            DiagnosticKind::Inconclusive => self.outcome(
                RepairStatus::Inconclusive,
                Some(format!(
                    "the checker gave no verdict on a candidate: {}",
                    f.message
                )),
            ),
            DiagnosticKind::AsyncCopy => {
                let copy = f
                    .related
                    .first()
                    .map_or(String::new(), |(s, _)| format!(" on line {}", line(*s)));
                self.outcome(
                    RepairStatus::Unrepairable,
                    Some(format!(
                        "`async-copy` on line {}: the thread's own asynchronous copy{copy} may still be writing (or reading) the bytes it accesses, and a barrier does not complete a copy, so no barrier placement repairs it; a wait for the copy before the access does (`cuda::pipeline_consumer_wait_prior<0>(pipe)` on a thread's own pipeline, `__pipeline_wait_prior(0)`, `cp.async.wait_all`, the wait of the copy's `cuda::barrier` phase, `cg::wait`), or, for a producer on a block pipeline (which cannot wait for its own copy), moving the access after the consumers' `consumer_wait` of the copy's stage",
                        line(f.span)
                    )),
                )
            }
            _ => self.outcome(
                RepairStatus::Unrepairable,
                Some(format!(
                    "`{}` on line {} remains with every race ordered: {} (no barrier placement repairs it)",
                    f.kind.code(),
                    line(f.span),
                    f.message
                )),
            ),
        })
    }

    /// The outcome when an undecided pair cannot be taken as a race any more.
    fn undecided_outcome(&self, report: &KernelReport) -> KernelRepair {
        let why = report
            .findings
            .iter()
            .find(|f| f.kind == DiagnosticKind::Inconclusive)
            .map(|f| f.message.clone())
            .unwrap_or_default();
        self.outcome(
            RepairStatus::Inconclusive,
            Some(format!("the checker gave no verdict on a candidate: {why}")),
        )
    }

    /// Takes the pairs `report` (a check of `kernel`) left undecided as races
    /// to order: an unknown answer may hide a race, so a placement is built as
    /// if it were one, and is accepted only once a check proves it race-free
    /// (an ordered pair needs no query). The relation is unknown: within an
    /// iteration first; a pair still undecided after that, across the
    /// iterations of each loop the two accesses share too. A pair no barrier
    /// point lies between (a statement against itself outside loops), or
    /// undecided again after both, is left to the next check (the result is
    /// accepted only race-free anyway). Called only on a check that proves
    /// no race the current constraints leave unordered: a pair undecided
    /// without any barrier is often decided once the proven races are
    /// ordered (the barrier cuts the interleavings the solver gave up on),
    /// and assuming it early costs a barrier the author did without (a
    /// radix-4 butterfly's in-place update). Returns how many races it added.
    fn assume_undecided(
        &mut self,
        cs: &CandidateSet,
        kernel: &Kernel,
        report: &KernelReport,
        records: &mut Vec<RaceRecord>,
        assumed: &mut HashMap<(StmtId, StmtId), u32>,
        assumed_records: &mut Vec<RaceRecord>,
    ) -> usize {
        let mut added = 0;
        for (a, b) in undecided_pairs(kernel, report) {
            let Some((early, late)) = ordered(cs, a, b) else {
                continue;
            };
            let times = assumed.entry((early, late)).or_default();
            *times += 1;
            if *times > MAX_ASSUMPTIONS {
                continue;
            }
            let stmt = |id: StmtId| walk::find_stmt(&kernel.body, id);
            let global = [a, b].into_iter().any(|id| {
                let array = stmt(id).and_then(|s| match &s.kind {
                    StmtKind::Read { access, .. }
                    | StmtKind::Write { access, .. }
                    | StmtKind::Atomic { access, .. } => Some(access.array.0 as usize),
                    _ => None,
                });
                array
                    .and_then(|i| kernel.arrays.get(i))
                    .is_some_and(|d| d.space == MemSpace::Global)
            });
            let span = |id: StmtId| stmt(id).map_or(kernel.name_span, |s| s.span);
            let relations: Vec<LoopRelation> = if *times == 1 {
                vec![LoopRelation::IntraIteration]
            } else {
                (1..=common_depth(cs, early, late))
                    .map(|depth| LoopRelation::InterIteration { depth })
                    .collect()
            };
            for relation in relations {
                let placeable = match relation {
                    LoopRelation::InterIteration { depth } => {
                        inter_clause(cs, early, late, depth).is_some_and(|c| !c.is_empty())
                    }
                    _ => !intra_clause(cs, early, late).is_empty(),
                };
                if !placeable {
                    continue;
                }
                let rec = RaceRecord {
                    early,
                    late,
                    relation,
                    spans: [span(early), span(late)],
                    global,
                };
                if !records.contains(&rec) {
                    records.push(rec.clone());
                    added += 1;
                    self.assumed_undecided = true;
                }
                if !assumed_records.contains(&rec) {
                    assumed_records.push(rec);
                }
            }
        }
        added
    }

    /// The text of statement `id` of `kernel`, for messages, cut from the
    /// file the statement is in (a device function of a header is not in
    /// the kernel's file).
    fn stmt_text(&self, kernel: &Kernel, id: StmtId) -> String {
        walk::find_stmt(&kernel.body, id)
            .and_then(|s| {
                self.files
                    .get(s.span.file.0 as usize)
                    .and_then(|f| f.text.get(s.span.start as usize..s.span.end as usize))
            })
            .unwrap_or("?")
            .to_string()
    }

    fn fences(&self, records: &[RaceRecord]) -> Fences {
        let global = records.iter().any(|r| r.global);
        let local = records.iter().any(|r| !r.global) || !global;
        Fences { local, global }
    }

    fn unrepairable_race(&self, base: &Kernel, rec: &RaceRecord) -> KernelRepair {
        let name = |id: StmtId| self.stmt_text(base, id);
        let early = walk::find_stmt(&base.body, rec.early);
        let late = walk::find_stmt(&base.body, rec.late);
        let same_statement = match (early, late) {
            (Some(a), Some(b)) => {
                anchor(a, self.text()).is_some() && anchor(a, self.text()) == anchor(b, self.text())
            }
            _ => false,
        };
        let in_macro = [early, late].into_iter().flatten().any(|s| s.in_macro);
        let generated = [early, late]
            .into_iter()
            .flatten()
            .any(|s| s.in_macro || s.inlined_at.is_some());
        // Points inside a device function's body are candidates too (the
        // barrier is written in the function): two accesses of one call
        // that none orders are in one statement of the function, or no
        // point between them is uniform in every copy of the function.
        let one_function_statement = match (early, late) {
            (Some(a), Some(b)) => a.stmt_span == b.stmt_span,
            _ => false,
        };
        let reason = if rec.early == rec.late && rec.relation == LoopRelation::IntraIteration {
            format!(
                "`{}` races with itself: two threads write the same location in the same execution of one statement, which no barrier can order",
                name(rec.early)
            )
        } else if same_statement && generated && !in_macro && one_function_statement {
            format!(
                "both racing accesses (`{}`, `{}`) are in one statement of an inlined device function, which cannot be split there; a barrier between them would have to be written inside that statement",
                name(rec.early),
                name(rec.late)
            )
        } else if same_statement && generated && !in_macro {
            format!(
                "both racing accesses (`{}`, `{}`) come from one call of a device function, and no point between them in the function is reached by all threads of the block together in every call of it in this kernel (a call or the accesses in thread-dependent branches or loops), so no barrier written in the function can order them without divergence",
                name(rec.early),
                name(rec.late)
            )
        } else if same_statement && generated {
            format!(
                "both racing accesses (`{}`, `{}`) come from one macro invocation or inlined function call; a barrier between them would have to be written inside the macro or function",
                name(rec.early),
                name(rec.late)
            )
        } else if same_statement {
            format!(
                "both racing accesses (`{}`, `{}`) are in one statement that cannot be split here (a condition, a loop header or a branch without braces)",
                name(rec.early),
                name(rec.late)
            )
        } else {
            format!(
                "no point between `{}` and `{}` is reached by all threads of the block together (the accesses are inside thread-dependent branches or loops, or after a `return` some threads take), so no barrier can order them without divergence",
                name(rec.early),
                name(rec.late)
            )
        };
        self.outcome(RepairStatus::Unrepairable, Some(reason))
    }

    /// AuCS-style hoisting: for a race with no uniform point between the
    /// accesses, move one racing read out of its thread-dependent branches into
    /// a guarded temporary before the outermost divergent `if`, followed by a
    /// barrier. Returns the new base, the text edits and the barrier's label.
    fn hoist(&self, base: &Kernel, rec: &RaceRecord) -> Option<(Kernel, Hoist, StmtId)> {
        let text = self.text();
        let tree = LabelTree::new(base);
        let uniformity = Uniformity::compute(base);
        for read_id in [rec.late, rec.early] {
            let read = walk::find_stmt(&base.body, read_id)?;
            let StmtKind::Read { dest, access } = &read.kind else {
                continue;
            };
            if read.in_macro || read.inlined_at.is_some() {
                continue;
            }
            // Climb through enclosing ifs until the `if` sits at a uniform point.
            let mut levels: Vec<(StmtId, bool)> = Vec::new();
            let mut cur = read_id;
            let target = loop {
                let place = tree.place(cur)?;
                let (if_id, then_branch) = match place.block {
                    BlockSlot::Then(x) => (x, true),
                    BlockSlot::Else(x) => (x, false),
                    _ => break None,
                };
                let branch = walk::block_ref(base, place.block)?;
                let mut used = expr_vars(&access.offset);
                for (x, _) in &levels {
                    if let Some(StmtKind::If { cond, .. }) =
                        walk::find_stmt(&base.body, *x).map(|s| &s.kind)
                    {
                        used.extend(expr_vars(cond));
                    }
                }
                if !prefix_is_independent(&branch.stmts[..place.index], &used, access.array, base) {
                    break None;
                }
                levels.push((if_id, then_branch));
                let if_place = tree.place(if_id)?;
                if uniformity.is_uniform_point(ProgramPoint {
                    block: if_place.block,
                    index: if_place.index,
                }) {
                    break Some(if_id);
                }
                cur = if_id;
            };
            let Some(target) = target else { continue };
            let target_stmt = walk::find_stmt(&base.body, target)?.clone();
            if target_stmt.in_macro || target_stmt.inlined_at.is_some() {
                continue;
            }
            let target_anchor = anchor(&target_stmt, text)?;
            // Condition texts, outermost first.
            let mut cond_texts = Vec::new();
            let mut cond_exprs = Vec::new();
            for (if_id, then_branch) in levels.iter().rev() {
                let s = walk::find_stmt(&base.body, *if_id)?;
                let StmtKind::If { cond, .. } = &s.kind else {
                    return None;
                };
                let ct = if_condition_text(text, s.span)?;
                cond_texts.push(if *then_branch {
                    format!("({ct})")
                } else {
                    format!("!({ct})")
                });
                cond_exprs.push(if *then_branch {
                    cond.clone()
                } else {
                    Expr::Unary(UnOp::Not, Box::new(cond.clone()), ScalarTy::Bool)
                });
            }
            let cond = cond_exprs.into_iter().reduce(|a, b| {
                Expr::Binary(BinOp::And, Box::new(a), Box::new(b), ScalarTy::Bool)
            })?;
            let read_text = text.get(read.span.start as usize..read.span.end as usize)?;
            let space = base.arrays.get(access.array.0 as usize).map(|a| a.space)?;
            let fences = Fences {
                local: space != MemSpace::Global,
                global: space == MemSpace::Global,
            };
            let barrier = barrier_text(self.kernel.lang, fences);
            let mut names = TempNames::new(text);
            base.vars.iter().for_each(|v| names.reserve(&v.name));
            let tmp = names.fresh();
            let ty = access.ty;
            let indent = indent_of_line(text, target_anchor.start);
            let insert = format!(
                "{} {tmp} = 0;\n{indent}if ({}) {tmp} = {read_text};\n{indent}{barrier}\n{indent}",
                c_type(self.kernel.lang, ty),
                cond_texts.join(" && ")
            );
            let file = target_anchor.file;
            let edits = vec![
                TextEdit {
                    span: Span {
                        file,
                        start: target_anchor.start,
                        end: target_anchor.start,
                    },
                    new_text: insert,
                },
                TextEdit {
                    span: read.span,
                    new_text: tmp.clone(),
                },
            ];
            // The same transformation on the KPL.
            let mut k = base.clone();
            let tmp_var = VarId(k.vars.len() as u32);
            k.vars.push(VarDecl {
                name: tmp.clone(),
                ty,
                span: read.span,
            });
            let synthetic = Span {
                file,
                start: target_anchor.start,
                end: target_anchor.start,
            };
            let mk = |k: &mut Kernel, kind: StmtKind| Stmt {
                id: k.fresh_stmt_id(),
                kind,
                span: synthetic,
                stmt_span: synthetic,
                in_macro: false,
                inlined_at: None,
            };
            let zero = match ty {
                ScalarTy::Float { .. } => Expr::Float(0f64.to_bits(), ty),
                _ => Expr::Int(0, ty),
            };
            let init = mk(
                &mut k,
                StmtKind::Assign {
                    var: tmp_var,
                    value: zero,
                },
            );
            let hoisted_read = mk(
                &mut k,
                StmtKind::Read {
                    dest: tmp_var,
                    access: access.clone(),
                },
            );
            let guard = mk(
                &mut k,
                StmtKind::If {
                    cond,
                    then_: crate::ir::Block {
                        stmts: vec![hoisted_read],
                        braces: None,
                    },
                    else_: crate::ir::Block::default(),
                },
            );
            let barrier_stmt = mk(
                &mut k,
                StmtKind::Barrier {
                    scope: BarrierScope::Block,
                    global_fence: fences.global || self.kernel.lang == Lang::Cuda,
                    local_fence: fences.local || self.kernel.lang == Lang::Cuda,
                },
            );
            let barrier_id = barrier_stmt.id;
            // Replace the read by a copy of the temporary.
            let read_place = LabelTree::new(&k).place(read_id)?.clone();
            let blk = walk::block_mut(&mut k, read_place.block)?;
            let slot = blk.stmts.get_mut(read_place.index)?;
            slot.kind = StmtKind::Assign {
                var: *dest,
                value: Expr::Var(tmp_var),
            };
            let target_place = LabelTree::new(&k).place(target)?.clone();
            let at = ProgramPoint {
                block: target_place.block,
                index: target_place.index,
            };
            for (offset, s) in [init, guard, barrier_stmt].into_iter().enumerate() {
                if !walk::insert_stmt(
                    &mut k,
                    ProgramPoint {
                        index: at.index + offset,
                        ..at
                    },
                    s,
                ) {
                    return None;
                }
            }
            let layout_tree = LabelTree::new(&k);
            let (loops, conds) = (
                layout_tree.loops(barrier_id).len() as u32,
                layout_tree.conds(barrier_id).len() as u32,
            );
            let hoist = Hoist {
                edits,
                addresses: rec.spans.to_vec(),
                barrier_cost: cost(&self.opts.cost, loops, conds),
            };
            return Some((k, hoist, barrier_id));
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        base: &Kernel,
        cs: &CandidateSet,
        chosen: &[usize],
        existing: &[Existing],
        hoists: &[Hoist],
        fixed_barriers: &HashSet<StmtId>,
        records: &[RaceRecord],
        inter_block: &[Race],
        final_kernel: &Kernel,
        text: &str,
    ) -> KernelRepair {
        let lang = self.kernel.lang;
        let file = self.kernel.span.file;
        let fences = self.fences(records);
        let barrier = barrier_text(lang, fences);
        let mut names = TempNames::new(text);
        base.vars.iter().for_each(|v| names.reserve(&v.name));
        let mut edits: Vec<TextEdit> = Vec::new();
        let mut fixes: Vec<Fix> = Vec::new();
        let (before_count, cost_before) = self.existing_cost();
        let chosen_points: HashSet<ProgramPoint> =
            chosen.iter().map(|&i| cs.cands[i].point).collect();
        // Costs after: chosen candidates, barriers that are not variables, hoist barriers.
        let mut cost_after: f64 = chosen
            .iter()
            .map(|&i| cs.cands[i].cost)
            .fold(0.0, |a, b| a + b);
        let mut count_after = chosen.len() as u32;
        for e in existing.iter().filter(|e| e.point.is_none()) {
            cost_after += cost(&self.opts.cost, e.loops, e.conds);
            count_after += 1;
        }
        for h in hoists {
            cost_after += h.barrier_cost;
            count_after += 1;
        }
        let _ = fixed_barriers;
        // The findings each candidate orders (its clause contains it), computed
        // once: a kernel may have thousands of candidates and races.
        let mut ordered_by: HashMap<usize, Vec<Span>> = HashMap::default();
        for r in records {
            let clause = match r.relation {
                LoopRelation::IntraIteration => intra_options(cs, r.early, r.late),
                LoopRelation::InterIteration { depth } => {
                    inter_options(cs, r.early, r.late, depth).unwrap_or_default()
                }
                LoopRelation::InterBlock => Vec::new(),
            };
            // A joint option orders the race with the barriers of its arms.
            let mut seen: HashSet<usize> = HashSet::default();
            let mut expand: Vec<usize> = Vec::new();
            for i in clause {
                if i < cs.cands.len() {
                    if seen.insert(i) {
                        ordered_by.entry(i).or_default().extend(r.spans);
                    }
                } else {
                    expand.push(i);
                }
            }
            let mut in_arms: Vec<usize> = Vec::new();
            while let Some(i) = expand.pop() {
                match i.checked_sub(cs.cands.len()) {
                    Some(k) if seen.insert(i) => {
                        expand.extend(cs.joint.get(k).into_iter().flat_map(|j| j.arms.concat()))
                    }
                    Some(_) => {}
                    None => in_arms.push(i),
                }
            }
            in_arms.sort_unstable();
            for i in in_arms {
                if seen.insert(i) {
                    ordered_by.entry(i).or_default().extend(r.spans);
                }
            }
        }
        let addresses_of =
            |i: usize| -> Vec<Span> { ordered_by.get(&i).cloned().unwrap_or_default() };
        // Removals: existing barriers whose point is not chosen, and duplicates.
        let mut kept_points: HashSet<ProgramPoint> = HashSet::default();
        let uniformity = Uniformity::compute(self.kernel);
        let divergent: HashSet<StmtId> = existing
            .iter()
            .filter(|e| !uniformity.is_uniform_stmt(e.stmt.id))
            .map(|e| e.stmt.id)
            .collect();
        let mut removed: Vec<&Existing> = Vec::new();
        for e in existing {
            let Some(point) = e.point else { continue };
            if chosen_points.contains(&point) && kept_points.insert(point) {
                continue;
            }
            removed.push(e);
            edits.push(existing_removal(text, e));
        }
        // Insertions.
        let mut inserted: Vec<(usize, Vec<TextEdit>)> = Vec::new();
        // Lines written in a device function (one for all its copies).
        let mut shared_written: HashSet<u32> = HashSet::default();
        for &i in chosen {
            let c = &cs.cands[i];
            if existing.iter().any(|e| e.point == Some(c.point)) {
                continue;
            }
            if c.shared.is_some_and(|line| !shared_written.insert(line)) {
                continue;
            }
            let Some(render) = &c.render else { continue };
            let e = render_insertion(render, &barrier, file, text, lang, &mut names);
            edits.extend(e.iter().cloned());
            inserted.push((i, e));
        }
        for h in hoists {
            edits.extend(h.edits.iter().cloned());
        }
        // Quick fixes, one per change.
        for (i, e) in &inserted {
            let c = &cs.cands[*i];
            let (kind, title) = match c.render {
                Some(Render::Split(_)) => (
                    FixKind::SplitStatement,
                    format!(
                        "Split the statement: read into a temporary, then `{barrier}` (cost {})",
                        fmt_cost(c.cost)
                    ),
                ),
                _ => (
                    FixKind::InsertBarrier,
                    format!("Insert `{barrier}` (cost {})", fmt_cost(c.cost)),
                ),
            };
            fixes.push(Fix {
                kind,
                title,
                edits: e.clone(),
                safe: true,
                addresses: addresses_of(*i),
                cost_before,
                cost_after: cost_before + c.cost,
            });
        }
        for h in hoists {
            fixes.push(Fix {
                kind: FixKind::HoistReads,
                title: format!(
                    "Hoist the racing read out of the thread-dependent branch and synchronize before it (cost {})",
                    fmt_cost(h.barrier_cost)
                ),
                edits: h.edits.clone(),
                safe: true,
                addresses: h.addresses.clone(),
                cost_before,
                cost_after: cost_before + h.barrier_cost,
            });
        }
        // A removed barrier whose point some race needs was moved; one that
        // no race needs (or a duplicate) can go on its own.
        let needed_points: HashSet<ProgramPoint> = ordered_by
            .iter()
            .filter(|(_, spans)| !spans.is_empty())
            .filter_map(|(&i, _)| cs.cands.get(i).map(|c| c.point))
            .collect();
        let mut moved: Vec<&Existing> = Vec::new();
        for e in &removed {
            let needed = e
                .point
                .is_some_and(|p| needed_points.contains(&p) && !chosen_points.contains(&p));
            if divergent.contains(&e.stmt.id) || needed {
                moved.push(e);
                continue;
            }
            let c = cost(&self.opts.cost, e.loops, e.conds);
            fixes.push(Fix {
                kind: FixKind::RemoveBarrier,
                title: "Remove the redundant barrier".into(),
                edits: vec![existing_removal(text, e)],
                safe: true,
                addresses: vec![e.stmt.span],
                cost_before,
                cost_after: cost_before - c,
            });
        }
        if !moved.is_empty() {
            let title = if moved.iter().any(|e| divergent.contains(&e.stmt.id)) {
                "Move the barrier out of the thread-dependent code to where every thread reaches it"
                    .to_string()
            } else {
                format!(
                    "Move barriers to a cheaper placement (cost {} -> {})",
                    fmt_cost(cost_before),
                    fmt_cost(cost_after)
                )
            };
            fixes.push(Fix {
                kind: FixKind::MoveBarrier,
                title,
                edits: edits.clone(),
                safe: true,
                addresses: moved.iter().map(|e| e.stmt.span).collect(),
                cost_before,
                cost_after,
            });
        }
        if edits.len() > 1 {
            fixes.push(Fix {
                kind: FixKind::OptimizeAll,
                title: format!(
                    "Apply the optimal barrier placement ({} -> {} barriers, cost {} -> {})",
                    before_count,
                    count_after,
                    fmt_cost(cost_before),
                    fmt_cost(cost_after)
                ),
                edits: edits.clone(),
                safe: true,
                addresses: records
                    .iter()
                    .flat_map(|r| r.spans)
                    .chain(
                        existing
                            .iter()
                            .filter(|e| divergent.contains(&e.stmt.id))
                            .map(|e| e.stmt.span),
                    )
                    .collect(),
                cost_before,
                cost_after,
            });
        }
        let mut status = if edits.is_empty() {
            RepairStatus::AlreadyRaceFree
        } else {
            RepairStatus::Repaired
        };
        let mut reason = None;
        // What the last oracle call proved race-free (block and grid races alike).
        let mut verified = inter_block.is_empty().then(|| final_kernel.clone());
        if !inter_block.is_empty() {
            status = RepairStatus::Unrepairable;
            let arrays: Vec<&str> = inter_block.iter().map(|r| r.array.as_str()).collect();
            let races = format!(
                "threads of different blocks race on global memory ({}); no block barrier orders them",
                dedup(arrays).join(", ")
            );
            let allowed = self.grid_barriers_allowed();
            match self.grid_fix(
                base,
                final_kernel,
                cs,
                inter_block,
                &edits,
                text,
                cost_before,
                cost_after,
            ) {
                Some((fix, added, checked)) if allowed => {
                    status = RepairStatus::Repaired;
                    edits.clone_from(&fix.edits);
                    count_after += added;
                    cost_after = fix.cost_after;
                    fixes.push(fix);
                    verified = Some(checked);
                }
                Some((fix, _, _)) => {
                    reason = Some(format!(
                        "{races}; `fix --grid-barriers` repairs it with a grid barrier (`cooperative_groups::this_grid().sync()`), which needs a cooperative launch (cudaLaunchCooperativeKernel)"
                    ));
                    fixes.push(fix);
                }
                None => {
                    reason = Some(format!("{races}, and no grid barrier placement was found"));
                }
            }
        }
        KernelRepair {
            name: self.kernel.name.clone(),
            status,
            barriers_before: before_count,
            barriers_after: if status == RepairStatus::Unrepairable {
                before_count
            } else {
                count_after
            },
            cost_before,
            cost_after: if status == RepairStatus::Unrepairable {
                cost_before
            } else {
                cost_after
            },
            oracle_calls: 0,
            time_ms: 0.0,
            times: crate::synth::SynthTimes::default(),
            edits: if status == RepairStatus::Unrepairable {
                Vec::new()
            } else {
                edits
            },
            reason,
            fixes,
            optimal: self.optimal && !self.assumed_undecided,
            work_units: 0,
            budget_spent: std::time::Duration::ZERO,
            verified: if status == RepairStatus::Repaired {
                verified.map(Box::new)
            } else {
                None
            },
        }
    }

    /// A grid-wide barrier between the accesses of every inter-block race, at a
    /// point no condition guards (every thread of the grid reaches it), checked
    /// with the oracle. CUDA only (`cooperative_groups::this_grid().sync()`).
    #[allow(clippy::too_many_arguments)]
    fn grid_fix(
        &mut self,
        base: &Kernel,
        final_kernel: &Kernel,
        cs: &CandidateSet,
        races: &[Race],
        block_edits: &[TextEdit],
        text: &str,
        cost_before: f64,
        cost_after: f64,
    ) -> Option<(Fix, u32, Kernel)> {
        if self.kernel.lang != Lang::Cuda || has_return(final_kernel) {
            return None;
        }
        let mut picks: Vec<usize> = Vec::new();
        for race in races {
            let (l, l2) = ordered(cs, race.first, race.second)?;
            let mut options = intra_clause(cs, l, l2);
            options.retain(|&i| {
                cs.cands[i].conds == 0 && matches!(cs.cands[i].render, Some(Render::Line { .. }))
            });
            if options.iter().any(|i| picks.contains(i)) {
                continue;
            }
            let best = options.into_iter().min_by(|&a, &b| {
                cs.cands[a]
                    .cost
                    .total_cmp(&cs.cands[b].cost)
                    .then(cs.cands[b].pos.cmp(&cs.cands[a].pos))
            })?;
            picks.push(best);
        }
        // Grid barriers at the picked base points of the repaired kernel; with
        // `replace`, one turns the new block barrier already at its point into
        // itself (a grid barrier also synchronizes the block).
        let with_grid = |replace: bool| -> Option<(Kernel, Vec<usize>)> {
            let mut k = final_kernel.clone();
            let mut replaced = Vec::new();
            for &i in &picks {
                let at = map_point(base, &k, cs.cands[i].point)?;
                let grid = StmtKind::Barrier {
                    scope: BarrierScope::Grid,
                    global_fence: true,
                    local_fence: true,
                };
                if replace {
                    let block = walk::block_mut(&mut k, at.block)?;
                    let new_block_barrier = at
                        .index
                        .checked_sub(1)
                        .and_then(|j| block.stmts.get_mut(j))
                        .filter(|s| {
                            s.span == Span::default()
                                && matches!(
                                    s.kind,
                                    StmtKind::Barrier {
                                        scope: BarrierScope::Block,
                                        ..
                                    }
                                )
                        });
                    if let Some(s) = new_block_barrier {
                        s.kind = grid;
                        replaced.push(i);
                        continue;
                    }
                }
                let id = k.fresh_stmt_id();
                let stmt = Stmt {
                    id,
                    kind: grid,
                    span: Span::default(),
                    stmt_span: Span::default(),
                    in_macro: false,
                    inlined_at: None,
                };
                if !walk::insert_stmt(&mut k, at, stmt) {
                    return None;
                }
            }
            Some((k, replaced))
        };
        let mut replaced = Vec::new();
        let mut checked = None;
        if let Some((k, r)) = with_grid(true).filter(|(_, r)| !r.is_empty()) {
            if self.check(&k).verdict == Verdict::RaceFree {
                checked = Some(k);
                replaced = r;
            }
        }
        let checked = match checked {
            Some(k) => k,
            None => {
                let (k, _) = with_grid(false)?;
                if self.exhausted() || self.check(&k).verdict != Verdict::RaceFree {
                    return None;
                }
                k
            }
        };
        let extra: f64 = picks
            .iter()
            .filter(|i| !replaced.contains(i))
            .map(|&i| cs.cands[i].cost)
            .sum();
        let file = self.kernel.span.file;
        let mut edits = block_edits.to_vec();
        let mut names = TempNames::new(text);
        base.vars.iter().for_each(|v| names.reserve(&v.name));
        for &i in &picks {
            if let Some(render) = &cs.cands[i].render {
                let grid = render_insertion(
                    render,
                    "cooperative_groups::this_grid().sync();",
                    file,
                    text,
                    Lang::Cuda,
                    &mut names,
                );
                if replaced.contains(&i) {
                    // The block barrier's insertion at the same place gives way.
                    edits.retain(|e| {
                        !(e.span.start == e.span.end
                            && e.new_text.contains("__syncthreads();")
                            && grid.iter().any(|g| g.span == e.span))
                    });
                }
                edits.extend(grid);
            }
        }
        if !text.contains("cooperative_groups.h") {
            edits.push(TextEdit {
                span: Span {
                    file,
                    start: include_offset(text),
                    end: include_offset(text),
                },
                new_text: "#include <cooperative_groups.h>\n".into(),
            });
        }
        let fix = Fix {
            kind: FixKind::GridBarrier,
            title: "Insert a grid barrier `cooperative_groups::this_grid().sync()` (the kernel must be launched cooperatively with cudaLaunchCooperativeKernel)".into(),
            edits,
            safe: false,
            addresses: races.iter().flat_map(|r| [r.first_span, r.second_span]).collect(),
            cost_before,
            // A replacing grid barrier takes over its block barrier's cost.
            cost_after: cost_after + extra,
        };
        Some((fix, (picks.len() - replaced.len()) as u32, checked))
    }

    /// Whether `fix` may insert grid barriers: asked for, or the kernel already
    /// synchronizes its grid (`this_grid()` in its text or a grid barrier from
    /// a callee), or the file launches it with `cudaLaunchCooperativeKernel`
    /// (the launch a grid barrier requires).
    fn grid_barriers_allowed(&self) -> bool {
        if self.config.grid_barriers {
            return true;
        }
        let mut grid_sync = false;
        walk::for_each_stmt(&self.kernel.body, &mut |s| {
            grid_sync |= matches!(
                s.kind,
                StmtKind::Barrier {
                    scope: BarrierScope::Grid,
                    ..
                }
            )
        });
        let text = self.text();
        let body = text
            .get(self.kernel.span.start as usize..self.kernel.span.end as usize)
            .unwrap_or("");
        // A cooperative launch implies grid barriers only when no file
        // launches the kernel with `<<<>>>` too: a grid barrier is undefined
        // under an ordinary launch.
        let name = &self.kernel.name;
        grid_sync
            || has_word(body, "this_grid")
            || (self
                .files
                .iter()
                .any(|f| launches_cooperatively(&f.text, name))
                && !self
                    .files
                    .iter()
                    .any(|f| may_launch_with_chevrons(&f.text, name)))
    }
}

/// Whether `text` may launch `kernel` with `<<<>>>`: a whole-word mention of
/// the kernel followed by `<<<` on its line or at the start of the next
/// (`k<<<..>>>`, `k<T><<<..>>>`, `k\n  <<<..>>>`). An over-approximation:
/// then a cooperative launch elsewhere implies nothing.
fn may_launch_with_chevrons(text: &str, kernel: &str) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    lines.iter().enumerate().any(|(n, line)| {
        has_word(line, kernel)
            && (line.contains("<<<")
                || lines
                    .get(n + 1)
                    .is_some_and(|next| next.trim_start().starts_with("<<<")))
    })
}

/// Whether `word` occurs in `text` as a whole identifier.
fn has_word(text: &str, word: &str) -> bool {
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    text.match_indices(word).any(|(i, _)| {
        let before = i.checked_sub(1).and_then(|j| text.as_bytes().get(j));
        let after = text.as_bytes().get(i + word.len());
        !before.is_some_and(|&c| ident(c)) && !after.is_some_and(|&c| ident(c))
    })
}

/// Whether `text` calls `cudaLaunchCooperativeKernel` (or its `Multi`/`Ex`
/// variants) with `kernel` named in its first argument.
fn launches_cooperatively(text: &str, kernel: &str) -> bool {
    text.match_indices("cudaLaunchCooperativeKernel")
        .any(|(i, name)| {
            let rest = &text[i + name.len()..];
            let Some(open) = rest.find('(') else {
                return false;
            };
            // Only identifier characters (`Multi`, `Ex`, template arguments aside) before the `(`.
            let between = &rest[..open];
            if !between
                .trim()
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '<' || c == '>')
            {
                return false;
            }
            let args = &rest[open + 1..];
            let mut depth = 0i32;
            let end = args
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' | '<' | '[' => depth += 1,
                        ')' | '>' | ']' => depth -= 1,
                        _ => {}
                    }
                    (c == ',' && depth == 0) || depth < 0
                })
                .map_or(args.len(), |(j, _)| j);
            has_word(&args[..end], kernel)
        })
}

/// The pairs of accesses a check left undecided (the solver answered
/// unknown on them), as statements of `kernel`: the statements whose range
/// is the finding's range and its other access's. The checker names them by
/// range only; a range several accesses share (a macro, an inlined call)
/// gives each of them.
fn undecided_pairs(kernel: &Kernel, report: &KernelReport) -> Vec<(StmtId, StmtId)> {
    let mut by_span: HashMap<Span, Vec<StmtId>> = HashMap::default();
    walk::for_each_stmt(&kernel.body, &mut |s| {
        if matches!(
            s.kind,
            StmtKind::Read { .. } | StmtKind::Write { .. } | StmtKind::Atomic { .. }
        ) {
            by_span.entry(s.span).or_default().push(s.id);
        }
    });
    let mut out = Vec::new();
    for f in report
        .findings
        .iter()
        .filter(|f| f.kind == DiagnosticKind::Inconclusive && f.message.starts_with(UNDECIDED_PAIR))
    {
        let other = f.related.first().map_or(f.span, |(span, _)| *span);
        let (Some(firsts), Some(seconds)) = (by_span.get(&f.span), by_span.get(&other)) else {
            continue;
        };
        for &a in firsts {
            for &b in seconds {
                if !out.contains(&(a, b)) {
                    out.push((a, b));
                }
            }
        }
    }
    out
}

/// The first defect of `report` that the placement loop does not see: not
/// a race record, a divergence, nor a named-barrier finding (those are
/// handled apart), nor an undecided pair (taken as a race to order). A
/// thread's own `async-copy` finding is one (it has no race record: the two
/// accesses are one thread's).
pub(crate) fn unplaced_finding(report: &KernelReport) -> Option<&Finding> {
    report.findings.iter().find(|f| {
        f.kind.is_defect()
            && f.race.is_none()
            && f.divergence.is_none()
            && !matches!(
                f.kind,
                DiagnosticKind::BarrierDeadlock | DiagnosticKind::BarrierRecycling
            )
            && !(f.kind == DiagnosticKind::Inconclusive && f.message.starts_with(UNDECIDED_PAIR))
    })
}

/// How the checker's finding for a pair the solver could not decide begins.
const UNDECIDED_PAIR: &str = "could not decide whether these accesses race";

/// Times one undecided pair is assumed to race before the synthesis leaves
/// it to the checks: within an iteration first, then across the iterations
/// of each common loop too.
const MAX_ASSUMPTIONS: u32 = 2;

/// Removes the statements labelled `ids` from `block` and every block nested in it.
fn remove_all(block: &mut crate::ir::Block, ids: &HashSet<StmtId>) {
    if ids.is_empty() {
        return;
    }
    block.stmts.retain(|s| !ids.contains(&s.id));
    for s in &mut block.stmts {
        match &mut s.kind {
            StmtKind::If { then_, else_, .. } => {
                remove_all(then_, ids);
                remove_all(else_, ids);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                remove_all(cond_prelude, ids);
                remove_all(body, ids);
                remove_all(step, ids);
            }
            _ => {}
        }
    }
}

/// Offset after the line of the last `#include` of a file (0 if none).
fn include_offset(text: &str) -> u32 {
    crate::syntax::queries::includes(text)
        .last()
        .map_or(0, |include| {
            let end = include.span.end as usize;
            text.get(end..)
                .and_then(|rest| rest.find('\n'))
                .map_or(text.len(), |newline| end + newline + 1) as u32
        })
}

/// The point of `k` (the base with barriers added) corresponding to `point`
/// of the base: right before the same base statement.
fn map_point(base: &Kernel, k: &Kernel, point: ProgramPoint) -> Option<ProgramPoint> {
    let base_block = walk::block_ref(base, point.block)?;
    let block = walk::block_ref(k, point.block)?;
    match base_block.stmts.get(point.index) {
        Some(s) => {
            let index = block.stmts.iter().position(|t| t.id == s.id)?;
            Some(ProgramPoint {
                block: point.block,
                index,
            })
        }
        None => Some(ProgramPoint {
            block: point.block,
            index: block.stmts.len(),
        }),
    }
}

fn has_return(k: &Kernel) -> bool {
    let mut found = false;
    walk::for_each_stmt(&k.body, &mut |s| {
        found |= matches!(s.kind, StmtKind::Return)
    });
    found
}

fn dedup(mut v: Vec<&str>) -> Vec<&str> {
    v.sort_unstable();
    v.dedup();
    v
}

/// Cost for titles: integers without decimals.
pub fn fmt_cost(c: f64) -> String {
    if c.fract() == 0.0 && c.abs() < 1e15 {
        format!("{}", c as i64)
    } else {
        format!("{c}")
    }
}

/// The base kernel with barriers at the chosen candidates. Returns the kernel
/// and the points of the new barriers by label.
fn build_kernel(
    base: &Kernel,
    cs: &CandidateSet,
    chosen: &[usize],
    existing: &[Existing],
    fences: Fences,
    lang: Lang,
) -> (Kernel, HashMap<StmtId, ProgramPoint>) {
    let mut k = base.clone();
    let mut new_ids = HashMap::default();
    let mut points: Vec<ProgramPoint> = chosen.iter().map(|&i| cs.cands[i].point).collect();
    points.sort_by_key(|p| std::cmp::Reverse(p.index));
    for point in points {
        let stmt = match existing.iter().find(|e| e.point == Some(point)) {
            Some(e) => e.stmt.clone(),
            None => {
                let id = k.fresh_stmt_id();
                new_ids.insert(id, point);
                Stmt {
                    id,
                    kind: StmtKind::Barrier {
                        scope: BarrierScope::Block,
                        global_fence: lang == Lang::Cuda || fences.global,
                        local_fence: lang == Lang::Cuda || fences.local,
                    },
                    span: Span::default(),
                    stmt_span: Span::default(),
                    in_macro: false,
                    inlined_at: None,
                }
            }
        };
        walk::insert_stmt(&mut k, point, stmt);
    }
    // The front end's rewrites that need barriers see the candidate as they
    // would see its text: the block-aggregated increment is lowered as ghost
    // tickets only when its three barriers stand (see
    // `frontend::block_tickets`), so the stripped kernel never had it, while
    // the text of a candidate with those barriers lowers with it. The
    // rewrite checks its own premises on the candidate (it is the lowering
    // of the candidate's text, which `fix` re-checks, or re-lowers to this
    // very kernel); it does nothing to a kernel that has it already.
    crate::frontend::block_tickets::block_aggregated_tickets(&mut k);
    (k, new_ids)
}

fn expr_vars(e: &Expr) -> HashSet<VarId> {
    let mut out = HashSet::default();
    fn go(e: &Expr, out: &mut HashSet<VarId>) {
        match e {
            Expr::Var(v) => {
                out.insert(*v);
            }
            Expr::Int(..) | Expr::Float(..) | Expr::Param(_) | Expr::Builtin(_) => {}
            Expr::Unary(_, a, _) | Expr::Cast(_, a) => go(a, out),
            Expr::Binary(_, a, b, _) => {
                go(a, out);
                go(b, out);
            }
            Expr::Select(c, a, b, _) => {
                go(c, out);
                go(a, out);
                go(b, out);
            }
            Expr::Apply(_, args, _) => args.iter().for_each(|a| go(a, out)),
        }
    }
    go(e, &mut out);
    out
}

/// Whether the statements before a read in its branch neither assign the
/// variables it (or the conditions) depend on nor write memory it may read,
/// and cannot jump: then reading earlier gives the same value.
fn prefix_is_independent(
    prefix: &[Stmt],
    used: &HashSet<VarId>,
    array: crate::ir::ArrayId,
    k: &Kernel,
) -> bool {
    let aliases = |a: crate::ir::ArrayId| {
        a == array
            || k.arrays.get(a.0 as usize).is_some_and(|d| d.may_alias_all)
            || k.arrays
                .get(array.0 as usize)
                .is_some_and(|d| d.may_alias_all)
    };
    let mut ok = true;
    let block = crate::ir::Block {
        stmts: prefix.to_vec(),
        braces: None,
    };
    walk::for_each_stmt(&block, &mut |s| match &s.kind {
        StmtKind::Assign { var, .. }
        | StmtKind::Havoc { var }
        | StmtKind::Read { dest: var, .. } => ok &= !used.contains(var),
        StmtKind::Atomic { dest, access, .. } => {
            ok &= !aliases(access.array) && dest.is_none_or(|d| !used.contains(&d));
        }
        StmtKind::Write { access, .. } => ok &= !aliases(access.array),
        StmtKind::Barrier { .. }
        | StmtKind::DeviceFence
        | StmtKind::Collective { .. }
        | StmtKind::NamedBarrier { .. }
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Return
        | StmtKind::Assume { .. } => ok = false,
        StmtKind::If { .. } | StmtKind::Loop { .. } => {}
    });
    ok
}

/// The text of the condition of an `if` statement written at `span`, when it
/// has no side effects that evaluating it twice would repeat.
pub(crate) fn if_condition_text(text: &str, span: Span) -> Option<String> {
    let s = text.get(span.start as usize..span.end as usize)?;
    let rest = s.strip_prefix("if")?.trim_start();
    if !rest.starts_with('(') {
        return None;
    }
    let mut depth = 0i32;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    let cond = rest[1..i].trim();
                    let bytes = cond.as_bytes();
                    let assigns = bytes.iter().enumerate().any(|(j, &b)| {
                        b == b'='
                            && !matches!(bytes.get(j + 1), Some(b'='))
                            && !matches!(
                                j.checked_sub(1).and_then(|p| bytes.get(p)),
                                Some(b'=' | b'!' | b'<' | b'>')
                            )
                    });
                    if assigns
                        || cond.contains("++")
                        || cond.contains("--")
                        || cond.contains('(') && cond.contains("atomic")
                    {
                        return None;
                    }
                    return Some(cond.to_string());
                }
            }
            _ => {}
        }
    }
    None
}

//! `cuda::pipeline` of a whole thread block on shared state
//! (`cuda::make_pipeline(block, &state)`, `make_pipeline(block, &state,
//! role)`, `make_pipeline(block, &state, producer_count)`), lowered to the
//! split barriers it is made of in libcu++.
//!
//! Stage `s` of an S-stage pipeline is a ring slot with two barriers: the
//! "produced" barrier, which every producer arrives at when it commits the
//! stage (`producer_commit`) and whose phase completes only once the copies
//! committed with it have landed; and the "consumed" barrier, which every
//! consumer arrives at when it releases the stage (`consumer_release`). A
//! thread's k-th commit is stage `k % S`, phase `k / S` of its produced
//! barrier; its k-th `consumer_wait` waits for that phase. Its k-th
//! `producer_acquire` waits until the consumers released the slot's previous
//! use: phase `k / S` of the consumed barrier, where phase 0 is made of an
//! arrival of every consumer when the pipeline is made (libcu++ starts the
//! producers' parity one phase ahead; the arrivals sit after the group
//! synchronisation `make_pipeline` performs, so they are made before any
//! thread can use the pipeline). The well-synchronization check then finds
//! deadlocks (a wait for a stage nobody commits) and recycling, and the race
//! check orders the consumers' reads after the producers' copies exactly by
//! these phases.

use super::*;
use crate::frontend::types::GroupKind;

use crate::ir::{PIPELINE_PRODUCERS_VAR, PIPELINE_ROLE_VAR};

/// A `cuda::pipeline` of a whole thread block made on shared state.
#[derive(Clone, Debug)]
pub(crate) struct BlockPipeline {
    /// Stages (ring slots) of the shared state.
    pub(super) stages: i128,
    /// Barrier number of stage 0's produced barrier: stage `s` has produced
    /// barrier `base + s` and consumed barrier `base + stages + s`.
    base: i128,
    /// The thread's commits so far (the ring's head).
    head: VarId,
    /// The thread's releases so far (the ring's tail).
    tail: VarId,
    /// Threads expected at a produced barrier's phase (the producers).
    producers: Expr,
    /// Threads expected at a consumed barrier's phase (the consumers).
    consumers: Expr,
    /// The `barrier` of this pipeline's copies not committed yet.
    pub(super) marker: String,
    /// Commits so far, while every commit ran outside loops and branches.
    pub(super) commits: Option<i64>,
    /// Releases so far, while every release ran outside loops and branches.
    pub(super) releases: Option<i64>,
    /// `producer_commit`s lowered so far (each once, wherever it sits).
    pub(super) ordinal_commits: i64,
    /// `consumer_release`s lowered so far (each once, wherever it sits).
    pub(super) ordinal_releases: i64,
}

impl BlockPipeline {
    /// The `barrier` of a copy committed as stage `index` (None: not known).
    fn committed_marker(&self, index: Option<i64>) -> String {
        match index {
            Some(k) => format!("{}:committed:{k}", self.marker),
            None => format!("{}:committed", self.marker),
        }
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// `cuda::make_pipeline(group, &state[, role or producer_count])` for a
    /// thread block group, made by every thread outside loops and branches,
    /// with a stage count known from the state's type and a declared
    /// variable receiving it; None otherwise (the pipeline is then modelled
    /// per thread: its roles order nothing, which is sound).
    pub(crate) fn make_block_pipeline(&mut self, n: Node<'t>, args: &[Node<'t>]) -> R<Option<Val>> {
        if !(2..=3).contains(&args.len()) {
            return Ok(None);
        }
        let name = self.declared_name(n);
        let stages = if self.straight_line() {
            self.stage_count(args[1])?
        } else {
            None
        };
        let why = if !self.straight_line() {
            Some("it is made inside a loop or a branch")
        } else if name.is_none() {
            Some("it is not stored in a variable of its own")
        } else if stages.is_none() {
            Some("its shared state's stage count is not a known constant")
        } else if !matches!(self.rvalue(args[0])?, Val::Group(GroupKind::Block)) {
            Some("its group is not the thread block")
        } else {
            None
        };
        let (Some(name), Some(stages), None) = (name, stages, why) else {
            self.note(
                n,
                format!(
                    "`cuda::pipeline` modelled per thread ({}): its stages order no other thread's accesses",
                    why.unwrap_or("unsupported form")
                ),
            );
            return Ok(None);
        };
        let _ = self.rvalue(args[1])?;
        let k = self.asyncs.pipelines.len();
        let u = ScalarTy::UINT;
        let b = |d| Expr::Builtin(crate::ir::Builtin::BlockDim(d));
        let total = bin(BinOp::Mul, bin(BinOp::Mul, b(0), b(1), u), b(2), u);
        let total = conv(total, u, ScalarTy::INT);
        // Whether this thread produces (`Some`: the role form; None: every
        // thread both produces and consumes).
        let producer = match args.get(2) {
            None => None,
            Some(r) => {
                let is_role = self.txt(*r).contains("pipeline_role")
                    || self
                        .object_type(*r)
                        .is_some_and(|t| t.contains("pipeline_role"));
                let Val::Scalar(v, t) = self.rvalue(*r)? else {
                    return Ok(None);
                };
                let v = conv(v, t, ScalarTy::LONG);
                Some(if is_role {
                    // `pipeline_role::producer` is 0, `consumer` 1.
                    bin(BinOp::Eq, v, int(0, ScalarTy::LONG), ScalarTy::Bool)
                } else {
                    // The first `producer_count` threads by rank produce.
                    let rank = conv(self.linear_tid(), u, ScalarTy::LONG);
                    bin(BinOp::Lt, rank, v, ScalarTy::Bool)
                })
            }
        };
        let (producers, consumers, consumes) = match producer {
            None => (total.clone(), total, int(1, ScalarTy::Bool)),
            Some(p) => {
                let flag = self.new_var(&format!("{PIPELINE_ROLE_VAR}{k}"), ScalarTy::INT, n);
                self.push(
                    StmtKind::Assign {
                        var: flag,
                        value: conv(p, ScalarTy::Bool, ScalarTy::INT),
                    },
                    n,
                );
                let count = self.new_var(&format!("{PIPELINE_PRODUCERS_VAR}{k}"), ScalarTy::INT, n);
                let consumers = bin(BinOp::Sub, total, Expr::Var(count), ScalarTy::INT);
                let consumes = bin(
                    BinOp::Eq,
                    Expr::Var(flag),
                    int(0, ScalarTy::INT),
                    ScalarTy::Bool,
                );
                (Expr::Var(count), consumers, consumes)
            }
        };
        // `make_pipeline` initialises the shared state's barriers and
        // synchronises the group (the block) before returning.
        self.barrier(n, crate::ir::BarrierScope::Block, true, true);
        let base = OBJECT_BARRIER_BASE + self.asyncs.barriers.len() as i128;
        for s in 0..2 * stages {
            let key = format!("$pipeline{k}:{s}");
            let id = OBJECT_BARRIER_BASE + self.asyncs.barriers.len() as i128;
            self.asyncs.barriers.insert(key, id);
        }
        let head = self.new_var(&format!("$pipeline_head{k}"), ScalarTy::INT, n);
        let tail = self.new_var(&format!("$pipeline_tail{k}"), ScalarTy::INT, n);
        for v in [head, tail] {
            self.push(
                StmtKind::Assign {
                    var: v,
                    value: int(0, ScalarTy::INT),
                },
                n,
            );
        }
        // Phase 0 of every consumed barrier: the consumers' first releases
        // are owed to no one (the producers' first S acquires pass).
        let saved = std::mem::take(&mut self.cur);
        for s in 0..stages {
            self.named_barrier(
                n,
                NamedOp::Arrive,
                int(base + stages + s, ScalarTy::INT),
                Some(consumers.clone()),
                None,
            );
        }
        let arrivals = std::mem::replace(&mut self.cur, saved);
        self.push(
            StmtKind::If {
                cond: consumes,
                then_: Block {
                    stmts: arrivals,
                    braces: None,
                },
                else_: Block::default(),
            },
            n,
        );
        let marker = format!("$pipeline{k}");
        self.asyncs.pipelines.insert(
            name,
            BlockPipeline {
                stages,
                base,
                head,
                tail,
                producers,
                consumers,
                marker,
                commits: Some(0),
                releases: Some(0),
                ordinal_commits: 0,
                ordinal_releases: 0,
            },
        );
        Ok(Some(Val::Scalar(int(0, ScalarTy::INT), ScalarTy::INT)))
    }

    /// The variable receiving `make_pipeline`'s value `call` no longer
    /// holds a block pipeline (its methods are then the per-thread model's).
    pub(crate) fn forget_block_pipeline(&mut self, call: Node<'t>) {
        if let Some(name) = self.declared_name(call) {
            self.asyncs.pipelines.remove(&name);
        }
    }

    /// The variable a call's value initialises or is assigned to (`auto p =
    /// make_pipeline(..)`, `p = make_pipeline(..)`).
    fn declared_name(&self, call: Node<'t>) -> Option<String> {
        let parent = call.parent()?;
        let target = match parent.kind() {
            "init_declarator" => parent.child_by_field_name("declarator")?,
            "assignment_expression" => parent.child_by_field_name("left")?,
            _ => return None,
        };
        (target.kind() == "identifier").then(|| self.txt(target).to_string())
    }

    /// The stage count of the `cuda::pipeline_shared_state<scope, S>` that
    /// `state` (its address) points to: S when it is a constant.
    fn stage_count(&mut self, state: Node<'t>) -> R<Option<i128>> {
        let text = self.txt(state).trim_start_matches('&').trim().to_string();
        let Some(mut ty) = self.decl_type_node(&text) else {
            return Ok(None);
        };
        // `cuda::pipeline_shared_state<..>`: the template type inside.
        for _ in 0..4 {
            match (ty.kind(), ty.child_by_field_name("name")) {
                ("qualified_identifier", Some(inner)) => ty = inner,
                _ => break,
            }
        }
        if !self.txt(ty).contains("pipeline_shared_state") {
            return Ok(None);
        }
        let Some(list) = ty.child_by_field_name("arguments") else {
            return Ok(None);
        };
        let count = list.named_child_count();
        let Some(last) = count
            .checked_sub(1)
            .and_then(|i| list.named_child(u32::try_from(i).ok()?))
        else {
            return Ok(None);
        };
        if count < 2 {
            return Ok(None);
        }
        let v = self.template_int(last)?;
        Ok(v.filter(|v| (1..=64).contains(v)))
    }

    /// The value of a template argument that is an integer constant (a
    /// literal, a constant expression, or a local constant such as
    /// `constexpr int stages = 2;`, which parses as a type).
    pub(super) fn template_int(&mut self, arg: Node<'t>) -> R<Option<i128>> {
        let src = self.src();
        if let Some(v) = self.cx.types.const_eval(arg, src, 0) {
            return Ok(Some(v));
        }
        let mut node = arg;
        if node.kind() == "type_descriptor" {
            match node.child_by_field_name("type") {
                Some(t) => node = t,
                None => return Ok(None),
            }
        }
        // Arithmetic on constants (`S - 1` with `S` a template parameter
        // of an inlined device function): a template argument is a
        // constant expression, so it reads no memory and calls nothing; its
        // value is the lowered expression's when that is made of literals.
        if matches!(
            node.kind(),
            "binary_expression"
                | "parenthesized_expression"
                | "unary_expression"
                | "cast_expression"
        ) {
            return Ok(match self.rvalue(node)? {
                Val::Scalar(e, _) => crate::ir::eval::eval_expr(&e, &|_| None).map(|v| v.bits),
                _ => None,
            });
        }
        if !matches!(node.kind(), "identifier" | "type_identifier")
            || self.lookup(self.txt(node)).is_none()
        {
            return Ok(None);
        }
        Ok(match self.rvalue(node)? {
            Val::Scalar(e, _) => self.folded(&e, 8),
            _ => None,
        })
    }

    /// The first template argument of the call `call`
    /// (`cuda::pipeline_consumer_wait_prior<N>(pipe)`), when it is an
    /// integer constant.
    pub(super) fn call_template_int(&mut self, call: Node<'t>) -> R<Option<i128>> {
        let Some(mut f) = call.child_by_field_name("function") else {
            return Ok(None);
        };
        for _ in 0..16 {
            match (f.kind(), f.child_by_field_name("name")) {
                ("qualified_identifier", Some(inner)) => f = inner,
                _ => break,
            }
        }
        if f.kind() != "template_function" {
            return Ok(None);
        }
        let Some(arg) = f
            .child_by_field_name("arguments")
            .and_then(|list| list.named_child(0))
        else {
            return Ok(None);
        };
        self.template_int(arg)
    }

    /// The block pipeline `obj` names, if it is one.
    pub(crate) fn block_pipeline(&self, obj: Node<'t>) -> Option<BlockPipeline> {
        self.asyncs.pipelines.get(self.txt(obj).trim()).cloned()
    }

    /// Stage expressions of `counter`: (barrier of the stage in the family
    /// starting at `first`, phase).
    fn stage_of(&self, p: &BlockPipeline, counter: VarId, first: i128) -> (Expr, Expr) {
        let i = ScalarTy::INT;
        let s = int(p.stages, i);
        let barrier = bin(
            BinOp::Add,
            int(first, i),
            bin(BinOp::Rem, Expr::Var(counter), s.clone(), i),
            i,
        );
        let phase = bin(BinOp::Div, Expr::Var(counter), s, i);
        (barrier, phase)
    }

    /// A wait for phase `phase` of `barrier` (a token holding the phase).
    fn wait_phase(&mut self, n: Node<'t>, barrier: Expr, phase: Expr) {
        let token = self.tmp(ScalarTy::INT, n);
        self.push(
            StmtKind::Assign {
                var: token,
                value: phase,
            },
            n,
        );
        self.named_barrier(n, NamedOp::Wait, barrier, None, Some(token));
    }

    /// `counter += 1`.
    fn advance(&mut self, n: Node<'t>, counter: VarId) {
        let value = bin(
            BinOp::Add,
            Expr::Var(counter),
            int(1, ScalarTy::INT),
            ScalarTy::INT,
        );
        self.push(
            StmtKind::Assign {
                var: counter,
                value,
            },
            n,
        );
    }

    /// Whether the statement being lowered runs once, on every path.
    fn straight_line(&self) -> bool {
        self.asyncs.loops == 0 && self.asyncs.path.is_empty()
    }

    /// Methods of a block pipeline; None for other methods.
    pub(crate) fn block_pipeline_method(
        &mut self,
        n: Node<'t>,
        name: &str,
        mut p: BlockPipeline,
        method: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        match method {
            "producer_acquire" => {
                let (barrier, phase) = self.stage_of(&p, p.head, p.base + p.stages);
                self.wait_phase(n, barrier, phase);
            }
            "producer_commit" => {
                let (barrier, _) = self.stage_of(&p, p.head, p.base);
                // The copies issued on the pipeline since the last commit
                // belong to this stage: its phase completes only once they
                // landed, so for the ordering by this barrier their
                // landings count as made before this arrival. Tied to this
                // arrival only (a later commit is another stage's barrier).
                let index = if self.straight_line() {
                    p.commits
                } else {
                    None
                };
                self.asyncs.committing = Some((
                    p.marker.clone(),
                    p.committed_marker(index),
                    p.ordinal_commits,
                ));
                self.named_barrier(n, NamedOp::Arrive, barrier, Some(p.producers.clone()), None);
                p.commits = index.map(|k| k + 1);
                p.ordinal_commits += 1;
                let op = (p.marker.clone(), self.asyncs.path.clone());
                self.asyncs.stage_ops.push(op);
                self.advance(n, p.head);
            }
            "consumer_wait" => {
                let (barrier, phase) = self.stage_of(&p, p.tail, p.base);
                // Statements from here on (the wait itself included) come
                // after the wait, for a copy it completes one iteration later.
                let wait = (
                    p.marker.clone(),
                    self.asyncs.path.clone(),
                    p.ordinal_releases,
                    self.kernel.next_stmt_id,
                );
                self.asyncs.stage_waits.push(wait);
                self.wait_phase(n, barrier, phase);
                // The thread's own copies of this stage (the same slot in an
                // earlier or this phase), when the stages are known.
                if let (Some(t), true) = (p.releases, self.straight_line()) {
                    let done: Vec<String> = (0..=t)
                        .filter(|c| (t - c) % (p.stages as i64) == 0)
                        .map(|c| p.committed_marker(Some(c)))
                        .collect();
                    self.async_complete(|c| c.barrier.as_ref().is_some_and(|b| done.contains(b)));
                }
            }
            "consumer_release" => {
                let (barrier, _) = self.stage_of(&p, p.tail, p.base + p.stages);
                self.named_barrier(n, NamedOp::Arrive, barrier, Some(p.consumers.clone()), None);
                p.releases = if self.straight_line() {
                    p.releases.map(|k| k + 1)
                } else {
                    None
                };
                p.ordinal_releases += 1;
                let op = (p.marker.clone(), self.asyncs.path.clone());
                self.asyncs.stage_ops.push(op);
                self.advance(n, p.tail);
            }
            _ => return Ok(None),
        }
        let _ = self.eval_args(args)?;
        self.asyncs.pipelines.insert(name.to_string(), p);
        Ok(Some(Val::Void))
    }

    /// The `barrier` marker of copies issued on the block pipeline `obj`.
    pub(crate) fn block_pipeline_marker(&self, obj: Node<'t>) -> Option<String> {
        self.block_pipeline(obj).map(|p| p.marker)
    }
}

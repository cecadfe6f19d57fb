//! Statements: blocks, conditionals, loops, `return`, `goto` and `switch`.

use crate::base::HashMap;

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::inline::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{BinOp, Block, Expr, LoopForm, ScalarTy, Stmt, StmtKind, VarId};

/// What runs at the top of a loop body before its statements (a
/// range-based `for`'s loop variable).
pub(crate) type Declare<'a, 'c, 't> = dyn FnMut(&mut Lowerer<'c, 't>) -> R<()> + 'a;

/// Label of the exit a mid-case `break` takes (not a C identifier).
const SWITCH_EXIT: &str = "<switch>";

pub(crate) fn is_loop_kind(k: &str) -> bool {
    matches!(
        k,
        "for_statement" | "while_statement" | "do_statement" | "for_range_loop"
    )
}

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn compound_into(&mut self, n: Node<'t>) -> R<()> {
        self.scopes.push(HashMap::default());
        // A typedef or alias declared in the block ends at its brace, like
        // its variables (C++ [basic.scope.block]).
        let saved_aliases = self.type_overrides.clone();
        let mut cursor = n.walk();
        let children: Vec<Node<'t>> = n.named_children(&mut cursor).collect();
        let r = self.stmt_list(&children);
        self.type_overrides = saved_aliases;
        self.scopes.pop();
        r
    }

    /// A forward exit to `label` (a forward `goto`, a `break` out of a switch
    /// case): a flag `name`, false here, that the jump sets and that guards
    /// the statements it skips until the label.
    fn open_forward_exit(&mut self, name: &str, label: &str, at: Node<'t>) -> VarId {
        let flag = self.new_var(name, ScalarTy::Bool, at);
        self.push(
            StmtKind::Assign {
                var: flag,
                value: int(0, ScalarTy::Bool),
            },
            at,
        );
        self.exits.push(Exit {
            flag,
            loops: 0,
            label: Some(label.to_string()),
            frame: self.frames.len(),
        });
        flag
    }

    /// Lowers statements in order; inside an inlined call, statements after a
    /// `return` that may have run are guarded by the call's done flag.
    pub(crate) fn stmt_list(&mut self, children: &[Node<'t>]) -> R<()> {
        // Labels of this list that earlier statements jump to (forward gotos).
        let mut pushed = Vec::new();
        for (i, c) in children.iter().enumerate() {
            let Some(label) = self.label_of(*c) else {
                continue;
            };
            if children[..i]
                .iter()
                .any(|e| contains_goto_to(*e, label, self.src()))
            {
                let flag = self.open_forward_exit(&format!("goto.{label}"), label, *c);
                pushed.push(flag);
            }
        }
        let r = self.stmt_list_guarded(children);
        self.exits.retain(|e| !pushed.contains(&e.flag));
        r
    }

    pub(crate) fn label_of(&self, n: Node) -> Option<&'t str> {
        if n.kind() != "labeled_statement" {
            return None;
        }
        n.child_by_field_name("label").map(|l| self.txt(l))
    }

    /// Lowers statements in order; after one that may take an exit (a `return`
    /// of an inlined call, a forward `goto`), the following statements up to the
    /// exit's target run only if it was not taken.
    pub(crate) fn stmt_list_guarded(&mut self, children: &[Node<'t>]) -> R<()> {
        let mut k = 0;
        while k < children.len() {
            let child = children[k];
            if let Some(label) = self.label_of(child) {
                let frame = self.frames.len();
                if let Some(e) = self
                    .exits
                    .iter()
                    .rev()
                    .find(|e| e.frame == frame && e.label.as_deref() == Some(label))
                {
                    let flag = e.flag;
                    // Reaching the label by jump or fall-through resumes normal flow.
                    self.push(
                        StmtKind::Assign {
                            var: flag,
                            value: int(0, ScalarTy::Bool),
                        },
                        child,
                    );
                }
            }
            let outer = std::mem::take(&mut self.signaled);
            self.stmt(child)?;
            let new = std::mem::replace(&mut self.signaled, outer);
            let live: Vec<(VarId, usize, Option<String>)> = self
                .exits
                .iter()
                .filter(|e| new.contains(&e.flag))
                .map(|e| (e.flag, e.loops, e.label.clone()))
                .collect();
            self.signaled.extend(new);
            k += 1;
            if live.is_empty() {
                continue;
            }
            let any = |flags: &[VarId]| {
                flags.iter().map(|f| Expr::Var(*f)).reduce(|a, b| {
                    Expr::Binary(BinOp::Or, Box::new(a), Box::new(b), ScalarTy::Bool)
                })
            };
            let in_loop: Vec<VarId> = live.iter().filter(|l| l.1 > 0).map(|l| l.0).collect();
            if is_loop_kind(child.kind()) {
                if let Some(cond) = any(&in_loop) {
                    let brk = self.with_block(|s| {
                        s.push(StmtKind::Break, child);
                        Ok(())
                    })?;
                    self.push(
                        StmtKind::If {
                            cond,
                            then_: Block {
                                stmts: brk,
                                braces: None,
                            },
                            else_: Block::default(),
                        },
                        child,
                    );
                }
            }
            let rest = &children[k..];
            let stop = rest
                .iter()
                .position(|c| {
                    self.label_of(*c)
                        .is_some_and(|l| live.iter().any(|e| e.2.as_deref() == Some(l)))
                })
                .unwrap_or(rest.len());
            let guarded = &rest[..stop];
            if !guarded.iter().all(|c| c.kind() == "comment") {
                let flags: Vec<VarId> = live.iter().map(|l| l.0).collect();
                let cond = any(&flags).map_or(int(1, ScalarTy::Bool), not);
                // Skipped after a `return`/jump: waits in it are conditional.
                let stmts =
                    self.in_async_arm(|l| l.with_block(|s| s.stmt_list_guarded(guarded)))?;
                if !stmts.is_empty() {
                    self.push(
                        StmtKind::If {
                            cond,
                            then_: Block {
                                stmts,
                                braces: None,
                            },
                            else_: Block::default(),
                        },
                        guarded[0],
                    );
                }
            }
            k += stop;
        }
        Ok(())
    }

    /// [`Self::block_of`] in a scope of its own where `declare` runs first
    /// (the body of a range-based `for` sees its loop variable; a compound
    /// body's own names are in a nested scope, as C++'s are).
    fn declared_block_of(
        &mut self,
        n: Node<'t>,
        declare: &mut dyn FnMut(&mut Self) -> R<()>,
    ) -> R<Block> {
        self.scopes.push(HashMap::default());
        let saved_aliases = self.type_overrides.clone();
        let r = self.with_block(|s| {
            declare(s)?;
            if n.kind() == "compound_statement" {
                s.compound_into(n)
            } else {
                s.stmt(n)
            }
        });
        self.type_overrides = saved_aliases;
        self.scopes.pop();
        Ok(Block {
            stmts: r?,
            braces: None,
        })
    }

    pub(crate) fn block_of(&mut self, n: Node<'t>) -> R<Block> {
        if n.kind() == "compound_statement" {
            let stmts = self.with_block(|s| s.compound_into(n))?;
            Ok(Block {
                stmts,
                braces: Some(self.span(n)),
            })
        } else {
            self.scopes.push(HashMap::default());
            // A substatement is a block scope of its own, for aliases too.
            let saved_aliases = self.type_overrides.clone();
            let r = self.with_block(|s| s.stmt(n));
            self.type_overrides = saved_aliases;
            self.scopes.pop();
            Ok(Block {
                stmts: r?,
                braces: None,
            })
        }
    }

    pub(crate) fn stmt(&mut self, n: Node<'t>) -> R<()> {
        self.enter(n)?;
        let saved = self.stmt_span;
        self.stmt_span = self.span(n);
        let r = self.stmt_inner(n);
        self.stmt_span = saved;
        self.depth -= 1;
        r
    }

    pub(crate) fn stmt_inner(&mut self, n: Node<'t>) -> R<()> {
        if n.is_error() || n.is_missing() {
            return self.syntax_error(n);
        }
        match n.kind() {
            "comment" | "empty_statement" | ";" => Ok(()),
            "compound_statement" => self.compound_into(n),
            "expression_statement" => match n.named_child(0) {
                Some(e) if e.kind() != "comment" => self.discard(e),
                _ => Ok(()),
            },
            "declaration" => self.declaration(n),
            "if_statement" => self.if_stmt(n),
            "for_statement" => self.for_stmt(n),
            "while_statement" => self.while_stmt(n),
            "do_statement" => self.do_stmt(n),
            "break_statement" => {
                // Directly inside a switch with a mid-case break (no loop in
                // between): leave the switch.
                let frame = self.frames.len();
                let exit = self
                    .exits
                    .iter()
                    .rev()
                    .find(|e| e.frame == frame && e.label.as_deref() == Some(SWITCH_EXIT))
                    .filter(|e| e.loops == 0)
                    .map(|e| e.flag);
                match exit {
                    Some(flag) => self.take_exit(flag, 0, n),
                    None => self.push(StmtKind::Break, n),
                }
                Ok(())
            }
            "continue_statement" => {
                self.push(StmtKind::Continue, n);
                Ok(())
            }
            "return_statement" => self.return_stmt(n),
            "switch_statement" => self.switch_stmt(n),
            "goto_statement" => self.goto_stmt(n),
            "labeled_statement" => {
                let mut c = n.walk();
                let inner: Vec<Node<'t>> = n
                    .named_children(&mut c)
                    .filter(|c| c.kind() != "statement_identifier")
                    .collect();
                self.stmt_list(&inner)
            }
            "attributed_statement" => {
                let mut c = n.walk();
                let inner: Vec<Node<'t>> = n
                    .named_children(&mut c)
                    .filter(|c| c.kind() != "attribute_declaration")
                    .collect();
                self.stmt_list(&inner)
            }
            "type_definition" | "alias_declaration" => {
                self.local_type_alias(n);
                Ok(())
            }
            "struct_specifier"
            | "union_specifier"
            | "enum_specifier"
            | "class_specifier"
            | "using_declaration"
            | "static_assert_declaration"
            | "namespace_alias_definition" => Ok(()),
            "gnu_asm_expression" => self.asm_stmt(n),
            "asm_statement" => self.unsup(n, "inline assembly is not supported"),
            "for_range_loop" => self.range_for(n),
            "try_statement" | "throw_statement" => self.unsup(n, "exceptions are not supported"),
            "case_statement" => self.unsup(n, "`case` label outside a switch body"),
            k => self.unsup(n, format!("unsupported statement `{k}`")),
        }
    }

    /// A `typedef` or `using Name = type;` in a function body: the name
    /// stands for the type from here on in this function (resolved now,
    /// under the template arguments in force: `typedef Loader<T, N> L;`).
    /// Its scope ends with the function's type bindings (those of an
    /// inlined callee are restored at its return).
    pub(crate) fn local_type_alias(&mut self, n: Node<'t>) {
        if n.kind() == "alias_declaration" {
            let (Some(name), Some(t)) =
                (n.child_by_field_name("name"), n.child_by_field_name("type"))
            else {
                return;
            };
            let ty = self
                .cx
                .types
                .type_descriptor(t, self.src(), &self.type_overrides);
            let name = self.txt(name).to_string();
            let kind = if crate::frontend::ref_types::declares_reference(
                t.child_by_field_name("declarator"),
            ) {
                Ok(true)
            } else {
                t.child_by_field_name("type")
                    .map_or(Ok(false), |b| self.names_reference(b))
            };
            self.mark_reference_type(&name, kind);
            self.type_overrides.insert(name, ty);
            return;
        }
        let Some(t) = n.child_by_field_name("type") else {
            return;
        };
        let base = self.resolve_type(t);
        let mut c = n.walk();
        let decls: Vec<Node<'t>> = n.children_by_field_name("declarator", &mut c).collect();
        for d in decls {
            let info = self
                .cx
                .types
                .apply_declarator(base.clone(), Some(d), self.src());
            if let Some(name) = info.name {
                let name = self.txt(name).to_string();
                let kind = if crate::frontend::ref_types::declares_reference(Some(d)) {
                    Ok(true)
                } else {
                    self.names_reference(t)
                };
                self.mark_reference_type(&name, kind);
                self.type_overrides.insert(name, info.ty);
            }
        }
    }

    pub(crate) fn if_stmt(&mut self, n: Node<'t>) -> R<()> {
        let Some(c) = n.child_by_field_name("condition") else {
            return self.unsup(n, "`if` without a condition");
        };
        self.scopes.push(HashMap::default());
        let r = (|| {
            let cond = self.condition(c)?;
            let before = self.ptrs.targets.clone();
            let then_branch = self.async_next_branch();
            let then_ = match n.child_by_field_name("consequence") {
                Some(t) => self.in_async_arm(|s| s.block_of(t))?,
                None => Block::default(),
            };
            let then_completed = self.async_completed_in_branch();
            let after_then = self.ptrs.replace_targets(before);
            let else_ = match n.child_by_field_name("alternative") {
                Some(e) => {
                    let inner = if e.kind() == "else_clause" {
                        e.named_child(0)
                    } else {
                        Some(e)
                    };
                    match inner {
                        Some(i) => {
                            let else_branch = self.async_next_branch();
                            let b = self.in_async_arm(|s| s.block_of(i))?;
                            self.async_if_else(then_branch, else_branch);
                            let else_completed = self.async_completed_in_branch();
                            self.async_both_arms_completed(&then_completed, &else_completed);
                            b
                        }
                        None => Block::default(),
                    }
                }
                None => Block::default(),
            };
            let after_else = std::mem::take(&mut self.ptrs.targets);
            self.merge_states(after_then, after_else, n)?;
            if let Expr::Int(v, ScalarTy::Bool) = cond {
                // `if (1)` / `if (0)`: keep only the live branch (still in a block for labels).
                let live = if v != 0 { then_ } else { else_ };
                self.cur.extend(live.stmts);
                return Ok(());
            }
            self.push(StmtKind::If { cond, then_, else_ }, n);
            Ok(())
        })();
        self.scopes.pop();
        r
    }

    /// Lowers a condition clause or expression to a Bool.
    pub(crate) fn condition(&mut self, c: Node<'t>) -> R<Expr> {
        let e = if c.kind() == "condition_clause" {
            let mut value = c.child_by_field_name("value");
            if let Some(init) = c.child_by_field_name("initializer") {
                self.stmt(init)?;
            }
            if let Some(v) = value {
                if v.kind() == "declaration" {
                    self.declaration(v)?;
                    let name = v.child_by_field_name("declarator").and_then(|d| {
                        self.cx
                            .types
                            .apply_declarator(Ty::Void, Some(d), self.src())
                            .name
                    });
                    value = name;
                }
            }
            match value {
                Some(v) => v,
                None => return self.unsup(c, "empty condition"),
            }
        } else if c.kind() == "parenthesized_expression" {
            c.named_child(0).unwrap_or(c)
        } else {
            c
        };
        let v = self.rvalue(e)?;
        self.truth(v, e)
    }

    pub(crate) fn truth(&mut self, v: Val, at: Node) -> R<Expr> {
        // An object of a class with a conversion operator (`operator bool()`).
        let v = self.class_to_scalar(v, at)?;
        Ok(match v {
            Val::Scalar(e, t) => conv(e, t, ScalarTy::Bool),
            Val::Ptr {
                target: Target::Null,
                ..
            } => int(0, ScalarTy::Bool),
            // Whether a pointer is null is not tracked beyond literal nulls.
            Val::Ptr { .. } => self.havoc(ScalarTy::Bool, at),
            Val::Group(_) => int(1, ScalarTy::Bool),
            Val::Agg(..) | Val::Void => self.havoc(ScalarTy::Bool, at),
        })
    }

    pub(crate) fn loop_body(&mut self, body: Option<Node<'t>>) -> R<Block> {
        self.loop_body_with(body, None)
    }

    /// [`Self::loop_body`] with `declare` run first in the body's own scope
    /// on each iteration (a range-based `for`'s loop variable).
    pub(crate) fn loop_body_with(
        &mut self,
        body: Option<Node<'t>>,
        declare: Option<&mut Declare<'_, 'c, 't>>,
    ) -> R<Block> {
        for e in &mut self.exits {
            e.loops += 1;
        }
        let before = self.ptrs.targets.clone();
        let mut entry = self.async_loop_entry();
        // The loop's condition and update (its children other than the body).
        entry.calls_outside_body = body.and_then(|b| b.parent()).is_some_and(|l| {
            let mut c = l.walk();
            let parts: Vec<Node<'t>> = l.named_children(&mut c).collect();
            parts
                .into_iter()
                .filter(|x| Some(x.id()) != body.map(|b| b.id()))
                .any(|x| contains_kind(Some(x), "call_expression"))
        });
        let frame = self.async_commit_frame();
        self.asyncs.loops += 1;
        let r = match (body, declare) {
            (Some(b), None) => self.in_async_branch(|s| s.block_of(b)),
            (Some(b), Some(declare)) => self.in_async_branch(|s| s.declared_block_of(b, declare)),
            (None, _) => Ok(Block::default()),
        };
        self.asyncs.loops -= 1;
        let r = r.map(|mut b| {
            self.async_loop_carried(&mut b, &entry);
            if let Some(at) = body {
                self.async_loop_exit(&entry, at);
            }
            b
        });
        // The loop may run zero times: after it, commits of its body count
        // as on that path (fewer commits: `wait_prior` completes less).
        self.async_restore_frame(frame);
        let r = match (r, body) {
            (Ok(b), Some(at)) => self.check_loop_targets(&before, at).map(|_| b),
            (r, _) => r,
        };
        for e in &mut self.exits {
            e.loops = e.loops.saturating_sub(1);
        }
        r
    }

    pub(crate) fn for_stmt(&mut self, n: Node<'t>) -> R<()> {
        self.scopes.push(HashMap::default());
        let r = (|| {
            let mut cursor = n.walk();
            // Initializers: `initializer` may occur several times (comma-separated declarations).
            let inits: Vec<Node<'t>> = n
                .children_by_field_name("initializer", &mut cursor)
                .collect();
            for init in inits {
                if init.kind() == "declaration" {
                    self.declaration(init)?;
                } else {
                    self.discard(init)?;
                }
            }
            let (cond, prelude) = self.loop_condition(n)?;
            let mut cursor = n.walk();
            let updates: Vec<Node<'t>> = n.children_by_field_name("update", &mut cursor).collect();
            self.asyncs.next_step = self.loop_step(&updates, &prelude);
            let body = self.loop_body(n.child_by_field_name("body"));
            self.asyncs.next_step = None;
            let body = body?;
            let step = self.with_block(|s| {
                for u in updates {
                    s.discard(u)?;
                }
                Ok(())
            })?;
            self.push(
                StmtKind::Loop {
                    cond,
                    cond_prelude: Block {
                        stmts: prelude,
                        braces: None,
                    },
                    body,
                    step: Block {
                        stmts: step,
                        braces: None,
                    },
                    form: LoopForm::For,
                },
                n,
            );
            Ok(())
        })();
        self.scopes.pop();
        r
    }

    /// What a `for` loop with `updates` and condition statements `prelude`
    /// assigns outside its body (see `LoopStep`); None when an update is
    /// anything but one counter step by a constant.
    fn loop_step(
        &self,
        updates: &[Node<'t>],
        prelude: &[crate::ir::Stmt],
    ) -> Option<crate::frontend::calls::named::LoopStep> {
        let block = Block {
            stmts: prelude.to_vec(),
            braces: None,
        };
        let mut condition_defs = crate::base::HashSet::default();
        crate::ir::walk::for_each_stmt(&block, &mut |s| match &s.kind {
            StmtKind::Assign { var, .. } | StmtKind::Havoc { var } => {
                condition_defs.insert(*var);
            }
            StmtKind::Read { dest, .. } => {
                condition_defs.insert(*dest);
            }
            StmtKind::Atomic { dest: Some(d), .. } => {
                condition_defs.insert(*d);
            }
            // Anything else that assigns a local: give up.
            StmtKind::Collective { .. } | StmtKind::NamedBarrier { .. } | StmtKind::Loop { .. } => {
                condition_defs.insert(crate::ir::VarId(u32::MAX));
            }
            _ => {}
        });
        if condition_defs.contains(&crate::ir::VarId(u32::MAX)) {
            return None;
        }
        let counter = match updates {
            [] => None,
            [u] => {
                let text: String = self
                    .txt(*u)
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                let (name, step) = counter_update(&text)?;
                match self.lookup(&name)? {
                    Binding::Slot(Slot::Var(v, _)) => Some((*v, step)),
                    _ => return None,
                }
            }
            _ => return None,
        };
        Some(crate::frontend::calls::named::LoopStep {
            counter,
            condition_defs,
        })
    }

    /// A `for`/`while` condition (true when absent) and the statements that
    /// compute it, which run before every test.
    fn loop_condition(&mut self, n: Node<'t>) -> R<(Expr, Vec<Stmt>)> {
        let mut cond = int(1, ScalarTy::Bool);
        let prelude = match n.child_by_field_name("condition") {
            Some(c) => self.with_block(|s| {
                cond = s.condition(c)?;
                Ok(())
            })?,
            None => Vec::new(),
        };
        Ok((cond, prelude))
    }

    pub(crate) fn while_stmt(&mut self, n: Node<'t>) -> R<()> {
        let (cond, body) = (
            n.child_by_field_name("condition"),
            n.child_by_field_name("body"),
        );
        if self.mbarrier_spin_wait(n, cond, body)? {
            return Ok(());
        }
        self.scopes.push(HashMap::default());
        let r = (|| {
            let (cond, prelude) = self.loop_condition(n)?;
            let body = self.loop_body(n.child_by_field_name("body"))?;
            self.push(
                StmtKind::Loop {
                    cond,
                    cond_prelude: Block {
                        stmts: prelude,
                        braces: None,
                    },
                    body,
                    step: Block::default(),
                    form: LoopForm::While,
                },
                n,
            );
            Ok(())
        })();
        self.scopes.pop();
        r
    }

    pub(crate) fn do_stmt(&mut self, n: Node<'t>) -> R<()> {
        // `do { ... } while (0)` (statement macros) without break/continue is its body.
        let once = n
            .child_by_field_name("condition")
            .and_then(|c| self.cx.types.const_eval(c, self.src(), 0))
            == Some(0);
        if once && !has_loop_jump(n.child_by_field_name("body")) {
            if let Some(b) = n.child_by_field_name("body") {
                let block = self.block_of(b)?;
                self.cur.extend(block.stmts);
            }
            return Ok(());
        }
        let (cond, body) = (
            n.child_by_field_name("condition"),
            n.child_by_field_name("body"),
        );
        if self.mbarrier_spin_wait(n, cond, body)? {
            return Ok(());
        }
        let mut body = self.loop_body(n.child_by_field_name("body"))?;
        let Some(c) = n.child_by_field_name("condition") else {
            return self.unsup(n, "do-while without a condition");
        };
        let mut cond = int(1, ScalarTy::Bool);
        let mut check = self.with_block(|s| {
            cond = s.condition(c)?;
            Ok(())
        })?;
        let brk = self.with_block(|s| {
            s.push(StmtKind::Break, c);
            Ok(())
        })?;
        if cond != int(1, ScalarTy::Bool) {
            let saved = std::mem::take(&mut self.cur);
            self.push(
                StmtKind::If {
                    cond: not(cond),
                    then_: Block {
                        stmts: brk,
                        braces: None,
                    },
                    else_: Block::default(),
                },
                c,
            );
            check.append(&mut self.cur);
            self.cur = saved;
        }
        // `continue` in a do-while goes to the condition: then the check lives in `step`.
        let has_continue = contains_kind(n.child_by_field_name("body"), "continue_statement");
        let step = if has_continue {
            Block {
                stmts: check,
                braces: None,
            }
        } else {
            body.stmts.append(&mut check);
            Block::default()
        };
        self.push(
            StmtKind::Loop {
                cond: int(1, ScalarTy::Bool),
                cond_prelude: Block::default(),
                body,
                step,
                form: LoopForm::DoWhile,
            },
            n,
        );
        Ok(())
    }

    pub(crate) fn return_stmt(&mut self, n: Node<'t>) -> R<()> {
        let value = n.named_child(0).filter(|c| c.kind() != "comment");
        if self.frames.is_empty() {
            if let Some(v) = value {
                self.discard(v)?;
            }
            self.push(StmtKind::Return, n);
            return Ok(());
        }
        if let Some(v) = value {
            let by_ref = self.frames.last().is_some_and(|f| f.by_ref);
            let val = if by_ref {
                let lv = self.lvalue(v)?;
                self.address_of(lv, v)?
            } else {
                let val = self.rvalue(v)?;
                // `return t;` from a function returning a class `W` runs
                // `W`'s converting constructor ([stmt.return]: copy-initialisation).
                match self
                    .frames
                    .last()
                    .filter(|f| !f.returns_reference)
                    .and_then(|f| f.ret.clone())
                {
                    Some(slot) => {
                        let ty = self.lval_type(&LVal::Slot(slot));
                        self.convert_implicitly(v, val, &ty)?
                    }
                    None => val,
                }
            };
            let deduce = self
                .frames
                .last()
                .is_some_and(|f| f.deduce && f.ret.is_none());
            if deduce {
                // The first `return` of a lambda without a trailing return
                // type: its operand's type is the return type.
                let ty = self.type_of_val(&val);
                if matches!(ty, Ty::Ptr(_)) {
                    return self.unsup(
                        n,
                        "a lambda returning a pointer needs a trailing return type (`-> T *`)",
                    );
                }
                let slot = self.make_slot(&ty, "lambda.ret", n);
                if let Some(f) = self.frames.last_mut() {
                    f.ret = Some(slot);
                }
            }
            let ret = self.frames.last().and_then(|f| f.ret.clone());
            if let Some(slot) = ret {
                self.store(LVal::Slot(slot), val, v)?;
            }
        }
        let frame = self.frames.len();
        let exit = self
            .exits
            .iter()
            .rev()
            .find(|e| e.frame == frame && e.label.is_none())
            .map(|e| (e.flag, e.loops));
        if let Some((flag, loops)) = exit {
            self.take_exit(flag, loops, n);
        }
        Ok(())
    }

    pub(crate) fn take_exit(&mut self, flag: VarId, loops: usize, n: Node) {
        self.push(
            StmtKind::Assign {
                var: flag,
                value: int(1, ScalarTy::Bool),
            },
            n,
        );
        if loops > 0 {
            self.push(StmtKind::Break, n);
        }
        self.signaled.push(flag);
    }

    pub(crate) fn goto_stmt(&mut self, n: Node<'t>) -> R<()> {
        let label = n
            .child_by_field_name("label")
            .map(|l| self.txt(l))
            .unwrap_or("");
        let frame = self.frames.len();
        let exit = self
            .exits
            .iter()
            .rev()
            .find(|e| e.frame == frame && e.label.as_deref() == Some(label))
            .map(|e| (e.flag, e.loops));
        match exit {
            Some((flag, loops)) => {
                self.take_exit(flag, loops, n);
                Ok(())
            }
            None => self.unsup(
                n,
                format!("`goto {label}` backwards or into a block is not supported"),
            ),
        }
    }

    pub(crate) fn switch_stmt(&mut self, n: Node<'t>) -> R<()> {
        let Some(c) = n.child_by_field_name("condition") else {
            return self.unsup(n, "switch without a condition");
        };
        let value_node = c
            .child_by_field_name("value")
            .or_else(|| c.named_child(0))
            .unwrap_or(c);
        let v = self.rvalue(value_node)?;
        let (e, t) = self.scalar(v, value_node)?;
        let t2 = promote(t);
        let sw = self.tmp(t2, value_node);
        self.push(
            StmtKind::Assign {
                var: sw,
                value: conv(e, t, t2),
            },
            value_node,
        );
        let Some(body) = n.child_by_field_name("body") else {
            return Ok(());
        };
        // Case groups: labels (None = default) and statements.
        let mut groups: Vec<(Vec<Option<Node<'t>>>, Vec<Node<'t>>)> = Vec::new();
        let mut cursor = body.walk();
        for case in body.named_children(&mut cursor) {
            if case.kind() != "case_statement" {
                continue; // statements before the first label never run
            }
            let label = case.child_by_field_name("value");
            let mut c2 = case.walk();
            let stmts: Vec<Node<'t>> = case
                .named_children(&mut c2)
                .filter(|s| Some(*s) != label && s.kind() != "comment")
                .collect();
            match groups.last_mut() {
                Some((labels, body)) if body.is_empty() => labels.push(label),
                _ => groups.push((vec![label], Vec::new())),
            }
            if let Some((_, body)) = groups.last_mut() {
                body.extend(stmts);
            }
        }
        if groups.len() > MAX_SWITCH_GROUPS {
            return self.unsup(
                n,
                format!("switch with more than {MAX_SWITCH_GROUPS} case groups"),
            );
        }
        let ends = |stmts: &[Node]| {
            stmts.last().is_some_and(|s| {
                matches!(
                    s.kind(),
                    "break_statement" | "return_statement" | "continue_statement"
                )
            })
        };
        // A `break` before the end of a case leaves the switch: a forward exit
        // to its end (like a `goto` past the switch), so the rest of the case
        // runs only where the flag is clear.
        let mid_break = groups.iter().any(|(_, stmts)| {
            let inner = &stmts[..stmts.len().saturating_sub(if ends(stmts) { 1 } else { 0 })];
            inner.iter().any(|s| contains_switch_break(*s))
        });
        let exit_flag = if mid_break {
            Some(self.open_forward_exit("switch.break", SWITCH_EXIT, n))
        } else {
            None
        };
        let r = self.switch_arms(n, sw, t2, &groups, ends);
        if let Some(flag) = exit_flag {
            // The exit ends with the switch: later statements are not guarded.
            self.exits.retain(|e| e.flag != flag);
            self.signaled.retain(|f| *f != flag);
        }
        r
    }

    /// The arms of a switch on `sw` (of type `t2`), chained as if / else if.
    fn switch_arms(
        &mut self,
        n: Node<'t>,
        sw: VarId,
        t2: ScalarTy,
        groups: &[(Vec<Option<Node<'t>>>, Vec<Node<'t>>)],
        ends: impl Fn(&[Node]) -> bool,
    ) -> R<()> {
        // Conditions: equality with the labels; default = no label matches.
        let mut all_labels = Vec::new();
        for (labels, _) in groups {
            all_labels.extend(labels.iter().flatten().copied());
        }
        let mut label_exprs = Vec::new();
        for l in &all_labels {
            let v = self.rvalue(*l)?;
            let (e, t) = self.scalar(v, *l)?;
            label_exprs.push(conv(e, t, t2));
        }
        let eq = |e: &Expr| {
            Expr::Binary(
                BinOp::Eq,
                Box::new(Expr::Var(sw)),
                Box::new(e.clone()),
                ScalarTy::Bool,
            )
        };
        let mut arms: Vec<(Expr, Block)> = Vec::new();
        let mut arm_states: Vec<HashMap<VarId, Target>> = Vec::new();
        let mut label_k = 0;
        for (g, (labels, _)) in groups.iter().enumerate() {
            let mut cond: Option<Expr> = None;
            let mut is_default = false;
            for l in labels {
                match l {
                    Some(_) => {
                        let e = eq(&label_exprs[label_k]);
                        label_k += 1;
                        cond = Some(match cond {
                            Some(c) => {
                                Expr::Binary(BinOp::Or, Box::new(c), Box::new(e), ScalarTy::Bool)
                            }
                            None => e,
                        });
                    }
                    None => is_default = true,
                }
            }
            if is_default {
                let none = label_exprs.iter().map(|e| not(eq(e))).reduce(|a, b| {
                    Expr::Binary(BinOp::And, Box::new(a), Box::new(b), ScalarTy::Bool)
                });
                let d = none.unwrap_or(int(1, ScalarTy::Bool));
                cond = Some(match cond {
                    Some(c) => Expr::Binary(BinOp::Or, Box::new(c), Box::new(d), ScalarTy::Bool),
                    None => d,
                });
            }
            // Body: this group and the following ones until one ends with an exit.
            let mut body_nodes: Vec<Node<'t>> = Vec::new();
            for (_, stmts) in &groups[g..] {
                body_nodes.extend(stmts.iter().copied());
                if ends(stmts) {
                    break;
                }
            }
            if body_nodes
                .last()
                .is_some_and(|s| s.kind() == "break_statement")
            {
                body_nodes.pop();
            }
            self.scopes.push(HashMap::default());
            let before = self.ptrs.targets.clone();
            let stmts = self.in_async_arm(|l| l.with_block(|s| s.stmt_list(&body_nodes)));
            let after = self.ptrs.replace_targets(before.clone());
            arm_states.push(after);
            self.scopes.pop();
            arms.push((
                cond.unwrap_or(int(0, ScalarTy::Bool)),
                Block {
                    stmts: stmts?,
                    braces: None,
                },
            ));
        }
        for st in arm_states {
            let cur = self.ptrs.targets.clone();
            self.merge_states(cur, st, n)?;
        }
        // Conditions are mutually exclusive: chain them as if / else if.
        let mut else_ = Block::default();
        for (cond, then_) in arms.into_iter().rev() {
            let saved = std::mem::take(&mut self.cur);
            self.push(StmtKind::If { cond, then_, else_ }, n);
            let stmts = std::mem::replace(&mut self.cur, saved);
            else_ = Block {
                stmts,
                braces: None,
            };
        }
        self.cur.extend(else_.stmts);
        Ok(())
    }
}

/// The counter and step of an update written `++k`, `k++`, `--k`, `k--`,
/// `k+=c`, `k-=c` or `k=k+c` (no spaces, `c` a decimal literal).
fn counter_update(text: &str) -> Option<(String, i128)> {
    let is_name = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    let literal = |s: &str| -> Option<i128> {
        s.chars()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())
            .flatten()
    };
    let (name, step) = if let Some(n) = text.strip_prefix("++").or(text.strip_suffix("++")) {
        (n.to_string(), 1)
    } else if let Some(n) = text.strip_prefix("--").or(text.strip_suffix("--")) {
        (n.to_string(), -1)
    } else if let Some((n, c)) = text.split_once("+=") {
        (n.to_string(), literal(c)?)
    } else if let Some((n, c)) = text.split_once("-=") {
        (n.to_string(), -literal(c)?)
    } else if let Some((n, rhs)) = text.split_once('=') {
        let (again, c) = rhs.split_once('+')?;
        if again != n {
            return None;
        }
        (n.to_string(), literal(c)?)
    } else {
        return None;
    };
    is_name(&name).then_some((name, step))
}

#[cfg(test)]
mod tests {
    use super::counter_update;

    #[test]
    fn counter_updates_by_a_constant() {
        assert_eq!(counter_update("++k"), Some(("k".into(), 1)));
        assert_eq!(counter_update("k++"), Some(("k".into(), 1)));
        assert_eq!(counter_update("k--"), Some(("k".into(), -1)));
        assert_eq!(counter_update("k+=2"), Some(("k".into(), 2)));
        assert_eq!(counter_update("k-=3"), Some(("k".into(), -3)));
        assert_eq!(counter_update("k=k+4"), Some(("k".into(), 4)));
        assert_eq!(counter_update("k=j+4"), None);
        assert_eq!(counter_update("k+=n"), None);
        assert_eq!(counter_update("k*=2"), None);
        assert_eq!(counter_update("a[i]++"), None);
    }
}

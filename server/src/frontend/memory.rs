//! Memory and pointers: flow-sensitive pointer targets, pointer arithmetic, loads and stores.

use crate::base::HashMap;

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{GroupKind, Ty};
use crate::ir::{
    Access, ArrayId, BinOp, Block, Expr, Lang, MemSpace, ScalarTy, Span, StmtKind, VarId,
};

impl<'c, 't> Lowerer<'c, 't> {
    /// The part of local `slot` that `offset` (bytes) with type `ty` names:
    /// the slot itself at offset 0, or one element of a `Slot::Cells` at a
    /// constant, aligned offset. None: an access the locals cannot follow.
    pub(crate) fn local_part(&self, slot: &Slot, offset: &Expr, ty: &Ty) -> Option<Slot> {
        let Slot::Cells(whole, st, cells) = slot else {
            return matches!(offset, Expr::Int(0, _)).then(|| slot.clone());
        };
        let Expr::Int(off, _) = offset else {
            return None;
        };
        let esz = crate::frontend::types::scalar_size(*st) as i128;
        match ty {
            Ty::Scalar(t) if *t == *st && off % esz == 0 => {
                let i = usize::try_from(off / esz).ok()?;
                cells.get(i).map(|v| Slot::Var(*v, *st))
            }
            t if *off == 0 && self.size_of(t) == self.size_of(whole) => Some(slot.clone()),
            _ => None,
        }
    }

    /// Fixes the address of an lvalue (for references): offsets go into locals.
    pub(crate) fn pin_lvalue(&mut self, lv: LVal, at: Node) -> LVal {
        match lv {
            LVal::Mem {
                target,
                offset,
                ty,
                site,
            } if !matches!(offset, Expr::Int(..)) => {
                let v = self.tmp(ScalarTy::LONG, at);
                self.push(
                    StmtKind::Assign {
                        var: v,
                        value: offset,
                    },
                    at,
                );
                LVal::Mem {
                    target,
                    offset: Expr::Var(v),
                    ty,
                    site,
                }
            }
            lv => lv,
        }
    }

    pub(crate) fn store(&mut self, lv: LVal, v: Val, at: Node) -> R<()> {
        match lv {
            LVal::Slot(Slot::Var(var, t)) => {
                let v = self.class_to_scalar(v, at)?;
                let value = match v {
                    Val::Scalar(e, vt) => conv(e, vt, t),
                    Val::Ptr { offset, .. } => conv(offset, ScalarTy::LONG, t),
                    Val::Agg(_, mut parts) if !parts.is_empty() => {
                        // `float x = v` for a 1-vector or a struct: first component.
                        return self.store(LVal::Slot(Slot::Var(var, t)), parts.swap_remove(0), at);
                    }
                    _ => self.havoc(t, at),
                };
                self.push(StmtKind::Assign { var, value }, at);
            }
            LVal::Slot(Slot::Ptr { off, name, .. }) => {
                let (vt, offset) = match v {
                    Val::Ptr { target, offset, .. } => (target, offset),
                    Val::Scalar(e, t) => {
                        // Integer stored into a pointer (0 is null, anything else unknown).
                        if matches!(e, Expr::Int(0, _)) {
                            (Target::Null, int(0, ScalarTy::LONG))
                        } else {
                            (self.unknown_target(at), conv(e, t, ScalarTy::LONG))
                        }
                    }
                    _ => (self.unknown_target(at), self.havoc(ScalarTy::LONG, at)),
                };
                self.set_target(off, &name, vt, at)?;
                self.push(
                    StmtKind::Assign {
                        var: off,
                        value: offset,
                    },
                    at,
                );
            }
            LVal::Slot(Slot::PtrConst { .. }) => {
                // Never assigned by the pre-scan; should not happen. Be safe.
                return self.unsup(
                    at,
                    "assignment to a pointer parameter the front end took as constant",
                );
            }
            LVal::Slot(Slot::Agg(ty, slots)) => {
                let vals = self.split(v, &ty, at);
                for (s, v) in slots.into_iter().zip(vals) {
                    self.store(LVal::Slot(s), v, at)?;
                }
            }
            LVal::Slot(Slot::Cells(ty, st, cells)) => match v {
                Val::Agg(_, vals) if vals.len() == cells.len() => {
                    for (c, v) in cells.into_iter().zip(vals) {
                        self.store(LVal::Slot(Slot::Var(c, st)), v, at)?;
                    }
                }
                _ => self.havoc_slot(&Slot::Cells(ty, st, cells), at),
            },
            LVal::Slot(Slot::PrivArray(_)) | LVal::Discard(_) => {
                self.note(
                    at,
                    "write to per-thread memory dropped (cannot race)".into(),
                );
            }
            LVal::Slot(Slot::Group(g)) => {
                // A handle keeps the group it was declared with: a tile of
                // known size reassigned to another group would give wrong
                // ranks and sizes.
                if let (GroupKind::Tile(Some(_), _), Val::Group(h)) = (g, &v) {
                    if *h != g {
                        return self.unsup(
                            at,
                            "cooperative-groups tile handle reassigned to another group",
                        );
                    }
                }
            }
            LVal::Parts(ty, parts) => {
                let vals = self.split(v, &ty, at);
                for (p, v) in parts.into_iter().zip(vals) {
                    self.store(p, v, at)?;
                }
            }
            LVal::Mem {
                target,
                offset,
                ty,
                site,
            } => self.store_mem(target, offset, ty, v, at, site)?,
        }
        Ok(())
    }

    /// Records that pointer `off` now targets `t` (flow-sensitive). A pointer
    /// that targets different arrays at one program point is "conflicted": the
    /// kernel is lowered again with that pointer on a may-alias-all array.
    pub(crate) fn set_target(&mut self, off: VarId, name: &str, t: Target, at: Node) -> R<()> {
        let cur = self.ptrs.target(off);
        if matches!(cur, Target::Choice(..)) && t == Target::Unset {
            // A selector takes arrays named by id in the previous round; an
            // alias array made here would not have a stable id.
            return self.unsup(
                at,
                format!("pointer `{name}` with several targets assigned a pointer that may be unassigned"),
            );
        }
        if let Target::Choice(list, sel) = &cur {
            // A pointer with several targets: the assignment selects one.
            let index = match &t {
                Target::Null => return Ok(()),
                Target::Array(a) => list
                    .iter()
                    .position(|x| x == a)
                    .map(|k| int(k as i128, ScalarTy::UINT)),
                Target::Choice(l2, s2) if l2.iter().all(|a| list.contains(a)) => {
                    let mut e = None;
                    for (k2, a) in l2.iter().enumerate().rev() {
                        let idx = int(
                            list.iter().position(|x| x == a).unwrap_or(0) as i128,
                            ScalarTy::UINT,
                        );
                        e = Some(match e {
                            None => idx,
                            Some(rest) => Expr::Select(
                                Box::new(Expr::Binary(
                                    BinOp::Eq,
                                    Box::new(Expr::Var(*s2)),
                                    Box::new(int(k2 as i128, ScalarTy::UINT)),
                                    ScalarTy::Bool,
                                )),
                                Box::new(idx),
                                Box::new(rest),
                                ScalarTy::UINT,
                            ),
                        });
                    }
                    e
                }
                _ => None,
            };
            match index {
                Some(value) => {
                    let sel = *sel;
                    self.detach_selector(off, sel, at);
                    self.push(StmtKind::Assign { var: sel, value }, at)
                }
                None => {
                    let extra = match &t {
                        Target::Array(a) => vec![*a],
                        Target::Choice(l2, _) => l2.clone(),
                        _ => {
                            return self.unsup(
                                at,
                                format!("pointer `{name}` may target arrays and local variables"),
                            )
                        }
                    };
                    let list = list.clone();
                    self.ptrs.add_conflict(name, list.into_iter().chain(extra));
                }
            }
            return Ok(());
        }
        // A pointer known to target several locals stays imprecise.
        if self.ptrs.targets_several_locals(name)
            && matches!(t, Target::Local(_) | Target::Locals | Target::Private)
        {
            self.ptrs.targets.insert(off, Target::Locals);
            return Ok(());
        }
        // An assignment is a strong update; a conflicted pointer stays on its
        // may-alias array as long as the space agrees.
        let new = if self.is_alias(&cur) {
            self.merge_target(name, cur, t, at)?
        } else {
            t
        };
        if new != Target::Null {
            self.ptrs.targets.insert(off, new);
        }
        Ok(())
    }

    /// Before pointer `off`'s selector `sel` is reassigned: every other
    /// pointer that shares `sel` (it was copied from `off`, `q = p`, which
    /// keeps the selector variable, not its value) gets its own selector
    /// holding `sel`'s current value. A copy of a pointer keeps the array
    /// the source pointed at when copied; sharing the variable made it follow
    /// the source's later assignments, so the swap `t = p; p = q; q = t`
    /// left `q` on `q`'s old array: a write through `q` went to the wrong
    /// buffer in the model, and a race on the other one was missed.
    fn detach_selector(&mut self, off: VarId, sel: VarId, at: Node) {
        let mut sharing: Vec<(VarId, Vec<ArrayId>)> = self
            .ptrs
            .targets
            .iter()
            .filter_map(|(o, t)| match t {
                Target::Choice(list, s) if *s == sel && *o != off => Some((*o, list.clone())),
                _ => None,
            })
            .collect();
        sharing.sort_by_key(|(o, _)| *o);
        for (o, list) in sharing {
            let name = self.ptrs.name(o);
            let own = self.new_var(&format!("{name}.target"), ScalarTy::UINT, at);
            self.push(
                StmtKind::Assign {
                    var: own,
                    value: Expr::Var(sel),
                },
                at,
            );
            self.ptrs.targets.insert(o, Target::Choice(list, own));
        }
    }

    /// The target of a pointer that may be `a` or `b`.
    pub(crate) fn merge_target(&mut self, name: &str, a: Target, b: Target, at: Node) -> R<Target> {
        if a == b || b == Target::Null {
            return Ok(a);
        }
        if a == Target::Null {
            return Ok(b);
        }
        // Unassigned on one path, `other` on the other: an indeterminate
        // address or `other`, so any array of `other`'s space (which covers
        // `other`). Made here in every lowering round, not recorded as a
        // conflict: a conflict's arrays are named by id, and an alias array
        // made at this point in one round need not have that id in the next.
        if a == Target::Unset || b == Target::Unset {
            let other = if a == Target::Unset { b } else { a };
            if matches!(other, Target::Local(_) | Target::Locals) {
                return self.unsup(
                    at,
                    format!("pointer `{name}` may target a local variable or be unassigned"),
                );
            }
            return Ok(match self.space_of(&other) {
                // An OpenCL pointer's address space is part of its type.
                Some(MemSpace::Shared) if self.kernel.lang == Lang::OpenCl => {
                    Target::Array(self.alias_array(MemSpace::Shared, at))
                }
                _ => self.unknown_target(at),
            });
        }
        if matches!(a, Target::Choice(..)) || matches!(b, Target::Choice(..)) {
            return self.merge_with_choice(name, a, b, at);
        }
        let (sa, sb) = (self.space_of(&a), self.space_of(&b));
        if sa.is_none() && sb.is_none() {
            // Two per-thread objects (`&x` or `&y`): cannot race, but writes
            // through the pointer may change either. Code lowered before this
            // merge (a loop body) followed one target: lower again.
            let per_local = |t: &Target| matches!(t, Target::Local(_) | Target::Locals);
            if !per_local(&a) && !per_local(&b) {
                return Ok(Target::Private);
            }
            self.ptrs.add_local_conflict(name);
            self.note(
                at,
                format!(
                    "pointer `{name}` may target several locals: reads through it are havocked, writes havoc every local whose address is taken"
                ),
            );
            return Ok(Target::Locals);
        }
        if matches!(a, Target::Local(_) | Target::Locals)
            || matches!(b, Target::Local(_) | Target::Locals)
        {
            // Writes through it would have to update a tracked local in some
            // executions and memory in others.
            return self.unsup(
                at,
                format!("pointer `{name}` may target a local variable or memory"),
            );
        }
        if self.is_alias(&a) && (sa == sb || sb.is_none()) {
            return Ok(a);
        }
        if self.is_alias(&b) && sa.is_none() {
            return Ok(b);
        }
        if let (Some(x), Some(y)) = (sa, sb) {
            if x != y && (self.is_alias(&a) || self.is_alias(&b)) {
                return self.unsup(
                    at,
                    format!("pointer `{name}` may point into different memory spaces"),
                );
            }
        }
        let mut arrays = Vec::new();
        for t in [&a, &b] {
            match t {
                Target::Array(x) => arrays.push(*x),
                Target::Choice(l, _) => arrays.extend(l.iter().copied()),
                _ => {}
            }
        }
        self.ptrs.add_conflict(name, arrays.into_iter());
        Ok(a)
    }

    /// [`Self::merge_target`] where `a` or `b` selects among several arrays
    /// (and neither is null or unassigned). Such a pointer is memory, never
    /// per-thread: `space_of` has no single space for it, and two of them
    /// (copies made from different selectors, `q = c ? p1 : p2` on two paths)
    /// used to be merged as two per-thread objects, whose writes are dropped:
    /// a race through the pointer was missed. Memory on both paths: the
    /// pointer is conflicted on the union of their arrays (lowered again
    /// with one selector over them, as for two arrays). Per-thread memory on
    /// one path: the choice is kept, its selector picks one of its arrays
    /// there too (accesses the program makes to per-thread memory are then
    /// also taken as accesses to a shared or global array: more races, not
    /// fewer). A may-alias-all array covers the choice only when every
    /// array of the choice is in its space.
    fn merge_with_choice(&mut self, name: &str, a: Target, b: Target, at: Node) -> R<Target> {
        let (choice, other) = if matches!(a, Target::Choice(..)) {
            (&a, &b)
        } else {
            (&b, &a)
        };
        let arrays_of = |t: &Target| match t {
            Target::Array(x) => vec![*x],
            Target::Choice(l, _) => l.clone(),
            _ => Vec::new(),
        };
        match other {
            Target::Local(_) | Target::Locals => {
                return self.unsup(
                    at,
                    format!("pointer `{name}` may target a local variable or memory"),
                )
            }
            Target::Private => return Ok(choice.clone()),
            _ => {}
        }
        if self.is_alias(other) {
            let space = self.space_of(other);
            if arrays_of(choice)
                .iter()
                .all(|x| self.space_of(&Target::Array(*x)) == space)
            {
                return Ok(other.clone());
            }
            return self.unsup(
                at,
                format!("pointer `{name}` may point into different memory spaces"),
            );
        }
        let arrays: Vec<ArrayId> = arrays_of(&a).into_iter().chain(arrays_of(&b)).collect();
        self.ptrs.add_conflict(name, arrays.into_iter());
        Ok(a)
    }

    /// A pointer value whose several possible arrays become one may-alias-all
    /// array (for the few builtins that take the target apart).
    pub(crate) fn without_choice(&mut self, v: Val, at: Node) -> Val {
        match v {
            Val::Ptr {
                target: Target::Choice(list, _),
                offset,
                pointee,
            } => {
                let space = list
                    .first()
                    .and_then(|a| self.space_of(&Target::Array(*a)))
                    .unwrap_or(MemSpace::Global);
                let target = Target::Array(self.alias_array(space, at));
                Val::Ptr {
                    target,
                    offset,
                    pointee,
                }
            }
            v => v,
        }
    }

    /// Runs `f` for the array a `Choice` pointer selects: `if sel == 0 {..} else if ..`.
    pub(crate) fn split_by_choice(
        &mut self,
        list: &[ArrayId],
        sel: VarId,
        at: Node,
        f: &mut dyn FnMut(&mut Self, ArrayId) -> R<()>,
    ) -> R<()> {
        let mut blocks = Vec::new();
        for a in list {
            blocks.push(self.with_block(|s| f(s, *a))?);
        }
        let mut else_ = blocks.pop().unwrap_or_default();
        for (k, then_) in blocks.into_iter().enumerate().rev() {
            let saved = std::mem::take(&mut self.cur);
            let cond = Expr::Binary(
                BinOp::Eq,
                Box::new(Expr::Var(sel)),
                Box::new(int(k as i128, ScalarTy::UINT)),
                ScalarTy::Bool,
            );
            self.push(
                StmtKind::If {
                    cond,
                    then_: Block {
                        stmts: then_,
                        braces: None,
                    },
                    else_: Block {
                        stmts: else_,
                        braces: None,
                    },
                },
                at,
            );
            else_ = std::mem::replace(&mut self.cur, saved);
        }
        self.cur.extend(else_);
        Ok(())
    }

    /// Gives a pointer local found to target several arrays its selector.
    pub(crate) fn init_choice(&mut self, off: VarId, name: &str, at: Node) {
        let Some(list) = self.ptrs.choices(name) else {
            return;
        };
        let sel = self.new_var(&format!("{name}.target"), ScalarTy::UINT, at);
        self.push(StmtKind::Havoc { var: sel }, at);
        self.ptrs.targets.insert(off, Target::Choice(list, sel));
        self.note(
            at,
            format!("pointer `{name}` may target several arrays: its accesses are split by target"),
        );
    }

    /// Merges the pointer targets of two control-flow paths.
    pub(crate) fn merge_states(
        &mut self,
        a: HashMap<VarId, Target>,
        b: HashMap<VarId, Target>,
        at: Node,
    ) -> R<()> {
        let mut out = a.clone();
        for (off, tb) in b {
            let ta = a.get(&off).cloned().unwrap_or(Target::Null);
            let name = self.ptrs.name(off);
            let m = self.merge_target(&name, ta, tb, at)?;
            out.insert(off, m);
        }
        self.ptrs.targets = out;
        Ok(())
    }

    /// After a loop: a pointer whose target changed in the body had another target
    /// in earlier iterations.
    pub(crate) fn check_loop_targets(
        &mut self,
        before: &HashMap<VarId, Target>,
        at: Node,
    ) -> R<()> {
        let after = self.ptrs.targets.clone();
        for (off, t) in after {
            if before.get(&off) == Some(&Target::Unset) && t != Target::Unset {
                // The loop may run zero times: after it, the pointer may
                // still be unassigned.
                let name = self.ptrs.name(off);
                let m = self.merge_target(&name, Target::Unset, t, at)?;
                self.ptrs.targets.insert(off, m);
                continue;
            }
            if let Some(b) = before.get(&off) {
                if *b != t && *b != Target::Null {
                    let name = self.ptrs.name(off);
                    self.merge_target(&name, b.clone(), t, at)?;
                }
            }
        }
        Ok(())
    }

    /// Splits a value into the parts of an aggregate type (broadcasting scalars).
    pub(crate) fn split(&mut self, v: Val, ty: &Ty, at: Node) -> Vec<Val> {
        let parts = self.cx.types.parts(ty);
        match v {
            Val::Agg(_, vals) if vals.len() == parts.len() => vals,
            Val::Scalar(e, t) if matches!(ty, Ty::Vector(..)) => {
                parts.iter().map(|_| Val::Scalar(e.clone(), t)).collect()
            }
            _ => parts.iter().map(|(_, t)| self.havoc_val(t, at)).collect(),
        }
    }

    pub(crate) fn access(&self, array: ArrayId, offset: Expr, st: ScalarTy) -> Access {
        Access {
            array,
            offset,
            size: crate::frontend::types::scalar_size(st) as u32,
            ty: st,
            volatile: false,
        }
    }

    pub(crate) fn store_mem(
        &mut self,
        target: Target,
        offset: Expr,
        ty: Ty,
        v: Val,
        at: Node,
        site: (Span, bool),
    ) -> R<()> {
        let target = self.materialise_unset(target, at);
        if let Target::Choice(list, sel) = &target {
            let (list, sel) = (list.clone(), *sel);
            return self.split_by_choice(&list, sel, at, &mut |s, a| {
                s.store_mem(
                    Target::Array(a),
                    offset.clone(),
                    ty.clone(),
                    v.clone(),
                    at,
                    site,
                )
            });
        }
        let array = match target {
            Target::Array(a) => a,
            Target::Choice(..) | Target::Unset => {
                return self.unsup(at, "internal: unsplit pointer choice")
            }
            Target::Local(slot) => {
                let ty = self.type_of_val(&v);
                if let Some(part) = self.local_part(&slot, &offset, &ty) {
                    return self.store(LVal::Slot(part), v, at);
                }
                let within_budget = match &*slot {
                    Slot::Cells(_, _, cells) => cells.first().is_some_and(|first| {
                        let n = self.computed_cell_stores.entry(*first).or_insert(0);
                        *n += 1;
                        *n <= MAX_COMPUTED_CELL_STORES
                    }),
                    _ => false,
                };
                match (&*slot, v) {
                    (Slot::Cells(_, st, cells), Val::Scalar(e, t))
                        if ty == Ty::Scalar(*st) && within_budget =>
                    {
                        // `cells[i] = (offset == i * size) ? v : cells[i]` for every i.
                        let (st, esz) = (*st, crate::frontend::types::scalar_size(*st) as i128);
                        let value = conv(e, t, st);
                        for (i, c) in cells.iter().enumerate() {
                            let is = Expr::Binary(
                                BinOp::Eq,
                                Box::new(offset.clone()),
                                Box::new(int(i as i128 * esz, ScalarTy::LONG)),
                                ScalarTy::Bool,
                            );
                            let new = Expr::Select(
                                Box::new(is),
                                Box::new(value.clone()),
                                Box::new(Expr::Var(*c)),
                                st,
                            );
                            self.push(
                                StmtKind::Assign {
                                    var: *c,
                                    value: new,
                                },
                                at,
                            );
                        }
                    }
                    _ => self.havoc_slot(&slot, at),
                }
                return Ok(());
            }
            Target::Locals => {
                self.havoc_addressed_locals(at);
                return Ok(());
            }
            Target::Private => {
                self.note(
                    at,
                    "write to per-thread memory dropped (cannot race)".into(),
                );
                return Ok(());
            }
            Target::Null => {
                self.note(at, "access through a null or unassigned pointer dropped (the kernel would fault there)".into());
                return Ok(());
            }
        };
        if self.cx.types.has_unknown_class_layout(&ty) {
            // Offsets and sizes past an array of unknown length are not known.
            return self.unsup(
                at,
                "access of a whole object of a class whose layout depends on an array length that is not a known constant",
            );
        }
        match &ty {
            Ty::Scalar(st) => {
                let value = match v {
                    Val::Scalar(e, vt) => conv(e, vt, *st),
                    Val::Ptr { offset, .. } => conv(offset, ScalarTy::LONG, *st),
                    _ => self.havoc(*st, at),
                };
                let access = self.access(array, offset, *st);
                self.push_site(StmtKind::Write { access, value }, site);
            }
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(&ty, 0) <= MAX_LEAVES => {
                let vals = self.split(v, &ty, at);
                for ((off, pt), v) in self.cx.types.parts(&ty).into_iter().zip(vals) {
                    let o = bin(
                        BinOp::Add,
                        offset.clone(),
                        int(off as i128, ScalarTy::LONG),
                        ScalarTy::LONG,
                    );
                    self.store_mem(Target::Array(array), o, pt, v, at, site)?;
                }
            }
            Ty::Ptr(_) => {
                // The arrays the stored pointer targets, for a store to a
                // shared pointer cell (see `pointer_cell_target`): a null
                // pointer targets none; None when unknown.
                let stored_targets = match &v {
                    Val::Ptr { target, .. } => match target {
                        Target::Array(a) => Some(vec![*a]),
                        Target::Choice(list, _) => Some(list.clone()),
                        Target::Null => Some(Vec::new()),
                        _ => None,
                    },
                    _ => None,
                };
                let value = match v {
                    Val::Ptr { target, offset, .. } => {
                        // A shared address kept outside shared memory: loads
                        // of pointers from there may give it back.
                        let shared = |a: &ArrayId| {
                            self.space_of(&Target::Array(*a)) == Some(MemSpace::Shared)
                        };
                        let stores_shared = match &target {
                            Target::Array(a) => shared(a),
                            Target::Choice(list, _) => list.iter().any(shared),
                            _ => false,
                        };
                        if stores_shared && !shared(&array) {
                            self.ptrs.add_shared_address_in_global();
                        }
                        offset
                    }
                    _ => self.havoc(ScalarTy::LONG, at),
                };
                if let Some(cell) = self.pointer_cell(array, &offset) {
                    let targets = stored_targets.and_then(|list| {
                        list.iter()
                            .map(|a| self.array_key(*a))
                            .collect::<Option<Vec<_>>>()
                    });
                    if targets.is_some() {
                        let id = crate::ir::StmtId(self.kernel.next_stmt_id);
                        self.ptrs
                            .cell_store_stmts
                            .entry(array)
                            .or_default()
                            .push(id);
                    }
                    self.ptrs.add_cell_store(cell, targets);
                }
                let access = Access {
                    array,
                    offset,
                    size: 8,
                    ty: ScalarTy::ULONG,
                    volatile: false,
                };
                self.push_site(
                    StmtKind::Write {
                        access,
                        value: conv(value, ScalarTy::LONG, ScalarTy::ULONG),
                    },
                    site,
                );
            }
            _ => {
                // A large or unknown object: one write of its bytes with an unknown value.
                let size = self.size_of(&ty).min(u32::MAX as u64) as u32;
                let value = self.havoc(ScalarTy::INT, at);
                self.push_site(
                    StmtKind::Write {
                        access: Access {
                            array,
                            offset,
                            size,
                            ty: ScalarTy::INT,
                            volatile: false,
                        },
                        value,
                    },
                    site,
                );
            }
        }
        Ok(())
    }

    pub(crate) fn load(&mut self, lv: LVal, at: Node) -> R<Val> {
        Ok(match lv {
            LVal::Slot(slot) => self.load_slot(&slot),
            LVal::Discard(ty) => match ty {
                Ty::Array(e, _) => Val::Ptr {
                    target: Target::Private,
                    offset: int(0, ScalarTy::LONG),
                    pointee: *e,
                },
                ty => self.havoc_val(&ty, at),
            },
            LVal::Parts(ty, parts) => {
                let mut vals = Vec::new();
                for p in parts {
                    vals.push(self.load(p, at)?);
                }
                Val::Agg(ty, vals)
            }
            LVal::Mem {
                target,
                offset,
                ty,
                site,
            } => self.load_mem(target, offset, ty, at, site)?,
        })
    }

    pub(crate) fn load_slot(&self, slot: &Slot) -> Val {
        match slot {
            Slot::Var(v, t) => Val::Scalar(Expr::Var(*v), *t),
            Slot::Ptr { off, pointee, .. } => Val::Ptr {
                target: self.ptrs.targets.get(off).cloned().unwrap_or(Target::Null),
                offset: Expr::Var(*off),
                pointee: pointee.clone(),
            },
            Slot::PtrConst { target, pointee } => Val::Ptr {
                target: target.clone(),
                offset: int(0, ScalarTy::LONG),
                pointee: pointee.clone(),
            },
            Slot::Agg(ty, parts) => Val::Agg(
                ty.clone(),
                parts.iter().map(|p| self.load_slot(p)).collect(),
            ),
            Slot::Cells(_, st, _) => Val::Ptr {
                target: Target::Local(Box::new(slot.clone())),
                offset: int(0, ScalarTy::LONG),
                pointee: Ty::Scalar(*st),
            },
            Slot::PrivArray(ty) => {
                let elem = match ty {
                    Ty::Array(e, _) => (**e).clone(),
                    t => t.clone(),
                };
                Val::Ptr {
                    target: Target::Private,
                    offset: int(0, ScalarTy::LONG),
                    pointee: elem,
                }
            }
            Slot::Group(g) => Val::Group(*g),
        }
    }

    pub(crate) fn load_mem(
        &mut self,
        target: Target,
        offset: Expr,
        ty: Ty,
        at: Node,
        site: (Span, bool),
    ) -> R<Val> {
        let target = self.materialise_unset(target, at);
        if let Target::Choice(list, sel) = &target {
            if let Ty::Array(e, _) = ty {
                return Ok(Val::Ptr {
                    target,
                    offset,
                    pointee: *e,
                });
            }
            let (list, sel) = (list.clone(), *sel);
            let slot = self.make_slot(&ty, "$choice", at);
            self.split_by_choice(&list, sel, at, &mut |s, a| {
                let v = s.load_mem(Target::Array(a), offset.clone(), ty.clone(), at, site)?;
                s.store(LVal::Slot(slot.clone()), v, at)
            })?;
            return Ok(self.load_slot(&slot));
        }
        if let Ty::Array(e, _) = ty {
            return Ok(Val::Ptr {
                target,
                offset,
                pointee: *e,
            });
        }
        let array = match target {
            Target::Array(a) => a,
            Target::Choice(..) | Target::Unset => {
                return self.unsup(at, "internal: unsplit pointer choice")
            }
            Target::Local(slot) => {
                if let Some(part) = self.local_part(&slot, &offset, &ty) {
                    return Ok(self.load_slot(&part));
                }
                if let (Slot::Cells(_, st, cells), Ty::Scalar(t)) = (&*slot, &ty) {
                    if t == st {
                        // `offset == 0 ? cells[0] : offset == size ? cells[1] : ... : *`
                        // (out of range or misaligned: any value).
                        let (st, esz) = (*st, crate::frontend::types::scalar_size(*st) as i128);
                        let mut e = self.havoc(st, at);
                        for (i, c) in cells.iter().enumerate().rev() {
                            let is = Expr::Binary(
                                BinOp::Eq,
                                Box::new(offset.clone()),
                                Box::new(int(i as i128 * esz, ScalarTy::LONG)),
                                ScalarTy::Bool,
                            );
                            e = Expr::Select(
                                Box::new(is),
                                Box::new(Expr::Var(*c)),
                                Box::new(e),
                                st,
                            );
                        }
                        return Ok(Val::Scalar(e, st));
                    }
                }
                return Ok(self.havoc_val(&ty, at));
            }
            Target::Private | Target::Locals => {
                self.note(at, "read of per-thread memory havocked".into());
                return Ok(self.havoc_val(&ty, at));
            }
            Target::Null => {
                self.note(at, "access through a null or unassigned pointer dropped (the kernel would fault there)".into());
                return Ok(self.havoc_val(&ty, at));
            }
        };
        if self.cx.types.has_unknown_class_layout(&ty) {
            // Offsets and sizes past an array of unknown length are not known.
            return self.unsup(
                at,
                "access of a whole object of a class whose layout depends on an array length that is not a known constant",
            );
        }
        Ok(match &ty {
            Ty::Scalar(st) => {
                let dest = self.tmp(*st, at);
                let access = self.access(array, offset.clone(), *st);
                self.push_site(StmtKind::Read { dest, access }, site);
                match self.known_constant(array, &offset, *st) {
                    Some(e) => Val::Scalar(e, *st),
                    None => Val::Scalar(Expr::Var(dest), *st),
                }
            }
            Ty::Vector(..) | Ty::Struct(_) if self.cx.types.leaf_count(&ty, 0) <= MAX_LEAVES => {
                let mut vals = Vec::new();
                for (off, pt) in self.cx.types.parts(&ty) {
                    let o = bin(
                        BinOp::Add,
                        offset.clone(),
                        int(off as i128, ScalarTy::LONG),
                        ScalarTy::LONG,
                    );
                    vals.push(self.load_mem(Target::Array(array), o, pt, at, site)?);
                }
                Val::Agg(ty, vals)
            }
            Ty::Ptr(p) => {
                let dest = self.tmp(ScalarTy::ULONG, at);
                let read = crate::ir::StmtId(self.kernel.next_stmt_id);
                let read_offset = offset.clone();
                self.push_site(
                    StmtKind::Read {
                        dest,
                        access: Access {
                            array,
                            offset,
                            size: 8,
                            ty: ScalarTy::ULONG,
                            volatile: false,
                        },
                    },
                    site,
                );
                if let Some(target) = self.pointer_cell_target(array, &read_offset, read, at) {
                    // The cell holds the byte offset a store put there
                    // (`store_mem` stores a pointer's offset) into one of
                    // the targets.
                    return Ok(Val::Ptr {
                        target,
                        offset: conv(Expr::Var(dest), ScalarTy::ULONG, ScalarTy::LONG),
                        pointee: (**p).clone(),
                    });
                }
                let space = self
                    .space_of(&Target::Array(array))
                    .unwrap_or(MemSpace::Global);
                // A pointer kept in shared memory may hold the address of a
                // global array (`__shared__ float *p; p = out;`) as well as
                // of a shared one: either, chosen by an unknown selector. One
                // kept in global or constant memory points into global
                // memory, unless the kernel stores a shared address outside
                // shared memory somewhere (the host cannot make one).
                let target =
                    if space == MemSpace::Shared || self.ptrs.conflicted.shared_address_in_global {
                        self.shared_or_global(at)
                    } else {
                        Target::Array(self.alias_array(MemSpace::Global, at))
                    };
                self.note(
                    at,
                    "pointer loaded from memory: it may target any array".into(),
                );
                Val::Ptr {
                    target,
                    offset: self.havoc(ScalarTy::LONG, at),
                    pointee: (**p).clone(),
                }
            }
            Ty::Group(g) => Val::Group(*g),
            _ => {
                let size = self.size_of(&ty).min(u32::MAX as u64) as u32;
                let dest = self.tmp(ScalarTy::INT, at);
                self.push_site(
                    StmtKind::Read {
                        dest,
                        access: Access {
                            array,
                            offset,
                            size,
                            ty: ScalarTy::INT,
                            volatile: false,
                        },
                    },
                    site,
                );
                self.havoc_val(&ty, at)
            }
        })
    }

    /// The key of `array` when it is a shared pointer cell accessed whole:
    /// a `__shared__` (OpenCL `__local`) scalar pointer, its one 8-byte
    /// element at offset 0.
    fn pointer_cell(&self, array: ArrayId, offset: &Expr) -> Option<ArrayKey> {
        let d = self.kernel.arrays.get(array.0 as usize)?;
        let whole = crate::ir::eval::eval_expr(offset, &|_| None).is_some_and(|v| v.bits == 0);
        (d.space == MemSpace::Shared
            && !d.may_alias_all
            && d.elem_size == 8
            && d.dims == [1]
            && whole)
            .then(|| (d.name.clone(), d.span))
    }

    /// The key of a named array (not an alias array).
    fn array_key(&self, array: ArrayId) -> Option<ArrayKey> {
        let d = self.kernel.arrays.get(array.0 as usize)?;
        (!d.may_alias_all).then(|| (d.name.clone(), d.span))
    }

    /// The target of a pointer loaded from shared pointer cell `array` by
    /// the read labelled `read`, when an earlier lowering round saw every
    /// store to the cell store a pointer to known arrays: one of those
    /// arrays (a null store adds none). Otherwise None (any array).
    ///
    /// Sound by the theorem of `ir::broadcast`: when every write to
    /// the cell is such a store and the read cannot run before one of them
    /// in its block, the cell holds a pointer some store put there. The
    /// claim's premises are checked on the finished kernel
    /// (`pointer_cells_hold`), which is lowered again without it when they
    /// fail. A barrier synthesis that later removes the barrier the
    /// initialisation rests on leaves thread 0's store and the other
    /// threads' reads of the cell unordered: a race the checker reports.
    fn pointer_cell_target(
        &mut self,
        array: ArrayId,
        offset: &Expr,
        read: crate::ir::StmtId,
        at: Node,
    ) -> Option<Target> {
        if self.ptrs.conflicted.cells_off {
            return None;
        }
        let cell = self.pointer_cell(array, offset)?;
        let keys = self.ptrs.conflicted.cell_targets.get(&cell)?.clone()?;
        let mut ids = Vec::new();
        for key in &keys {
            let found = self
                .kernel
                .arrays
                .iter()
                .position(|d| !d.may_alias_all && d.name == key.0 && d.span == key.1)?;
            ids.push(ArrayId(found as u32));
        }
        self.ptrs.cell_loads.push((read, array, cell));
        Some(match ids.len() {
            0 => Target::Null,
            1 => Target::Array(ids[0]),
            _ => {
                let sel = self.tmp(ScalarTy::UINT, at);
                self.push(StmtKind::Havoc { var: sel }, at);
                Target::Choice(ids, sel)
            }
        })
    }

    /// The value read from a constant array with known contents: a constant when
    /// all elements are equal, else a choice on the offset for small arrays.
    pub(crate) fn known_constant(
        &self,
        array: ArrayId,
        offset: &Expr,
        st: ScalarTy,
    ) -> Option<Expr> {
        let values = self.const_inits.get(&array)?;
        let decl = self.kernel.arrays.get(array.0 as usize)?;
        if decl.elem_size as u64 != crate::frontend::types::scalar_size(st) {
            return None;
        }
        let first = *values.first()?;
        if values.iter().all(|v| *v == first) {
            return Some(int(wrap_int(first, st), st));
        }
        if values.len() > 64 {
            return None;
        }
        // Offsets past the end read as the last element (out-of-bounds reads are a
        // memory-safety bug, outside what this front end models).
        let mut e: Option<Expr> = None;
        for (k, v) in values.iter().enumerate().rev() {
            let at = int(k as i128 * decl.elem_size as i128, ScalarTy::LONG);
            let is = Expr::Binary(
                BinOp::Eq,
                Box::new(offset.clone()),
                Box::new(at),
                ScalarTy::Bool,
            );
            let value = int(wrap_int(*v, st), st);
            e = Some(match e {
                None => value,
                Some(rest) => Expr::Select(Box::new(is), Box::new(value), Box::new(rest), st),
            });
        }
        e
    }

    /// The size in bytes of `pointee`, the stride of pointer arithmetic: its
    /// constant size or, for an array type with a length the type
    /// environment could not evaluate (a row of `__shared__ float
    /// t[BS][BS]`, `BS` a template parameter), the product of the declared
    /// extents of the array `target` that the type is a suffix of. C++ lets
    /// a pointer to such a row type come only from that array (an implicit
    /// conversion keeps the array type; explicit casts to such types are
    /// unsupported, see `Lowerer::cast`). Anything else of unknown length is
    /// unsupported: a wrong stride puts two elements at one offset (false
    /// races) and one element at two offsets (missed races).
    pub(crate) fn pointee_stride(&mut self, target: &Target, pointee: &Ty, at: Node) -> R<Expr> {
        // Per-thread memory cannot race and its reads are unknown values:
        // offsets into it are never compared.
        if matches!(target, Target::Private) {
            return Ok(int(self.size_of(pointee).max(1) as i128, ScalarTy::LONG));
        }
        if !self.cx.types.has_unknown_layout(pointee) {
            return Ok(int(self.size_of(pointee).max(1) as i128, ScalarTy::LONG));
        }
        let mut depth = 0;
        let mut elem = pointee;
        while let Ty::Array(e, _) = elem {
            depth += 1;
            elem = e;
        }
        if self.cx.types.has_unknown_layout(elem) {
            return self.unsup(
                at,
                "pointer arithmetic over a class whose size depends on an array length that is not a known constant",
            );
        }
        let stride = match target {
            Target::Array(id) => self.array_extents.get(id).and_then(|(declared, extents)| {
                let outer = extents.len().checked_sub(depth)?;
                let mut suffix = declared;
                for _ in 0..outer {
                    let Ty::Array(e, _) = suffix else { return None };
                    suffix = e;
                }
                if suffix != pointee {
                    return None;
                }
                let elem_size = int(self.cx.types.size(elem).max(1) as i128, ScalarTy::LONG);
                extents[outer..].iter().try_fold(elem_size, |acc, d| {
                    Some(bin(BinOp::Mul, d.clone()?, acc, ScalarTy::LONG))
                })
            }),
            _ => None,
        };
        match stride {
            Some(s) => Ok(s),
            None => self.unsup(
                at,
                "pointer arithmetic over an array type whose length is not a known constant",
            ),
        }
    }

    pub(crate) fn ptr_add(&mut self, p: Val, k: Val, sub: bool, at: Node) -> R<Val> {
        let Val::Ptr {
            target,
            offset,
            pointee,
        } = p
        else {
            return self.unsup(at, "internal: pointer expected");
        };
        let (e, t) = self.scalar(k, at)?;
        let size = self.pointee_stride(&target, &pointee, at)?;
        let scaled = bin(BinOp::Mul, conv(e, t, ScalarTy::LONG), size, ScalarTy::LONG);
        let off = bin(
            if sub { BinOp::Sub } else { BinOp::Add },
            offset,
            scaled,
            ScalarTy::LONG,
        );
        Ok(Val::Ptr {
            target,
            offset: off,
            pointee,
        })
    }

    pub(crate) fn address_of(&mut self, lv: LVal, at: Node) -> R<Val> {
        Ok(match lv {
            LVal::Mem {
                target, offset, ty, ..
            } => Val::Ptr {
                target,
                offset,
                pointee: ty,
            },
            LVal::Slot(slot) => {
                let pointee = match &slot {
                    Slot::Var(_, t) => Ty::Scalar(*t),
                    Slot::Agg(t, _) | Slot::Cells(t, ..) => t.clone(),
                    Slot::PrivArray(t) => t.clone(),
                    Slot::Ptr { pointee, .. } | Slot::PtrConst { pointee, .. } => {
                        Ty::Ptr(Box::new(pointee.clone()))
                    }
                    Slot::Group(g) => Ty::Group(*g),
                };
                if let Slot::PrivArray(_) = slot {
                    Val::Ptr {
                        target: Target::Private,
                        offset: int(0, ScalarTy::LONG),
                        pointee,
                    }
                } else {
                    Val::Ptr {
                        target: Target::Local(Box::new(slot)),
                        offset: int(0, ScalarTy::LONG),
                        pointee,
                    }
                }
            }
            LVal::Discard(ty) => Val::Ptr {
                target: Target::Private,
                offset: int(0, ScalarTy::LONG),
                pointee: ty,
            },
            LVal::Parts(..) => return self.unsup(at, "address of a vector swizzle"),
        })
    }

    pub(crate) fn deref(&mut self, target: Target, offset: Expr, pointee: Ty, at: Node) -> LVal {
        match target {
            Target::Private => LVal::Discard(pointee),
            Target::Local(slot) if matches!(*slot, Slot::Cells(..)) => {
                match self.local_part(&slot, &offset, &pointee) {
                    Some(part) => LVal::Slot(part),
                    // A computed index: `load_mem`/`store_mem` select the element.
                    None => LVal::Mem {
                        target: Target::Local(slot),
                        offset,
                        ty: pointee,
                        site: self.span_of(at),
                    },
                }
            }
            Target::Local(slot) => {
                // Only offset 0 of a local object is valid to dereference with its
                // own type; anything else: the local may change (havoc it).
                let slot_ty = self.lval_type(&LVal::Slot((*slot).clone()));
                // A scalar local viewed as an aggregate (`(half2 *)&f4.x`): its
                // bytes reinterpreted, which the slot cannot express; the
                // local may change (havoc it) and reads give any value.
                let punned = matches!(pointee, Ty::Vector(..) | Ty::Struct(_))
                    && !matches!(slot_ty, Ty::Vector(..) | Ty::Struct(_));
                if punned {
                    self.havoc_slot(&slot, at);
                    return LVal::Discard(pointee);
                }
                if matches!(offset, Expr::Int(0, _))
                    || self.size_of(&slot_ty) == self.size_of(&pointee)
                {
                    LVal::Slot(*slot)
                } else {
                    self.havoc_slot(&slot, at);
                    LVal::Discard(pointee)
                }
            }
            t => LVal::Mem {
                target: t,
                offset,
                ty: pointee,
                site: self.span_of(at),
            },
        }
    }
}

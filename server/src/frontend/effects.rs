//! Effects of code that is not lowered: unknown calls and what they may write; the closure and hazard scan over callees.

use crate::base::{HashMap, HashSet};
use std::rc::Rc;

use tree_sitter::Node;

use crate::frontend::builtins;
use crate::frontend::exprs::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::{Ctx, FnDef};
use crate::ir::{ArrayId, Lang, MemSpace, ScalarTy, StmtKind};

/// What code reaches syntactically, through the functions it calls (see
/// `Lowerer::closure_facts`).
#[derive(Default)]
pub(crate) struct ClosureFacts {
    /// A barrier or collective it may call.
    pub(crate) barrier: Option<String>,
    /// Module-scope arrays (not constant memory) it names.
    pub(crate) globals: Vec<String>,
    /// Whether it declares `__shared__`/`local` memory.
    pub(crate) shared_decl: bool,
    /// A function it calls that is neither defined nor a known builtin.
    pub(crate) unknown_call: Option<String>,
}

/// The pre-pass of the closure scans: function bodies by unqualified name
/// (`S::f` also as `f`), each definition once.
pub(crate) fn index_bodies<'t>(
    functions: &HashMap<String, Vec<FnDef<'t>>>,
) -> HashMap<String, Vec<(usize, Node<'t>)>> {
    let mut index: HashMap<String, Vec<(usize, Node<'t>)>> = HashMap::default();
    for (key, defs) in functions {
        let short = key.rsplit("::").next().unwrap_or(key).to_string();
        for d in defs.iter().filter(|d| d.has_body) {
            let entry = index.entry(short.clone()).or_default();
            if !entry.iter().any(|(u, n)| *u == d.unit && *n == d.node) {
                entry.push((d.unit, d.node));
            }
        }
    }
    index
}

/// Most syntax nodes the closure scan of one question walks; beyond, the
/// code is taken to do anything (a barrier included).
const SCAN_BUDGET: usize = 1_000_000;

/// What one function definition's own text reaches, not through the
/// functions it calls: the per-definition pass of the closure scans.
#[derive(Default)]
pub(crate) struct BodyFacts {
    /// The first barrier or collective it calls.
    barrier: Option<String>,
    /// Module-scope arrays (not constant memory) it names, in text order.
    globals: Vec<String>,
    /// Whether it declares `__shared__`/`local` memory.
    shared_decl: bool,
    /// Names it calls that have a definition with a body, in text order, once each.
    calls: Vec<String>,
    /// The first function it calls that is neither defined nor a known builtin.
    unknown_call: Option<String>,
    /// Syntax nodes of the definition.
    nodes: usize,
    /// The definition alone exceeds the scan budget.
    too_large: bool,
}

/// The own facts of the definition `node` of unit `u`, scanned once per
/// lowering of the file and kept in `cx.body_facts`.
fn body_facts<'t>(cx: &Ctx<'t>, u: usize, node: Node<'t>) -> Rc<BodyFacts> {
    let key = (u, node.start_byte());
    if let Some(known) = cx.body_facts.borrow().get(&key) {
        return known.clone();
    }
    let facts = Rc::new(scan_body(cx, u, node));
    cx.body_facts.borrow_mut().insert(key, facts.clone());
    facts
}

/// The own facts of the definition `node` of unit `u`.
fn scan_body<'t>(cx: &Ctx<'t>, u: usize, node: Node<'t>) -> BodyFacts {
    let mut facts = BodyFacts::default();
    let unit = &cx.units[u];
    let src = unit.text.as_str();
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        crate::base::interrupt::stop_if_polled();
        facts.nodes += 1;
        if facts.nodes >= SCAN_BUDGET {
            facts.too_large = true;
            break;
        }
        match node.kind() {
            "call_expression" => {
                if let Some(name) = node
                    .child_by_field_name("function")
                    .map(|f| callee_name(f, src))
                {
                    let kind = builtins::classify(&name);
                    if kind.is_some_and(builtins::BuiltinKind::synchronizes)
                        || (cx.types.has_cub() && is_temporary_method_call(node))
                    {
                        // A method of a temporary (`C(temp_storage).m(..)`)
                        // may be a cub collective, which contains a barrier.
                        facts.barrier.get_or_insert(name.clone());
                    }
                    if cx.bodies_by_name.contains_key(&name) {
                        if !facts.calls.contains(&name) {
                            facts.calls.push(name);
                        }
                    } else if kind.is_none() {
                        facts.unknown_call.get_or_insert(name);
                    }
                }
            }
            "identifier" => {
                let name = text(node, src);
                if let Some(g) = cx.globals.get(name) {
                    if g.space != MemSpace::Constant && !facts.globals.iter().any(|x| x == name) {
                        facts.globals.push(name.to_string());
                    }
                }
            }
            "declaration" => {
                facts.shared_decl |= crate::syntax::queries::declares_shared(
                    node,
                    src,
                    &unit.qualifiers,
                    cx.types.lang.unwrap_or(Lang::Cuda),
                );
            }
            _ => {}
        }
        let mut c = node.walk();
        stack.extend(node.children(&mut c));
    }
    facts
}

/// Whether the call `call` is a method call on a temporary object
/// (`C(args).m(..)`), the shape of a cub collective call.
fn is_temporary_method_call(call: Node) -> bool {
    call.child_by_field_name("function")
        .filter(|f| f.kind() == "field_expression")
        .and_then(|f| f.child_by_field_name("argument"))
        .is_some_and(|obj| strip_parens(obj).kind() == "call_expression")
}

/// The called name of a call's `function` node: the last name of a
/// qualified name, template or member access.
fn callee_name(function: Node, src: &str) -> String {
    let mut f = function;
    for _ in 0..16 {
        let next = match f.kind() {
            "qualified_identifier" | "template_function" => f.child_by_field_name("name"),
            "field_expression" => f.child_by_field_name("field"),
            _ => None,
        };
        match next {
            Some(x) => f = x,
            None => break,
        }
    }
    text(f, src).to_string()
}

impl<'c, 't> Lowerer<'c, 't> {
    /// What code we cannot see may do to an array it can reach: read and
    /// write one element at an unknown offset (any element, soundly).
    /// A read of `array` at an unknown offset by code the front end cannot see.
    pub(crate) fn read_unknown(&mut self, array: ArrayId, pointee: Ty, n: Node<'t>) {
        let st = match pointee {
            Ty::Scalar(s) => s,
            _ => ScalarTy::Int {
                bits: 8,
                signed: false,
            },
        };
        let off = self.havoc(ScalarTy::LONG, n);
        let dest = self.tmp(st, n);
        let access = self.access(array, off, st);
        self.push(StmtKind::Read { dest, access }, n);
    }

    pub(crate) fn touch_unknown(&mut self, array: ArrayId, pointee: Ty, n: Node<'t>) {
        let st = match pointee {
            Ty::Scalar(s) => s,
            _ => ScalarTy::Int {
                bits: 8,
                signed: false,
            },
        };
        let off = self.havoc(ScalarTy::LONG, n);
        let dest = self.tmp(st, n);
        let access = self.access(array, off, st);
        self.push(
            StmtKind::Read {
                dest,
                access: access.clone(),
            },
            n,
        );
        let value = self.havoc(st, n);
        self.push(StmtKind::Write { access, value }, n);
    }

    /// After a call the front end cannot see: every argument that is an
    /// object (local, array element, field, `*p`) and may be bound to a
    /// non-const reference (`flags`, or any without a declaration) gets an
    /// unknown value (a real write for memory).
    pub(crate) fn havoc_ref_args(&mut self, args: &[Node<'t>], flags: Option<&[bool]>) -> R<()> {
        if self.kernel.lang == crate::ir::Lang::OpenCl {
            return Ok(()); // OpenCL C has no references.
        }
        for (k, a) in args.iter().enumerate() {
            if !flags.is_none_or(|f| f.get(k).copied().unwrap_or(false)) {
                continue;
            }
            let inner = strip_parens(*a);
            if let (true, Some(Binding::Array { id, ty })) = (
                matches!(inner.kind(), "identifier" | "qualified_identifier"),
                self.lookup(self.txt(inner)).cloned(),
            ) {
                // An array decays to a pointer (handled with the pointer
                // arguments); a `__shared__` scalar or struct does not: bound
                // to a non-const reference, the callee may read and write any
                // of its bytes, like memory a pointer argument reaches.
                if !matches!(ty, Ty::Array(..)) {
                    self.touch_unknown(id, ty, inner);
                    self.note(
                        inner,
                        format!(
                            "`{}` may be passed by non-const reference to code the front end cannot see: it may be read and written",
                            self.txt(inner)
                        ),
                    );
                }
                continue;
            }
            let is_object = match inner.kind() {
                "identifier" | "qualified_identifier" => !matches!(
                    self.lookup(self.txt(inner)),
                    Some(Binding::Array { .. }) | Some(Binding::Value(Val::Group(_)))
                ),
                "field_expression" | "subscript_expression" => true,
                "pointer_expression" => inner
                    .child_by_field_name("operator")
                    .is_some_and(|o| self.txt(o) == "*"),
                _ => false,
            };
            if !is_object || self.is_builtin_object(inner) {
                continue;
            }
            if inner.kind() == "identifier" && self.lookup(self.txt(inner)).is_none() {
                // A module-scope object (arrays decay to pointers, handled
                // with the pointer arguments) or a name the front end does not know.
                if !self.cx.globals.contains_key(self.txt(inner)) {
                    continue;
                }
            }
            // A parameter bound to its value becomes a local in its own scope
            // (not only in the innermost one), so later uses see the havoc.
            let value_scope = match inner.kind() {
                "identifier" => {
                    let name = self.txt(inner);
                    self.scopes
                        .iter()
                        .rposition(|sc| sc.contains_key(name))
                        .filter(|k| {
                            matches!(
                                self.scopes.get(*k).and_then(|sc| sc.get(name)),
                                Some(Binding::Value(Val::Scalar(..) | Val::Agg(..)))
                            )
                        })
                }
                _ => None,
            };
            let lv = self.ref_arg(inner, Val::Void)?;
            if let Some(k) = value_scope {
                let name = self.txt(inner);
                let last = self.scopes.len().saturating_sub(1);
                if k < last {
                    if let Some(b) = self.scopes.get_mut(last).and_then(|sc| sc.remove(name)) {
                        if let Some(sc) = self.scopes.get_mut(k) {
                            sc.insert(name.to_string(), b);
                        }
                    }
                }
            }
            if matches!(lv, LVal::Slot(Slot::PtrConst { .. })) {
                // A pointer parameter the visible code never assigns: taken
                // to keep its array (unseen code that rebinds it is not modelled).
                continue;
            }
            self.havoc_lvalue(lv, inner)?;
            self.note(
                inner,
                format!(
                    "`{}` may be passed by non-const reference to code the front end cannot see: it gets an unknown value",
                    self.txt(inner)
                ),
            );
        }
        Ok(())
    }

    /// Whether `n` is a built-in launch variable or one of its components
    /// (`threadIdx.x`, `blockDim`), not shadowed by a local: CUDA declares
    /// them `const` (`extern const uint3 threadIdx;`), so no callee can bind
    /// them to a non-const reference and change them.
    fn is_builtin_object(&self, n: Node<'t>) -> bool {
        let root = match n.kind() {
            "field_expression" => n.child_by_field_name("argument"),
            "identifier" => Some(n),
            _ => None,
        };
        root.filter(|r| r.kind() == "identifier").is_some_and(|r| {
            let name = self.txt(r);
            matches!(
                name,
                "threadIdx" | "blockIdx" | "blockDim" | "gridDim" | "warpSize"
            ) && self.lookup(name).is_none()
                && !self.cx.globals.contains_key(name)
        })
    }

    /// Stores an unknown value into `lv` (what code we cannot see may do to it).
    pub(crate) fn havoc_lvalue(&mut self, lv: LVal, at: Node<'t>) -> R<()> {
        let ty = self.lval_type(&lv);
        let value = match &ty {
            Ty::Array(..) | Ty::Group(_) | Ty::Void => return Ok(()),
            Ty::Ptr(p) => {
                // Keep the memory space: another object of the same space.
                let cur = match &lv {
                    LVal::Slot(s) => Some(self.load_slot(s)),
                    _ => None,
                };
                let space = match cur {
                    Some(Val::Ptr { target, .. }) => match target {
                        Target::Choice(list, _) => {
                            list.first().and_then(|a| self.space_of(&Target::Array(*a)))
                        }
                        t => self.space_of(&t),
                    },
                    _ => None,
                };
                let target = Target::Array(self.alias_array(space.unwrap_or(MemSpace::Global), at));
                Val::Ptr {
                    target,
                    offset: self.havoc(ScalarTy::LONG, at),
                    pointee: (**p).clone(),
                }
            }
            t => self.havoc_val(t, at),
        };
        self.store(lv, value, at)
    }

    /// An unknown or not inlined member function may change its receiver.
    pub(crate) fn havoc_receiver(&mut self, recv: LVal, at: Node<'t>) -> R<()> {
        if matches!(self.lval_type(&recv), Ty::Struct(_)) {
            self.havoc_lvalue(recv, at)?;
        }
        Ok(())
    }

    /// What the function definitions `roots` reach syntactically, through the
    /// functions they call (by name): the union of the own facts of every
    /// definition reached, depth first in call order.
    pub(crate) fn closure_facts(&self, roots: Vec<(usize, Node<'t>)>) -> ClosureFacts {
        let cx = self.cx;
        let mut facts = ClosureFacts::default();
        let mut visited: HashSet<(usize, usize)> = HashSet::default();
        let mut stack: Vec<(usize, Node<'t>)> = roots.into_iter().rev().collect();
        let mut budget = SCAN_BUDGET;
        while let Some((u, node)) = stack.pop() {
            if !visited.insert((u, node.start_byte())) {
                continue;
            }
            let own = body_facts(cx, u, node);
            budget = budget.saturating_sub(own.nodes);
            if budget == 0 || own.too_large {
                // Too large to tell: assume the worst.
                facts
                    .barrier
                    .get_or_insert_with(|| "code too large to scan".into());
                break;
            }
            if facts.barrier.is_none() {
                facts.barrier.clone_from(&own.barrier);
            }
            for g in &own.globals {
                if !facts.globals.contains(g) {
                    facts.globals.push(g.clone());
                }
            }
            facts.shared_decl |= own.shared_decl;
            if facts.unknown_call.is_none() {
                facts.unknown_call.clone_from(&own.unknown_call);
            }
            let callees = own
                .calls
                .iter()
                .flat_map(|name| cx.bodies_by_name.get(name).into_iter().flatten());
            let callees: Vec<(usize, Node<'t>)> = callees.copied().collect();
            stack.extend(callees.into_iter().rev());
        }
        facts
    }

    /// Why a callee that is not inlined cannot be replaced by a havoc of its
    /// arguments: what it (transitively, syntactically) may do besides.
    pub(crate) fn callee_hazard(&mut self, def: &FnDef<'t>) -> Option<String> {
        let facts = self.closure_facts(vec![(def.unit, def.node)]);
        if let Some(b) = &facts.barrier {
            return Some(format!("it may synchronize (`{b}`)"));
        }
        if let Some(g) = facts.globals.first() {
            return Some(format!("it may access module-scope memory `{g}`"));
        }
        if facts.shared_decl {
            return Some("it declares `__shared__` memory".to_string());
        }
        let unknown = facts.unknown_call?;
        if self.device_module_arrays().is_empty() {
            return None;
        }
        Some(format!(
            "it calls unknown function `{unknown}`, which may access module-scope memory"
        ))
    }

    /// The module-scope arrays of `kernel_module_arrays` device code may write.
    pub(crate) fn device_module_arrays(&mut self) -> Vec<String> {
        let mut names = self.kernel_module_arrays();
        names.retain(|g| self.cx.globals.get(g).is_some_and(|g| g.device_writable));
        names
    }

    /// Module-scope arrays the kernel's code mentions (computed once).
    pub(crate) fn kernel_module_arrays(&mut self) -> Vec<String> {
        if let Some(v) = &self.module_arrays {
            return v.clone();
        }
        let roots = self.kernel_root.into_iter().collect();
        let mut names = self.closure_facts(roots).globals;
        names.sort();
        self.module_arrays = Some(names.clone());
        names
    }

    /// Code we cannot see may read and write any module-scope array the
    /// kernel's code mentions. Returns whether there was one.
    pub(crate) fn touch_module_arrays(&mut self, n: Node<'t>) -> R<bool> {
        let names = self.device_module_arrays();
        for name in &names {
            if let LVal::Mem {
                target: Target::Array(id),
                ty,
                ..
            } = self.global_lvalue(name, n)?
            {
                let mut elem = ty;
                while let Ty::Array(e, _) = elem {
                    elem = *e;
                }
                self.touch_unknown(id, elem, n);
            }
        }
        Ok(!names.is_empty())
    }

    /// Effects of a call the front end cannot see: the result is havocked and
    /// memory reachable from pointer arguments (also inside structs) may be read
    /// and written at any offset.
    ///
    /// Modelling assumption: the data a `const T *__restrict__` kernel
    /// parameter points to is not written while the kernel runs, so such
    /// a callee only reads it. C11 6.7.3.1p4: when an object accessed
    /// through a restrict pointer to const is modified by any means, the
    /// behaviour is undefined; CUDA relies on it to load such data through
    /// the read-only (non-coherent) cache. Only for callees without a body
    /// (a visible body is inlined and its writes checked) and only for
    /// the parameter's own array, not for plain `const T *` arguments
    /// (writes through a cast-away const are defined there).
    pub(crate) fn unknown_effects(&mut self, n: Node<'t>, what: &str, vals: Vec<Val>) -> R<Val> {
        let readonly = std::mem::take(&mut self.readonly_arrays);
        let touched = self.touch_reachable_except(n, vals, &readonly);
        self.readonly_arrays = readonly;
        let module = self.touch_module_arrays(n)?;
        // Every `extern __shared__` declaration, in any function of any
        // translation unit, names the block's one dynamic shared memory: a
        // callee defined elsewhere may read and write it without a pointer.
        let dynamic = self.dynamic_shared;
        if let Some(id) = dynamic {
            self.touch_unknown(id, Ty::Void, n);
        }
        let mut reaches = Vec::new();
        if touched {
            reaches.push("the memory its pointer arguments reach");
        }
        if module {
            reaches.push("the module-scope arrays the kernel uses");
        }
        if dynamic.is_some() {
            reaches.push("the block's dynamic shared memory");
        }
        let effect = match reaches.split_last() {
            None => "result havocked".to_string(),
            Some((last, [])) => format!("result havocked; it may read and write {last}"),
            Some((last, rest)) => format!(
                "result havocked; it may read and write {} and {last}",
                rest.join(", ")
            ),
        };
        self.note(n, format!("call to unknown {what}: {effect}"));
        Ok(Val::Scalar(self.havoc(ScalarTy::INT, n), ScalarTy::INT))
    }

    /// Havocs what code the front end cannot see may change through `vals`:
    /// arrays their pointers reach (read and written at any offset), locals
    /// they point to. Returns whether an array was touched.
    pub(crate) fn touch_reachable(&mut self, n: Node<'t>, vals: Vec<Val>) -> bool {
        self.touch_reachable_except(n, vals, &HashSet::default())
    }

    /// [`Self::touch_reachable`], where the arrays in `read_only` are read
    /// but not written.
    pub(crate) fn touch_reachable_except(
        &mut self,
        n: Node<'t>,
        vals: Vec<Val>,
        read_only: &HashSet<ArrayId>,
    ) -> bool {
        let mut touched = false;
        let mut stack = vals;
        while let Some(v) = stack.pop() {
            match v {
                Val::Ptr {
                    target: Target::Array(array),
                    pointee,
                    ..
                } => {
                    if read_only.contains(&array) {
                        self.read_unknown(array, pointee, n);
                    } else {
                        self.touch_unknown(array, pointee, n);
                    }
                    touched = true;
                }
                Val::Ptr {
                    target: Target::Local(slot),
                    ..
                } => self.havoc_slot(&slot, n),
                Val::Ptr {
                    target: Target::Locals,
                    ..
                } => self.havoc_addressed_locals(n),
                Val::Ptr {
                    target: Target::Choice(list, _),
                    pointee,
                    offset,
                } => {
                    stack.extend(list.into_iter().map(|a| Val::Ptr {
                        target: Target::Array(a),
                        offset: offset.clone(),
                        pointee: pointee.clone(),
                    }));
                }
                // Aggregates are bounded (`MAX_LEAVES`), so is this walk.
                Val::Agg(_, parts) => stack.extend(parts),
                _ => {}
            }
        }
        touched
    }
}

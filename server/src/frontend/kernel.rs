//! Lowering a kernel's signature: parameters, template arguments, arrays and dynamic shared memory.

use crate::base::HashMap;

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::FnDef;
use crate::ir::{
    ArrayDecl, ArrayId, Block, Expr, Lang, MemSpace, ParamDecl, ParamId, ScalarTy, Span, StmtKind,
};
use crate::syntax::parse::{qualifier_head_start, qualifiers_in, QualifierKind};

/// Most distinct type instantiations of one kernel template checked apart
/// (beyond, its type parameters stay opaque data).
const MAX_INSTANCES: usize = 8;

/// A type argument of an instantiation and its label (as written).
type Typed = (Ty, String);

/// Types of a host template's type parameters in one of its instantiations.
type Subst = HashMap<String, Typed>;

/// The context explicit template arguments are read in: the caller's
/// scopes and template type bindings.
type CallerContext<'a> = (&'a [HashMap<String, Binding>], &'a HashMap<String, Ty>);

pub(crate) fn space_key(s: MemSpace) -> u8 {
    match s {
        MemSpace::Shared => 0,
        MemSpace::Global => 1,
        MemSpace::Constant => 2,
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn alias_array(&mut self, space: MemSpace, at: Node) -> ArrayId {
        if let Some(&a) = self.alias_arrays.get(&space_key(space)) {
            return a;
        }
        let id = ArrayId(self.kernel.arrays.len() as u32);
        let name = match space {
            MemSpace::Shared => "<any shared array>",
            MemSpace::Global => "<any global array>",
            MemSpace::Constant => "<any constant array>",
        };
        self.kernel.arrays.push(ArrayDecl {
            name: name.into(),
            space,
            elem_size: 1,
            dims: Vec::new(),
            param: None,
            span: self.span(at),
            may_alias_all: true,
        });
        self.alias_arrays.insert(space_key(space), id);
        id
    }

    /// The target of a pointer whose provenance the front end lost (an
    /// integer cast to a pointer, a pointer an unknown function returns or
    /// that is read from memory it does not follow). In CUDA a generic
    /// address may point into global or shared memory (integer round trips
    /// and `cvta` conversions keep a shared address), so in a kernel that
    /// has shared memory it is any array of either space, chosen by an
    /// unknown selector; else any global array. (An OpenCL pointer's
    /// address space is part of its type: global.)
    pub(crate) fn unknown_target(&mut self, at: Node) -> Target {
        let has_shared = self.kernel.lang == Lang::Cuda
            && (self
                .kernel
                .arrays
                .iter()
                .any(|a| a.space == MemSpace::Shared)
                || self.cx.units[self.unit].text.contains("__shared__"));
        if !has_shared {
            return Target::Array(self.alias_array(MemSpace::Global, at));
        }
        self.shared_or_global(at)
    }

    /// The target of a pointer used where it may be unassigned: any array
    /// ([`Self::unknown_target`]), others unchanged. Reading an uninitialised
    /// pointer is undefined, but nothing then stops it from holding the
    /// address of an array the kernel accesses elsewhere; dropping the
    /// access, as through a null pointer (whose dereference faults), could
    /// hide that race.
    pub(crate) fn materialise_unset(&mut self, t: Target, at: Node) -> Target {
        if t == Target::Unset {
            self.unknown_target(at)
        } else {
            t
        }
    }

    /// Marks the pointers of a slot declared without an initializer as
    /// unassigned (`Target::Unset`) with an indeterminate offset. A pointer
    /// already on a selector (lowered again after a conflict) keeps it: the
    /// selector is havocked there, so it may be any of its arrays.
    pub(crate) fn unset_pointers(&mut self, slot: &Slot, at: Node) {
        match slot {
            Slot::Ptr { off, .. } => {
                self.push(StmtKind::Havoc { var: *off }, at);
                if !matches!(self.ptrs.targets.get(off), Some(Target::Choice(..))) {
                    self.ptrs.targets.insert(*off, Target::Unset);
                }
            }
            Slot::Agg(_, parts) => {
                for p in parts {
                    self.unset_pointers(p, at);
                }
            }
            _ => {}
        }
    }

    /// Any shared or any global array, chosen by an unknown selector.
    pub(crate) fn shared_or_global(&mut self, at: Node) -> Target {
        let global = self.alias_array(MemSpace::Global, at);
        let shared = self.alias_array(MemSpace::Shared, at);
        let sel = self.tmp(ScalarTy::UINT, at);
        self.push(StmtKind::Havoc { var: sel }, at);
        Target::Choice(vec![shared, global], sel)
    }

    pub(crate) fn space_of(&self, t: &Target) -> Option<MemSpace> {
        match t {
            Target::Array(a) => self.kernel.arrays.get(a.0 as usize).map(|d| d.space),
            _ => None,
        }
    }

    pub(crate) fn is_alias(&self, t: &Target) -> bool {
        matches!(t, Target::Array(a) if self.kernel.arrays.get(a.0 as usize).is_some_and(|d| d.may_alias_all))
    }

    /// Adds an array declaration for a memory object of type `ty`.
    pub fn add_array(
        &mut self,
        name: &str,
        space: MemSpace,
        ty: &Ty,
        param: Option<u32>,
        at: Node,
    ) -> ArrayId {
        let mut dims = Vec::new();
        let mut elem = ty.clone();
        let mut known = true;
        while let Ty::Array(e, n) = elem {
            match n {
                Some(n) => dims.push(n),
                None => known = false,
            }
            elem = *e;
        }
        if !known {
            dims.clear();
        }
        if matches!(
            ty,
            Ty::Scalar(_) | Ty::Vector(..) | Ty::Struct(_) | Ty::Ptr(_)
        ) && param.is_none()
        {
            dims.push(1);
        }
        let elem_size = if matches!(elem, Ty::Void) {
            1
        } else {
            self.size_of(&elem) as u32
        };
        let id = ArrayId(self.kernel.arrays.len() as u32);
        if param.is_some() && matches!(elem, Ty::Void | Ty::Scalar(ScalarTy::Int { bits: 8, .. })) {
            self.byte_view_arrays.insert(id);
        }
        self.kernel.arrays.push(ArrayDecl {
            name: name.to_string(),
            space,
            elem_size,
            dims,
            param,
            span: self.span(at),
            may_alias_all: false,
        });
        id
    }

    /// The array of the kernel's dynamic shared memory, which every `extern
    /// __shared__` declaration (`name`, of type `ty`) aliases: one array for
    /// all of them, its element size the common element size (else bytes).
    pub(crate) fn dynamic_shared_array(&mut self, name: &str, ty: &Ty, at: Node) -> ArrayId {
        let mut elem = ty;
        while let Ty::Array(e, _) = elem {
            elem = e;
        }
        let size = match elem {
            Ty::Void => 1,
            t => self.size_of(t).clamp(1, u32::MAX as u64) as u32,
        };
        if let Some(id) = self.dynamic_shared {
            if let Some(decl) = self.kernel.arrays.get_mut(id.0 as usize) {
                if decl.elem_size != size {
                    decl.elem_size = 1;
                }
                let names: Vec<&str> = decl.name.split('/').collect();
                if !names.contains(&name) {
                    decl.name = format!("{}/{name}", decl.name);
                }
            }
            return id;
        }
        let id = ArrayId(self.kernel.arrays.len() as u32);
        self.kernel.arrays.push(ArrayDecl {
            name: name.to_string(),
            space: MemSpace::Shared,
            elem_size: size,
            dims: Vec::new(),
            param: None,
            span: self.span(at),
            may_alias_all: false,
        });
        self.dynamic_shared = Some(id);
        id
    }

    /// Lowers the kernel `def`; returns the body.
    pub fn lower_kernel(&mut self, def: &FnDef<'t>) -> R<()> {
        let node = def.node;
        self.kernel_root = Some((def.unit, node));
        self.note_volatile();
        self.collect_assigned(node);
        self.scan_address_taken(node);
        let mut position = 0u32;
        if let Some(tpl) = def.template {
            self.kernel.template_params = self.template_param_names(tpl);
            self.bind_template_params(tpl, None, None)?;
            for name in self.kernel.template_params.clone() {
                if let Some(Binding::Value(Val::Scalar(e, st))) = self.lookup(&name) {
                    let v = (e.clone(), *st);
                    self.kernel_template_values.insert(name, v);
                }
            }
            self.opaque_type_params = !self.bind_instantiated_types(def, tpl);
            if self.opaque_type_params {
                let bound = std::mem::take(&mut self.bound_type_params);
                self.opaque_type_names = tpl
                    .named_children(&mut tpl.walk())
                    .filter(|p| p.kind().contains("type_parameter_declaration"))
                    .filter_map(|p| {
                        p.child_by_field_name("name").or_else(|| {
                            p.named_children(&mut p.walk())
                                .find(|c| c.kind() == "type_identifier")
                        })
                    })
                    .map(|n| self.txt(n).to_string())
                    .filter(|n| !bound.contains(n))
                    .collect();
            }
        }
        let Some(params) = def.params else {
            return self.unsup(node, "kernel without a parameter list");
        };
        let mut cursor = params.walk();
        let param_nodes: Vec<Node> = params.named_children(&mut cursor).collect();
        for p in param_nodes {
            if p.kind() == "comment" {
                continue;
            }
            if p.kind() == "variadic_parameter" {
                return self.unsup(p, "variadic kernel parameters");
            }
            let Some(tnode) = p.child_by_field_name("type") else {
                continue;
            };
            if let Some(name) = self.declarator_name(p) {
                if self.declare_accessor_param(&name, tnode, position, p)? {
                    position += 1;
                    continue;
                }
                let closure = (tnode.kind() == "type_identifier")
                    .then(|| self.closure_params.get(self.txt(tnode)).copied())
                    .flatten();
                if let Some(lambda) = closure {
                    let d = p.child_by_field_name("declarator");
                    if d.is_some_and(|d| d.kind() == "identifier") {
                        self.declare_closure_param(&name, lambda, position, p)?;
                        position += 1;
                        continue;
                    }
                    return self.unsup(
                        p,
                        "a lambda's closure type used as a pointer or reference parameter is not supported",
                    );
                }
            }
            let base = self.resolve_type(tnode);
            let info = self.cx.types.apply_declarator(
                base,
                p.child_by_field_name("declarator"),
                self.src(),
            );
            if self.cx.types.has_unknown_class_layout(&info.ty) {
                return self.unsup(
                    p,
                    "a parameter of a class whose layout depends on an array length that is not a known constant",
                );
            }
            if matches!(info.ty, Ty::Void) && info.name.is_none() {
                continue; // `(void)`
            }
            let name = info
                .name
                .map(|n| self.txt(n).to_string())
                .unwrap_or_else(|| format!("arg{position}"));
            let quals = qualifiers_in(
                &self.cx.units[self.unit].qualifiers,
                qualifier_head_start(p),
                p.end_byte(),
            );
            let space = if quals.iter().any(|q| q.kind == QualifierKind::Local) {
                MemSpace::Shared
            } else if quals.iter().any(|q| q.kind == QualifierKind::Constant) {
                MemSpace::Constant
            } else {
                MemSpace::Global
            };
            match info.ty.clone() {
                Ty::Ptr(pointee) | Ty::Array(pointee, _) => {
                    let id = self.add_array(&name, space, &pointee, Some(position), p);
                    if self.mentions_opaque_type(tnode).is_some() {
                        self.opaque_arrays.insert(id);
                    }
                    // Only data without pointers: through a pointer stored in
                    // the array a callee may still write what it targets.
                    if space == MemSpace::Global
                        && matches!(*pointee, Ty::Scalar(_) | Ty::Vector(..))
                        && const_restrict_pointer(p, self.src())
                    {
                        self.readonly_arrays.insert(id);
                    }
                    let _ = space;
                    let target = Target::Array(id);
                    if self.ptrs.assigned.contains(&name) {
                        let off = self.new_var(&format!("{name}.offset"), ScalarTy::LONG, p);
                        self.push(
                            StmtKind::Assign {
                                var: off,
                                value: int(0, ScalarTy::LONG),
                            },
                            p,
                        );
                        self.ptrs.names.insert(off, name.clone());
                        self.init_choice(off, &name, p);
                        self.set_target(off, &name, target, p)?;
                        self.bind(
                            &name,
                            Binding::Slot(Slot::Ptr {
                                off,
                                pointee: *pointee,
                                name: name.clone(),
                            }),
                        );
                    } else {
                        self.bind(
                            &name,
                            Binding::Slot(Slot::PtrConst {
                                target,
                                pointee: *pointee,
                            }),
                        );
                    }
                }
                ty => {
                    let val = self.param_val(&name, &ty, position, 0, p);
                    if self.ptrs.assigned.contains(&name) {
                        // A scalar parameter the kernel modifies becomes a local.
                        let slot = self.make_slot(&ty, &name, p);
                        self.store(LVal::Slot(slot.clone()), val, p)?;
                        self.bind(&name, Binding::Slot(slot));
                    } else {
                        self.bind(&name, Binding::Value(val));
                    }
                }
            }
            position += 1;
        }
        self.next_param_extra = position;
        self.merge_field_pointers(node);
        let Some(body) = node.child_by_field_name("body") else {
            return self.unsup(node, "kernel without a body");
        };
        self.compound_into(body)?;
        if let Some((span, tag)) = self.destroyed_object.take() {
            return Err(Unsup {
                reason: format!("an object of class `{tag}`, whose destructor has statements (destructors are not run at the end of an object's lifetime)"),
                span,
            });
        }
        Ok(())
    }

    /// Takes the statements lowered so far as the kernel body.
    pub fn finish(&mut self, braces: Span) {
        self.settle_accessor_layouts();
        let mut stmts = std::mem::take(&mut self.cur);
        crate::frontend::calls::named::prune_unissued_landings(
            &mut stmts,
            &self.asyncs.issue_flags(),
        );
        self.kernel.body = Block {
            stmts,
            braces: Some(braces),
        };
        // Applied to the whole body, the accesses' former arrays recorded:
        // a launch plan whose host code shows a pair apart undoes it (see
        // `Kernel::with_field_aliases_dropped`).
        let aliases = std::mem::take(&mut self.merged_field_arrays);
        self.kernel.merge_field_aliases(aliases);
        // `sizeof(T)` of an opaque type parameter is at least 1
        // ([expr.sizeof]p2: no object has size 0).
        let mut sizes: Vec<(String, crate::ir::Expr)> = self.opaque_sizes.drain().collect();
        sizes.sort_by(|a, b| a.0.cmp(&b.0));
        self.kernel.assume_at_entry(sizes.into_iter().map(|(_, e)| {
            bin(
                crate::ir::BinOp::Ge,
                e,
                int(1, ScalarTy::ULONG),
                ScalarTy::Bool,
            )
        }));
        self.mark_volatile_reads();
        let labels = self.kernel.next_stmt_id;
        crate::frontend::block_tickets::block_aggregated_tickets(&mut self.kernel);
        if self.kernel.next_stmt_id != labels {
            // The rewrite added accesses on the merged arrays, which no
            // record moves back: the merge stays for every launch.
            self.kernel.field_aliases.clear();
            self.kernel.field_origins.clear();
        }
    }

    /// A pointer in a by-value struct parameter (`w.p`) holds whatever the
    /// host stored there, which no launch argument shows: it may be the
    /// pointer passed as another parameter (`w.p = d; k<<<..>>>(w, d)`) or
    /// stored in another pointer field (`p.src = p.dst = d`, or one struct
    /// passed twice, `k<<<..>>>(p, p)`). Each such field is made one array
    /// with every plain global pointer parameter and every other such
    /// field (the rule for one host name passed to two parameters, see
    /// README), except a `const __restrict__` parameter, which its kernel
    /// promises no other pointer writes. Of the same element size, or when
    /// one is a view of bytes (a pointer to a character type or `void`,
    /// which may access any object's bytes, [basic.lval]p11: `s.bytes =
    /// (char *)f`) or to an opaque type parameter's data (any size): the
    /// accesses are byte ranges, so such views overlap where their bytes
    /// do. Other views of another element size (`double *` and `unsigned
    /// *`) would access an object through a type other than its own, which
    /// [basic.lval]p11 makes undefined. Recorded here, applied to the
    /// accesses in `finish`.
    fn merge_field_pointers(&mut self, at: Node) {
        let arrays = &self.kernel.arrays;
        let global_param = |a: &crate::ir::ArrayDecl| {
            a.param.is_some() && a.space == MemSpace::Global && !a.may_alias_all
        };
        let mut aliases = Vec::new();
        for (f, field) in arrays.iter().enumerate() {
            if !global_param(field) || !field.name.contains('.') {
                continue;
            }
            for (q, other) in arrays.iter().enumerate() {
                let other_field = other.name.contains('.');
                // Each pair of fields once (from its first).
                let any_size = |k: usize| {
                    let id = ArrayId(k as u32);
                    self.byte_view_arrays.contains(&id) || self.opaque_arrays.contains(&id)
                };
                if q == f
                    || !global_param(other)
                    || (other.elem_size != field.elem_size && !any_size(f) && !any_size(q))
                    || (other_field && q < f)
                    || self.readonly_arrays.contains(&ArrayId(q as u32))
                {
                    continue;
                }
                let what = if other_field {
                    "another pointer in a struct parameter"
                } else {
                    "a parameter"
                };
                aliases.push(crate::ir::FieldAlias {
                    field: ArrayId(f as u32),
                    other: ArrayId(q as u32),
                    note: format!(
                        "`{}` (a pointer in a struct parameter) may point where `{}` ({what}) does: they are taken as one array",
                        field.name, other.name
                    ),
                });
            }
        }
        for alias in &aliases {
            self.note(at, alias.note.clone());
        }
        self.merged_field_arrays = aliases;
    }

    pub(crate) fn param_val(
        &mut self,
        name: &str,
        ty: &Ty,
        position: u32,
        depth: usize,
        at: Node,
    ) -> Val {
        match ty {
            Ty::Ptr(pointee) => {
                // A pointer inside a by-value struct parameter: its own global
                // array, like a pointer parameter (no aliasing assumed).
                let id = self.add_array(name, MemSpace::Global, pointee, Some(position), at);
                Val::Ptr {
                    target: Target::Array(id),
                    offset: int(0, ScalarTy::LONG),
                    pointee: (**pointee).clone(),
                }
            }
            Ty::Scalar(s) => {
                let id = ParamId(self.kernel.params.len() as u32);
                self.kernel.params.push(ParamDecl {
                    name: name.to_string(),
                    ty: *s,
                    position,
                });
                Val::Scalar(Expr::Param(id), *s)
            }
            Ty::Vector(..) | Ty::Struct(_)
                if depth < 8 && self.cx.types.leaf_count(ty, 0) <= MAX_PARAM_LEAVES =>
            {
                let parts = self.cx.types.parts(ty);
                let names = self.part_names(ty);
                let vals = parts
                    .iter()
                    .zip(names)
                    .map(|((_, t), n)| {
                        self.param_val(&format!("{name}.{n}"), t, position, depth + 1, at)
                    })
                    .collect();
                Val::Agg(ty.clone(), vals)
            }
            Ty::Group(g) => Val::Group(*g),
            _ => {
                let id = ParamId(self.kernel.params.len() as u32);
                self.kernel.params.push(ParamDecl {
                    name: name.to_string(),
                    ty: ScalarTy::LONG,
                    position,
                });
                Val::Scalar(Expr::Param(id), ScalarTy::LONG)
            }
        }
    }

    /// The names of the parameters of a template parameter list, in order.
    fn template_param_names(&self, tpl: Node<'t>) -> Vec<String> {
        let mut cursor = tpl.walk();
        let params: Vec<Node> = tpl.named_children(&mut cursor).collect();
        params
            .into_iter()
            .filter(|p| p.kind() != "comment")
            .map(|p| {
                p.child_by_field_name("name")
                    .or_else(|| {
                        p.child_by_field_name("declarator").map(|mut d| {
                            while let Some(inner) = d.child_by_field_name("declarator") {
                                d = inner;
                            }
                            d
                        })
                    })
                    .or_else(|| {
                        p.named_children(&mut p.walk())
                            .find(|c| c.kind() == "type_identifier")
                    })
                    .map_or_else(String::new, |n| self.txt(n).to_string())
            })
            .collect()
    }

    /// Binds the type parameters of the kernel template `def` (parameter list
    /// `tpl`) from the program's instantiations: the template arguments of
    /// each `k<..>` (launches, explicit instantiations, `cudaLaunchKernel(k<..>,
    /// ..)`), with those of a mention in a host function template's body
    /// substituted per instantiation of that template (see
    /// `host_instantiations`). A parameter every instantiation gives one
    /// same type is bound to it. When the others take several distinct
    /// known types, `instances` gets one label per distinct tuple (at most
    /// [`MAX_INSTANCES`]) and the caller lowers the kernel once per tuple,
    /// `instance` naming the one to bind ([temp.inst]: each is a function
    /// of its own). Only when the units hold the whole translation unit
    /// (`main_is_tu`: a `.cu` file on its own, or a file checked within a
    /// whole includer unit; a header alone may be instantiated by files not
    /// seen), every mention of the kernel names its arguments or is the
    /// kernel of a launch whose arguments deduce the ones not written (see
    /// `deduce`), and each argument is a type the front end knows.
    /// Otherwise the parameter stays opaque 4-byte data. Returns whether
    /// every type parameter got a type (true without any).
    fn bind_instantiated_types(&mut self, def: &FnDef<'t>, tpl: Node<'t>) -> bool {
        let params: Vec<Node<'t>> = tpl
            .named_children(&mut tpl.walk())
            .filter(|p| p.kind() != "comment")
            .collect();
        let type_params: Vec<(usize, String)> = params
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                matches!(
                    p.kind(),
                    "type_parameter_declaration" | "optional_type_parameter_declaration"
                )
            })
            .filter_map(|(k, p)| {
                let name = p.child_by_field_name("name").or_else(|| {
                    p.named_children(&mut p.walk())
                        .find(|c| c.kind() == "type_identifier")
                })?;
                Some((k, self.txt(name).to_string()))
            })
            .collect();
        if type_params.is_empty() {
            return true;
        }
        // The instantiations of this translation unit are all in its units
        // (a kernel defined in an included header is instantiated by the
        // launches of the including file; another file's instantiations are
        // checked with that file). A header checked on its own sees none;
        // checked within a whole includer unit, it sees that unit's (each
        // includer chain is checked apart, see `lower_parsed_incremental`).
        if !self.cx.main_is_tu {
            return false;
        }
        // Each instantiation's explicit template arguments, as (unit,
        // mention, arguments, launch arguments): the launch's argument list
        // when the mention is the kernel of a launch (`k<<<..>>>(..)`,
        // `k<A><<<..>>>(..)`), from which the arguments not written are
        // deduced ([temp.deduct.call], see `deduce`). Any other mention (a
        // pointer to the kernel, `cudaLaunchKernel((void *)k, ..)`) names
        // no arguments: nothing is bound.
        type Mention<'t> = (usize, Node<'t>, Vec<Node<'t>>, Option<Node<'t>>);
        let launch_args = |callee: Node<'t>| -> Option<Node<'t>> {
            let call = callee.parent()?;
            (call.kind() == "call_expression"
                && call.child_by_field_name("function") == Some(callee)
                && call
                    .named_children(&mut call.walk())
                    .any(|c| c.kind() == "kernel_call_syntax"))
            .then(|| call.child_by_field_name("arguments"))
            .flatten()
        };
        let mut lists: Vec<Mention<'t>> = Vec::new();
        for (u, unit) in self.cx.units.iter().enumerate() {
            let src = unit.text.as_str();
            let mut stack = vec![unit.tree.root_node()];
            while let Some(n) = stack.pop() {
                if n.kind() == "identifier" && text(n, src) == def.name {
                    let parent = n.parent();
                    match parent.map(|p| p.kind()) {
                        Some("template_function") => {
                            let args = parent
                                .and_then(|p| p.child_by_field_name("arguments"))
                                .map(|a| {
                                    a.named_children(&mut a.walk())
                                        .filter(|c| c.kind() != "comment")
                                        .collect()
                                })
                                .unwrap_or_default();
                            if let Some(mention) = parent {
                                lists.push((u, mention, args, launch_args(mention)));
                            }
                        }
                        Some("call_expression") => match launch_args(n) {
                            Some(call_args) => lists.push((u, n, Vec::new(), Some(call_args))),
                            None => return false,
                        },
                        // The template's own declarations.
                        Some("function_declarator") => {}
                        _ => return false,
                    }
                }
                stack.extend(n.named_children(&mut n.walk()));
            }
        }
        if lists.is_empty() {
            return false;
        }
        // A parameter pack shifts the explicit arguments and takes any
        // number of deduced ones: not followed.
        if params
            .iter()
            .any(|p| p.kind() == "variadic_type_parameter_declaration")
            && lists.iter().any(|l| l.3.is_some())
        {
            return false;
        }
        // A mention inside a host function template (`template <class T>
        // void run() { k<T><<<..>>>(..); }`) instantiates the kernel once
        // per instantiation of that template: one entry per substitution
        // of the host template's type parameters (see
        // `host_instantiations`), or one with none, where an argument
        // naming a host parameter stays unknown.
        let mut expanded: Vec<(usize, Subst)> = Vec::new();
        for (li, (u, mention, _, _)) in lists.iter().enumerate() {
            match self.host_instantiations(*u, *mention) {
                Some(substs) => expanded.extend(substs.into_iter().map(|s| (li, s))),
                None => expanded.push((li, Subst::default())),
            }
        }
        // Parameters the instantiations give different types: per
        // instantiation (mention), its type, and its label (the argument
        // as written, else the deduced type's name).
        let covering: Vec<usize> = type_params.iter().map(|(k, _)| *k).collect();
        let mut varying: Vec<(String, Vec<Option<Typed>>)> = Vec::new();
        let mut closure_varies = false;
        for (k, name) in type_params {
            // Each lambda expression has a type of its own
            // ([expr.prim.lambda.closure]/1): the parameter is one closure
            // type only when every mention deduces it from one same lambda.
            let closures: Vec<Option<(usize, Node<'t>)>> = lists
                .iter()
                .map(|(u, _, args, call_args)| {
                    let c = call_args.filter(|_| args.get(k).is_none())?;
                    self.deduce_closure(def, &name, *u, c)
                })
                .collect();
            if let Some(Some((u, lam))) = closures.first() {
                if closures.iter().all(|c| *c == Some((*u, *lam))) {
                    self.bound_type_params.insert(name.clone());
                    self.closure_params
                        .insert(name, (*u, lam.start_byte(), lam.end_byte()));
                    continue;
                }
            }
            closure_varies |= closures.iter().any(Option::is_some);
            let mut found: Vec<Option<(Ty, String)>> = Vec::new();
            for (li, subst) in &expanded {
                let (u, mention, args, call_args) = &lists[*li];
                let src = self.cx.units[*u].text.as_str();
                let substituted = args
                    .get(k)
                    .filter(|a| a.kind() == "type_descriptor")
                    .and_then(|a| subst.get(text(*a, src).trim()));
                let ty = match args.get(k) {
                    Some(_) if substituted.is_some() => substituted.cloned(),
                    Some(arg) => Some(*arg)
                        .filter(|a| a.kind() == "type_descriptor")
                        .filter(|a| !names_local_type(*a, *mention, src))
                        .filter(|a| {
                            a.child_by_field_name("type")
                                .is_some_and(|t| self.cx.types.knows_type(t, src))
                        })
                        .map(|a| {
                            let ty = self.cx.types.type_descriptor(
                                a,
                                src,
                                &crate::base::HashMap::default(),
                            );
                            let label = text(a, src).split_whitespace().collect::<Vec<_>>();
                            (ty, label.join(" "))
                        }),
                    None => call_args
                        .and_then(|c| self.deduce_from_launch(def, &name, *u, c))
                        .map(|t| {
                            let label = self.type_label(&t);
                            (t, label)
                        }),
                };
                found.push(ty);
            }
            match found.first() {
                Some(Some((t, _))) if found.iter().all(|f| f.as_ref().map(|f| &f.0) == Some(t)) => {
                    self.bound_type_params.insert(name.clone());
                    self.type_overrides.insert(name, t.clone());
                }
                _ => varying.push((name, found)),
            }
        }
        if varying.is_empty() {
            return true;
        }
        // Each instantiation is a function of its own ([temp.inst]): when
        // every mention gives every remaining parameter a known type, the
        // kernel is lowered (and checked) once per distinct tuple of those
        // types, which covers every instantiation the units perform (the
        // mentions are all of them: see above). The caller lowers again
        // with `instance` set; this lowering stays opaque.
        let resolved = !closure_varies
            && varying
                .iter()
                .all(|(_, found)| found.iter().all(Option::is_some));
        if resolved {
            let mut tuples: Vec<Vec<(Ty, String)>> = Vec::new();
            // Which tuple each entry of `expanded` instantiates.
            let mut tuple_of = vec![0; expanded.len()];
            // In source order of the mentions (units in order), so that the
            // reports' order reads as the program's.
            let mut order: Vec<usize> = (0..expanded.len()).collect();
            order.sort_by_key(|&m| {
                let (u, mention, _, _) = &lists[expanded[m].0];
                (*u, mention.start_byte())
            });
            for m in order {
                let tuple: Vec<(Ty, String)> = varying
                    .iter()
                    .filter_map(|(_, found)| found.get(m).cloned().flatten())
                    .collect();
                let same = |t: &Vec<(Ty, String)>| {
                    t.len() == tuple.len() && t.iter().zip(&tuple).all(|(a, b)| a.0 == b.0)
                };
                tuple_of[m] = match tuples.iter().position(same) {
                    Some(t) => t,
                    None => {
                        tuples.push(tuple);
                        tuples.len() - 1
                    }
                };
            }
            if tuples.len() <= MAX_INSTANCES {
                if let Some(tuple) = self.instance.and_then(|i| tuples.get(i)) {
                    for ((name, _), (ty, _)) in varying.iter().zip(tuple) {
                        self.bound_type_params.insert(name.clone());
                        self.type_overrides.insert(name.clone(), ty.clone());
                    }
                    return true;
                }
                // The written template arguments of launches that run only
                // other instantiations: a text every mention of which writes
                // every type parameter (none deduced) and instantiates a
                // tuple other than this one. A text also written at a
                // mention of this tuple (a name of different types in
                // different scopes: `k<R>`) or at one that leaves a type
                // parameter to deduction stays with every instantiation.
                let mut by_text: Vec<(String, bool, Vec<usize>)> = Vec::new();
                for (m, (li, _)) in expanded.iter().enumerate() {
                    let (u, mention, args, _) = &lists[*li];
                    let Some(written) = mention
                        .child_by_field_name("arguments")
                        .filter(|_| mention.kind() == "template_function")
                    else {
                        continue;
                    };
                    let written = text(written, self.cx.units[*u].text.as_str());
                    let written = written
                        .strip_prefix('<')
                        .and_then(|w| w.strip_suffix('>'))
                        .unwrap_or(written)
                        .split_whitespace()
                        .collect::<Vec<_>>()
                        .join(" ");
                    let covers = covering.iter().all(|k| args.get(*k).is_some());
                    match by_text.iter_mut().find(|e| e.0 == written) {
                        Some(e) => {
                            e.1 &= covers;
                            e.2.push(tuple_of[m]);
                        }
                        None => by_text.push((written, covers, vec![tuple_of[m]])),
                    }
                }
                self.instances = tuples
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        let label = t
                            .iter()
                            .map(|(_, label)| label.as_str())
                            .collect::<Vec<_>>()
                            .join(", ");
                        let foreign = by_text
                            .iter()
                            .filter(|(_, covers, ts)| *covers && !ts.contains(&i))
                            .map(|(w, _, _)| w.clone())
                            .collect();
                        (label, foreign)
                    })
                    .collect();
                return false;
            }
            self.note(
                tpl,
                format!(
                    "the template is instantiated with {} distinct type arguments, more than the \
                     {MAX_INSTANCES} checked apart; its type parameters are modelled as opaque \
                     4-byte data",
                    tuples.len()
                ),
            );
            return false;
        }
        for (name, found) in &varying {
            let known: Vec<&Ty> = found.iter().flatten().map(|f| &f.0).collect();
            if known.windows(2).any(|w| w[0] != w[1]) {
                self.note(
                    tpl,
                    format!(
                        "template parameter `{name}` is instantiated with different types, not all \
                         known; it is modelled as opaque 4-byte data, not checked per instantiation"
                    ),
                );
            }
        }
        false
    }

    /// The instantiations of the host function template whose body holds
    /// the kernel mention `mention` (of unit `u`), as substitutions of its
    /// type parameters: one per mention of the host template's name in the
    /// units, each naming every type parameter's argument explicitly as a
    /// type the front end knows. None when the mention is not directly in a
    /// function template's body (a lambda, a class or another template in
    /// between may declare names of their own), or when some mention of
    /// the host template's name is not such an instantiation (a call that
    /// deduces, an argument that is itself a template parameter): then the
    /// kernel's arguments naming its parameters stay unknown. The host
    /// template is instantiated only where its name is mentioned, and the
    /// units hold the whole translation unit (`main_is_tu`); a mention of
    /// an overload of the same name only adds substitutions to check.
    fn host_instantiations(&self, u: usize, mention: Node<'t>) -> Option<Vec<Subst>> {
        let src = self.cx.units[u].text.as_str();
        let mut up = mention.parent();
        let def = loop {
            let n = up?;
            match n.kind() {
                "function_definition" => break n,
                "lambda_expression"
                | "template_declaration"
                | "class_specifier"
                | "struct_specifier"
                | "union_specifier" => return None,
                _ => up = n.parent(),
            }
        };
        let tpl = def
            .parent()
            .filter(|p| p.kind() == "template_declaration")?;
        let params = tpl.child_by_field_name("parameters")?;
        let host_params: Vec<Node> = params
            .named_children(&mut params.walk())
            .filter(|p| p.kind() != "comment")
            .collect();
        if host_params.iter().any(|p| p.kind().starts_with("variadic")) {
            return None;
        }
        let type_params: Vec<(usize, String)> = host_params
            .iter()
            .enumerate()
            .filter(|(_, p)| {
                matches!(
                    p.kind(),
                    "type_parameter_declaration" | "optional_type_parameter_declaration"
                )
            })
            .filter_map(|(k, p)| {
                let name = p
                    .named_children(&mut p.walk())
                    .find(|c| c.kind() == "type_identifier")?;
                Some((k, text(name, src).to_string()))
            })
            .collect();
        if type_params.is_empty() {
            return None;
        }
        let host = super::function_name(def, src)?;
        let mut substs: Vec<((usize, usize), Subst)> = Vec::new();
        for (v, unit) in self.cx.units.iter().enumerate() {
            let vsrc = unit.text.as_str();
            let mut stack = vec![unit.tree.root_node()];
            while let Some(n) = stack.pop() {
                stack.extend(n.named_children(&mut n.walk()));
                if !matches!(n.kind(), "identifier" | "field_identifier") || text(n, vsrc) != host {
                    continue;
                }
                let parent = n.parent()?;
                match parent.kind() {
                    // The template's own declarations and definitions.
                    "function_declarator" => continue,
                    // `h<A>` with every type argument written names that
                    // one instantiation whatever its context (a call, an
                    // explicit instantiation, its address). A member
                    // mention (`s.h<A>(..)`, `this->h(..)`: a
                    // `field_identifier`) is not followed, nor any other.
                    "template_function" if n.kind() == "identifier" => {}
                    _ => return None,
                }
                let args = parent.child_by_field_name("arguments")?;
                let args: Vec<Node> = args
                    .named_children(&mut args.walk())
                    .filter(|c| c.kind() != "comment")
                    .collect();
                let mut subst = HashMap::default();
                for (k, name) in &type_params {
                    let a = args
                        .get(*k)
                        .copied()
                        .filter(|a| a.kind() == "type_descriptor")
                        .filter(|a| !names_local_type(*a, parent, vsrc))
                        .filter(|a| {
                            a.child_by_field_name("type")
                                .is_some_and(|t| self.cx.types.knows_type(t, vsrc))
                        })?;
                    let ty = self.cx.types.type_descriptor(a, vsrc, &HashMap::default());
                    let label = text(a, vsrc).split_whitespace().collect::<Vec<_>>();
                    subst.insert(name.clone(), (ty, label.join(" ")));
                }
                substs.push(((v, parent.start_byte()), subst));
            }
        }
        // In source order (the sort is stable for one mention's entries).
        substs.sort_by_key(|(at, _)| *at);
        (!substs.is_empty()).then(|| substs.into_iter().map(|(_, s)| s).collect())
    }

    /// A C spelling of `ty` for naming an instantiation.
    fn type_label(&self, ty: &Ty) -> String {
        let scalar = |s: &ScalarTy| match s {
            ScalarTy::Bool => "bool".to_string(),
            ScalarTy::Int { bits, signed } => {
                let base = match bits {
                    8 => "char",
                    16 => "short",
                    64 => "long long",
                    _ => "int",
                };
                if *signed {
                    base.to_string()
                } else {
                    format!("unsigned {base}")
                }
            }
            ScalarTy::Float { bits: 16 } => "half".to_string(),
            ScalarTy::Float { bits: 64 } => "double".to_string(),
            ScalarTy::Float { .. } => "float".to_string(),
        };
        match ty {
            Ty::Void => "void".into(),
            Ty::Scalar(s) => scalar(s),
            Ty::Vector(s, n) => format!("{}{n}", scalar(s).replace("unsigned ", "u")),
            Ty::Struct(i) => self
                .cx
                .types
                .structs
                .get(*i)
                .map_or_else(|| "struct".to_string(), |d| d.name.clone()),
            Ty::Ptr(t) => format!("{} *", self.type_label(t)),
            Ty::Array(t, n) => match n {
                Some(n) => format!("{}[{n}]", self.type_label(t)),
                None => format!("{}[]", self.type_label(t)),
            },
            Ty::Group(_) => "group".into(),
        }
    }

    /// Binds template parameters: value parameters become uniform symbolic parameters
    /// (or the explicit argument), type parameters opaque 4-byte data (or the explicit type).
    /// Explicit value arguments are expressions of the caller: they are read
    /// in `caller_scopes` (a template argument names the caller's locals and
    /// template parameters, never the callee's members).
    pub(crate) fn bind_template_params(
        &mut self,
        tpl: Node<'t>,
        args: Option<Node<'t>>,
        caller_scopes: Option<&[HashMap<String, Binding>]>,
    ) -> R<()> {
        let mut cursor = tpl.walk();
        let params: Vec<Node> = tpl.named_children(&mut cursor).collect();
        // Every explicit argument is read in the caller's context
        // ([temp.arg]): its names and its types, before any of the callee's
        // parameters (which may share a name with the caller's) is bound.
        let caller_overrides = caller_scopes.map(|_| self.type_overrides.clone());
        let caller = caller_scopes.zip(caller_overrides.as_ref());
        let arg_nodes: Vec<Node> = match args {
            Some(a) => {
                let mut c = a.walk();
                a.named_children(&mut c).collect()
            }
            None => Vec::new(),
        };
        for (k, p) in params.iter().enumerate() {
            let arg = arg_nodes.get(k).copied();
            match p.kind() {
                "type_parameter_declaration"
                | "optional_type_parameter_declaration"
                | "variadic_type_parameter_declaration" => {
                    let name = p
                        .child_by_field_name("name")
                        .or_else(|| {
                            p.named_children(&mut p.walk())
                                .find(|c| c.kind() == "type_identifier")
                        })
                        .map(|n| self.txt(n).to_string());
                    let ty = match arg {
                        Some(a) if a.kind() == "type_descriptor" => self.cx.types.type_descriptor(
                            a,
                            self.src(),
                            caller_overrides.as_ref().unwrap_or(&self.type_overrides),
                        ),
                        _ => p
                            .child_by_field_name("default_type")
                            .map(|d| self.resolve_type(d))
                            .unwrap_or(Ty::Scalar(ScalarTy::INT)),
                    };
                    // `f<int &>(..)`: `T` is a reference type in the body
                    // (`T x = s[i];` binds); a type not given (deduced from a
                    // by-value parameter, or opaque) is none.
                    let kind = match arg {
                        Some(a) if a.kind() == "type_descriptor" => {
                            if crate::frontend::ref_types::declares_reference(
                                a.child_by_field_name("declarator"),
                            ) {
                                Ok(true)
                            } else {
                                a.child_by_field_name("type")
                                    .map_or(Ok(false), |t| self.names_reference(t))
                            }
                        }
                        _ => p
                            .child_by_field_name("default_type")
                            .map_or(Ok(false), |d| self.names_reference(d)),
                    };
                    if let Some(name) = name {
                        self.mark_reference_type(&name, kind);
                        self.type_overrides.insert(name, ty);
                    }
                }
                "parameter_declaration" | "optional_parameter_declaration" => {
                    let base = p
                        .child_by_field_name("type")
                        .map(|t| self.resolve_type(t))
                        .unwrap_or(Ty::Scalar(ScalarTy::INT));
                    let info = self.cx.types.apply_declarator(
                        base,
                        p.child_by_field_name("declarator"),
                        self.src(),
                    );
                    let Some(name_node) = info.name else { continue };
                    let name = self.txt(name_node).to_string();
                    let st = match info.ty {
                        Ty::Scalar(s) => s,
                        _ => ScalarTy::INT,
                    };
                    // `f<N>(..)` with `N` a name: the parser cannot tell a
                    // value from a type and gives a type descriptor.
                    let named = match arg {
                        Some(a) if a.kind() == "type_descriptor" => {
                            Some(self.in_caller_scopes(caller, |s| s.template_value_arg(a))?)
                        }
                        _ => None,
                    };
                    let val = match (arg, named) {
                        (_, Some(Some(v))) => self.scalar(v, name_node)?.0,
                        (Some(a), None) => {
                            let v = self.in_caller_scopes(caller, |s| s.rvalue(a))?;
                            self.scalar(v, a)?.0
                        }
                        _ => {
                            // An inlined function template's parameter with
                            // no explicit argument (deduced, or defaulted) is
                            // its own unknown constant: named with a dot, as
                            // a launch binds template parameters by name and
                            // the kernel's own `N` is another parameter.
                            let pname = if caller_scopes.is_some() {
                                format!("<deduced>.{name}")
                            } else {
                                name.clone()
                            };
                            let id = ParamId(self.kernel.params.len() as u32);
                            self.kernel.params.push(ParamDecl {
                                name: pname,
                                ty: st,
                                position: u32::MAX,
                            });
                            Expr::Param(id)
                        }
                    };
                    self.bind(&name, Binding::Value(Val::Scalar(val, st)));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Runs `f` with the caller's names and template type bindings in
    /// scope (when given), then restores the current ones.
    fn in_caller_scopes<T>(
        &mut self,
        caller: Option<CallerContext<'_>>,
        f: impl FnOnce(&mut Self) -> R<T>,
    ) -> R<T> {
        let Some((scopes, overrides)) = caller else {
            return f(self);
        };
        let own = std::mem::replace(&mut self.scopes, scopes.to_vec());
        let own_overrides = std::mem::replace(&mut self.type_overrides, overrides.clone());
        let r = f(self);
        self.scopes = own;
        self.type_overrides = own_overrides;
        r
    }

    /// The value of a template argument the parser read as a type descriptor
    /// (`f<op>(..)`, `f<Kind::A>(..)`): a local or parameter of that name, an
    /// enumerator or constant; `None` when it names nothing known (the
    /// argument is then an unknown compile-time constant, the same in every
    /// thread).
    pub(crate) fn template_value_arg(&mut self, a: Node<'t>) -> R<Option<Val>> {
        if a.child_by_field_name("declarator").is_some() {
            return Ok(None);
        }
        let Some(t) = a.child_by_field_name("type") else {
            return Ok(None);
        };
        let name = match t.kind() {
            "type_identifier" => self.txt(t),
            "qualified_identifier" => {
                let mut inner = t;
                while let Some(x) = inner.child_by_field_name("name") {
                    inner = x;
                    if inner.kind() != "qualified_identifier" {
                        break;
                    }
                }
                self.txt(inner)
            }
            _ => return Ok(None),
        };
        if t.kind() == "type_identifier" {
            match self.lookup(name).cloned() {
                Some(Binding::Value(v)) => return Ok(Some(v)),
                Some(Binding::Slot(s)) => return Ok(Some(self.load(LVal::Slot(s), a)?)),
                _ => {}
            }
        }
        Ok(self
            .cx
            .types
            .consts
            .get(name)
            .map(|&(v, ty)| Val::Scalar(int(v, ty), ty)))
    }

    /// Names assigned anywhere in the function (pointer parameters that are never
    /// assigned keep offset 0 without a local).
    pub(crate) fn collect_assigned(&mut self, n: Node) {
        let mut stack = vec![n];
        let src = self.src();
        while let Some(n) = stack.pop() {
            // A whole-kernel scan: the front end's deadline may stop it.
            crate::base::interrupt::stop_if_polled();
            match n.kind() {
                "assignment_expression" => {
                    if let Some(l) = n.child_by_field_name("left") {
                        self.ptrs.assigned.insert(text(l, src).trim().to_string());
                    }
                }
                "update_expression" => {
                    if let Some(a) = n.child_by_field_name("argument") {
                        self.ptrs.assigned.insert(text(a, src).trim().to_string());
                    }
                }
                "pointer_expression"
                    if n.child_by_field_name("operator")
                        .is_some_and(|o| text(o, src) == "&") =>
                {
                    if let Some(a) = n.child_by_field_name("argument") {
                        self.ptrs.assigned.insert(text(a, src).trim().to_string());
                    }
                }
                _ => {}
            }
            if stack.len() < 100_000 {
                let mut c = n.walk();
                stack.extend(n.children(&mut c));
            }
        }
    }
}

/// Whether the parameter declaration `p` declares a pointer to const data
/// qualified `restrict` (`const T *__restrict__ p`, one level of pointer).
fn const_restrict_pointer(p: Node, src: &str) -> bool {
    let Some(d) = p.child_by_field_name("declarator") else {
        return false;
    };
    if d.kind() != "pointer_declarator"
        || d.child_by_field_name("declarator").map(|x| x.kind()) != Some("identifier")
    {
        return false;
    }
    let pointee_const = p
        .children(&mut p.walk())
        .any(|k| k.kind() == "type_qualifier" && text(k, src) == "const");
    let restrict = d.children(&mut d.walk()).any(|k| match k.kind() {
        "type_qualifier" => matches!(text(k, src), "restrict" | "__restrict__" | "__restrict"),
        "ms_pointer_modifier" => k
            .children(&mut k.walk())
            .any(|m| m.kind() == "ms_restrict_modifier"),
        _ => false,
    });
    pointee_const && restrict
}

/// Whether the type argument `arg` (of the template mention `at`) uses a
/// name that a scope around `at` may declare as a type: a template
/// parameter of an enclosing template, a typedef or alias in an enclosing
/// function's body or class. Such a name shadows a file-scope one, which
/// is all the type resolution without a scope sees.
fn names_local_type(arg: Node, at: Node, src: &str) -> bool {
    let mut names = Vec::new();
    let mut stack = vec![arg];
    while let Some(x) = stack.pop() {
        if x.kind() == "type_identifier" {
            names.push(text(x, src));
        }
        stack.extend(x.named_children(&mut x.walk()));
    }
    let declares = |scope: Node, nested: bool| -> bool {
        let mut stack: Vec<Node> = scope.named_children(&mut scope.walk()).collect();
        while let Some(x) = stack.pop() {
            let declared: Vec<Node> = match x.kind() {
                "type_definition" => x
                    .children_by_field_name("declarator", &mut x.walk())
                    .collect(),
                "alias_declaration" => x.child_by_field_name("name").into_iter().collect(),
                "type_parameter_declaration"
                | "optional_type_parameter_declaration"
                | "variadic_type_parameter_declaration" => x
                    .named_children(&mut x.walk())
                    .filter(|c| c.kind() == "type_identifier")
                    .collect(),
                _ => Vec::new(),
            };
            if declared.iter().any(|d| names.contains(&text(*d, src))) {
                return true;
            }
            if nested {
                stack.extend(x.named_children(&mut x.walk()));
            }
        }
        false
    };
    let mut cur = at.parent();
    while let Some(p) = cur {
        let local = match p.kind() {
            "template_declaration" => p
                .child_by_field_name("parameters")
                .is_some_and(|ps| declares(ps, false)),
            "function_definition" | "lambda_expression" => p
                .child_by_field_name("body")
                .is_some_and(|b| declares(b, true)),
            "field_declaration_list" => declares(p, false),
            _ => false,
        };
        if local {
            return true;
        }
        cur = p.parent();
    }
    false
}

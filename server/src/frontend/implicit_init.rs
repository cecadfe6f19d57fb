//! What a constructor does before its body without a call in the source
//! ([class.base.init]): the base classes and members its mem-initializer
//! list does not name are default-initialised (their user default
//! constructors run) or take their default member initializer (`int v =
//! f();`); also what `W w;`, `W a[4];` and a class's implicit default
//! constructor run. The code runs inlined like an explicit call.

use tree_sitter::Node;

use crate::base::HashMap;
use crate::frontend::arith::{conv, int};
use crate::frontend::inline::contains_kind;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::FnDef;
use crate::ir::ScalarTy;

/// Most elements of an array of a class whose construction runs code that
/// are constructed one by one (more: `unsupported`).
const MAX_CONSTRUCTED_ELEMENTS: u64 = 64;

/// Most nested default constructions (members of members ..) followed.
const MAX_IMPLICIT_DEPTH: usize = 16;

/// The tag without template arguments (`S` for `S<float, 4>`).
fn bare_tag(tag: &str) -> &str {
    tag.split('<').next().unwrap_or(tag).trim()
}

/// Whether an expression may access memory or call code when evaluated
/// (anything but arithmetic on names and literals).
fn may_access_memory(n: Node) -> bool {
    [
        "call_expression",
        "subscript_expression",
        "pointer_expression",
        "field_expression",
        "new_expression",
        "assignment_expression",
        "update_expression",
        "lambda_expression",
    ]
    .iter()
    .any(|k| contains_kind(Some(n), k))
}

impl<'c, 't> Lowerer<'c, 't> {
    /// The class specifier (its unit and node) that laid out struct `k`:
    /// a class template instance's definition, else the one definition of
    /// its tag that resolves to `k`. None when not found or not unique.
    pub(crate) fn class_definition(&mut self, k: usize) -> Option<(usize, Node<'t>)> {
        if let Some(i) = self.cx.class_instances.get(&k) {
            return Some((i.unit, i.spec));
        }
        if let Some(found) = self.class_definitions.get(&k) {
            return *found;
        }
        let tag = self.struct_name(k);
        let mut matches = Vec::new();
        for (u, unit) in self.cx.units.iter().enumerate() {
            let src = unit.text.as_str();
            if !src.contains(tag.as_str()) {
                continue;
            }
            let mut stack = vec![unit.tree.root_node()];
            let mut steps = 0usize;
            while let Some(x) = stack.pop() {
                steps += 1;
                if steps > 2_000_000 || matches.len() > 8 {
                    break;
                }
                if matches!(
                    x.kind(),
                    "struct_specifier" | "class_specifier" | "union_specifier"
                ) && x.child_by_field_name("body").is_some()
                    && x.child_by_field_name("name")
                        .is_some_and(|nm| text(nm, src) == tag)
                {
                    let ty =
                        self.cx.types.nested_class_ty(x, src).or_else(|| {
                            self.cx.types.struct_names.get(&tag).map(|k| Ty::Struct(*k))
                        });
                    if ty == Some(Ty::Struct(k)) {
                        matches.push((u, x));
                    }
                }
                // Function bodies hold local classes; expressions none.
                if !x.kind().ends_with("_expression") {
                    stack.extend(x.named_children(&mut x.walk()));
                }
            }
        }
        // A header read by several units defines the class once per unit
        // (one entity, [basic.def.odr]): the same text.
        let same_text = matches.windows(2).all(|w| {
            let (a, b) = (w[0], w[1]);
            text(a.1, &self.cx.units[a.0].text) == text(b.1, &self.cx.units[b.0].text)
        });
        let found = match matches.first() {
            Some(first) if same_text => Some(*first),
            _ => None,
        };
        self.class_definitions.insert(k, found);
        found
    }

    /// The class among `k` and its bases whose tag is `name` (template
    /// arguments aside).
    fn class_named(&self, k: usize, name: &str) -> Option<usize> {
        let mut stack = vec![k];
        let mut seen = Vec::new();
        while let Some(c) = stack.pop() {
            if seen.contains(&c) || seen.len() > 64 {
                continue;
            }
            seen.push(c);
            if bare_tag(&self.struct_name(c)) == bare_tag(name) {
                return Some(c);
            }
            if let Some(sd) = self.cx.types.structs.get(c) {
                stack.extend(sd.bases.iter().copied());
            }
        }
        None
    }

    /// The class (among the receiver's class `recv` and its bases) whose
    /// constructor `def` is, by its name `C::C` and by the class whose
    /// body (or qualified name) defines it; None when `def` is not a
    /// constructor. The two differ for a constructor inherited by `using
    /// B::B;` (registered under the derived class's name).
    pub(crate) fn constructor_classes(
        &self,
        def: &FnDef<'t>,
        recv: usize,
    ) -> Option<(usize, usize)> {
        let (class, last) = def.name.rsplit_once("::")?;
        let class_last = class.rsplit("::").next().unwrap_or(class);
        if bare_tag(class_last) != last {
            return None;
        }
        let named = self.class_named(recv, class_last)?;
        let src = self.cx.units.get(def.unit)?.text.as_str();
        let mut defining = None;
        let mut cur = def.node.parent();
        while let Some(p) = cur {
            if matches!(p.kind(), "struct_specifier" | "class_specifier") {
                defining = p.child_by_field_name("name").map(|n| text(n, src));
                break;
            }
            cur = p.parent();
        }
        let defining = match defining {
            Some(d) => self.class_named(recv, d).unwrap_or(named),
            None => named,
        };
        Some((named, defining))
    }

    /// The names a constructor's mem-initializer list gives (members and
    /// base classes; a base's as its bare tag).
    fn initialized_names(&self, ctor: Node<'t>, unit: usize) -> Vec<String> {
        let src = self.cx.units[unit].text.as_str();
        let Some(list) = ctor
            .named_children(&mut ctor.walk())
            .find(|c| c.kind() == "field_initializer_list")
        else {
            return Vec::new();
        };
        list.named_children(&mut list.walk())
            .filter(|c| c.kind() == "field_initializer")
            .filter_map(|c| c.named_child(0))
            .map(|n| {
                let t = text(n, src);
                let last = t.rsplit("::").next().unwrap_or(t);
                bare_tag(last).to_string()
            })
            .collect()
    }

    /// Runs what a constructor of class `k` with definition `ctor` (None:
    /// the implicit one) does before its body for the bases (but
    /// `skip_base`, initialised by an inherited constructor) and members its mem-initializer list does not name,
    /// on the object `recv` whose members are `members` by name: each
    /// base's default constructor, each member's default member
    /// initializer or, for a member of a class, its default constructor
    /// ([class.base.init]/9). A scalar member without either stays as it
    /// is (indeterminate). In the constructor's frame, before its
    /// parameters are bound (a default member initializer does not see
    /// them).
    pub(crate) fn implicit_initialisation(
        &mut self,
        k: usize,
        ctor: Option<&FnDef<'t>>,
        recv: &LVal,
        members: &HashMap<String, LVal>,
        skip_base: Option<usize>,
        at: Node<'t>,
    ) -> R<()> {
        if self.implicit_depth > MAX_IMPLICIT_DEPTH {
            return self.unsup(at, "default initialisation of classes nested too deep");
        }
        self.implicit_depth += 1;
        let r = self.implicit_initialisation_in(k, ctor, recv, members, skip_base, at);
        self.implicit_depth -= 1;
        r
    }

    fn implicit_initialisation_in(
        &mut self,
        k: usize,
        ctor: Option<&FnDef<'t>>,
        recv: &LVal,
        members: &HashMap<String, LVal>,
        skip_base: Option<usize>,
        at: Node<'t>,
    ) -> R<()> {
        let named = ctor.map_or_else(Vec::new, |d| self.initialized_names(d.node, d.unit));
        // A delegating constructor (`W(int a) : W(a, 0) {}`): the target
        // constructor initialises everything.
        let tag = self.struct_name(k);
        if named.iter().any(|n| n == bare_tag(&tag)) {
            return Ok(());
        }
        let bases = self.struct_bases(k);
        for b in bases {
            let base_tag = self.struct_name(b);
            if Some(b) != skip_base && !named.iter().any(|n| n == bare_tag(&base_tag)) {
                self.default_construct(b, recv.clone(), at)?;
            }
        }
        if !self.own_members_run_code(k) {
            return Ok(());
        }
        let Some((unit, spec)) = self.class_definition(k) else {
            return self.unsup(
                at,
                format!("default initialisation of the members of `{tag}`, whose definition is not found"),
            );
        };
        let Some(body) = spec.child_by_field_name("body") else {
            return Ok(());
        };
        let src = self.cx.units[unit].text.as_str();
        let decls: Vec<Node<'t>> = body
            .named_children(&mut body.walk())
            .filter(|m| m.kind() == "field_declaration")
            .collect();
        for m in decls {
            let is_static = m
                .children(&mut m.walk())
                .any(|c| c.kind() == "storage_class_specifier" && text(c, src) == "static");
            if is_static {
                continue;
            }
            let default = m.child_by_field_name("default_value");
            for d in m.children_by_field_name("declarator", &mut m.walk()) {
                // The member's name under array, pointer and reference
                // declarators; a member function declares no object.
                let mut name_node = d;
                for _ in 0..16 {
                    match name_node.kind() {
                        "field_identifier" | "function_declarator" => break,
                        _ => match name_node
                            .child_by_field_name("declarator")
                            .or_else(|| name_node.named_child(0))
                        {
                            Some(x) => name_node = x,
                            None => break,
                        },
                    }
                }
                if name_node.kind() != "field_identifier" {
                    continue;
                }
                let field = text(name_node, src).to_string();
                if named.contains(&field) {
                    continue;
                }
                let Some(lv) = members.get(&field).cloned() else {
                    continue;
                };
                match default {
                    Some(value) => self.default_member_initializer(lv, value, unit, at)?,
                    None => self.default_initialise(lv, at)?,
                }
            }
        }
        Ok(())
    }

    /// Stores a default member initializer's value (`= f()`, `{a, b}`,
    /// written in the class in unit `unit`) into the member `lv`. A
    /// value that reads no memory and calls nothing but that the front end
    /// does not lower leaves the member unknown; any other is lowered with
    /// its accesses (failing: `unsupported`).
    fn default_member_initializer(
        &mut self,
        lv: LVal,
        value: Node<'t>,
        unit: usize,
        at: Node<'t>,
    ) -> R<()> {
        let saved_unit = std::mem::replace(&mut self.unit, unit);
        let r = self.default_member_value(lv.clone(), value);
        self.unit = saved_unit;
        match r {
            Ok(()) => Ok(()),
            Err(_) if !may_access_memory(value) => self.havoc_lvalue(lv, at),
            Err(e) => Err(e),
        }
    }

    fn default_member_value(&mut self, lv: LVal, value: Node<'t>) -> R<()> {
        let ty = self.lval_type(&lv);
        if let (Ty::Struct(k), "initializer_list") = (&ty, value.kind()) {
            let constructed = self
                .cx
                .types
                .structs
                .get(*k)
                .is_some_and(|sd| sd.not_plain_aggregate)
                && self
                    .struct_method(*k, &self.struct_name(*k), None)
                    .is_some();
            if constructed {
                let args: Vec<Node<'t>> = value
                    .named_children(&mut value.walk())
                    .filter(|a| a.kind() != "comment")
                    .collect();
                return self.construct_on(*k, lv, &args, value);
            }
        }
        let v = if value.kind() == "initializer_list" {
            self.init_list(value, &ty)?
        } else {
            let v = self.rvalue(value)?;
            let v = self.convert_implicitly(value, v, &ty)?;
            match (&ty, v) {
                (Ty::Scalar(t), Val::Scalar(e, vt)) => Val::Scalar(conv(e, vt, *t), *t),
                (_, v) => v,
            }
        };
        self.store(lv, v, value)
    }

    /// The element `i` of the array `arr`.
    pub(crate) fn element_lvalue(&mut self, arr: LVal, i: u64, at: Node<'t>) -> R<LVal> {
        let base = self.load(arr, at)?;
        let index = Val::Scalar(int(i as i128, ScalarTy::LONG), ScalarTy::LONG);
        match self.ptr_add(base, index, false, at)? {
            Val::Ptr {
                target,
                offset,
                pointee,
            } => Ok(self.deref(target, offset, pointee, at)),
            _ => self.unsup(
                at,
                "an element of an array of a class that is not in memory",
            ),
        }
    }

    /// Default-initialises the object `lv` ([dcl.init]/7): an object of a
    /// class by its default constructor, an array element by element; a
    /// scalar is left as it is.
    pub(crate) fn default_initialise(&mut self, lv: LVal, at: Node<'t>) -> R<()> {
        match self.lval_type(&lv) {
            Ty::Struct(k) => self.default_construct(k, lv, at),
            Ty::Array(elem, len) => {
                let Ty::Struct(k) = *elem else {
                    return Ok(());
                };
                if !self.default_construction_runs_code(k) {
                    return Ok(());
                }
                match len {
                    Some(n) if n <= MAX_CONSTRUCTED_ELEMENTS => {
                        for i in 0..n {
                            let e = self.element_lvalue(lv.clone(), i, at)?;
                            self.default_construct(k, e, at)?;
                        }
                        Ok(())
                    }
                    _ => {
                        let tag = self.struct_name(k);
                        self.unsup(
                            at,
                            format!("an array of `{tag}` whose default construction runs code, too long to construct element by element"),
                        )
                    }
                }
            }
            _ => Ok(()),
        }
    }

    /// Runs class `k`'s default constructor on the object `lv` (of `k` or
    /// of a class derived from it): the user-provided one, inlined (what
    /// it does before its body included), else the implicit one's
    /// default initialisation of the bases and members.
    pub(crate) fn default_construct(&mut self, k: usize, lv: LVal, at: Node<'t>) -> R<()> {
        let tag = self.struct_name(k);
        let ctor_name = format!("{tag}::{}", bare_tag(&tag));
        let ctors: Vec<FnDef<'t>> = self
            .cx
            .functions
            .get(&ctor_name)
            .cloned()
            .unwrap_or_default();
        if ctors.iter().any(|d| d.has_body && d.accepts(0)) {
            self.call_among(at, &ctors, &[], None, Some(lv))?;
            return Ok(());
        }
        if !self.implicit_init_runs_code(k) {
            return Ok(());
        }
        // The implicit (or defaulted) default constructor, in a frame of
        // its own with the object's members in scope.
        let Some((unit, _)) = self.class_definition(k) else {
            return self.unsup(
                at,
                format!("default initialisation of `{tag}`, whose definition is not found"),
            );
        };
        let saved_unit = std::mem::replace(&mut self.unit, unit);
        let saved_scopes = std::mem::replace(&mut self.scopes, vec![HashMap::default()]);
        let saved_overrides = self.type_overrides.clone();
        let r = (|| -> R<()> {
            let ty = self.lval_type(&lv);
            let names = self.part_names(&ty);
            let mut members: HashMap<String, LVal> = HashMap::default();
            for (i, name) in names.iter().enumerate() {
                let storage = self.component(lv.clone(), i, &ty, at);
                members.insert(name.clone(), storage);
                let seen = self.member_lvalue(lv.clone(), i, &ty, at);
                self.bind(name, Binding::Ref(seen));
            }
            let this_ptr = self.address_of(lv.clone(), at)?;
            self.bind("this", Binding::Value(this_ptr));
            self.implicit_initialisation(k, None, &lv, &members, None, at)
        })();
        self.unit = saved_unit;
        self.scopes = saved_scopes;
        self.type_overrides = saved_overrides;
        r
    }

    /// Runs on the object `lv` (of class `k`) the constructor overload
    /// resolution picks for `args`; `unsupported` when none has a body.
    pub(crate) fn construct_on(
        &mut self,
        k: usize,
        lv: LVal,
        args: &[Node<'t>],
        at: Node<'t>,
    ) -> R<()> {
        let tag = self.struct_name(k);
        let ctors = self
            .cx
            .functions
            .get(&format!("{tag}::{}", bare_tag(&tag)))
            .cloned()
            .unwrap_or_default();
        if args.is_empty() {
            return self.default_construct(k, lv, at);
        }
        match self.call_among(at, &ctors, args, None, Some(lv))? {
            Some(_) => Ok(()),
            None => self.unsup(
                at,
                format!("no constructor of `{tag}` in view for these arguments"),
            ),
        }
    }

    /// Whether default-constructing an object of class `k` runs code: a
    /// user default constructor with a body, or an implicit one whose
    /// default initialisation of bases and members does.
    pub(crate) fn default_construction_runs_code(&mut self, k: usize) -> bool {
        let tag = self.struct_name(k);
        let has_user_default = self
            .cx
            .functions
            .get(&format!("{tag}::{}", bare_tag(&tag)))
            .is_some_and(|ds| ds.iter().any(|d| d.has_body && d.accepts(0)));
        has_user_default || self.implicit_init_runs_code(k)
    }

    /// Whether the default initialisation of class `k`'s own members or
    /// its bases runs code or stores values: a default member initializer,
    /// or a base or member (array) of a class whose default construction
    /// runs code.
    pub(crate) fn implicit_init_runs_code(&mut self, k: usize) -> bool {
        let bases = self.struct_bases(k);
        bases
            .iter()
            .any(|b| self.default_construction_runs_code(*b))
            || self.own_members_run_code(k)
    }

    /// Whether the default initialisation of class `k`'s own members (not
    /// its bases') runs code or stores values (cached).
    fn own_members_run_code(&mut self, k: usize) -> bool {
        if let Some(r) = self.implicit_init_code.get(&k) {
            return *r;
        }
        // A cycle (through a malformed layout) runs nothing more.
        self.implicit_init_code.insert(k, false);
        let Some(sd) = self.cx.types.structs.get(k).cloned() else {
            return false;
        };
        // The bases' fields come first in the layout.
        let inherited: usize = sd
            .bases
            .iter()
            .filter_map(|b| self.cx.types.structs.get(*b))
            .map(|b| b.fields.len())
            .sum();
        let mut runs = sd.not_plain_aggregate && self.has_default_member_initializer(k);
        for f in sd.fields.iter().skip(inherited) {
            if runs {
                break;
            }
            let mut t = f.ty.clone();
            while let Ty::Array(e, _) = t {
                t = *e;
            }
            if let Ty::Struct(m) = t {
                if m != k && !sd.reference_fields.contains(&f.name) {
                    runs = self.default_construction_runs_code(m);
                }
            }
        }
        self.implicit_init_code.insert(k, runs);
        runs
    }

    /// Whether class `k`'s own body declares a default member initializer
    /// (true when its definition is not found: it may).
    fn has_default_member_initializer(&mut self, k: usize) -> bool {
        let Some((_, spec)) = self.class_definition(k) else {
            return true;
        };
        let Some(body) = spec.child_by_field_name("body") else {
            return false;
        };
        let found = body
            .named_children(&mut body.walk())
            .filter(|m| m.kind() == "field_declaration")
            .any(|m| m.child_by_field_name("default_value").is_some());
        found
    }
}

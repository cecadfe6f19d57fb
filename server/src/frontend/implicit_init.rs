//! What a constructor does before its body without a call in the source
//! ([class.base.init]): the base classes and members its mem-initializer
//! list does not name are default-initialised (their user default
//! constructors run) or take their default member initializer (`int v =
//! f();`); also what `W w;`, `W a[4];` and a class's implicit default
//! constructor run. The code runs inlined like an explicit call.

use tree_sitter::Node;

use crate::base::HashMap;
use crate::frontend::arith::{conv, int};
use crate::frontend::inline::{contains_kind, field_initializers};
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::FnDef;
use crate::ir::ScalarTy;

/// Most elements of an array of a class whose construction runs code that
/// are constructed one by one (more: `unsupported`).
const MAX_CONSTRUCTED_ELEMENTS: u64 = 64;

/// A class's own members in declaration order, with their default member
/// initializers.
pub(crate) type MemberDeclarations<'t> = Vec<(String, Option<Node<'t>>)>;

/// Most nested default constructions (members of members ..) followed.
const MAX_IMPLICIT_DEPTH: usize = 16;

/// The tag without template arguments and enclosing scopes (`S` for
/// `S<float, 4>` and for a nested class's `Outer::S`): a constructor's name.
fn bare_tag(tag: &str) -> &str {
    let t = tag.split('<').next().unwrap_or(tag).trim();
    t.rsplit("::").next().unwrap_or(t).trim()
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

/// The non-static data members a class body `body` declares, in order,
/// with their default member initializers, appended to `out`. The members
/// of an anonymous union or struct are members of the class
/// ([class.union.anon]): those with a default member initializer are
/// listed (a union's other members are not initialised); with `nsdmi_only`
/// (inside an anonymous member) only those.
fn member_declarations_in<'t>(
    body: Node<'t>,
    src: &str,
    nsdmi_only: bool,
    depth: usize,
    out: &mut MemberDeclarations<'t>,
) {
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
        if m.child_by_field_name("declarator").is_none() {
            let anonymous = m.child_by_field_name("type").filter(|t| {
                matches!(t.kind(), "union_specifier" | "struct_specifier")
                    && t.child_by_field_name("name").is_none()
            });
            if let Some(inner) = anonymous.and_then(|t| t.child_by_field_name("body")) {
                if depth < 8 {
                    member_declarations_in(inner, src, true, depth + 1, out);
                }
            }
            continue;
        }
        if nsdmi_only && default.is_none() {
            continue;
        }
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
            if name_node.kind() == "field_identifier" {
                out.push((text(name_node, src).to_string(), default));
            }
        }
    }
}

/// Whether a class body declares a default member initializer, also for
/// a member of an anonymous union or struct.
fn declares_default_member_initializer(body: Node, depth: usize) -> bool {
    body.named_children(&mut body.walk())
        .filter(|m| m.kind() == "field_declaration")
        .any(|m| {
            m.child_by_field_name("default_value").is_some()
                || (depth < 8
                    && m.child_by_field_name("declarator").is_none()
                    && m.child_by_field_name("type")
                        .filter(|t| matches!(t.kind(), "union_specifier" | "struct_specifier"))
                        .and_then(|t| t.child_by_field_name("body"))
                        .is_some_and(|b| declares_default_member_initializer(b, depth + 1)))
        })
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
        self.class_and_bases(k)
            .into_iter()
            .find(|&c| bare_tag(&self.struct_name(c)) == bare_tag(name))
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
        let own = self.class_named(recv, class_last)?;
        // An inherited constructor constructs the class whose `using`
        // brought it ([class.inhctor.init]).
        let named = match &def.inherited_by {
            Some(derived) => self.class_named(recv, derived)?,
            None => own,
        };
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
            Some(d) => self.class_named(recv, d).unwrap_or(own),
            None => own,
        };
        Some((named, defining))
    }

    /// The bare name a mem-initializer gives (a member, or a base class as
    /// its bare tag).
    fn initializer_name(&self, init: Node<'t>) -> String {
        let Some(n) = init.named_child(0) else {
            return String::new();
        };
        let t = self.txt(n);
        let last = t.rsplit("::").next().unwrap_or(t);
        bare_tag(last).to_string()
    }

    /// The class a mem-initializer-id names through a type alias
    /// (`using Base = B<int>; .. : Base(1)`, a member typedef of the
    /// class): looked up as a type when it names no member ([class.base.init]/2).
    pub(crate) fn initializer_alias_class(&self, init: Node<'t>) -> Option<usize> {
        let n = init.named_child(0)?;
        let t = self.txt(n);
        let last = t.rsplit("::").next().unwrap_or(t).trim();
        let ty = match self.type_overrides.get(last) {
            Some(ty) => ty.clone(),
            None => self.cx.types.typedef_at(last, None, n, self.src())?,
        };
        match ty {
            Ty::Struct(k) => Some(k),
            _ => None,
        }
    }

    /// The member `name` of the object `obj` inside one of its anonymous
    /// unions or structs (laid out as members without a name).
    pub(crate) fn anonymous_member(
        &mut self,
        obj: &LVal,
        name: &str,
        at: Node<'t>,
        depth: usize,
    ) -> Option<LVal> {
        let ty = self.lval_type(obj);
        let names = self.part_names(&ty);
        for (i, n) in names.iter().enumerate() {
            if !n.is_empty() {
                continue;
            }
            let inner = self.component(obj.clone(), i, &ty, at);
            let inner_ty = self.lval_type(&inner);
            if let Some(j) = self.part_names(&inner_ty).iter().position(|x| x == name) {
                return Some(self.component(inner, j, &inner_ty, at));
            }
            if depth < 8 {
                if let Some(lv) = self.anonymous_member(&inner, name, at, depth + 1) {
                    return Some(lv);
                }
            }
        }
        None
    }

    /// Whether class `k` or one of its bases (transitively) declares a
    /// virtual base class.
    fn declares_virtual_base(&self, k: usize) -> bool {
        self.class_and_bases(k).into_iter().any(|c| {
            self.cx
                .types
                .structs
                .get(c)
                .is_some_and(|sd| !sd.virtual_bases.is_empty())
        })
    }

    /// Runs the implicit default constructor's initialisation of class
    /// `k` on the object `recv` whose members are `members` by name: its
    /// bases' default constructors, then each own member's default member
    /// initializer or, for a member of a class, its default constructor
    /// ([class.base.init]/9), in declaration order. A scalar member
    /// without either stays as it is (indeterminate).
    pub(crate) fn implicit_initialisation(
        &mut self,
        k: usize,
        recv: &LVal,
        members: &HashMap<String, LVal>,
        at: Node<'t>,
    ) -> R<()> {
        let scopes = self.scopes.clone();
        let bases = self.struct_bases(k);
        self.constructor_initialisation(k, None, recv, members, &scopes, &bases, true, at)
    }

    /// Runs what the constructor `ctor` of class `k` (None: the implicit
    /// one) does before its body on the object `recv` whose members are
    /// `members` by name, in C++'s order ([class.base.init]/13): the
    /// bases `bases` (`k`'s direct bases, or a part of them for an
    /// inherited constructor) in declaration order, then, with
    /// `own_members`, `k`'s own non-static members in declaration order;
    /// each by the mem-initializer that names it (with the parameters in
    /// scope), else default-initialised: a base's default constructor, a
    /// member's default member initializer (evaluated in `member_scopes`,
    /// where the parameters are not visible) or, for a member of a class,
    /// its default constructor. A delegating constructor runs its target
    /// only. A mem-initializer naming neither a base nor a member runs
    /// first (a base the front end does not resolve).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn constructor_initialisation(
        &mut self,
        k: usize,
        ctor: Option<&FnDef<'t>>,
        recv: &LVal,
        members: &HashMap<String, LVal>,
        member_scopes: &[HashMap<String, Binding>],
        bases: &[usize],
        own_members: bool,
        at: Node<'t>,
    ) -> R<()> {
        if self.implicit_depth > MAX_IMPLICIT_DEPTH {
            return self.unsup(at, "default initialisation of classes nested too deep");
        }
        self.implicit_depth += 1;
        let r = self.constructor_initialisation_in(
            k,
            ctor,
            recv,
            members,
            member_scopes,
            bases,
            own_members,
            at,
        );
        self.implicit_depth -= 1;
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn constructor_initialisation_in(
        &mut self,
        k: usize,
        ctor: Option<&FnDef<'t>>,
        recv: &LVal,
        members: &HashMap<String, LVal>,
        member_scopes: &[HashMap<String, Binding>],
        bases: &[usize],
        own_members: bool,
        at: Node<'t>,
    ) -> R<()> {
        let def_node = ctor.map(|d| d.node);
        let tag = self.struct_name(k);
        let base_tags: Vec<String> = self
            .struct_bases(k)
            .iter()
            .map(|b| bare_tag(&self.struct_name(*b)).to_string())
            .collect();
        let mut inits: Vec<(String, Node<'t>)> = Vec::new();
        for i in ctor.map_or_else(Vec::new, |d| field_initializers(d.node)) {
            let mut name = self.initializer_name(i);
            if !members.contains_key(&name) && !base_tags.contains(&name) && name != bare_tag(&tag)
            {
                // A base (or the class itself) named through an alias.
                if let Some(c) = self.initializer_alias_class(i) {
                    name = bare_tag(&self.struct_name(c)).to_string();
                }
            }
            inits.push((name, i));
        }
        let with_ctor = Some(((k, k), recv.clone()));
        let mut done = vec![false; inits.len()];
        // A delegating constructor (`W(int a) : W(a, 0) {}`): the target
        // constructor initialises everything.
        if let Some(node) = def_node {
            if inits.iter().any(|(n, _)| n == bare_tag(&tag)) {
                return self.member_initializers(node, members, with_ctor);
            }
        }
        if let Some(node) = def_node {
            for (i, (name, init)) in inits.iter().enumerate() {
                if !base_tags.contains(name) && !members.contains_key(name) {
                    self.member_initializer(node, *init, members, with_ctor.clone())?;
                    done[i] = true;
                }
            }
        }
        // Virtual bases are initialised first, by the most derived class
        // only ([class.base.init]/13.1), then the other direct bases in
        // declaration order. Followed when the class being constructed is
        // the only one of its hierarchy that declares virtual bases.
        let virtual_bases = self
            .cx
            .types
            .structs
            .get(k)
            .map(|sd| sd.virtual_bases.clone())
            .unwrap_or_default();
        if self
            .cx
            .types
            .structs
            .get(k)
            .is_some_and(|sd| sd.unresolved_base)
        {
            return self.unsup(
                at,
                format!("construction of `{tag}`, a base class of which is not resolved (its constructor would run)"),
            );
        }
        let virtual_above = bases.iter().any(|b| self.declares_virtual_base(*b));
        if virtual_above || (!virtual_bases.is_empty() && bases != self.struct_bases(k).as_slice())
        {
            return self.unsup(
                at,
                format!("construction of `{tag}`, with a virtual base class of a base class or an inherited constructor (its order is not modelled)"),
            );
        }
        let ordered: Vec<usize> = bases
            .iter()
            .filter(|b| virtual_bases.contains(b))
            .chain(bases.iter().filter(|b| !virtual_bases.contains(b)))
            .copied()
            .collect();
        for b in &ordered {
            let base_tag = bare_tag(&self.struct_name(*b)).to_string();
            let item = inits
                .iter()
                .enumerate()
                .find(|(i, (n, _))| !done[*i] && *n == base_tag);
            match (item, def_node) {
                (Some((i, (_, init))), Some(node)) => {
                    done[i] = true;
                    self.member_initializer(node, *init, members, with_ctor.clone())?;
                }
                _ => {
                    let saved = std::mem::replace(&mut self.scopes, member_scopes.to_vec());
                    let r = self.default_construct(*b, recv.clone(), at);
                    self.scopes = saved;
                    r?;
                }
            }
        }
        if !own_members {
            return Ok(());
        }
        let defaults = self.own_members_run_code(k);
        let pending = done.iter().filter(|d| !**d).count();
        if !defaults && pending == 0 {
            return Ok(());
        }
        match self.own_member_declarations(k) {
            Some((unit, decls)) => {
                for (field, default) in decls {
                    let item = inits
                        .iter()
                        .enumerate()
                        .find(|(i, (n, _))| !done[*i] && *n == field);
                    if let (Some((i, (_, init))), Some(node)) = (item, def_node) {
                        done[i] = true;
                        self.member_initializer(node, *init, members, with_ctor.clone())?;
                        continue;
                    }
                    if !defaults {
                        continue;
                    }
                    let lv = match members.get(&field) {
                        Some(lv) => Some(lv.clone()),
                        None => self.anonymous_member(recv, &field, at, 0),
                    };
                    let Some(lv) = lv else {
                        if default.is_some() {
                            return self.unsup(
                                at,
                                format!("the default member initializer of `{field}` in `{tag}`, a member not laid out (not modelled)"),
                            );
                        }
                        continue;
                    };
                    let saved = std::mem::replace(&mut self.scopes, member_scopes.to_vec());
                    let r = match default {
                        Some(value) => self.default_member_initializer(lv, value, unit, at),
                        None => self.default_initialise(lv, at),
                    };
                    self.scopes = saved;
                    r?;
                }
            }
            None if defaults => {
                return self.unsup(
                    at,
                    format!("default initialisation of the members of `{tag}`, whose definition is not found"),
                );
            }
            None => {
                // The declaration order is unknown: the list's order is
                // C++'s only when at most one initializer runs code.
                let running = inits
                    .iter()
                    .enumerate()
                    .filter(|(i, (n, init))| {
                        !done[*i]
                            && (may_access_memory(*init)
                                || members
                                    .get(n)
                                    .is_some_and(|lv| matches!(self.lval_type(lv), Ty::Struct(_))))
                    })
                    .count();
                if running > 1 {
                    return self.unsup(
                        at,
                        format!("member initializers of `{tag}`, whose definition is not found (their order is not known)"),
                    );
                }
            }
        }
        // Members the declarations above do not list (of an anonymous
        // union or struct): in the list's order.
        if let Some(node) = def_node {
            for (i, (_, init)) in inits.iter().enumerate() {
                if !done[i] {
                    self.member_initializer(node, *init, members, with_ctor.clone())?;
                }
            }
        }
        Ok(())
    }

    /// Class `k`'s own non-static data members in declaration order, with
    /// their default member initializers, and the unit of its definition;
    /// None when the definition is not found.
    pub(crate) fn own_member_declarations(
        &mut self,
        k: usize,
    ) -> Option<(usize, MemberDeclarations<'t>)> {
        let (unit, spec) = self.class_definition(k)?;
        let mut out = Vec::new();
        let Some(body) = spec.child_by_field_name("body") else {
            return Some((unit, out));
        };
        let src = self.cx.units[unit].text.as_str();
        member_declarations_in(body, src, false, 0, &mut out);
        Some((unit, out))
    }

    /// The prototypes of member functions named `name` (`operator-`, a
    /// constructor's bare tag) that class `k`'s body declares without a
    /// definition there (`= default` and `= delete` aside): their
    /// parameter lists (None: not found).
    pub(crate) fn member_prototypes(&mut self, k: usize, name: &str) -> Vec<Option<Node<'t>>> {
        let Some((unit, spec)) = self.class_definition(k) else {
            return Vec::new();
        };
        let Some(body) = spec.child_by_field_name("body") else {
            return Vec::new();
        };
        let src = self.cx.units[unit].text.as_str();
        let mut out = Vec::new();
        for m in body.named_children(&mut body.walk()) {
            if !matches!(m.kind(), "field_declaration" | "declaration") {
                continue;
            }
            let special = m
                .children(&mut m.walk())
                .any(|c| matches!(c.kind(), "default_method_clause" | "delete_method_clause"));
            if special {
                continue;
            }
            for d in m.children_by_field_name("declarator", &mut m.walk()) {
                let mut x = d;
                for _ in 0..16 {
                    if x.kind() == "function_declarator" {
                        break;
                    }
                    match x
                        .child_by_field_name("declarator")
                        .or_else(|| x.named_child(0))
                    {
                        Some(y) => x = y,
                        None => break,
                    }
                }
                if x.kind() != "function_declarator" {
                    continue;
                }
                let declared: String = x
                    .child_by_field_name("declarator")
                    .map(|n| text(n, src).split_whitespace().collect())
                    .unwrap_or_default();
                if declared == name {
                    out.push(x.child_by_field_name("parameters"));
                }
            }
        }
        out
    }

    /// Whether class `k` or one of its bases declares the member function
    /// `name` (`operator-`) in its body while no definition of it with a
    /// body is in view (defined in another translation unit): what a call
    /// of it runs is unknown.
    pub(crate) fn member_declared_only(&mut self, k: usize, name: &str) -> bool {
        for c in self.class_and_bases(k) {
            if !self.member_prototypes(c, name).is_empty() {
                // Defined in its class or out of line (`ns::W::operator-`).
                let tag = self.struct_name(c);
                let suffix = format!("::{name}");
                if !self.defined_anywhere(&tag, &suffix, None) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether class `k`'s body declares a default constructor (one whose
    /// parameters all have default arguments) without a body, while no
    /// default constructor with a body is in view.
    fn default_constructor_declared_only(&mut self, k: usize) -> bool {
        let tag = self.struct_name(k);
        let bare = bare_tag(&tag).to_string();
        let Some((unit, _)) = self.class_definition(k) else {
            return false;
        };
        let prototypes = self.member_prototypes(k, &bare);
        // Only a definition under the class's own key is run (one out of
        // line in a namespace, a class template or an enclosing class,
        // `ns::W::W() {..}`, is not found by it).
        let defined = self
            .cx
            .functions
            .get(&format!("{tag}::{bare}"))
            .is_some_and(|ds| ds.iter().any(|d| d.has_body && d.accepts(0)));
        if prototypes.is_empty() || defined {
            return false;
        }
        let src = self.cx.units[unit].text.as_str();
        prototypes.iter().any(|params| {
            params.is_none_or(|p| {
                p.named_children(&mut p.walk()).all(|q| match q.kind() {
                    "parameter_declaration" => text(q, src).trim() == "void",
                    "variadic_parameter_declaration" => false,
                    // Default arguments, comments.
                    _ => true,
                })
            })
        })
    }

    /// Whether a member function of class `tag` whose key ends with
    /// `suffix` (`::operator-`) has a definition with a body (taking
    /// `nargs` arguments, when given) under any qualification of the class
    /// (`ns::W::`, `W<T>::`).
    fn defined_anywhere(&self, tag: &str, suffix: &str, nargs: Option<usize>) -> bool {
        self.cx.functions.iter().any(|(key, ds)| {
            key.strip_suffix(suffix).is_some_and(|class| {
                let last = class.rsplit("::").next().unwrap_or(class);
                bare_tag(last) == bare_tag(tag)
            }) && ds
                .iter()
                .any(|d| d.has_body && nargs.is_none_or(|n| d.accepts(n)))
        })
    }

    /// Whether class `k` is an instance of a class template whose body
    /// defines a friend function `name` (`friend Box operator-(Box a, Box
    /// b) {..}`): such friends are not registered as functions, so a call
    /// the front end resolves without it may miss the one C++ makes.
    pub(crate) fn template_friend_defined(&mut self, k: usize, name: &str) -> bool {
        let Some(i) = self.cx.class_instances.get(&k) else {
            return false;
        };
        let (unit, spec) = (i.unit, i.spec);
        let Some(body) = spec.child_by_field_name("body") else {
            return false;
        };
        let src = self.cx.units[unit].text.as_str();
        let mut stack: Vec<Node<'t>> = body
            .named_children(&mut body.walk())
            .filter(|m| m.kind() == "friend_declaration")
            .collect();
        while let Some(x) = stack.pop() {
            if x.kind() == "function_declarator" {
                let declared: String = x
                    .child_by_field_name("declarator")
                    .map(|n| text(n, src).split_whitespace().collect())
                    .unwrap_or_default();
                // A definition, not a declaration of a function defined
                // elsewhere (which is registered there).
                let mut p = x.parent();
                let mut defined = false;
                while let Some(q) = p.filter(|q| q.kind() != "friend_declaration") {
                    defined |= q.kind() == "function_definition";
                    p = q.parent();
                }
                if declared == name && defined {
                    return true;
                }
                continue;
            }
            if x.kind() != "compound_statement" {
                stack.extend(x.named_children(&mut x.walk()));
            }
        }
        false
    }

    /// Whether class `k` declares a constructor (with or without a body).
    pub(crate) fn has_user_constructor(&self, k: usize) -> bool {
        let tag = self.struct_name(k);
        self.cx
            .functions
            .get(&format!("{tag}::{}", bare_tag(&tag)))
            .is_some_and(|ds| !ds.is_empty())
    }

    /// Stores a default member initializer's value (`= f()`, `{a, b}`,
    /// written in the class in unit `unit`) into the member `lv`. A
    /// value that reads no memory and calls nothing but that the front end
    /// does not lower leaves the member unknown; any other is lowered with
    /// its accesses (failing: `unsupported`).
    pub(crate) fn default_member_initializer(
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
                // The class under the dimensions, and how many objects.
                let mut inner = &*elem;
                let mut count = len;
                while let Ty::Array(e, n) = inner {
                    inner = e;
                    count = count.zip(*n).and_then(|(a, b)| a.checked_mul(b));
                }
                let Ty::Struct(k) = *inner else {
                    return Ok(());
                };
                if !self.default_construction_runs_code(k) {
                    return Ok(());
                }
                match (len, count) {
                    (Some(n), Some(c)) if c <= MAX_CONSTRUCTED_ELEMENTS => {
                        for i in 0..n {
                            let e = self.element_lvalue(lv.clone(), i, at)?;
                            self.default_initialise(e, at)?;
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
        if self.default_constructor_declared_only(k) {
            return self.unsup(
                at,
                format!("the default constructor of `{tag}` is declared without a body in view (defined in another translation unit?)"),
            );
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
            self.implicit_initialisation(k, &lv, &members, at)
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
        has_user_default
            || self.implicit_init_runs_code(k)
            || self.default_constructor_declared_only(k)
    }

    /// Whether the default initialisation of class `k`'s own members or
    /// its bases runs code or stores values: a default member initializer,
    /// or a base or member (array) of a class whose default construction
    /// runs code.
    pub(crate) fn implicit_init_runs_code(&mut self, k: usize) -> bool {
        let bases = self.struct_bases(k);
        let unresolved = self
            .cx
            .types
            .structs
            .get(k)
            .is_some_and(|sd| sd.unresolved_base);
        unresolved
            || bases
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
        let inherited = self.cx.types.inherited_field_count(&sd);
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
        declares_default_member_initializer(body, 0)
    }
}

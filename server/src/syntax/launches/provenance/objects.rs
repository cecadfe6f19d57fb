//! Host objects told apart: the data member `m` of a local class object
//! `o` that nothing but its own name can reach gets a root of its own,
//! `decl:D|obj:O` (and `expr:m|obj:O`), instead of the one root per member
//! name that every object shares (FINDINGS.md H7, session 59). Two such
//! objects' members (`k(a.data_, b.data_)`) are then two allocations; each
//! still meets the member-name root (`decl:D`, `expr:m`: "m of any
//! object", which every value read from a member without an object in view
//! carries), see [`object_roots_meet`].
//!
//! Soundness. The storage of `o.m` can be written only (1) through the name
//! `m` (or `this->m`) in a member function, constructor or destructor
//! running with `this == &o`, (2) through a member access `X.m`, `X->m`
//! whose object is `o`, or (3) through a pointer to or a reference bound to
//! `o.m` itself. The object is *clean* when every mention of its name (and
//! of every reference parameter it is bound to, transitively: its family)
//! is its declaration, a data member access `o.x`, a member function call
//! `o.f(..)` of a function defined in view, `return o;` (a local: its
//! lifetime ends there), or an argument bound to a `C &` parameter of a
//! function defined in the unit (that parameter joins the family): no `&o`,
//! no copy or move from or into it (`o = ..`, `C p(o)`, `std::move(o)`), no
//! by-value or unknown call, no base class. Then no pointer or reference
//! to `o` exists but the family's names and `this` in the functions called
//! on it, and those functions never let `this` go (`this` appears only as
//! `this->x`; `*this`, `operator` calls reject). So `this == &o` holds only
//! in the constructor(s) its declaration selects (by argument count; copy,
//! move and delegating constructors reject), the destructor and the member
//! functions called through the family (transitively through calls of
//! member functions inside them): (1) is read in exactly those bodies. (2)
//! is read at every family mention `F.m`. (3): `&o.m`, `&m` other than as
//! an allocation call's out-parameter, or `o.m` passed where a reference
//! may bind to it, fall back to the member-name value. Every value read is
//! followed as the member-name analysis follows it (values read through
//! other objects' members carry the member-name root, which meets this
//! object's). Functions other units define or call: a member function
//! without a body in view rejects; a wrapper called elsewhere falls back.

use super::super::{BlockKind, DeclScope, Eval};
use super::{PointerView, NOT_CALLS};

/// Separates a member root from the object it is qualified by (no text
/// root has it: their tokens are joined by spaces).
pub(super) const OBJECT_MARK: &str = "|obj:";

/// Marks on the stack of variables followed: the member `m` (its first
/// declaration token) of the object declared at `o` is being followed (two
/// consecutive entries; no declaration token has these bits).
fn object_marks(o: usize, member: usize) -> [usize; 2] {
    [
        (1usize << (usize::BITS - 4)) | o,
        (1usize << (usize::BITS - 5)) | member,
    ]
}

/// Whether roots `a` and `b` (not equal) are one member of one object and
/// of any object: `decl:D|obj:O` meets `decl:D`. Two objects' roots of one
/// member do not meet.
pub(super) fn object_roots_meet(a: &str, b: &str) -> bool {
    match (a.split_once(OBJECT_MARK), b.split_once(OBJECT_MARK)) {
        (Some((base, _)), None) => base == b,
        (None, Some((base, _))) => base == a,
        _ => false,
    }
}

/// A clean local object (see the module comment).
pub(super) struct CleanObject {
    /// The `{` of its class's body.
    body: usize,
    /// The functions that may run on it (name token to body `}`).
    regions: Vec<(usize, usize)>,
    /// The declaration tokens of its family (itself, reference parameters).
    family: Vec<usize>,
    /// Mentions `F` of family members followed by `.` and a data member.
    accesses: Vec<usize>,
    /// Its own initializer list when its class has no constructor.
    list: Option<(usize, usize)>,
}

impl Eval<'_, '_> {
    /// The views of the member access `X.m` (`X` at `obj_at`, `m` at
    /// `m_at`) when `X` is a clean local object or a reference parameter
    /// every call binds to one; None for the member-name value. `chain`:
    /// reference parameters that must be in the object's family.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn object_member_views(
        &self,
        obj_at: usize,
        m_at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        chain: &mut Vec<usize>,
    ) -> Option<Vec<PointerView>> {
        let (u, scopes) = (self.unit, self.scopes);
        if depth > super::MAX_EVAL_DEPTH || !u.is_ident(obj_at) {
            return None;
        }
        let name = u.text(obj_at);
        match scopes.visible(u, name, obj_at) {
            Some((d, DeclScope::Block(Some(_)))) => {
                let info = self.clean_object(d.at)?;
                if !chain.iter().all(|p| info.family.contains(p)) {
                    return None;
                }
                self.clean_member_views(d.at, &info, m_at, depth, typed, context, visiting)
            }
            Some((d, DeclScope::Unknown(..))) => {
                self.parameter_object_views(d.at, m_at, depth, typed, context, visiting, chain)
            }
            Some(_) => None,
            None => {
                let pn = self.enclosing_parameter(obj_at)?;
                self.parameter_object_views(pn, m_at, depth, typed, context, visiting, chain)
            }
        }
    }

    /// For the launch argument `[s, e)` passed by value to a kernel
    /// parameter of class `class`: the views of each pointer data member of
    /// the class, by name, as [`Eval::clean_member_views`] gives them for
    /// `o.m` at the launch (the kernel's parameter is a copy of `o` made
    /// there, [expr.call]p7: each of its pointers holds the value `o.m`
    /// holds). Only when the argument names a clean local object of that
    /// class (see the module comment) and the class declares no nested
    /// class or union (members of an anonymous union share storage: a
    /// store to one changes the other): None otherwise, and when a member's
    /// value is not followed (its address taken, a swap group), so that the
    /// kernel keeps its fields as possible aliases of any pointer.
    pub(in crate::syntax::launches) fn argument_member_views(
        &self,
        s: usize,
        e: usize,
        class: &str,
    ) -> Option<super::super::MemberViews> {
        let (u, scopes) = (self.unit, self.scopes);
        if e != s + 1 || !u.is_ident(s) {
            return None;
        }
        let (d, DeclScope::Block(Some(_))) = scopes.visible(u, u.text(s), s)? else {
            return None;
        };
        let body = self.single_class_body(class)?;
        let info = self.clean_object(d.at)?;
        if info.body != body {
            return None;
        }
        let close = scopes.closing.get(&body).copied()?;
        if (body + 1..close).any(|t| matches!(u.text(t), "union" | "struct" | "class")) {
            return None;
        }
        let mut members = Vec::new();
        for t in body + 1..close {
            if scopes.block_of(t) != Some(body)
                || !self.data_member_declaration(t)
                || u.text(t + 1) == "["
            {
                continue;
            }
            // A pointer declarator: a `*` since the declaration's start
            // (or the previous declarator's comma).
            let pointer = (body + 1..t)
                .rev()
                .take_while(|&k| !matches!(u.text(k), ";" | "{" | "}" | "," | ":"))
                .any(|k| u.text(k) == "*");
            if !pointer {
                continue;
            }
            let mut visiting = Vec::new();
            let mut views = self.clean_member_views(d.at, &info, t, 0, true, &[], &mut visiting)?;
            views.sort_by(|a, b| {
                (&a.root, a.offset, &a.context).cmp(&(&b.root, b.offset, &b.context))
            });
            views.dedup();
            members.push((u.text(t).to_string(), views));
        }
        Some(members)
    }

    /// Whether the token at `at` is directly inside the argument list of
    /// a kernel launch `k<<<..>>>(..)` (the lexer splits `>>>` into `>>`
    /// and `>`; before session 61 this compared one `>>>` token, never
    /// found, so an argument `o.m` of a launch counted as a possible
    /// reference binding).
    fn in_launch_arguments(&self, at: usize) -> bool {
        let u = self.unit;
        self.scopes
            .enclosing
            .get(at)
            .copied()
            .flatten()
            .is_some_and(|open| {
                open >= 2
                    && u.text(open) == "("
                    && u.text(open - 1) == ">"
                    && u.text(open - 2) == ">>"
            })
    }

    /// The parameter named as the token at `at` of the function (or
    /// lambda) around it, found by its list when the scopes do not resolve
    /// it (`const C<T> &p`).
    fn enclosing_parameter(&self, at: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        let mut block = scopes.block_of(at);
        while let Some(o) = block {
            match scopes.kinds.get(&o) {
                Some(BlockKind::Function | BlockKind::Lambda) => {
                    let mut k = o.checked_sub(1)?;
                    while matches!(
                        u.text(k),
                        "const" | "noexcept" | "override" | "final" | "mutable"
                    ) {
                        k = k.checked_sub(1)?;
                    }
                    if u.text(k) != ")" {
                        return None;
                    }
                    let open = super::super::matching_back(u, k, 4096)?;
                    for (s, e) in u.split_arguments(open + 1, k) {
                        let stop = (s..e).find(|&t| u.text(t) == "=").unwrap_or(e);
                        if stop > s && u.is_ident(stop - 1) && u.text(stop - 1) == name {
                            return Some(stop - 1);
                        }
                    }
                    // A lambda sees its function's parameters only through
                    // captures: look further out.
                    if scopes.kinds.get(&o) == Some(&BlockKind::Function) {
                        return None;
                    }
                }
                Some(BlockKind::Namespace | BlockKind::Opaque) | None => return None,
                _ => {}
            }
            block = scopes.block_of(o);
        }
        None
    }

    /// The views of `P.m` for the reference parameter `P` declared at `pn`
    /// of a function whose calls the scan reads, each passing a clean
    /// object (or a parameter bound to one): their members' views in the
    /// call's context.
    #[allow(clippy::too_many_arguments)]
    fn parameter_object_views(
        &self,
        pn: usize,
        m_at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        chain: &mut Vec<usize>,
    ) -> Option<Vec<PointerView>> {
        let (u, scopes) = (self.unit, self.scopes);
        if pn == 0 || u.text(pn - 1) != "&" || chain.contains(&pn) {
            return None;
        }
        let open = scopes.enclosing.get(pn).copied().flatten()?;
        let (function_at, k, params, kind) = self.pointer_wrapper_parameter(open, pn)?;
        if !matches!(kind, super::WrapperKind::Function) {
            return None;
        }
        let function = u.text(function_at);
        // Called from another unit too: what those calls bind is not read.
        if self.excluded_callers.iter().any(|f| f == function) {
            return None;
        }
        self.pointer_callers.borrow_mut().push(function.to_string());
        let args = self.wrapper_call_arguments(function_at, k, params).ok()?;
        self.callers_in_progress.borrow_mut().push(function_at);
        chain.push(pn);
        let mut out = Vec::new();
        let mut ok = !args.is_empty();
        for (cs, ce) in args {
            if ce != cs + 1 {
                ok = false;
                break;
            }
            let call = scopes.enclosing.get(cs).copied().flatten().unwrap_or(cs);
            let mut inner = context.to_vec();
            inner.push(call);
            match self.object_member_views(cs, m_at, depth + 1, typed, &inner, visiting, chain) {
                Some(views) => out.extend(views),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        chain.pop();
        self.callers_in_progress.borrow_mut().pop();
        ok.then_some(out)
    }

    /// The views of the member named at `m_at` of the clean object
    /// declared at `o`: its own roots and the values of the definitions
    /// that may act on it (see the module comment). None (the member-name
    /// value) when the member is not a data member of its class, is
    /// permuted by a swap group, or a pointer or reference may be bound to
    /// it.
    #[allow(clippy::too_many_arguments)]
    fn clean_member_views(
        &self,
        o: usize,
        info: &CleanObject,
        m_at: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> Option<Vec<PointerView>> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let name = u.text(m_at);
        let decls: Vec<usize> = scopes
            .decls
            .get(name)
            .map(|ds| {
                ds.iter()
                    .map(|d| d.at)
                    .filter(|&d| {
                        self.data_member_declaration(d) && scopes.block_of(d) == Some(info.body)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let first = *decls.first()?;
        let key = usize::MAX - self.mentions_of(name).into_iter().min().unwrap_or(m_at);
        {
            let groups = self.swap_groups();
            if groups.group_of.contains_key(&key)
                || decls.iter().any(|d| groups.group_of.contains_key(d))
            {
                return None;
            }
        }
        let view = |root: String| PointerView {
            root,
            offset: Some(0),
            context: context.to_vec(),
            member_of: None,
            entry: None,
        };
        let mut found: Vec<PointerView> = decls
            .iter()
            .map(|d| view(format!("decl:{d}{OBJECT_MARK}{o}")))
            .collect();
        found.push(view(format!("expr:{name}{OBJECT_MARK}{o}")));
        let marks = object_marks(o, first);
        if visiting.windows(2).any(|w| w == marks) {
            // Followed further out: its values are found there.
            return Some(found);
        }
        let null = |s: usize, e: usize| e == s + 1 && matches!(u.text(s), "NULL" | "nullptr" | "0");
        let frame = visiting.len();
        visiting.extend(marks);
        let mut moved = false;
        let mut escaped = false;
        // Default member initializers `T *m = e;`, `T *m{e};`.
        for &d in &decls {
            let (s, e) = match u.text(d + 1) {
                "=" => (d + 2, self.initializer_end(d + 2)),
                "{" => (d + 2, u.matching(d + 1, n)),
                _ => continue,
            };
            if !null(s, e) {
                self.views_into(s, e, depth + 1, typed, context, visiting, &mut found);
            }
        }
        // The member named in the functions that may run on the object.
        for i in self.mentions_of(name) {
            if !info.regions.iter().any(|&(a, b)| a <= i && i <= b) || decls.contains(&i) {
                continue;
            }
            let this_member = i >= 2 && u.text(i - 1) == "->" && u.text(i - 2) == "this";
            if i > 0 && matches!(u.text(i - 1), "." | "->" | "::") && !this_member {
                continue;
            }
            let next = u.text(i + 1);
            let prev = if i > 0 && !this_member {
                u.text(i - 1)
            } else {
                ""
            };
            let mem_initializer = matches!(prev, ":" | ",")
                && matches!(next, "(" | "{")
                && u.split_commas(i + 2, u.matching(i + 1, n)).len() == 1;
            if !this_member && !mem_initializer {
                // A local or parameter of that function hides the member.
                let region = info.regions.iter().find(|&&(a, b)| a <= i && i <= b);
                let hidden = scopes
                    .visible(u, name, i)
                    .is_some_and(|(d, _)| region.is_some_and(|&(a, b)| a <= d.at && d.at <= b));
                if hidden {
                    continue;
                }
            }
            if mem_initializer {
                let close = u.matching(i + 1, n);
                if !null(i + 2, close) {
                    self.views_into(
                        i + 2,
                        close,
                        depth + 1,
                        typed,
                        context,
                        visiting,
                        &mut found,
                    );
                }
            } else if next == "=" && !matches!(prev, "*" | "&" | "&&") {
                let end = self.initializer_end(i + 2);
                if !null(i + 2, end) {
                    self.views_into(i + 2, end, depth + 1, typed, context, visiting, &mut found);
                }
            } else if matches!(next, "+=" | "-=" | "++" | "--") || matches!(prev, "++" | "--") {
                moved = true;
            } else if prev == "&" {
                // Its address given to an allocation call: a fresh
                // allocation (its own root). Anywhere else it may be
                // written through (FINDINGS H5): the member-name value.
                escaped |= !self.allocation_out_parameter(i - 1);
            } else if matches!(prev, "(" | ",") && matches!(next, "," | ")") {
                if let Some(views) =
                    self.reference_parameter_views(i, depth, typed, context, visiting)
                {
                    found.extend(views);
                }
            }
        }
        // `F.m` through the family's names.
        for &f in &info.accesses {
            if u.text(f + 2) != name {
                continue;
            }
            let next = u.text(f + 3);
            let prefix = if f > 0 { u.text(f - 1) } else { "" };
            if next == "=" && !matches!(prefix, "*" | "&" | "&&") {
                let end = self.initializer_end(f + 4);
                if !null(f + 4, end) {
                    self.views_into(f + 4, end, depth + 1, typed, context, visiting, &mut found);
                }
            } else if matches!(next, "+=" | "-=" | "++" | "--") || matches!(prefix, "++" | "--") {
                moved = true;
            } else if prefix == "&" {
                escaped |= !self.allocation_out_parameter(f - 1);
            } else if matches!(prefix, "(" | ",") && matches!(next, "," | ")") {
                // An argument: a reference parameter may be bound to it
                // (`std::swap(o.m, p)`); a launch copies it.
                let launch = self.in_launch_arguments(f);
                escaped |= !launch && self.may_take_reference(f);
            } else if matches!(prefix, "=" | "(" | ",") && matches!(next, ";" | "," | ")") {
                // `T *&r = o.m;` binds a reference to it.
                let decl = (f.saturating_sub(4)..f).any(|t| u.text(t) == "&");
                escaped |= decl;
            }
        }
        // Its own aggregate initializer.
        if let Some((open, close)) = info.list {
            let position = self.member_position(info.body, first);
            let mut elements = Vec::new();
            self.list_elements(open, close, name, position, &mut elements);
            for (s, e, _) in elements {
                if !null(s, e) {
                    self.views_into(s, e, depth + 1, typed, context, visiting, &mut found);
                }
            }
        }
        visiting.truncate(frame);
        if escaped {
            return None;
        }
        if moved {
            for v in &mut found {
                v.offset = None;
            }
        }
        for v in &mut found {
            v.member_of = None;
        }
        Some(found)
    }

    /// The class body `{` of the class named `class` when the unit defines
    /// exactly one, without a base class or a specialization.
    fn single_class_body(&self, class: &str) -> Option<usize> {
        let u = self.unit;
        let mut body = None;
        for i in self.mentions_of(class) {
            if i == 0 || !matches!(u.text(i - 1), "class" | "struct") {
                continue;
            }
            let mut j = i + 1;
            if u.text(j) == "final" {
                j += 1;
            }
            match u.text(j) {
                "{" => {
                    if body.is_some() {
                        return None;
                    }
                    body = Some(j);
                }
                ";" => {}
                _ => return None,
            }
        }
        body
    }

    /// The regions (name token to body `}`) of the functions named at
    /// mentions of `name` that are defined in the class body `body` or out
    /// of class as `C::name(..)`, `C<..>::name(..)`; and the count of
    /// in-class declarations without a body.
    fn class_function_regions(
        &self,
        body: usize,
        class: &str,
        name: &str,
    ) -> (Vec<(usize, usize)>, usize) {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let mut regions = Vec::new();
        let mut declared = 0usize;
        for i in self.mentions_of(name) {
            let in_class = scopes.block_of(i) == Some(body)
                && !(i > 0 && matches!(u.text(i - 1), "." | "->" | "::"));
            let out_of_class = i >= 2 && u.text(i - 1) == "::" && {
                let mut c = i - 2;
                if u.text(c) == ">" {
                    c = self
                        .template_open(c, i.saturating_sub(64))
                        .map_or(c, |o| o.saturating_sub(1));
                }
                u.text(c) == class && !(c > 0 && u.text(c - 1) == "::")
            };
            if !(in_class || out_of_class)
                || u.text(i + 1) != "("
                || (i > 0 && u.text(i - 1) == "~")
            {
                continue;
            }
            // The name of a constructor or destructor (`~C`): its own
            // kind, not a call of `name`.
            let close = u.matching(i + 1, n);
            let mut k = close + 1;
            while matches!(
                u.text(k),
                "const" | "noexcept" | "override" | "final" | "&" | "&&" | "volatile"
            ) {
                k += 1;
            }
            if u.text(k) == "->" {
                while k < n && !matches!(u.text(k), "{" | ";" | "}") {
                    k += 1;
                }
            }
            if u.text(k) == ":" {
                k = u.mem_initializers_body(k).unwrap_or(k);
            }
            match u.text(k) {
                "{" => regions.push((i, u.matching(k, n))),
                ";" if in_class => declared += 1,
                _ => {}
            }
        }
        (regions, declared)
    }

    /// The object declared at `o` when it is clean (see the module
    /// comment): what may act on it.
    pub(super) fn clean_object(&self, o: usize) -> Option<CleanObject> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let DeclScope::Block(Some(block)) = scopes.decl_scope(u, o) else {
            return None;
        };
        if !matches!(
            scopes.kinds.get(&block),
            Some(
                BlockKind::Function
                    | BlockKind::Lambda
                    | BlockKind::Loop
                    | BlockKind::Statement
                    | BlockKind::Switch
            )
        ) {
            return None;
        }
        // The statement's words: no `static`, `extern`, `thread_local`.
        let statement = (o.saturating_sub(32)..o)
            .rev()
            .take_while(|&j| !matches!(u.text(j), ";" | "{" | "}"));
        if statement
            .clone()
            .any(|j| matches!(u.text(j), "static" | "extern" | "thread_local" | "typedef"))
        {
            return None;
        }
        // `C o..`, `C<..> o..`: the class.
        let mut c = o.checked_sub(1)?;
        if u.text(c) == ">" {
            c = self
                .template_open(c, o.saturating_sub(64))?
                .checked_sub(1)?;
        }
        if !u.is_ident(c) {
            return None;
        }
        let class = u.text(c);
        let body = self.single_class_body(class)?;
        // The form of its initialization.
        let (args, list) = match u.text(o + 1) {
            "(" | "{" => {
                let close = u.matching(o + 1, n);
                (u.split_arguments(o + 2, close).len(), Some((o + 1, close)))
            }
            "=" if u.text(o + 2) == "{" => {
                let close = u.matching(o + 2, n);
                (u.split_arguments(o + 3, close).len(), Some((o + 2, close)))
            }
            ";" | "," => (0, None),
            _ => return None,
        };
        // The constructors (in class and `C::C(..)`, `C<T>::C(..)`).
        let (ctors, declared) = self.class_function_regions(body, class, class);
        let has_constructor =
            !ctors.is_empty() || declared > 0 || self.defaulted_constructor(body, class);
        let mut regions = Vec::new();
        let mut list_kept = None;
        if has_constructor {
            let mut chosen = 0usize;
            for &(at, end) in &ctors {
                let close = u.matching(at + 1, n);
                let params = u.split_arguments(at + 2, close);
                let variadic = (at + 2..close).any(|t| u.text(t) == "...");
                let total = if params.len() == 1 && u.text(at + 2) == "void" {
                    0
                } else {
                    params.len()
                };
                let required = params
                    .iter()
                    .filter(|&&(s, e)| !(s..e).any(|t| u.text(t) == "="))
                    .count()
                    .min(total);
                if !(variadic || (required <= args && args <= total)) {
                    continue;
                }
                // A copy or move constructor reads another object; not
                // chosen for one integer argument (a literal, an integer
                // variable: no conversion gives a `C` to bind but another
                // constructor's, whose temporary is then this object).
                if total >= 1 {
                    let (s, e) = params[0];
                    if (s..e).any(|t| u.text(t) == class) {
                        let integer = args == 1
                            && list.is_some_and(|(lo, hi)| {
                                hi == lo + 2
                                    && (u.text(lo + 1).starts_with(|c: char| c.is_ascii_digit())
                                        || scopes.visible(u, u.text(lo + 1), lo + 1).is_some_and(
                                            |(d, _)| {
                                                matches!(d.ty, super::super::ValueTy::Int { .. })
                                            },
                                        ))
                            });
                        if integer {
                            continue;
                        }
                        return None;
                    }
                }
                // A delegating constructor `C(..) : C(..)`.
                if (close..end)
                    .any(|t| u.text(t) == class && matches!(u.text(t + 1), "(" | "{" | "<"))
                {
                    return None;
                }
                regions.push((at, end));
                chosen += 1;
            }
            // Declared in the class, defined out of view.
            if declared > 0
                && ctors
                    .iter()
                    .all(|&(at, _)| scopes.block_of(at) == Some(body))
            {
                return None;
            }
            if chosen == 0 && (args > 0 || !ctors.is_empty()) {
                return None;
            }
        } else {
            list_kept = list;
        }
        // The destructor(s).
        for i in self.mentions_of(class) {
            if i > 0 && u.text(i - 1) == "~" && u.text(i + 1) == "(" {
                let close = u.matching(i + 1, n);
                let mut k = close + 1;
                while matches!(u.text(k), "noexcept" | "override" | "final") {
                    k += 1;
                }
                if u.text(k) == "{" {
                    regions.push((i, u.matching(k, n)));
                }
            }
        }
        // The family: the object's name in its block, reference parameters
        // it is bound to in their functions.
        let block_end = scopes.closing.get(&block).copied().unwrap_or(n);
        let mut family: Vec<(usize, usize, usize, bool)> = vec![(o, o, block_end, false)];
        let mut accesses = Vec::new();
        let mut called: Vec<String> = Vec::new();
        let mut next = 0;
        while next < family.len() {
            let (decl, from, to, parameter) = family[next];
            next += 1;
            let fname = u.text(decl);
            for i in self.mentions_of(fname) {
                if i == decl || i < from || i > to {
                    continue;
                }
                let prev = if i > 0 { u.text(i - 1) } else { "" };
                let after = u.text(i + 1);
                if matches!(prev, "." | "->" | "::") {
                    // A member of another object named alike.
                    continue;
                }
                if after == "." && u.is_ident(i + 2) && u.text(i + 2) != "template" {
                    let template_call = u.text(i + 3) == "<"
                        && u.template_close(i + 3)
                            .is_some_and(|c| u.text(c + 1) == "(");
                    if template_call {
                        return None;
                    }
                    if u.text(i + 3) == "(" {
                        called.push(u.text(i + 2).to_string());
                    } else {
                        accesses.push(i);
                    }
                    continue;
                }
                if prev == "return" && after == ";" && !parameter {
                    continue;
                }
                // A kernel launch's argument: the kernel gets a copy
                // ([expr.call]p7, by value), made at the launch; no name
                // of the kernel reaches the host object.
                if self.in_launch_arguments(i)
                    && matches!(prev, "(" | ",")
                    && matches!(after, "," | ")")
                {
                    continue;
                }
                if matches!(prev, "(" | ",") && matches!(after, "," | ")") {
                    let (pn, pfrom, pto) = self.class_reference_parameter(i, class)?;
                    if !family.iter().any(|f| f.0 == pn) {
                        family.push((pn, pfrom, pto, true));
                    }
                    continue;
                }
                return None;
            }
        }
        // The member functions called on it, and those they call.
        let member_names: Vec<String> = self.class_function_names(body, class);
        let mut done: Vec<String> = Vec::new();
        let mut r = 0;
        loop {
            while let Some(f) = called.pop() {
                if done.contains(&f) {
                    continue;
                }
                let (found, declared) = self.class_function_regions(body, class, &f);
                let out_of_class = found
                    .iter()
                    .filter(|&&(at, _)| scopes.block_of(at) != Some(body))
                    .count();
                if found.is_empty() || out_of_class < declared {
                    return None;
                }
                regions.extend(found);
                done.push(f);
            }
            if r >= regions.len() {
                break;
            }
            let (a, b) = regions[r];
            r += 1;
            for t in a..=b {
                match u.text(t) {
                    "this" if u.text(t + 1) != "->" || !u.is_ident(t + 2) => return None,
                    "operator" if t != a => return None,
                    w if u.is_ident(t) && u.text(t + 1) == "(" => {
                        let qualified = t > 0 && matches!(u.text(t - 1), "." | "->" | "::");
                        let through_this = t >= 2 && u.text(t - 2) == "this";
                        if (!qualified || through_this)
                            && t != a
                            && member_names.iter().any(|m| m == w)
                        {
                            called.push(w.to_string());
                        }
                    }
                    _ => {}
                }
            }
        }
        Some(CleanObject {
            body,
            regions,
            family: family.iter().map(|f| f.0).collect(),
            accesses,
            list: list_kept,
        })
    }

    /// Whether the class body `body` declares a constructor `C() =
    /// default;` or `= delete` (a user-declared constructor without body).
    fn defaulted_constructor(&self, body: usize, class: &str) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        self.mentions_of(class).into_iter().any(|i| {
            scopes.block_of(i) == Some(body)
                && u.text(i + 1) == "("
                && !(i > 0 && u.text(i - 1) == "~")
                && u.text(u.matching(i + 1, u.toks.len()) + 1) == "="
        })
    }

    /// The names of the member functions of the class body `body` (named
    /// `class`): declared in it (`f(..)`) or defined as `C::f(..)`.
    fn class_function_names(&self, body: usize, class: &str) -> Vec<String> {
        let (u, scopes) = (self.unit, self.scopes);
        let close = scopes.closing.get(&body).copied().unwrap_or(body);
        let mut names: Vec<String> = Vec::new();
        for t in body + 1..close {
            // Not a mem-initializer `: m(e)` nor a data member.
            if u.is_ident(t)
                && u.text(t + 1) == "("
                && scopes.block_of(t) == Some(body)
                && u.text(t) != class
                && !matches!(u.text(t - 1), ":" | "," | "." | "->" | "::" | "~")
                && !self
                    .mentions_of(u.text(t))
                    .into_iter()
                    .any(|d| scopes.block_of(d) == Some(body) && self.data_member_declaration(d))
                && !names.iter().any(|m| m == u.text(t))
            {
                names.push(u.text(t).to_string());
            }
        }
        names
    }

    /// For an object named at `i` as a whole argument of a call `g(..)` of
    /// a function the unit defines at namespace scope: the reference
    /// parameter `C &p` of class `class` every definition of `g` with that
    /// many arguments binds it to (its name token, and the tokens from the
    /// parameter list to the body's end). None when a definition takes it
    /// by value, by another type or a template parameter, or none is found.
    fn class_reference_parameter(&self, i: usize, class: &str) -> Option<(usize, usize, usize)> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let open = scopes.enclosing.get(i).copied().flatten()?;
        if u.text(open) != "(" || open == 0 || !u.is_ident(open - 1) {
            return None;
        }
        let callee_at = open - 1;
        let callee = u.text(callee_at);
        if NOT_CALLS.contains(&callee)
            || (callee_at > 0 && matches!(u.text(callee_at - 1), "." | "->" | "::"))
        {
            return None;
        }
        let close = scopes.closing.get(&open).copied()?;
        let args = u.split_arguments(open + 1, close);
        let k = args.iter().position(|&(s, e)| s == i && e == i + 1)?;
        let mut found = None;
        for f in self.mentions_of(callee) {
            if f == callee_at || u.text(f + 1) != "(" {
                continue;
            }
            let definition_scope = match scopes.block_of(f) {
                None => true,
                Some(o) => scopes.kinds.get(&o) == Some(&BlockKind::Namespace),
            };
            if !definition_scope || (f > 0 && matches!(u.text(f - 1), "." | "->" | "::")) {
                continue;
            }
            let pclose = u.matching(f + 1, n);
            let mut body = pclose + 1;
            while matches!(u.text(body), "noexcept") {
                body += 1;
            }
            if u.text(body) != "{" {
                continue;
            }
            let params = u.split_arguments(f + 2, pclose);
            let required = params
                .iter()
                .filter(|&&(s, e)| !(s..e).any(|t| u.text(t) == "="))
                .count();
            if !(required <= args.len() && args.len() <= params.len()) {
                continue;
            }
            let (ps, pe) = params[k];
            let stop = (ps..pe).find(|&t| u.text(t) == "=").unwrap_or(pe);
            let pn = stop.checked_sub(1)?;
            let reference = pn > ps + 1
                && u.is_ident(pn)
                && u.text(pn - 1) == "&"
                && (ps..pn).any(|t| u.text(t) == class)
                && !(ps..pn).any(|t| matches!(u.text(t), "*" | "&&"));
            if !reference || found.is_some() {
                return None;
            }
            found = Some((pn, f + 1, u.matching(body, n)));
        }
        found
    }
}

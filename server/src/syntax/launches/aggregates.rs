//! Members of aggregate-initialized host objects: `Params p{d, n, heads,
//! n / heads};` (or `= {..}`) gives each `const` integer member the
//! initializer at its position, so `dim3 block(p.size / 4, p.heads)` and a
//! kernel taking `Params` by value see those values.
//!
//! Sound where C++ fixes the member's value to that initializer on every
//! execution reaching a read of it (C++17 [dcl.init.aggr]): the class is
//! defined once in the unit (a class template counts only without
//! specializations, which are further definitions), with no base class, no
//! constructor or other member function, no access specifier, no default
//! member initializer, no static member and no nested type (an aggregate,
//! whose members are initialized in declaration order from the list's
//! elements), and every member is a scalar or a pointer (a member of class or
//! array type could take several elements by brace elision, shifting the
//! positions). The list has no designator or nested braces and no more
//! elements than members. The member is `const`: writing it after the
//! initialization is undefined behaviour, and the class has no copy
//! assignment; the object's address is never taken (no byte copy into it).
//! The element is evaluated where it is written, as a scalar's initializer
//! is ([`Eval::expr`] follows each name to its value there).

use super::{value_ty, Eval, ValueTy};

/// A data member of an aggregate class, in declaration order.
pub(super) struct AggregateMember<'u> {
    /// Its name.
    pub name: &'u str,
    /// Declared `const` (a `const` pointer is not an integer anyway).
    pub is_const: bool,
    /// Its type (`Other` for a pointer).
    pub ty: ValueTy,
}

/// Members of an aggregate in order, each with the token range of its
/// initializer (None past the list's end).
type MemberInits<'a> = Vec<(AggregateMember<'a>, Option<(usize, usize)>)>;

impl Eval<'_, '_> {
    /// For the object named at `object_at`, when it is aggregate-initialized
    /// (see the module comment): its class's name and, per member in order,
    /// the member with the token range of its initializer (None past the
    /// list's end).
    pub(super) fn aggregate_object(&self, object_at: usize) -> Option<(&str, MemberInits<'_>)> {
        let (u, scopes) = (self.unit, self.scopes);
        let (object, _) = scopes.visible(u, u.text(object_at), object_at)?;
        let at = object.at;
        let n = u.toks.len();
        // `Class p{..};`, `Class<..> p{..};` or `Class p = {..};` as a whole
        // declaration.
        let open = match (u.text(at + 1), u.text(at + 2)) {
            ("{", _) => at + 1,
            ("=", "{") => at + 2,
            _ => return None,
        };
        let close = u.matching(open, n);
        if close >= n || u.text(close) != "}" || u.text(close + 1) != ";" {
            return None;
        }
        if at < 2 {
            return None;
        }
        let mut name_at = at - 1;
        if u.text(name_at) == ">" {
            name_at = u
                .template_open(name_at, 0, usize::MAX, &[])?
                .checked_sub(1)?;
        }
        if name_at == 0
            || !u.is_ident(name_at)
            || !matches!(u.text(name_at - 1), ";" | "{" | "}" | "const")
        {
            return None;
        }
        let class = u.text(name_at);
        if !self.is_plain_host_object(at) {
            return None;
        }
        let members = self.aggregate_members(class)?;
        let elements = u.split_commas(open + 1, close);
        if elements.len() > members.len()
            || elements
                .iter()
                .any(|&(s, e)| s >= e || matches!(u.text(s), "{" | "." | "["))
        {
            return None;
        }
        let out = members
            .into_iter()
            .enumerate()
            .map(|(k, m)| (m, elements.get(k).copied()))
            .collect();
        Some((class, out))
    }

    /// The data members of the class named `class`, in order, when it is an
    /// aggregate of scalars and pointers defined once (see the module
    /// comment); None otherwise.
    fn aggregate_members(&self, class: &str) -> Option<Vec<AggregateMember<'_>>> {
        let u = self.unit;
        let n = u.toks.len();
        // Every definition `class|struct|union Class ... {`: a forward
        // declaration ends at `;`, an elaborated type in a declaration at
        // another token.
        let definitions: Vec<usize> = (1..n)
            .filter(|&i| {
                u.text(i) == class && matches!(u.text(i - 1), "class" | "struct" | "union")
            })
            .filter_map(|i| {
                let mut k = i + 1;
                while k < n && !matches!(u.text(k), "{" | ";" | "(" | ")" | "*" | "&" | "=") {
                    k += 1;
                }
                (u.text(k) == "{").then_some(k)
            })
            .collect();
        let [body] = definitions.as_slice() else {
            return None;
        };
        let body = *body;
        let keyword = u.text(body - 2);
        // No base class, `final` or specialization arguments between the
        // name and the body; a union's members share one initializer.
        if keyword == "union" || !matches!(keyword, "class" | "struct") || u.text(body - 1) != class
        {
            return None;
        }
        let close = u.matching(body, n);
        if close >= n {
            return None;
        }
        let mut members = Vec::new();
        let mut from = body + 1;
        for k in body + 1..close {
            let t = u.text(k);
            if matches!(
                t,
                "(" | "["
                    | "{"
                    | ":"
                    | "::"
                    | ","
                    | "="
                    | "&"
                    | "&&"
                    | "static"
                    | "struct"
                    | "class"
                    | "union"
                    | "enum"
                    | "typedef"
                    | "using"
                    | "template"
                    | "friend"
                    | "virtual"
                    | "operator"
                    | "mutable"
                    | "alignas"
                    | "__align__"
            ) {
                return None;
            }
            if t != ";" {
                continue;
            }
            // `[const] type [*...] name;`
            let words: Vec<&str> = (from..k).map(|w| u.text(w)).collect();
            from = k + 1;
            let (&name, rest) = words.split_last()?;
            if !u.is_ident(k - 1) || rest.is_empty() {
                return None;
            }
            let pointer = rest.contains(&"*");
            let type_words: Vec<&str> = rest
                .iter()
                .copied()
                .filter(|w| !matches!(*w, "const" | "volatile" | "*"))
                .collect();
            let ty = if pointer {
                ValueTy::Other
            } else {
                // Only scalar types: a member of class type could take
                // several elements by brace elision.
                if type_words.is_empty() || !type_words.iter().all(|w| super::is_scalar_type(w)) {
                    return None;
                }
                value_ty(&type_words)
            };
            members.push(AggregateMember {
                name,
                is_const: !pointer && rest.contains(&"const"),
                ty,
            });
        }
        // Nothing after the last member's `;`.
        (from == close).then_some(members)
    }

    /// Whether the `{` at `open` is the initializer of an object of an
    /// aggregate class of scalars and pointers (see the module comment):
    /// each element then initializes a scalar or pointer member by copy, no
    /// reference or constructor keeps a name written there.
    pub(super) fn aggregate_of_scalars(&self, open: usize) -> bool {
        let u = self.unit;
        if !super::aggregate_initializer(u, open) {
            return false;
        }
        let mut name_at = open - 1;
        if u.text(name_at) == "=" {
            name_at -= 1;
        }
        let mut class_at = name_at - 1;
        if u.text(class_at) == ">" {
            match u.template_open(class_at, 0, 256, &[";", "{", "}", "(", ")"]) {
                Some(o) if o > 0 => class_at = o - 1,
                _ => return false,
            }
        }
        self.aggregate_members(u.text(class_at)).is_some()
    }

    /// The initializer (token range) and type of the `const` integer member
    /// named at `member_at` of the aggregate-initialized object named at
    /// `object_at` (see the module comment).
    pub(super) fn aggregate_member(
        &self,
        object_at: usize,
        member_at: usize,
    ) -> Option<(usize, usize, ValueTy)> {
        let member = self.unit.text(member_at);
        let (_, members) = self.aggregate_object(object_at)?;
        let (m, init) = members.into_iter().find(|(m, _)| m.name == member)?;
        let (s, e) = init?;
        (m.is_const && matches!(m.ty, ValueTy::Int { .. })).then_some((s, e, m.ty))
    }

    /// For the launch argument `[s, e)` that names an aggregate-initialized
    /// object (see the module comment) whose class is the type of the
    /// kernel's parameter there (`class`, from every declaration of the
    /// kernel), the values of its `const` integer members that are
    /// constants, by member name.
    pub(super) fn aggregate_argument(
        &self,
        s: usize,
        e: usize,
        class_of_param: Option<&str>,
    ) -> Vec<(String, i128)> {
        let u = self.unit;
        if e != s + 1 || !u.is_ident(s) {
            return Vec::new();
        }
        let Some((class, members)) = self.aggregate_object(s) else {
            return Vec::new();
        };
        if class_of_param != Some(class) {
            return Vec::new();
        }
        members
            .into_iter()
            .filter_map(|(m, init)| {
                let (is, ie) = init?;
                let ValueTy::Int { lo, hi, .. } = m.ty else {
                    return None;
                };
                if !m.is_const {
                    return None;
                }
                let v = self.expr(is, ie, 0)?;
                (lo..=hi).contains(&v).then(|| (m.name.to_string(), v))
            })
            .collect()
    }
}

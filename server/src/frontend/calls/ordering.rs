//! Partial ordering of function templates ([temp.func.order]): the last
//! tie-breaker of overload resolution between two function templates whose
//! conversions of the call's arguments are the same.

use crate::base::HashMap;

use tree_sitter::Node;

use super::RefKind;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::frontend::FnDef;

/// cv-qualifiers of one level of a type: bit 0 `const`, bit 1 `volatile`.
type Cv = u8;

/// The base of a parameter's type: one of the function template's type
/// parameters, or a type that names none of them.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum ShapeBase {
    /// A template type parameter, by name.
    Param(String),
    /// A type the front end knows, with its whitespace-normalised text.
    Concrete(Ty, String),
}

/// A parameter type as written: a base, then pointer levels, each level
/// with its cv-qualifiers (`quals[0]` qualifies the base, `quals[k]` the
/// k-th pointer; the last is the top level), and how it binds.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Shape {
    /// The base type.
    base: ShapeBase,
    /// cv-qualifiers per level, base first.
    quals: Vec<Cv>,
    /// Reference kind of the parameter.
    refkind: RefKind,
}

/// The outcome of a deduction the front end may not be able to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tri {
    Yes,
    No,
    Unknown,
}

/// What a template parameter is deduced as in partial ordering: a base
/// (a unique type standing for the other template's parameter, or a
/// concrete type) with cv-qualified pointer levels (as in [`Shape`]: base
/// first, top level last).
#[derive(Clone, Debug, PartialEq)]
struct Binding {
    base: ShapeBase,
    quals: Vec<Cv>,
}

impl<'c, 't> Lowerer<'c, 't> {
    /// The shapes of a function template's parameters (None for a
    /// parameter whose form is not followed: arrays, function pointers,
    /// class templates of a parameter, packs, defaults, unknown names), or
    /// None when `def` is not a template whose parameters are all plain
    /// type parameters.
    pub(super) fn param_shapes(&self, def: &FnDef<'t>) -> Option<Vec<Option<Shape>>> {
        let tpl = def.template?;
        let params = def.params?;
        let src = self.cx.units[def.unit].text.as_str();
        let mut generic = Vec::new();
        for p in tpl.named_children(&mut tpl.walk()) {
            match p.kind() {
                "type_parameter_declaration" => {
                    let name = p
                        .named_children(&mut p.walk())
                        .find(|c| c.kind() == "type_identifier")?;
                    generic.push(text(name, src).to_string());
                }
                "comment" => {}
                // Non-type, template template, defaulted and pack parameters
                // take part in ordering by rules not followed here.
                _ => return None,
            }
        }
        let mut out = Vec::new();
        for p in params.named_children(&mut params.walk()) {
            match p.kind() {
                "parameter_declaration" => out.push(self.param_shape(p, src, &generic)),
                "comment" => {}
                _ => out.push(None),
            }
        }
        Some(out)
    }

    /// The shape of the parameter declaration `p` of a template whose type
    /// parameters are `generic`.
    fn param_shape(&self, p: Node<'t>, src: &str, generic: &[String]) -> Option<Shape> {
        let tn = p.child_by_field_name("type")?;
        let mentions = |n: Node<'t>| {
            let mut stack = vec![n];
            while let Some(x) = stack.pop() {
                if matches!(x.kind(), "identifier" | "type_identifier")
                    && generic.iter().any(|g| g == text(x, src))
                {
                    return true;
                }
                stack.extend(x.named_children(&mut x.walk()));
            }
            false
        };
        let base = if tn.kind() == "type_identifier" && generic.iter().any(|g| g == text(tn, src)) {
            ShapeBase::Param(text(tn, src).to_string())
        } else if mentions(tn) || !self.cx.types.knows_type(tn, src) {
            return None;
        } else {
            let ty = self.cx.types.resolve_base(tn, src, &HashMap::default());
            // A typedef of a pointer or array would add levels the
            // declarator does not show.
            if !matches!(ty, Ty::Scalar(_) | Ty::Struct(_) | Ty::Vector(..)) {
                return None;
            }
            let words: Vec<&str> = text(tn, src).split_whitespace().collect();
            ShapeBase::Concrete(ty, words.join(" "))
        };
        let cv_of = |n: Node<'t>| -> Cv {
            let mut cv = 0;
            for c in n.children(&mut n.walk()) {
                if c.kind() == "type_qualifier" {
                    match text(c, src) {
                        "const" => cv |= 1,
                        "volatile" => cv |= 2,
                        _ => {}
                    }
                }
            }
            cv
        };
        let mut quals = vec![cv_of(p) | cv_of(tn)];
        let mut refkind = RefKind::Value;
        let mut d = p.child_by_field_name("declarator");
        let mut first = true;
        while let Some(x) = d {
            match x.kind() {
                "reference_declarator" if first => {
                    refkind = if text(x, src).trim_start().starts_with("&&") {
                        RefKind::Rvalue
                    } else if quals[0] & 1 != 0 {
                        RefKind::Const
                    } else {
                        RefKind::Lvalue
                    };
                    d = x.named_children(&mut x.walk()).next();
                }
                "pointer_declarator" => {
                    quals.push(cv_of(x));
                    d = x.child_by_field_name("declarator");
                }
                "identifier" => d = None,
                _ => return None,
            }
            first = false;
        }
        Some(Shape {
            base,
            quals,
            refkind,
        })
    }

    /// Whether the function template `a` is more specialised than `b`
    /// for a call with `nargs` arguments ([temp.func.order]): the types of
    /// `b`'s parameters can be deduced from those of `a` (with `a`'s
    /// template parameters taken as unique types) and not the other way
    /// round. False whenever a step is not followed.
    pub(super) fn more_specialised(
        &self,
        a: &[Option<Shape>],
        b: &[Option<Shape>],
        nargs: usize,
    ) -> bool {
        if a.len() < nargs || b.len() < nargs {
            return false;
        }
        // [temp.deduct.partial]/9 orders reference parameters by their
        // referent's cv-qualification and reference kind: not followed.
        for (x, y) in a[..nargs].iter().zip(&b[..nargs]) {
            let (Some(x), Some(y)) = (x, y) else {
                return false;
            };
            if x.refkind != RefKind::Value
                && y.refkind != RefKind::Value
                && (x.refkind != y.refkind || x.quals.last() != y.quals.last())
            {
                return false;
            }
        }
        deduce_all(&a[..nargs], &b[..nargs]) == Tri::Yes
            && deduce_all(&b[..nargs], &a[..nargs]) == Tri::No
    }
}

/// Whether the parameter types `p` (of the template whose parameters are
/// deduced) can be deduced from the argument types `a` (of the other
/// template, its parameters unique types), after dropping references and
/// top-level cv-qualifiers ([temp.deduct.partial]/5-7) and requiring the
/// deduced types to match exactly ([temp.deduct.type]).
fn deduce_all(a: &[Option<Shape>], p: &[Option<Shape>]) -> Tri {
    let mut bound: HashMap<String, Binding> = HashMap::default();
    let mut result = Tri::Yes;
    for (a, p) in a.iter().zip(p) {
        let (Some(a), Some(p)) = (a, p) else {
            return Tri::Unknown;
        };
        let aq = &a.quals[..a.quals.len() - 1];
        let pq = &p.quals[..p.quals.len() - 1];
        match deduce_one(&a.base, aq, &p.base, pq, &mut bound) {
            Tri::Yes => {}
            Tri::No => return Tri::No,
            Tri::Unknown => result = Tri::Unknown,
        }
    }
    result
}

/// One argument/parameter pair of [`deduce_all`] (qualifiers without the
/// top level).
fn deduce_one(
    a_base: &ShapeBase,
    aq: &[Cv],
    p_base: &ShapeBase,
    pq: &[Cv],
    bound: &mut HashMap<String, Binding>,
) -> Tri {
    match p_base {
        ShapeBase::Param(t) => {
            // `T` with cv `pq[0]` under `pq.len() - 1` pointers: the
            // argument needs at least as many pointer levels, the same cv on
            // each of them, and at least `pq[0]` at the level `T` matches.
            if aq.len() < pq.len() {
                return Tri::No;
            }
            let k = aq.len() - pq.len();
            if pq
                .iter()
                .skip(1)
                .zip(aq.iter().skip(k + 1))
                .any(|(x, y)| x != y)
            {
                return Tri::No;
            }
            if pq.is_empty() {
                // No level below the top: `T` is the whole argument type
                // (its top-level cv-qualifiers dropped).
                let mut quals = aq.to_vec();
                quals.push(0);
                let binding = Binding {
                    base: a_base.clone(),
                    quals,
                };
                return bind(t, binding, bound);
            }
            if pq[0] & !aq[k] != 0 {
                return Tri::No;
            }
            let mut quals = aq[..k].to_vec();
            quals.push(aq[k] & !pq[0]);
            bind(
                t,
                Binding {
                    base: a_base.clone(),
                    quals,
                },
                bound,
            )
        }
        ShapeBase::Concrete(..) => {
            if aq != pq {
                return Tri::No;
            }
            same_base(a_base, p_base)
        }
    }
}

/// Binds `t` to `b`, or checks it against an earlier binding.
fn bind(t: &str, b: Binding, bound: &mut HashMap<String, Binding>) -> Tri {
    match bound.get(t) {
        None => {
            bound.insert(t.to_string(), b);
            Tri::Yes
        }
        Some(prev) => {
            if prev.quals != b.quals {
                return Tri::No;
            }
            same_base(&prev.base, &b.base)
        }
    }
}

/// Whether two bases are the same type: unique types are equal only to
/// themselves; concrete types are equal when written alike and resolved
/// alike, different when resolved differently, and unknown otherwise
/// (`long` and `long long` resolve alike).
fn same_base(x: &ShapeBase, y: &ShapeBase) -> Tri {
    match (x, y) {
        (ShapeBase::Param(a), ShapeBase::Param(b)) => {
            if a == b {
                Tri::Yes
            } else {
                Tri::No
            }
        }
        (ShapeBase::Concrete(ta, wa), ShapeBase::Concrete(tb, wb)) => {
            if ta != tb {
                Tri::No
            } else if wa == wb {
                Tri::Yes
            } else {
                Tri::Unknown
            }
        }
        _ => Tri::No,
    }
}

impl Shape {
    /// The parameter's type once the template parameters are replaced by
    /// the types `deduced` for them: None when its base is not deduced
    /// or is not a scalar, vector or struct (a deduced pointer would add
    /// levels).
    pub(super) fn substituted(
        &self,
        deduced: &HashMap<String, Ty>,
    ) -> Option<(Ty, Vec<Cv>, RefKind)> {
        let ty = match &self.base {
            ShapeBase::Param(t) => deduced.get(t)?.clone(),
            ShapeBase::Concrete(ty, _) => ty.clone(),
        };
        matches!(ty, Ty::Scalar(_) | Ty::Struct(_) | Ty::Vector(..))
            .then(|| (ty, self.quals.clone(), self.refkind))
    }

    /// Whether the parameter's type is written as one concrete type.
    pub(super) fn concrete_text(&self) -> Option<&str> {
        match &self.base {
            ShapeBase::Concrete(_, w) => Some(w),
            ShapeBase::Param(_) => None,
        }
    }
}

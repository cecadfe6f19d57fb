//! Type template parameters of a kernel that no instantiation in view binds
//! (`template <typename T> __global__ void k(T *a)` with no launch, or
//! launches with different types) are lowered as 4-byte data. That is exact
//! for accesses in units of `T` (`a[i]` and `a[j]` meet iff `i == j`,
//! whatever `T`'s size), but not where `T`'s data is read as another type
//! (`((int *)a)[i]` next to `a[i]`: for `double` they overlap otherwise) or
//! where `sizeof(T)` enters an offset. So a cast that reinterprets a
//! pointer to such data as another type, or another pointer as one to `T`,
//! is `unsupported`; `sizeof(T)` is an unknown uniform value.

use tree_sitter::Node;

use crate::frontend::lowerer::{Lowerer, Target, Val, R};
use crate::frontend::types::{text, Ty};
use crate::ir::{Expr, ParamDecl, ParamId, ScalarTy};

impl<'c, 't> Lowerer<'c, 't> {
    /// The first opaque type parameter the type node `n` names.
    pub(crate) fn mentions_opaque_type(&self, n: Node) -> Option<String> {
        if self.opaque_type_names.is_empty() {
            return None;
        }
        let src = self.src();
        let mut stack = vec![n];
        while let Some(x) = stack.pop() {
            if x.kind() == "type_identifier" && self.opaque_type_names.contains(text(x, src)) {
                return Some(text(x, src).to_string());
            }
            stack.extend(x.named_children(&mut x.walk()));
        }
        None
    }

    /// See the module comment: a pointer cast (to type `ty`, written `t`)
    /// of `val` between data of an opaque type parameter and another type.
    pub(crate) fn no_opaque_reinterpretation(
        &mut self,
        t: Node<'t>,
        ty: &Ty,
        val: &Val,
        n: Node<'t>,
    ) -> R<()> {
        if self.opaque_type_names.is_empty() || !matches!(ty, Ty::Ptr(_)) {
            return Ok(());
        }
        let Val::Ptr { target, .. } = val else {
            return Ok(());
        };
        let arrays: Vec<crate::ir::ArrayId> = match target {
            Target::Array(a) => vec![*a],
            Target::Choice(v, _) => v.clone(),
            _ => return Ok(()),
        };
        let from_opaque = arrays.iter().any(|a| self.opaque_arrays.contains(a));
        if let (false, [a], Val::Ptr { offset, .. }) = (from_opaque, arrays.as_slice(), val) {
            // The usual dynamic shared memory idiom, `extern __shared__
            // unsigned char raw[]; T *s = reinterpret_cast<T *>(raw);`: when
            // the buffer's name occurs nowhere else in the program (its
            // declaration and this cast), and the view starts at the
            // buffer's start, every access of the buffer is through this
            // view, in units of `T`: exact under the 4-byte model, as for
            // `T *` parameters; any other view of it later is a cast from
            // `T` data, refused above.
            let named_once = matches!(offset, Expr::Int(0, _))
                && self.mentions_opaque_type(t).is_some()
                && self
                    .kernel
                    .arrays
                    .get(a.0 as usize)
                    .is_some_and(|d| d.param.is_none() && self.name_occurrences(&d.name) <= 2);
            if named_once {
                self.opaque_arrays.insert(*a);
                return Ok(());
            }
        }
        match self.mentions_opaque_type(t) {
            None if from_opaque => self.unsup(
                n,
                "cast of a pointer to data of a template type parameter that no launch in view binds to one type (its size is not known) to another pointer type",
            ),
            Some(name) if !from_opaque || arrays.len() > 1 => self.unsup(
                n,
                format!("cast to a pointer to template parameter `{name}`, which no launch in view binds to one type (its size is not known)"),
            ),
            _ => Ok(()),
        }
    }

    /// `sizeof(T)` of an opaque type parameter `T` (also in `sizeof(T[4])`,
    /// `sizeof(T *)` aside): one unknown value for the kernel, uniform.
    pub(crate) fn opaque_sizeof(&mut self, n: Node<'t>) -> Option<Expr> {
        // `sizeof(T)` parses as a parenthesized expression naming `T`
        // when the parser cannot tell `T` is a type.
        let operand = n
            .child_by_field_name("type")
            .or_else(|| n.child_by_field_name("value"))?;
        let name = self.mentions_opaque_type(operand).or_else(|| {
            let inner = crate::frontend::exprs::strip_parens(operand);
            let t = self.txt(inner);
            (inner.kind() == "identifier"
                && self.opaque_type_names.contains(t)
                && self.lookup(t).is_none())
            .then(|| t.to_string())
        })?;
        let written: String = self
            .txt(operand)
            .split_whitespace()
            .collect::<String>()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .to_string();
        if written.contains('*') {
            return None;
        }
        if written != name && written != format!("const{name}") {
            // `sizeof(T[4])`, `sizeof(Pair<T>)`: unknown too.
            return Some(self.havoc(ScalarTy::ULONG, n));
        }
        Some(self.opaque_size(name))
    }

    /// The uniform unknown `sizeof(name)` of the opaque type `name`.
    pub(crate) fn opaque_size(&mut self, name: String) -> Expr {
        if let Some(e) = self.opaque_sizes.get(&name) {
            return e.clone();
        }
        let id = ParamId(self.kernel.params.len() as u32);
        self.kernel.params.push(ParamDecl {
            name: format!("sizeof({name})"),
            ty: ScalarTy::ULONG,
            position: u32::MAX,
        });
        let e = Expr::Param(id);
        self.opaque_sizes.insert(name, e.clone());
        e
    }

    /// Whether data of type `ty` may hold an opaque type parameter's data,
    /// which is lowered as `int` (see the module comment): an `int` leaf
    /// outside pointers.
    pub(crate) fn may_be_opaque_data(&self, ty: &Ty, depth: usize) -> bool {
        match ty {
            Ty::Scalar(s) => *s == ScalarTy::INT,
            Ty::Array(e, _) => self.may_be_opaque_data(e, depth),
            Ty::Struct(_) if depth < 8 => self
                .cx
                .types
                .parts(ty)
                .iter()
                .any(|(_, t)| self.may_be_opaque_data(t, depth + 1)),
            Ty::Struct(_) => true,
            _ => false,
        }
    }

    /// How many times the identifier `name` occurs in the program's units
    /// (as a whole token, comments and strings included: an over-count,
    /// which only keeps a cast refused).
    fn name_occurrences(&self, name: &str) -> usize {
        let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
        self.cx
            .units
            .iter()
            .map(|u| {
                u.text
                    .match_indices(name)
                    .filter(|(i, _)| {
                        let before = u.text[..*i].chars().next_back();
                        let after = u.text[i + name.len()..].chars().next();
                        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
                    })
                    .count()
            })
            .sum()
    }
}

//! PyTorch packed tensor accessors (`at::GenericPackedTensorAccessor<T, N,
//! PtrTraits, index_t>`, `PackedTensorAccessor32/64<T, N, PtrTraits>`,
//! `TensorAccessor`) as kernel parameters whose class definition the front
//! end does not model (ATen's headers are not in view, or the class uses
//! template forms it does not follow), lowered as a library idiom.
//!
//! Semantics (ATen `TensorAccessor.h`): the accessor holds a data pointer
//! and, per dimension `d < N`, `size(d)` and `stride(d)` (in elements), all
//! copied to the device by value: one value for the whole grid. `acc[i0]..
//! [iN-1]` is the element `data[i0 * stride(0) + .. + iN-1 * stride(N-1)]`
//! (no bounds check), `acc.data()` the pointer, `acc.size(d)`/`acc.stride(d)`
//! the values. Each accessor parameter gets its own global array, as any
//! pointer parameter does (its data pointer is `__restrict__` with
//! `RestrictPtrTraits`).
//!
//! Strides are symbolic parameters. Stated default assumption (README,
//! `--no-assume-accessor-layout` drops it): the layout does not overlap
//! (distinct in-bounds index tuples address distinct elements, as for every
//! tensor PyTorch allocates, `contiguous()` or transposed; `expand()` views
//! with stride 0 are the exception) and every full subscript is in bounds
//! (`0 <= i_d < size(d)`; out of bounds is an invalid access, not a race).
//! For an accessor the kernel reads only through full subscripts, the race
//! verdict is the same for every such layout (two accesses overlap iff
//! their index tuples are equal), so the contiguous row-major one stands for
//! all: `stride(N-1) = 1`, `stride(d) = stride(d+1) * size(d+1)`. An accessor
//! whose `stride()` or `data()` the kernel reads keeps symbolic strides and
//! no bounds assumption (its layout would be observable).

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::{text, Ty};
use crate::ir::{
    ArrayId, BinOp, Expr, MemSpace, ParamDecl, ParamId, ScalarTy, StmtId, StmtKind, VarId,
};

/// Most dimensions of an accessor modelled.
const MAX_ACCESSOR_DIMS: usize = 8;

/// A kernel parameter of a PyTorch accessor type.
#[derive(Clone, Debug)]
pub(crate) struct AccessorParam {
    /// Parameter name.
    pub(crate) name: String,
    /// The scalar parameter the name is bound to (uses other than subscripts
    /// and `size`/`stride`/`data` calls are refused).
    pub(crate) handle: ParamId,
    /// The tensor's elements.
    pub(crate) array: ArrayId,
    /// Element type.
    pub(crate) elem: Ty,
    /// Type of sizes, strides and subscripts (`index_t`).
    pub(crate) index_ty: ScalarTy,
    /// `size(d)`, per dimension.
    pub(crate) sizes: Vec<Expr>,
    /// Locals holding `stride(d)`, assigned at kernel entry.
    pub(crate) strides: Vec<VarId>,
    /// The entry assignments of the contiguous strides and the in-bounds
    /// assumptions of subscripts, each with the statement that replaces it
    /// when the layout assumption does not hold.
    pub(crate) assumed: Vec<crate::ir::StmtSwap>,
    /// The kernel reads `stride()` or `data()`: the layout is observable.
    pub(crate) observed: bool,
}

/// Whether `name` (the last component of a type name) is one of ATen's
/// accessor class templates, with the index type its alias fixes.
fn accessor_template(name: &str) -> Option<Option<ScalarTy>> {
    match name {
        "PackedTensorAccessor32" => Some(Some(ScalarTy::INT)),
        "PackedTensorAccessor64" | "PackedTensorAccessor" => Some(Some(ScalarTy::LONG)),
        "GenericPackedTensorAccessor" | "TensorAccessor" => Some(None),
        _ => None,
    }
}

impl<'c, 't> Lowerer<'c, 't> {
    /// Declares the kernel parameter `name` (declaration `p`, type node
    /// `tnode`) as an accessor when its type is one of ATen's accessor
    /// templates the front end does not model; false when it is not.
    pub(crate) fn declare_accessor_param(
        &mut self,
        name: &str,
        tnode: Node<'t>,
        position: u32,
        p: Node<'t>,
    ) -> R<bool> {
        let src = self.src();
        if self.cx.types.knows_type(tnode, src) {
            return Ok(false);
        }
        let mut t = tnode;
        for _ in 0..8 {
            if t.kind() != "qualified_identifier" {
                break;
            }
            match t.child_by_field_name("name") {
                Some(x) => t = x,
                None => break,
            }
        }
        if t.kind() != "template_type" {
            return Ok(false);
        }
        let Some(fixed_index) = t
            .child_by_field_name("name")
            .and_then(|x| accessor_template(text(x, src)))
        else {
            return Ok(false);
        };
        let Some(args) = t.child_by_field_name("arguments") else {
            return Ok(false);
        };
        let args: Vec<Node<'t>> = args
            .named_children(&mut args.walk())
            .filter(|a| a.kind() != "comment")
            .collect();
        let (Some(elem_node), Some(dims_node)) = (args.first(), args.get(1)) else {
            return self.unsup(
                p,
                format!("PyTorch accessor `{name}` without its element type and dimension count"),
            );
        };
        if elem_node.kind() != "type_descriptor" {
            return self.unsup(
                p,
                format!("PyTorch accessor `{name}`: element type not a type"),
            );
        }
        let elem = self
            .cx
            .types
            .type_descriptor(*elem_node, src, &self.type_overrides);
        let dims = self
            .cx
            .types
            .const_eval(*dims_node, src, 0)
            .and_then(|d| usize::try_from(d).ok())
            .filter(|d| (1..=MAX_ACCESSOR_DIMS).contains(d));
        let Some(dims) = dims else {
            return self.unsup(
                p,
                format!(
                    "PyTorch accessor `{name}`: the dimension count `{}` is not a constant from 1 to {MAX_ACCESSOR_DIMS}",
                    text(*dims_node, src)
                ),
            );
        };
        if !matches!(elem, Ty::Scalar(_) | Ty::Vector(..)) {
            return self.unsup(
                p,
                format!(
                    "PyTorch accessor `{name}` of elements of type `{}`",
                    text(*elem_node, src)
                ),
            );
        }
        let index_ty = fixed_index.unwrap_or_else(|| {
            match args
                .get(3)
                .filter(|a| a.kind() == "type_descriptor")
                .map(|a| self.cx.types.type_descriptor(*a, src, &self.type_overrides))
            {
                Some(Ty::Scalar(s @ ScalarTy::Int { .. })) => s,
                _ => ScalarTy::LONG,
            }
        });
        let scalar_param = |lw: &mut Self, pname: String, ty: ScalarTy| {
            let id = ParamId(lw.kernel.params.len() as u32);
            lw.kernel.params.push(ParamDecl {
                name: pname,
                ty,
                position,
            });
            id
        };
        let handle = scalar_param(self, name.to_string(), ScalarTy::LONG);
        let array = self.add_array(name, MemSpace::Global, &elem, Some(position), p);
        let sizes: Vec<Expr> = (0..dims)
            .map(|d| Expr::Param(scalar_param(self, format!("{name}.size({d})"), index_ty)))
            .collect();
        let stride_params: Vec<Expr> = (0..dims)
            .map(|d| Expr::Param(scalar_param(self, format!("{name}.stride({d})"), index_ty)))
            .collect();
        let strides: Vec<VarId> = (0..dims)
            .map(|d| self.new_var(&format!("{name}.stride({d})"), index_ty, p))
            .collect();
        // Contiguous strides, last dimension first (see the module comment).
        let mut assumed = Vec::new();
        let mut contiguous = int(1, index_ty);
        for d in (0..dims).rev() {
            let kind = StmtKind::Assign {
                var: strides[d],
                value: contiguous.clone(),
            };
            let id = StmtId(self.kernel.next_stmt_id);
            self.push(kind.clone(), p);
            assumed.push((
                id,
                kind,
                StmtKind::Assign {
                    var: strides[d],
                    value: stride_params[d].clone(),
                },
            ));
            contiguous = bin(BinOp::Mul, contiguous, sizes[d].clone(), index_ty);
        }
        self.bind(
            name,
            Binding::Value(Val::Scalar(Expr::Param(handle), ScalarTy::LONG)),
        );
        self.accessors.push(AccessorParam {
            name: name.to_string(),
            handle,
            array,
            elem,
            index_ty,
            sizes,
            strides,
            assumed,
            observed: false,
        });
        Ok(true)
    }

    /// The name a by-value parameter declaration `p` declares (`T name`), or
    /// None for pointers, references and arrays (never an accessor object).
    pub(crate) fn declarator_name(&self, p: Node<'t>) -> Option<String> {
        let d = p.child_by_field_name("declarator")?;
        (d.kind() == "identifier").then(|| self.txt(d).to_string())
    }

    /// The accessor a value stands for (its handle parameter).
    pub(crate) fn accessor_of_val(&self, v: &Val) -> Option<usize> {
        match v {
            Val::Scalar(Expr::Param(p), _) => self.accessors.iter().position(|a| a.handle == *p),
            _ => None,
        }
    }

    /// The accessor the expression `n` names (an identifier bound to one).
    fn accessor_named(&self, n: Node<'t>) -> Option<usize> {
        let mut n = n;
        while n.kind() == "parenthesized_expression" {
            n = n.named_child(0)?;
        }
        if n.kind() != "identifier" {
            return None;
        }
        match self.lookup(self.txt(n)) {
            Some(Binding::Value(v)) => self.accessor_of_val(v),
            _ => None,
        }
    }

    /// The refusal for an accessor used other than through subscripts and
    /// `size`/`stride`/`data`.
    pub(crate) fn accessor_escape<T>(&mut self, k: usize, n: Node<'t>) -> R<T> {
        let name = self.accessors[k].name.clone();
        self.unsup(
            n,
            format!(
                "PyTorch accessor `{name}` used as a value (copied, passed or assigned): only its subscripts and `size`/`stride`/`data` calls are modelled"
            ),
        )
    }

    /// `acc.size(d)`, `acc.stride(d)`, `acc.data()` on an accessor; None when
    /// the receiver is not one.
    pub(crate) fn accessor_method(
        &mut self,
        n: Node<'t>,
        obj: Node<'t>,
        method: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        let Some(k) = self.accessor_named(obj) else {
            return Ok(None);
        };
        match (method, args) {
            ("data", []) => {
                self.accessors[k].observed = true;
                let a = &self.accessors[k];
                Ok(Some(Val::Ptr {
                    target: Target::Array(a.array),
                    offset: int(0, ScalarTy::LONG),
                    pointee: a.elem.clone(),
                }))
            }
            ("size" | "stride", [d]) => {
                let v = self.rvalue(*d)?;
                let (e, et) = self.scalar(v, *d)?;
                let dims = self.accessors[k].sizes.len();
                let index_ty = self.accessors[k].index_ty;
                let values: Vec<Expr> = if method == "size" {
                    self.accessors[k].sizes.clone()
                } else {
                    self.accessors[k].observed = true;
                    self.accessors[k]
                        .strides
                        .iter()
                        .map(|s| Expr::Var(*s))
                        .collect()
                };
                let value = match e {
                    Expr::Int(d, _) => match usize::try_from(d).ok().filter(|d| *d < dims) {
                        Some(d) => values[d].clone(),
                        None => {
                            let name = self.accessors[k].name.clone();
                            return self.unsup(
                                n,
                                format!("`{name}.{method}({d})` of a {dims}-dimensional PyTorch accessor"),
                            );
                        }
                    },
                    e => {
                        // A computed dimension: the value of the one it
                        // selects (out of range: an invalid read, any value).
                        let mut out = self.havoc(index_ty, n);
                        let d = conv(e, et, ScalarTy::LONG);
                        for (i, v) in values.into_iter().enumerate().rev() {
                            let is_i = bin(
                                BinOp::Eq,
                                d.clone(),
                                int(i as i128, ScalarTy::LONG),
                                ScalarTy::Bool,
                            );
                            out =
                                Expr::Select(Box::new(is_i), Box::new(v), Box::new(out), index_ty);
                        }
                        out
                    }
                };
                Ok(Some(Val::Scalar(value, index_ty)))
            }
            _ => {
                let name = self.accessors[k].name.clone();
                self.unsup(
                    n,
                    format!("method `{method}` of PyTorch accessor `{name}` (only `size`, `stride` and `data` are modelled)"),
                )
            }
        }
    }

    /// `acc[i0]..[iN-1]` (`n` the outermost subscript, `base` its argument,
    /// `idx_node` its index): the element; None when the chain is not rooted
    /// in an accessor.
    pub(crate) fn accessor_subscript(
        &mut self,
        n: Node<'t>,
        base: Node<'t>,
        idx_node: Node<'t>,
    ) -> R<Option<LVal>> {
        let mut indices = vec![idx_node];
        let mut root = base;
        for _ in 0..MAX_ACCESSOR_DIMS + 1 {
            while root.kind() == "parenthesized_expression" {
                match root.named_child(0) {
                    Some(x) => root = x,
                    None => return Ok(None),
                }
            }
            if root.kind() != "subscript_expression" {
                break;
            }
            let inner_idx = root
                .child_by_field_name("indices")
                .and_then(|i| i.named_child(0))
                .or_else(|| root.child_by_field_name("index"));
            let (Some(b), Some(i)) = (root.child_by_field_name("argument"), inner_idx) else {
                return Ok(None);
            };
            indices.push(i);
            root = b;
        }
        let Some(k) = self.accessor_named(root) else {
            return Ok(None);
        };
        indices.reverse();
        let dims = self.accessors[k].sizes.len();
        if indices.len() != dims {
            let name = self.accessors[k].name.clone();
            return self.unsup(
                n,
                format!(
                    "`{}`: {} subscripts of the {dims}-dimensional PyTorch accessor `{name}` (a partial subscript is a `TensorAccessor` of the remaining dimensions, not modelled as a value)",
                    self.txt(n),
                    indices.len()
                ),
            );
        }
        let index_ty = self.accessors[k].index_ty;
        let mut offset = int(0, ScalarTy::LONG);
        let mut in_bounds: Option<Expr> = None;
        for (d, i) in indices.into_iter().enumerate() {
            let v = self.rvalue(i)?;
            let (e, et) = self.scalar(v, i)?;
            // `operator[](index_t i)`: the subscript converts to index_t.
            let e = conv(conv(e, et, index_ty), index_ty, ScalarTy::LONG);
            let stride = conv(
                Expr::Var(self.accessors[k].strides[d]),
                index_ty,
                ScalarTy::LONG,
            );
            let size = conv(self.accessors[k].sizes[d].clone(), index_ty, ScalarTy::LONG);
            offset = bin(
                BinOp::Add,
                offset,
                bin(BinOp::Mul, e.clone(), stride, ScalarTy::LONG),
                ScalarTy::LONG,
            );
            let here = bin(
                BinOp::And,
                bin(BinOp::Ge, e.clone(), int(0, ScalarTy::LONG), ScalarTy::Bool),
                bin(BinOp::Lt, e, size, ScalarTy::Bool),
                ScalarTy::Bool,
            );
            in_bounds = Some(match in_bounds {
                None => here,
                Some(b) => bin(BinOp::And, b, here, ScalarTy::Bool),
            });
        }
        if let Some(cond) = in_bounds {
            let id = StmtId(self.kernel.next_stmt_id);
            let kind = StmtKind::Assume { cond };
            self.push(kind.clone(), n);
            self.accessors[k].assumed.push((
                id,
                kind,
                StmtKind::Assume {
                    cond: int(1, ScalarTy::Bool),
                },
            ));
        }
        let elem = self.accessors[k].elem.clone();
        let size = self.size_of(&elem).max(1) as i128;
        let bytes = bin(
            BinOp::Mul,
            offset,
            int(size, ScalarTy::LONG),
            ScalarTy::LONG,
        );
        let target = Target::Array(self.accessors[k].array);
        Ok(Some(self.deref(target, bytes, elem, n)))
    }

    /// At the end of the kernel: the layout assumption's statements of each
    /// accessor, replaced now where the kernel observes the layout, else
    /// recorded for `--no-assume-accessor-layout`.
    pub(crate) fn settle_accessor_layouts(&mut self) {
        let mut now = Vec::new();
        for a in &mut self.accessors {
            let assumed = std::mem::take(&mut a.assumed);
            if a.observed {
                now.extend(assumed);
            } else {
                self.kernel.layout_assumption.extend(assumed);
            }
        }
        if !now.is_empty() {
            crate::ir::replace_stmt_kinds(&mut self.cur, &now);
        }
    }
}

//! Arithmetic: literals, constants, integer promotion, unary and binary operators, casts.

use tree_sitter::Node;

use crate::syntax::launches::binary_precedence;

use crate::frontend::exprs::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{BinOp, Block, Expr, ScalarTy, StmtKind, UnOp};

pub(crate) fn int(v: i128, t: ScalarTy) -> Expr {
    Expr::Int(v, t)
}

/// Wraps an integer to the range of its type.
pub(crate) fn wrap_int(v: i128, t: ScalarTy) -> i128 {
    match t {
        ScalarTy::Bool => (v != 0) as i128,
        ScalarTy::Int { bits, signed } => {
            let bits = bits.min(64) as u32;
            let m = if bits >= 64 {
                u64::MAX as i128
            } else {
                (1i128 << bits) - 1
            };
            let u = v & m;
            if signed && bits < 128 && (u >> (bits - 1)) & 1 == 1 {
                u - (1i128 << bits)
            } else {
                u
            }
        }
        ScalarTy::Float { .. } => v,
    }
}

/// C integer promotion.
pub(crate) fn promote(t: ScalarTy) -> ScalarTy {
    match t {
        ScalarTy::Bool => ScalarTy::INT,
        ScalarTy::Int { bits, .. } if bits < 32 => ScalarTy::INT,
        _ => t,
    }
}

/// C usual arithmetic conversions.
pub(crate) fn common(a: ScalarTy, b: ScalarTy) -> ScalarTy {
    match (a, b) {
        (ScalarTy::Float { bits: x }, ScalarTy::Float { bits: y }) => {
            ScalarTy::Float { bits: x.max(y) }
        }
        (ScalarTy::Float { .. }, _) => a,
        (_, ScalarTy::Float { .. }) => b,
        _ => {
            let (a, b) = (promote(a), promote(b));
            let (
                ScalarTy::Int {
                    bits: ab,
                    signed: asg,
                },
                ScalarTy::Int {
                    bits: bb,
                    signed: bsg,
                },
            ) = (a, b)
            else {
                return ScalarTy::INT;
            };
            if asg == bsg {
                return ScalarTy::Int {
                    bits: ab.max(bb),
                    signed: asg,
                };
            }
            let (ubits, sbits) = if asg { (bb, ab) } else { (ab, bb) };
            if ubits >= sbits {
                ScalarTy::Int {
                    bits: ubits,
                    signed: false,
                }
            } else {
                ScalarTy::Int {
                    bits: sbits,
                    signed: true,
                }
            }
        }
    }
}

/// Converts an expression of type `from` to `to` (folding integer constants).
pub(crate) fn conv(e: Expr, from: ScalarTy, to: ScalarTy) -> Expr {
    if from == to {
        return e;
    }
    match (&e, to) {
        (Expr::Int(v, _), ScalarTy::Int { .. } | ScalarTy::Bool)
            if !matches!(from, ScalarTy::Float { .. }) =>
        {
            return Expr::Int(wrap_int(*v, to), to);
        }
        _ => {}
    }
    match to {
        ScalarTy::Bool => match from {
            ScalarTy::Float { .. } => Expr::Binary(
                BinOp::Ne,
                Box::new(e),
                Box::new(Expr::Float(0f64.to_bits(), from)),
                ScalarTy::Bool,
            ),
            _ => Expr::Binary(
                BinOp::Ne,
                Box::new(e),
                Box::new(Expr::Int(0, from)),
                ScalarTy::Bool,
            ),
        },
        _ => Expr::Cast(to, Box::new(e)),
    }
}

pub(crate) fn not(e: Expr) -> Expr {
    match e {
        Expr::Int(v, ScalarTy::Bool) => Expr::Int((v == 0) as i128, ScalarTy::Bool),
        Expr::Unary(UnOp::Not, inner, _) => *inner,
        e => Expr::Unary(UnOp::Not, Box::new(e), ScalarTy::Bool),
    }
}

pub(crate) fn bin(op: BinOp, a: Expr, b: Expr, t: ScalarTy) -> Expr {
    // Fold the additions and multiplications that pointer arithmetic produces.
    match (op, &a, &b) {
        (BinOp::Add, Expr::Int(0, _), _) => return b,
        (BinOp::Add | BinOp::Sub, _, Expr::Int(0, _)) => return a,
        (BinOp::Mul, _, Expr::Int(1, _)) => return a,
        (BinOp::Mul, Expr::Int(1, _), _) => return b,
        (BinOp::Add, Expr::Int(x, _), Expr::Int(y, _)) => return Expr::Int(wrap_int(x + y, t), t),
        (BinOp::Mul, Expr::Int(x, _), Expr::Int(y, _)) => {
            return Expr::Int(wrap_int(x.wrapping_mul(*y), t), t)
        }
        _ => {}
    }
    Expr::Binary(op, Box::new(a), Box::new(b), t)
}

/// OpenCL memory-fence flag values.
pub(crate) fn ocl_constant(name: &str) -> Option<i128> {
    Some(match name {
        "CLK_LOCAL_MEM_FENCE" => 1,
        "CLK_GLOBAL_MEM_FENCE" => 2,
        "CLK_IMAGE_MEM_FENCE" => 4,
        // Sampler flags (values of the OpenCL headers; only passed to image reads).
        "CLK_NORMALIZED_COORDS_FALSE" => 0,
        "CLK_NORMALIZED_COORDS_TRUE" => 1,
        "CLK_ADDRESS_NONE" => 0,
        "CLK_ADDRESS_CLAMP_TO_EDGE" => 2,
        "CLK_ADDRESS_CLAMP" => 4,
        "CLK_ADDRESS_REPEAT" => 6,
        "CLK_ADDRESS_MIRRORED_REPEAT" => 8,
        "CLK_FILTER_NEAREST" => 0x10,
        "CLK_FILTER_LINEAR" => 0x20,
        _ => return None,
    })
}

pub(crate) fn float_constant(name: &str) -> Option<f64> {
    Some(match name {
        "M_PI" | "M_PI_F" => std::f64::consts::PI,
        "M_E" | "M_E_F" => std::f64::consts::E,
        "FLT_MAX" | "MAXFLOAT" | "HUGE_VALF" | "INFINITY" => f32::MAX as f64,
        "FLT_MIN" => f32::MIN_POSITIVE as f64,
        "FLT_EPSILON" => f32::EPSILON as f64,
        "DBL_MAX" => f64::MAX,
        "NAN" => f64::NAN,
        _ => return None,
    })
}

pub(crate) fn int_limit(name: &str) -> Option<(i128, ScalarTy)> {
    Some(match name {
        "INT_MAX" => (i32::MAX as i128, ScalarTy::INT),
        "INT_MIN" => (i32::MIN as i128, ScalarTy::INT),
        "UINT_MAX" => (u32::MAX as i128, ScalarTy::UINT),
        "CHAR_BIT" => (8, ScalarTy::INT),
        "LONG_MAX" | "LLONG_MAX" => (i64::MAX as i128, ScalarTy::LONG),
        "ULONG_MAX" | "ULLONG_MAX" => (u64::MAX as i128, ScalarTy::ULONG),
        "SHRT_MAX" => (i16::MAX as i128, ScalarTy::INT),
        "NULL" => (0, ScalarTy::LONG),
        _ => return None,
    })
}

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn number(&mut self, n: Node) -> R<Val> {
        let raw = self.txt(n).replace('\'', "");
        // tree-sitter folds a sign into some literals (`-1`).
        if let Some(rest) = raw.strip_prefix('-') {
            let v = self.number_text(rest.trim(), n)?;
            return self.unary_scalar("-", v, n);
        }
        self.number_text(raw.trim_start_matches('+'), n)
    }

    pub(crate) fn number_text(&mut self, t: &str, n: Node) -> R<Val> {
        let t = t.to_string();
        let lower = t.to_ascii_lowercase();
        let is_hex = lower.starts_with("0x");
        let is_float = if is_hex {
            lower.contains('p')
        } else {
            lower.contains('.') || lower.contains('e') || lower.ends_with('f')
        };
        if is_float {
            let single = !is_hex && (lower.ends_with('f') || lower.ends_with("h"));
            let digits = lower.trim_end_matches(['f', 'l', 'h']);
            let v: f64 = digits.parse().unwrap_or(0.0);
            let ty = if single {
                ScalarTy::FLOAT
            } else {
                ScalarTy::Float { bits: 64 }
            };
            return Ok(Val::Scalar(Expr::Float(v.to_bits(), ty), ty));
        }
        let Some(v) = crate::syntax::preprocess::parse_int_literal(&t) else {
            return self.unsup(n, format!("malformed number `{t}`"));
        };
        let suffix: String = lower
            .chars()
            .rev()
            .take_while(|c| *c == 'u' || *c == 'l')
            .collect();
        let unsigned = suffix.contains('u');
        let long = suffix.contains('l');
        let decimal = !(is_hex || lower.len() > 1 && lower.starts_with('0'));
        let ty = if !long && !unsigned && v <= i32::MAX as i128 {
            ScalarTy::INT
        } else if !long && (unsigned || !decimal) && v <= u32::MAX as i128 {
            ScalarTy::UINT
        } else if !unsigned && v <= i64::MAX as i128 {
            ScalarTy::LONG
        } else {
            ScalarTy::ULONG
        };
        Ok(Val::Scalar(int(wrap_int(v, ty), ty), ty))
    }

    /// The scalar of a value (vectors of one component, pointers as offsets).
    pub(crate) fn scalar(&mut self, v: Val, at: Node) -> R<(Expr, ScalarTy)> {
        let v = self.class_to_scalar(v, at)?;
        Ok(match v {
            Val::Scalar(e, t) => (e, t),
            Val::Ptr { offset, .. } => (offset, ScalarTy::LONG),
            Val::Agg(_, parts) if parts.len() == 1 => {
                let p = parts.into_iter().next().unwrap_or(Val::Void);
                return self.scalar(p, at);
            }
            Val::Agg(..) | Val::Group(_) | Val::Void => {
                (self.havoc(ScalarTy::INT, at), ScalarTy::INT)
            }
        })
    }

    pub(crate) fn unary(&mut self, n: Node<'t>) -> R<Val> {
        let op = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("");
        let Some(arg) = n.child_by_field_name("argument") else {
            return self.unsup(n, "malformed unary expression");
        };
        let v = self.rvalue(arg)?;
        if let Val::Agg(Ty::Struct(k), _) = &v {
            // `-w`, `~w`, `!w` on an object of a class: its operator
            // function when the program defines one ([over.match.oper]),
            // else its conversion operator below.
            let k = *k;
            let obj = self.ref_arg(arg, v.clone())?;
            if let Some(r) = self.class_operator_call(n, op, (arg, obj, k), &[], false)? {
                return Ok(r);
            }
            // A class has no built-in unary operator: without an operator
            // function in view only its conversion operator may apply.
            if !self.has_conversion_operator(k) {
                let tag = self.struct_name(k);
                return self.unsup(
                    n,
                    format!("`{op}` on a `{tag}` without a visible `operator{op}` or conversion operator"),
                );
            }
        }
        let v = self.class_to_scalar(v, arg)?;
        if let Val::Agg(ty, parts) = v {
            // Componentwise on vectors.
            let mut out = Vec::new();
            for p in parts {
                out.push(self.unary_scalar(op, p, arg)?);
            }
            return Ok(Val::Agg(ty, out));
        }
        self.unary_scalar(op, v, arg)
    }

    pub(crate) fn unary_scalar(&mut self, op: &str, v: Val, at: Node) -> R<Val> {
        if op == "!" {
            let b = self.truth(v, at)?;
            return Ok(Val::Scalar(not(b), ScalarTy::Bool));
        }
        let (e, t) = self.scalar(v, at)?;
        let pt = promote(t);
        let e = conv(e, t, pt);
        Ok(match op {
            "-" => match e {
                Expr::Int(v, _) => Val::Scalar(int(wrap_int(-v, pt), pt), pt),
                e => Val::Scalar(Expr::Unary(UnOp::Neg, Box::new(e), pt), pt),
            },
            "~" => Val::Scalar(Expr::Unary(UnOp::BitNot, Box::new(e), pt), pt),
            _ => Val::Scalar(e, pt),
        })
    }

    pub(crate) fn binop_of(op: &str) -> Option<BinOp> {
        Some(match op {
            "+" => BinOp::Add,
            "-" => BinOp::Sub,
            "*" => BinOp::Mul,
            "/" => BinOp::Div,
            "%" => BinOp::Rem,
            "<<" => BinOp::Shl,
            ">>" => BinOp::Shr,
            "&" => BinOp::BitAnd,
            "|" => BinOp::BitOr,
            "^" => BinOp::BitXor,
            "==" => BinOp::Eq,
            "!=" => BinOp::Ne,
            "<" => BinOp::Lt,
            "<=" => BinOp::Le,
            ">" => BinOp::Gt,
            ">=" => BinOp::Ge,
            "&&" => BinOp::And,
            "||" => BinOp::Or,
            _ => return None,
        })
    }

    pub(crate) fn binary(&mut self, n: Node<'t>) -> R<Val> {
        let op_text = n
            .child_by_field_name("operator")
            .map(|o| self.txt(o))
            .unwrap_or("");
        let (Some(l), Some(r)) = (
            n.child_by_field_name("left"),
            n.child_by_field_name("right"),
        ) else {
            return self.unsup(n, "malformed binary expression");
        };
        let Some(op) = Self::binop_of(op_text) else {
            return self.unsup(n, format!("unsupported operator `{op_text}`"));
        };
        if matches!(op, BinOp::And | BinOp::Or) {
            return self.logical(op, l, r);
        }
        if op_text == ">" {
            if let Some(v) = self.misparsed_less_than(l, r, n)? {
                return Ok(v);
            }
        }
        if matches!(op, BinOp::Mul | BinOp::Div | BinOp::Rem) {
            if let Some(v) = self.misparsed_cast_chain(n)? {
                return Ok(v);
            }
        }
        let a = self.rvalue_left(l)?;
        let b = self.rvalue(r)?;
        if let Some(v) = self.class_binary_operator(n, op_text, (l, &a), (r, &b))? {
            return Ok(v);
        }
        self.apply_binop(op, a, b, n)
    }

    /// `i < n >> 3` and `i < n > m`, which the parser reads as a template
    /// `i<n>` followed by `> rhs` because it cannot tell that `i` is a variable:
    /// `i < (n >> rhs)` when the two `>` are adjacent, `(i < n) > rhs` otherwise.
    /// `None` when `l` is not such a template (a real template name).
    fn misparsed_less_than(&mut self, l: Node<'t>, r: Node<'t>, n: Node<'t>) -> R<Option<Val>> {
        if l.kind() != "template_function" {
            return Ok(None);
        }
        let (Some(name), Some(args)) = (
            l.child_by_field_name("name"),
            l.child_by_field_name("arguments"),
        ) else {
            return Ok(None);
        };
        if name.kind() != "identifier" || self.lookup(self.txt(name)).is_none() {
            return Ok(None);
        }
        let mut c = args.walk();
        let parts: Vec<Node<'t>> = args.named_children(&mut c).collect();
        let [arg] = parts[..] else {
            return self.unsup(l, "comparison the parser read as a template argument list");
        };
        // Shift binds tighter than `<`; a right side with a shift of its own
        // would regroup differently: refuse rather than guess.
        let adjacent = args.end_byte()
            == n.child_by_field_name("operator")
                .map_or(0, |o| o.start_byte());
        if r.kind() == "binary_expression"
            && r.child_by_field_name("operator").is_some_and(|o| {
                matches!(
                    self.txt(o),
                    "<<" | ">>"
                        | "<"
                        | ">"
                        | "<="
                        | ">="
                        | "=="
                        | "!="
                        | "&"
                        | "|"
                        | "^"
                        | "&&"
                        | "||"
                )
            })
        {
            return self.unsup(n, "comparison the parser read as a template argument list");
        }
        let lhs = self.rvalue(name)?;
        let mid = if arg.kind() == "type_descriptor" {
            // A bare name the parser took for a type.
            match self.template_value_arg(arg)? {
                Some(v) => v,
                None => {
                    return self.unsup(
                        arg,
                        "comparison the parser read as a template argument list",
                    )
                }
            }
        } else {
            self.rvalue(arg)?
        };
        if adjacent {
            let rhs = self.rvalue(r)?;
            let shifted = self.apply_binop(BinOp::Shr, mid, rhs, n)?;
            Ok(Some(self.apply_binop(BinOp::Lt, lhs, shifted, n)?))
        } else {
            let less = self.apply_binop(BinOp::Lt, lhs, mid, l)?;
            let rhs = self.rvalue(r)?;
            Ok(Some(self.apply_binop(BinOp::Gt, less, rhs, n)?))
        }
    }

    /// `x < w && y >= 0 && y < h`, which the parser reads as the assignment
    /// of `0 && y < h` to a template `x<w && y>` (it splits `>=` into the
    /// argument list's `>` and `=`) because it cannot tell that `x` is a
    /// variable. When `x` is a variable in scope (not a template) and the
    /// `>` and `=` are adjacent (the source says `>=`), the source is the
    /// token sequence `x < ARG >= RIGHT`: ARG and RIGHT are each a subrange
    /// parsed on its own, so their binary-operator trees flattened in order
    /// give back the tokens, which are regrouped here by C++ precedence
    /// (all binary operators are left-associative). Anything else in RIGHT
    /// (a conditional, a nested assignment other than this same misreading)
    /// is refused. `None` when `n` is not such an assignment.
    pub(crate) fn misparsed_greater_equal(&mut self, n: Node<'t>) -> R<Option<Val>> {
        let mut items = Vec::new();
        match self.flatten_misparsed_ge(n, &mut items, 0) {
            None => return Ok(None),
            Some(false) => {
                return self.unsup(n, "comparison the parser read as a template argument list")
            }
            Some(true) => {}
        }
        let mut pos = 0;
        let Some(tree) = regroup(&items, &mut pos, 0) else {
            return self.unsup(n, "comparison the parser read as a template argument list");
        };
        if pos != items.len() {
            return self.unsup(n, "comparison the parser read as a template argument list");
        }
        self.eval_regrouped(&tree, n).map(Some)
    }

    /// Appends the tokens of the misread assignment `n` to `out`: `None`
    /// when `n` is not the misreading of [`Self::misparsed_greater_equal`],
    /// `Some(false)` when it is but has a part that cannot be regrouped.
    fn flatten_misparsed_ge(
        &self,
        n: Node<'t>,
        out: &mut Vec<Tok<'t>>,
        depth: usize,
    ) -> Option<bool> {
        if n.kind() != "assignment_expression" || depth > 16 {
            return None;
        }
        let (l, op, r) = (
            n.child_by_field_name("left")?,
            n.child_by_field_name("operator")?,
            n.child_by_field_name("right")?,
        );
        if self.txt(op) != "=" {
            return None;
        }
        // The template `x<..>` whose `>` is the first half of `>=` is the
        // rightmost operand of the left side (`x >= 0 && x < w && y >`).
        let mut t = l;
        while t.kind() == "binary_expression" {
            t = t.child_by_field_name("right")?;
        }
        if t.kind() != "template_function" {
            return None;
        }
        let (name, args) = (
            t.child_by_field_name("name")?,
            t.child_by_field_name("arguments")?,
        );
        if name.kind() != "identifier"
            || self.lookup(self.txt(name)).is_none()
            || args.end_byte() != op.start_byte()
        {
            return None;
        }
        let ok = self.flatten_operand(l, Some(t), out, depth) && {
            out.push(Tok::Op(">="));
            self.flatten_operand(r, None, out, depth)
        };
        Some(ok)
    }

    /// Appends the tokens of the expression `e` (a subrange the parser read
    /// on its own) to `out`, `x < ARG` for the misread template `ge`; false
    /// when it has a part that cannot be regrouped (one that binds looser
    /// than the binary operators, or another misreading).
    fn flatten_operand(
        &self,
        e: Node<'t>,
        ge: Option<Node<'t>>,
        out: &mut Vec<Tok<'t>>,
        depth: usize,
    ) -> bool {
        if depth > 256 {
            return false;
        }
        match e.kind() {
            "binary_expression" => {
                let (Some(l), Some(o), Some(r)) = (
                    e.child_by_field_name("left"),
                    e.child_by_field_name("operator"),
                    e.child_by_field_name("right"),
                ) else {
                    return false;
                };
                if binary_precedence(self.txt(o)) == 0 {
                    return false;
                }
                if !self.flatten_operand(l, ge, out, depth + 1) {
                    return false;
                }
                out.push(Tok::Op(self.txt(o)));
                self.flatten_operand(r, ge, out, depth + 1)
            }
            "template_function" if Some(e) == ge => {
                let (Some(name), Some(args)) = (
                    e.child_by_field_name("name"),
                    e.child_by_field_name("arguments"),
                ) else {
                    return false;
                };
                let parts: Vec<Node<'t>> = args.named_children(&mut args.walk()).collect();
                let [arg] = parts[..] else {
                    return false;
                };
                out.push(Tok::Operand(name));
                out.push(Tok::Op("<"));
                match arg.kind() {
                    // A bare name the parser took for a type.
                    "type_descriptor"
                        if arg.child_by_field_name("declarator").is_none()
                            && arg
                                .child_by_field_name("type")
                                .is_some_and(|t| t.kind() == "type_identifier") =>
                    {
                        out.push(Tok::Operand(arg));
                        true
                    }
                    _ => self.flatten_operand(arg, None, out, depth + 1),
                }
            }
            // A further misreading of the same kind to the right.
            "assignment_expression" => self.flatten_misparsed_ge(e, out, depth + 1) == Some(true),
            "conditional_expression"
            | "comma_expression"
            | "type_descriptor"
            | "template_function"
            | "cast_expression" => false,
            _ => {
                out.push(Tok::Operand(e));
                true
            }
        }
    }

    /// Lowers a tree built by [`regroup`].
    fn eval_regrouped(&mut self, t: &Regrouped<'t>, at: Node<'t>) -> R<Val> {
        match t {
            Regrouped::Leaf(x) if x.kind() == "type_descriptor" => {
                match self.template_value_arg(*x)? {
                    Some(v) => Ok(v),
                    None => {
                        self.unsup(*x, "comparison the parser read as a template argument list")
                    }
                }
            }
            Regrouped::Leaf(x) => self.rvalue(*x),
            Regrouped::Bin(op, a, b) => {
                let Some(bop) = Self::binop_of(op) else {
                    return self.unsup(at, format!("unsupported operator `{op}`"));
                };
                let (l, r) = (a.first_leaf(), b.first_leaf());
                if matches!(bop, BinOp::And | BinOp::Or) {
                    return self.logical_by(
                        bop,
                        l,
                        |s| s.eval_regrouped(a, at),
                        r,
                        |s| s.eval_regrouped(b, at),
                    );
                }
                let x = self.eval_regrouped(a, at)?;
                let y = self.eval_regrouped(b, at)?;
                self.apply_binop(bop, x, y, at)
            }
        }
    }

    /// `a && b` / `a || b`: when `b` has statements (reads), they run only if needed.
    pub(crate) fn logical(&mut self, op: BinOp, l: Node<'t>, r: Node<'t>) -> R<Val> {
        self.logical_by(op, l, |s| s.rvalue_left(l), r, |s| s.rvalue(r))
    }

    /// [`Self::logical`] with the operands' values computed by `left` and
    /// `right` (located at `l` and `r`); `right` runs only if needed.
    pub(crate) fn logical_by(
        &mut self,
        op: BinOp,
        l: Node<'t>,
        left: impl FnOnce(&mut Self) -> R<Val>,
        r: Node<'t>,
        right: impl FnOnce(&mut Self) -> R<Val>,
    ) -> R<Val> {
        let a = left(self)?;
        let a = self.truth(a, l)?;
        let mut b = int(0, ScalarTy::Bool);
        let stmts = self.with_block(|s| {
            let v = right(s)?;
            b = s.truth(v, r)?;
            Ok(())
        })?;
        if stmts.is_empty() {
            return Ok(Val::Scalar(
                Expr::Binary(op, Box::new(a), Box::new(b), ScalarTy::Bool),
                ScalarTy::Bool,
            ));
        }
        let t = self.tmp(ScalarTy::Bool, l);
        self.push(StmtKind::Assign { var: t, value: a }, l);
        let mut then_stmts = stmts;
        let saved = std::mem::take(&mut self.cur);
        self.push(StmtKind::Assign { var: t, value: b }, r);
        then_stmts.append(&mut self.cur);
        self.cur = saved;
        let cond = if op == BinOp::And {
            Expr::Var(t)
        } else {
            not(Expr::Var(t))
        };
        self.push(
            StmtKind::If {
                cond,
                then_: Block {
                    stmts: then_stmts,
                    braces: None,
                },
                else_: Block::default(),
            },
            r,
        );
        Ok(Val::Scalar(Expr::Var(t), ScalarTy::Bool))
    }

    pub(crate) fn apply_binop(&mut self, op: BinOp, a: Val, b: Val, at: Node) -> R<Val> {
        // The base of a warp-aggregated increment plus its group's rank is
        // this thread's ticket (see `calls::aggregated`).
        let ticket_parts = match (&a, &b) {
            (Val::Scalar(x, _), Val::Scalar(y, _))
                if op == BinOp::Add && !self.coalesced_roles.is_empty() =>
            {
                Some((x.clone(), y.clone()))
            }
            _ => None,
        };
        let v = self.binop_value(op, a, b, at)?;
        if let (Some((x, y)), Val::Scalar(_, ty)) = (ticket_parts, &v) {
            if let Some(ticket) = self.aggregated_ticket(&x, &y, *ty) {
                return Ok(Val::Scalar(ticket, *ty));
            }
        }
        Ok(v)
    }

    /// `a op b` by the usual conversions (pointer arithmetic included).
    fn binop_value(&mut self, op: BinOp, a: Val, b: Val, at: Node) -> R<Val> {
        // An object of a class with a conversion operator is its scalar.
        let a = self.class_to_scalar(a, at)?;
        let b = self.class_to_scalar(b, at)?;
        // Pointer arithmetic and comparisons.
        match (&a, &b) {
            (Val::Ptr { .. }, Val::Scalar(..)) if matches!(op, BinOp::Add | BinOp::Sub) => {
                return self.ptr_add(a, b, op == BinOp::Sub, at)
            }
            (Val::Scalar(..), Val::Ptr { .. }) if op == BinOp::Add => {
                return self.ptr_add(b, a, false, at)
            }
            (
                Val::Ptr {
                    target: ta,
                    offset: oa,
                    pointee,
                },
                Val::Ptr {
                    target: tb,
                    offset: ob,
                    ..
                },
            ) => {
                if ta != tb {
                    let t = if op.is_comparison() {
                        ScalarTy::Bool
                    } else {
                        ScalarTy::LONG
                    };
                    return Ok(Val::Scalar(self.havoc(t, at), t));
                }
                if op == BinOp::Sub && crate::frontend::exprs::has_unknown_length(pointee) {
                    // Rows of a length known only symbolically: the
                    // difference, a quotient by that length, is left unknown.
                    return Ok(Val::Scalar(self.havoc(ScalarTy::LONG, at), ScalarTy::LONG));
                }
                if op == BinOp::Sub {
                    let size = self.size_of(pointee).max(1) as i128;
                    let diff = bin(BinOp::Sub, oa.clone(), ob.clone(), ScalarTy::LONG);
                    let e = if size == 1 {
                        diff
                    } else {
                        bin(BinOp::Div, diff, int(size, ScalarTy::LONG), ScalarTy::LONG)
                    };
                    return Ok(Val::Scalar(e, ScalarTy::LONG));
                }
                if op.is_comparison() {
                    return Ok(Val::Scalar(
                        Expr::Binary(
                            op,
                            Box::new(oa.clone()),
                            Box::new(ob.clone()),
                            ScalarTy::Bool,
                        ),
                        ScalarTy::Bool,
                    ));
                }
            }
            (Val::Ptr { .. }, _) | (_, Val::Ptr { .. }) if op.is_comparison() => {
                // Comparison with null or an integer.
                let t = ScalarTy::Bool;
                return Ok(Val::Scalar(self.havoc(t, at), t));
            }
            _ => {}
        }
        // Componentwise vectors.
        if let Val::Agg(ty, pa) = &a {
            let n = pa.len();
            let pb = match &b {
                Val::Agg(_, pb) if pb.len() == n => pb.clone(),
                Val::Scalar(..) => vec![b.clone(); n],
                _ => return Ok(self.havoc_val(ty, at)),
            };
            let mut out = Vec::new();
            for (x, y) in pa.clone().into_iter().zip(pb) {
                out.push(self.apply_binop(op, x, y, at)?);
            }
            return Ok(Val::Agg(ty.clone(), out));
        }
        if let Val::Agg(ty, pb) = &b {
            let mut out = Vec::new();
            for y in pb.clone() {
                out.push(self.apply_binop(op, a.clone(), y, at)?);
            }
            return Ok(Val::Agg(ty.clone(), out));
        }
        let (ea, ta) = self.scalar(a, at)?;
        let (eb, tb) = self.scalar(b, at)?;
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let t = promote(ta);
            if matches!(t, ScalarTy::Float { .. }) {
                return Ok(Val::Scalar(self.havoc(t, at), t));
            }
            return Ok(Val::Scalar(bin(op, conv(ea, ta, t), conv(eb, tb, t), t), t));
        }
        let t = common(ta, tb);
        let (ea, eb) = (conv(ea, ta, t), conv(eb, tb, t));
        if op.is_comparison() {
            return Ok(Val::Scalar(
                Expr::Binary(op, Box::new(ea), Box::new(eb), ScalarTy::Bool),
                ScalarTy::Bool,
            ));
        }
        if matches!(t, ScalarTy::Float { .. })
            && matches!(
                op,
                BinOp::Rem | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
            )
        {
            return Ok(Val::Scalar(self.havoc(t, at), t));
        }
        Ok(Val::Scalar(bin(op, ea, eb, t), t))
    }

    pub(crate) fn cast(&mut self, n: Node<'t>) -> R<Val> {
        let (Some(t), Some(v)) = (
            n.child_by_field_name("type"),
            n.child_by_field_name("value"),
        ) else {
            return self.unsup(n, "malformed cast");
        };
        if let Some((name, op, operand)) = self.misparsed_cast(n) {
            if self.cast_read_as_operand == Some(n.id()) {
                return self.rvalue(operand);
            }
            let lhs = self.rvalue(name)?;
            let rhs = self.rvalue(operand)?;
            return self.apply_binop(op, lhs, rhs, n);
        }
        let ty = self
            .cx
            .types
            .type_descriptor(t, self.src(), &self.type_overrides);
        // `(dim3)x` is `dim3(x)` ([expr.cast]): the C++ comma operator in
        // `(dim3)(a, b)` gives one value, and missing components are 1.
        if matches!(ty, Ty::Vector(..))
            && self.cx.types.lang == Some(crate::ir::Lang::Cuda)
            && t.child_by_field_name("type")
                .is_some_and(|spec| self.cx.types.is_dim3(self.txt(spec)))
        {
            return self.dim3_literal(&[v], v);
        }
        // OpenCL vector literal `(float4)(a, b, c, d)`.
        if let Ty::Vector(..) = ty {
            let inner = if v.kind() == "parenthesized_expression" {
                crate::frontend::types::inner_expr(v).unwrap_or(v)
            } else {
                v
            };
            let mut items = Vec::new();
            flatten_comma(inner, &mut items);
            return self.vector_literal(ty, &items, v);
        }
        if let Ty::Ptr(pointee) = &ty {
            if let Some(val) = self.address_with_low_bits_set(v, (**pointee).clone())? {
                return Ok(val);
            }
        }
        self.no_cast_to_unknown_row(&ty, n)?;
        let val = self.rvalue(v)?;
        self.no_opaque_reinterpretation(t, &ty, &val, n)?;
        self.convert_val(ty, val, n)
    }

    /// An explicit cast to a pointer to an array type of a length the type
    /// environment cannot evaluate (`(float (*)[BS]) p`) gives the pointer
    /// a stride that `Lowerer::pointee_stride` cannot take from the array it
    /// points into (the cast may name another length): unsupported.
    pub(crate) fn no_cast_to_unknown_row(&self, ty: &Ty, n: Node) -> R<()> {
        match ty {
            Ty::Ptr(p) if crate::frontend::exprs::has_unknown_length(p) => self.unsup(
                n,
                "cast to a pointer to an array type whose length is not a known constant",
            ),
            _ if self.cx.types.has_unknown_class_layout(ty) => self.unsup(
                n,
                "cast to a class whose layout depends on an array length that is not a known constant",
            ),
            _ => Ok(()),
        }
    }

    /// A cast whose type is a lone name bound to a variable in scope and
    /// whose operand is a unary `+`/`-` or a dereference
    /// ([`crate::frontend::types::cast_of_lone_name`]): `(x) + (y) * 17`,
    /// which macros write (`SCORE((ty), (tx))` -> `s[(tx) + (ty) * 17]`) and
    /// the parser, not knowing names, reads as a cast of `+(y)` to a type
    /// `x`. A variable cannot name a type in its scope ([basic.scope]), so it
    /// is the binary expression `x + ...`: the name's node, the operator and
    /// the unary's operand.
    pub(crate) fn misparsed_cast(&self, n: Node<'t>) -> Option<(Node<'t>, BinOp, Node<'t>)> {
        let (name, v) = crate::frontend::types::cast_of_lone_name(n)?;
        // Any variable: a scalar, a reference, an array (`(s) + (i) * 4` is
        // pointer arithmetic on `s`), even a lambda.
        self.lookup(self.txt(name))?;
        let op = match v.child_by_field_name("operator").map(|o| self.txt(o)) {
            Some("+") => BinOp::Add,
            Some("-") => BinOp::Sub,
            Some("*") => BinOp::Mul,
            _ => return None,
        };
        Some((name, op, v.child_by_field_name("argument")?))
    }

    /// `(x) + (y) * z` read by the parser as `((x)(+(y))) * z` (see
    /// [`Self::misparsed_cast`]): `+` binds looser than the multiplicative
    /// chain whose leftmost operand the misparsed cast is, so the value is
    /// `x + ((y) * z)`. `None` when `n`'s leftmost operand (through `*`, `/`,
    /// `%`, not through parentheses, which group as written) is not such a
    /// cast with an additive operator; a dereference (`(x) * y`) needs no
    /// regrouping.
    fn misparsed_cast_chain(&mut self, n: Node<'t>) -> R<Option<Val>> {
        let mut leftmost = n;
        while leftmost.kind() == "binary_expression"
            && leftmost
                .child_by_field_name("operator")
                .is_some_and(|o| matches!(self.txt(o), "*" | "/" | "%"))
        {
            match leftmost.child_by_field_name("left") {
                Some(l) => leftmost = l,
                None => return Ok(None),
            }
        }
        let Some((name, op, _)) = self.misparsed_cast(leftmost) else {
            return Ok(None);
        };
        // Inside the chain being regrouped (`binary` below meets it again).
        if !matches!(op, BinOp::Add | BinOp::Sub)
            || self.cast_read_as_operand == Some(leftmost.id())
        {
            return Ok(None);
        }
        let lhs = self.rvalue(name)?;
        let outer = self.cast_read_as_operand.replace(leftmost.id());
        let rest = self.binary(n);
        self.cast_read_as_operand = outer;
        let rest = rest?;
        Ok(Some(self.apply_binop(op, lhs, rest, n)?))
    }

    /// `(T *)((unsigned long)p | m)` with `p` into a known array and `m` of
    /// an unsigned type of at most 32 bits (or a constant in its range): the address `x` of `p` with some
    /// low bits set. For integers `x, m >= 0`, `x | m = x + (m & ~x)` and
    /// `0 <= m & ~x <= m`, and `x | m` does not wrap, so the result points
    /// into the same memory as `p`, `d` bytes further on for some `d` in
    /// `[0, m]` (an unknown of the thread, stated with an assumption; a
    /// 64-bit cast keeps the whole address, a 32-bit `m` converts to the
    /// offset's type exactly), a multiple of the pointee's size (a power of
    /// two) when `m` is. None when `v` has another shape (nothing is
    /// lowered then).
    fn address_with_low_bits_set(&mut self, v: Node<'t>, pointee: Ty) -> R<Option<Val>> {
        let strip = |mut e: Node<'t>| {
            while e.kind() == "parenthesized_expression" {
                match crate::frontend::types::inner_expr(e) {
                    Some(i) => e = i,
                    None => break,
                }
            }
            e
        };
        let or = strip(v);
        if or.kind() != "binary_expression"
            || or
                .child_by_field_name("operator")
                .is_none_or(|o| self.txt(o) != "|")
        {
            return Ok(None);
        }
        let (Some(l), Some(r)) = (
            or.child_by_field_name("left"),
            or.child_by_field_name("right"),
        ) else {
            return Ok(None);
        };
        let address_cast = |this: &Self, e: Node<'t>| {
            let e = strip(e);
            let t = e.child_by_field_name("type")?;
            let inner = e.child_by_field_name("value")?;
            let ty = this
                .cx
                .types
                .type_descriptor(t, this.src(), &this.type_overrides);
            (e.kind() == "cast_expression"
                && ty
                    == Ty::Scalar(ScalarTy::Int {
                        bits: 64,
                        signed: false,
                    }))
            .then_some((inner, ty))
        };
        let (address, mask) = match (address_cast(self, l), address_cast(self, r)) {
            (Some(a), None) => (a, r),
            (None, Some(a)) => (a, l),
            _ => return Ok(None),
        };
        let (inner, int_ty) = address;
        let pointer = self.rvalue(inner)?;
        let mask_val = self.rvalue(mask)?;
        let narrow_unsigned = |v: &Val| match v {
            Val::Scalar(Expr::Int(c, _), _) => (0..=u32::MAX as i128).contains(c),
            Val::Scalar(
                _,
                ScalarTy::Int {
                    bits,
                    signed: false,
                },
            ) => *bits <= 32,
            _ => false,
        };
        let (
            Val::Ptr {
                target: Target::Array(array),
                offset,
                ..
            },
            true,
        ) = (&pointer, narrow_unsigned(&mask_val))
        else {
            // Another shape: C's meaning as `convert_val` models it.
            let address = self.convert_val(int_ty, pointer, inner)?;
            let bits = self.apply_binop(BinOp::BitOr, address, mask_val, or)?;
            return self
                .convert_val(Ty::Ptr(Box::new(pointee)), bits, v)
                .map(Some);
        };
        let (array, offset) = (*array, offset.clone());
        let (m, mt) = self.scalar(mask_val, mask)?;
        let m = conv(m, mt, ScalarTy::LONG);
        let d = self.havoc(ScalarTy::LONG, or);
        let zero = int(0, ScalarTy::LONG);
        let mut cond = bin(
            BinOp::And,
            bin(BinOp::Ge, d.clone(), zero.clone(), ScalarTy::Bool),
            bin(BinOp::Le, d.clone(), m.clone(), ScalarTy::Bool),
            ScalarTy::Bool,
        );
        // A power of two `k` dividing `m` divides `m & ~x` (its low bits are
        // `m`'s, all 0), for `k` the pointee's size: an address pattern of
        // aligned words stays aligned.
        let k = self.size_of(&pointee) as i128;
        if k > 1 && k & (k - 1) == 0 {
            let rem = |e: Expr| bin(BinOp::Rem, e, int(k, ScalarTy::LONG), ScalarTy::LONG);
            let aligned = bin(
                BinOp::Or,
                bin(BinOp::Ne, rem(m), zero.clone(), ScalarTy::Bool),
                bin(BinOp::Eq, rem(d.clone()), zero, ScalarTy::Bool),
                ScalarTy::Bool,
            );
            cond = bin(BinOp::And, cond, aligned, ScalarTy::Bool);
        }
        self.push(StmtKind::Assume { cond }, or);
        Ok(Some(Val::Ptr {
            target: Target::Array(array),
            offset: bin(BinOp::Add, offset, d, ScalarTy::LONG),
            pointee,
        }))
    }

    /// A `dim3` built by its constructor `dim3(x = 1, y = 1, z = 1)` (CUDA
    /// vector_types.h): components not given are 1, a single scalar is not
    /// splatted; one vector argument (`dim3(uint3)`) is copied.
    pub(crate) fn dim3_literal(&mut self, items: &[Node<'t>], v: Node<'t>) -> R<Val> {
        let mut vals = Vec::new();
        for i in items {
            vals.push(self.rvalue(*i)?);
        }
        self.dim3_of(vals, v)
    }

    /// [`Self::dim3_literal`] of argument values already lowered.
    pub(crate) fn dim3_of(&mut self, vals: Vec<Val>, v: Node<'t>) -> R<Val> {
        let ty = Ty::Vector(ScalarTy::UINT, 3);
        let mut comps = Vec::new();
        for val in vals {
            match val {
                Val::Agg(_, parts) => comps.extend(parts),
                other => comps.push(other),
            }
        }
        let mut out = Vec::new();
        for k in 0..3 {
            let (x, xt) = match comps.get(k) {
                Some(c) => self.scalar(c.clone(), v)?,
                None => (int(1, ScalarTy::UINT), ScalarTy::UINT),
            };
            out.push(Val::Scalar(conv(x, xt, ScalarTy::UINT), ScalarTy::UINT));
        }
        Ok(Val::Agg(ty, out))
    }

    /// A vector built from scalars and smaller vectors (one scalar is splatted).
    pub(crate) fn vector_literal(&mut self, ty: Ty, items: &[Node<'t>], v: Node<'t>) -> R<Val> {
        let Ty::Vector(e, k) = ty else {
            return self.unsup(v, "internal: vector literal of a non-vector type");
        };
        {
            let mut leaves = Vec::new();
            for i in items {
                match self.rvalue(*i)? {
                    Val::Agg(_, parts) => leaves.extend(parts),
                    other => leaves.push(other),
                }
            }
            let mut comps = Vec::new();
            for k2 in 0..k as usize {
                let leaf = if leaves.len() == 1 {
                    leaves[0].clone()
                } else {
                    leaves.get(k2).cloned().unwrap_or(Val::Void)
                };
                let (x, xt) = self.scalar(leaf, v)?;
                comps.push(Val::Scalar(conv(x, xt, e), e));
            }
            Ok(Val::Agg(ty, comps))
        }
    }

    /// Converts a value to a type (C cast semantics on what the IR models).
    pub(crate) fn convert_val(&mut self, ty: Ty, val: Val, n: Node) -> R<Val> {
        // `(int)c`, `static_cast<int>(c)` of a class object: its conversion operator.
        let val = if matches!(ty, Ty::Scalar(_)) {
            self.class_to_scalar(val, n)?
        } else {
            val
        };
        Ok(match (ty, val) {
            (Ty::Void, _) => Val::Void,
            (Ty::Scalar(st), Val::Scalar(e, vt)) => Val::Scalar(conv(e, vt, st), st),
            (Ty::Scalar(st), Val::Ptr { offset, .. }) => {
                // Pointer to integer: an address we do not model.
                let _ = offset;
                Val::Scalar(self.havoc(st, n), st)
            }
            (Ty::Ptr(p), Val::Ptr { target, offset, .. }) => Val::Ptr {
                target,
                offset,
                pointee: *p,
            },
            (Ty::Ptr(p), Val::Scalar(e, _)) => {
                if matches!(e, Expr::Int(0, _)) {
                    Val::Ptr {
                        target: Target::Null,
                        offset: int(0, ScalarTy::LONG),
                        pointee: *p,
                    }
                } else {
                    self.note(
                        n,
                        "integer cast to a pointer: it may target any array".into(),
                    );
                    let target = self.unknown_target(n);
                    Val::Ptr {
                        target,
                        offset: self.havoc(ScalarTy::LONG, n),
                        pointee: *p,
                    }
                }
            }
            (Ty::Scalar(st), Val::Agg(_, parts)) if !parts.is_empty() => {
                let first = parts.into_iter().next().unwrap_or(Val::Void);
                let (e, t) = self.scalar(first, n)?;
                Val::Scalar(conv(e, t, st), st)
            }
            (_, v) => v,
        })
    }
}

/// A token of an expression regrouped by [`regroup`].
#[derive(Clone, Copy)]
pub(crate) enum Tok<'t> {
    /// An operand (a node that is not a binary expression).
    Operand(Node<'t>),
    /// A binary operator.
    Op(&'t str),
}

/// An expression tree regrouped by precedence.
pub(crate) enum Regrouped<'t> {
    /// An operand.
    Leaf(Node<'t>),
    /// A binary operation.
    Bin(&'t str, Box<Regrouped<'t>>, Box<Regrouped<'t>>),
}

impl<'t> Regrouped<'t> {
    /// Its leftmost operand (where its value is located).
    fn first_leaf(&self) -> Node<'t> {
        match self {
            Regrouped::Leaf(n) => *n,
            Regrouped::Bin(_, a, _) => a.first_leaf(),
        }
    }
}

/// Precedence climbing over `toks` from `pos`: operands alternate with
/// operators, every operator left-associative. None when malformed.
fn regroup<'t>(toks: &[Tok<'t>], pos: &mut usize, min: u8) -> Option<Regrouped<'t>> {
    let Tok::Operand(first) = *toks.get(*pos)? else {
        return None;
    };
    *pos += 1;
    let mut lhs = Regrouped::Leaf(first);
    while let Some(&Tok::Op(op)) = toks.get(*pos) {
        let p = binary_precedence(op);
        if p == 0 || p < min {
            break;
        }
        *pos += 1;
        let rhs = regroup(toks, pos, p + 1)?;
        lhs = Regrouped::Bin(op, Box::new(lhs), Box::new(rhs));
    }
    Some(lhs)
}

//! Concrete evaluation of KPL expressions with C semantics.
//!
//! Used to replay race witnesses: given the values a witness reports (thread and
//! block ids, launch dimensions, parameters, locals), both accesses' byte offsets
//! must evaluate to overlapping ranges. Integer results wrap to their type's
//! width; undefined behaviour (division by zero, over-wide shifts) gives `None`,
//! as do floats, whose arithmetic the checker leaves uninterpreted. Witness
//! replay ([`Assignment::eval`]) gives over-wide shifts the checker's
//! bit-vector meaning instead, since witness values come from its model.

use crate::base::HashMap;

use super::{BinOp, Builtin, Expr, Kernel, Lang, ScalarTy, UnOp};

/// An evaluated integer or Bool with its type; `bits` is normalised to the
/// type (sign-extended when signed, zero-extended otherwise, 0/1 for Bool).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// The value as a mathematical integer.
    pub bits: i128,
    /// Its type.
    pub ty: ScalarTy,
}

impl Value {
    /// A value of type `ty`, wrapped to its width.
    pub fn new(raw: i128, ty: ScalarTy) -> Option<Value> {
        Some(Value {
            bits: wrap(raw, ty)?,
            ty,
        })
    }

    /// Whether the value is non-zero (C truthiness).
    pub fn truthy(self) -> bool {
        self.bits != 0
    }
}

/// Wraps `raw` to the width of `ty`; None for floats.
pub fn wrap(raw: i128, ty: ScalarTy) -> Option<i128> {
    match ty {
        ScalarTy::Bool => Some((raw != 0) as i128),
        ScalarTy::Int { bits, signed } => {
            let bits = u32::from(bits).clamp(1, 127);
            let mask = (1i128 << bits) - 1;
            let low = raw & mask;
            if signed && low >> (bits - 1) & 1 == 1 {
                Some(low - (1i128 << bits))
            } else {
                Some(low)
            }
        }
        ScalarTy::Float { .. } => None,
    }
}

/// Evaluates `expr`; `leaf` gives the value of every `Var`, `Param` and
/// `Builtin` leaf (None: unknown, which makes the result unknown unless the
/// leaf is not needed, as in the untaken arm of a select).
pub fn eval_expr(expr: &Expr, leaf: &dyn Fn(&Expr) -> Option<Value>) -> Option<Value> {
    eval_in(expr, leaf, OverwideShift::Undefined)
}

/// What a shift by an amount outside [0, width) of its type evaluates to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OverwideShift {
    /// Undefined in C: no value.
    Undefined,
    /// The checker's bit-vector meaning (`bvshl`, `bvlshr`, `bvashr`), which
    /// witnesses are taken from.
    BitVector,
}

fn eval_in(
    expr: &Expr,
    leaf: &dyn Fn(&Expr) -> Option<Value>,
    shifts: OverwideShift,
) -> Option<Value> {
    match expr {
        Expr::Int(v, ty) => Value::new(*v, *ty),
        Expr::Float(..) => None,
        Expr::Var(_) | Expr::Param(_) | Expr::Builtin(_) => {
            let v = leaf(expr)?;
            Value::new(v.bits, v.ty)
        }
        Expr::Unary(op, operand, ty) => {
            let v = eval_in(operand, leaf, shifts)?;
            match op {
                UnOp::Neg => Value::new(convert(v, *ty)?.wrapping_neg(), *ty),
                UnOp::BitNot => Value::new(!convert(v, *ty)?, *ty),
                UnOp::Not => Value::new((!v.truthy()) as i128, ScalarTy::Bool),
            }
        }
        Expr::Binary(op, lhs, rhs, ty) => eval_binary(*op, lhs, rhs, *ty, leaf, shifts),
        Expr::Cast(ty, operand) => {
            let v = eval_in(operand, leaf, shifts)?;
            Value::new(convert(v, *ty)?, *ty)
        }
        Expr::Select(cond, then_, else_, ty) => {
            let chosen = if eval_in(cond, leaf, shifts)?.truthy() {
                then_
            } else {
                else_
            };
            let v = eval_in(chosen, leaf, shifts)?;
            Value::new(convert(v, *ty)?, *ty)
        }
        Expr::Apply(name, args, ty) => eval_apply(name, args, *ty, leaf, shifts),
    }
}

/// `v` converted to `ty` (C conversion: Bool is `!= 0`, integers wrap).
fn convert(v: Value, ty: ScalarTy) -> Option<i128> {
    match ty {
        ScalarTy::Bool => Some(v.truthy() as i128),
        _ => wrap(v.bits, ty),
    }
}

/// The type both operands of a comparison are converted to (C's usual
/// arithmetic conversions, restricted to integers).
fn common_ty(a: ScalarTy, b: ScalarTy) -> ScalarTy {
    let as_int = |t: ScalarTy| match t {
        ScalarTy::Int { bits, signed } => (bits.max(32), signed),
        // Bool promotes to int.
        _ => (32, true),
    };
    let (abits, asigned) = as_int(a);
    let (bbits, bsigned) = as_int(b);
    let bits = abits.max(bbits);
    let signed = if abits == bbits {
        asigned && bsigned
    } else if abits > bbits {
        asigned
    } else {
        bsigned
    };
    ScalarTy::Int { bits, signed }
}

fn eval_binary(
    op: BinOp,
    lhs: &Expr,
    rhs: &Expr,
    ty: ScalarTy,
    leaf: &dyn Fn(&Expr) -> Option<Value>,
    shifts: OverwideShift,
) -> Option<Value> {
    match op {
        BinOp::And | BinOp::Or => {
            // No side effects, so evaluation order only matters for unknowns:
            // a known deciding operand makes the other one irrelevant.
            let a = eval_in(lhs, leaf, shifts).map(Value::truthy);
            let b = eval_in(rhs, leaf, shifts).map(Value::truthy);
            let result = match (op, a, b) {
                (BinOp::And, Some(false), _) | (BinOp::And, _, Some(false)) => false,
                (BinOp::Or, Some(true), _) | (BinOp::Or, _, Some(true)) => true,
                // Both known and neither decided the result early.
                (BinOp::And, Some(_), Some(_)) => true,
                (_, Some(_), Some(_)) => false,
                _ => return None,
            };
            Value::new(result as i128, ScalarTy::Bool)
        }
        _ if op.is_comparison() => {
            let a = eval_in(lhs, leaf, shifts)?;
            let b = eval_in(rhs, leaf, shifts)?;
            let common = common_ty(a.ty, b.ty);
            let (x, y) = (convert(a, common)?, convert(b, common)?);
            let result = match op {
                BinOp::Eq => x == y,
                BinOp::Ne => x != y,
                BinOp::Lt => x < y,
                BinOp::Le => x <= y,
                BinOp::Gt => x > y,
                _ => x >= y,
            };
            Value::new(result as i128, ScalarTy::Bool)
        }
        BinOp::Shl | BinOp::Shr => {
            let a = convert(eval_in(lhs, leaf, shifts)?, ty)?;
            let amount = eval_in(rhs, leaf, shifts)?.bits;
            // Shifting by a negative amount or by the width or more is undefined in C.
            let width = i128::from(ty.bits());
            let amount = match shifts {
                OverwideShift::Undefined if amount < 0 || amount >= width => return None,
                OverwideShift::Undefined => amount,
                // The checker's bit-vector shifts read the amount modulo 2^n
                // as unsigned; n or more shifts every bit out (0, or the sign
                // fill for `>>` of a negative signed value).
                OverwideShift::BitVector => {
                    let amount = amount.rem_euclid(1i128 << width.clamp(1, 126));
                    if amount >= width {
                        let fill = if op == BinOp::Shr && a < 0 { -1 } else { 0 };
                        return Value::new(fill, ty);
                    }
                    amount
                }
            };
            let amount = amount as u32;
            let raw = if op == BinOp::Shl {
                a.checked_shl(amount)?
            } else {
                a >> amount
            };
            Value::new(raw, ty)
        }
        _ => {
            let a = convert(eval_in(lhs, leaf, shifts)?, ty)?;
            let b = convert(eval_in(rhs, leaf, shifts)?, ty)?;
            let raw = match op {
                BinOp::Add => a.wrapping_add(b),
                BinOp::Sub => a.wrapping_sub(b),
                BinOp::Mul => a.wrapping_mul(b),
                // Operands are normalised to the signedness of `ty`, so i128
                // truncating division is C's division for both signednesses.
                BinOp::Div => a.checked_div(b)?,
                BinOp::Rem => a.checked_rem(b)?,
                BinOp::BitAnd => a & b,
                BinOp::BitOr => a | b,
                _ => a ^ b,
            };
            Value::new(raw, ty)
        }
    }
}

/// Integer helpers that front ends keep as `Apply`; others are unknown.
fn eval_apply(
    name: &str,
    args: &[Expr],
    ty: ScalarTy,
    leaf: &dyn Fn(&Expr) -> Option<Value>,
    shifts: OverwideShift,
) -> Option<Value> {
    if matches!(ty, ScalarTy::Float { .. }) {
        return None;
    }
    let values: Vec<i128> = args
        .iter()
        .map(|a| eval_in(a, leaf, shifts).and_then(|v| convert(v, ty)))
        .collect::<Option<_>>()?;
    let raw = match (name, values.as_slice()) {
        ("min" | "umin" | "llmin" | "ullmin", [a, b]) => *a.min(b),
        ("max" | "umax" | "llmax" | "ullmax", [a, b]) => *a.max(b),
        ("abs" | "llabs", [a]) => a.wrapping_abs(),
        _ => return None,
    };
    Value::new(raw, ty)
}

/// Concrete values for the leaves of a kernel's expressions, by name: what a
/// race witness reports for one thread.
#[derive(Clone, Debug, Default)]
pub struct Assignment {
    /// threadIdx x, y, z.
    pub thread: [u64; 3],
    /// blockIdx x, y, z.
    pub block: [u64; 3],
    /// blockDim x, y, z.
    pub block_dim: [u64; 3],
    /// gridDim x, y, z.
    pub grid_dim: [u64; 3],
    /// OpenCL global offset (zero unless given).
    pub global_offset: [u64; 3],
    /// Scalar parameters by name.
    pub params: HashMap<String, i128>,
    /// Locals by name.
    pub locals: HashMap<String, i128>,
}

impl Assignment {
    /// Value of a leaf of `kernel` under this assignment.
    pub fn leaf(&self, kernel: &Kernel, leaf: &Expr) -> Option<Value> {
        // CUDA's builtin vectors are `unsigned int`; OpenCL's work-item functions return `size_t`.
        let index_ty = match kernel.lang {
            Lang::Cuda => ScalarTy::UINT,
            Lang::OpenCl => ScalarTy::ULONG,
        };
        let pick = |v: &[u64; 3], dim: u8| v.get(usize::from(dim)).copied();
        match leaf {
            Expr::Var(id) => {
                let decl = kernel.vars.get(id.0 as usize)?;
                Value::new(*self.locals.get(&decl.name)?, decl.ty)
            }
            Expr::Param(id) => {
                let decl = kernel.params.get(id.0 as usize)?;
                Value::new(*self.params.get(&decl.name)?, decl.ty)
            }
            Expr::Builtin(b) => {
                let raw = match *b {
                    Builtin::ThreadIdx(d) => pick(&self.thread, d)?,
                    Builtin::BlockIdx(d) => pick(&self.block, d)?,
                    Builtin::BlockDim(d) => pick(&self.block_dim, d)?,
                    Builtin::GridDim(d) => pick(&self.grid_dim, d)?,
                    Builtin::GlobalOffset(d) => pick(&self.global_offset, d)?,
                };
                Value::new(i128::from(raw), index_ty)
            }
            _ => None,
        }
    }

    /// Evaluates `expr` of `kernel` under this assignment.
    /// An over-wide shift has the checker's bit-vector meaning, since the
    /// witness values come from the checker's model.
    pub fn eval(&self, kernel: &Kernel, expr: &Expr) -> Option<Value> {
        eval_in(
            expr,
            &|leaf| self.leaf(kernel, leaf),
            OverwideShift::BitVector,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(v: i128) -> Expr {
        Expr::Int(v, ScalarTy::INT)
    }
    fn uint(v: i128) -> Expr {
        Expr::Int(v, ScalarTy::UINT)
    }
    fn bin(op: BinOp, a: Expr, b: Expr, ty: ScalarTy) -> Expr {
        Expr::Binary(op, Box::new(a), Box::new(b), ty)
    }
    fn eval(e: &Expr) -> Option<i128> {
        eval_expr(e, &|_| None).map(|v| v.bits)
    }

    #[test]
    fn wraps_to_width_and_signedness() {
        assert_eq!(
            eval(&bin(
                BinOp::Add,
                int(i32::MAX as i128),
                int(1),
                ScalarTy::INT
            )),
            Some(i32::MIN as i128)
        );
        assert_eq!(
            eval(&bin(BinOp::Sub, uint(0), uint(1), ScalarTy::UINT)),
            Some(u32::MAX as i128)
        );
        assert_eq!(
            eval(&Expr::Cast(
                ScalarTy::Int {
                    bits: 8,
                    signed: true
                },
                Box::new(int(200))
            )),
            Some(-56)
        );
        assert_eq!(
            eval(&Expr::Cast(ScalarTy::ULONG, Box::new(int(-1)))),
            Some(u64::MAX as i128)
        );
        let big = Expr::Int(u64::MAX as i128, ScalarTy::ULONG);
        assert_eq!(
            eval(&bin(BinOp::Mul, big.clone(), big, ScalarTy::ULONG)),
            Some(1)
        );
    }

    #[test]
    fn division_follows_c() {
        assert_eq!(
            eval(&bin(BinOp::Div, int(-7), int(2), ScalarTy::INT)),
            Some(-3)
        );
        assert_eq!(
            eval(&bin(BinOp::Rem, int(-7), int(2), ScalarTy::INT)),
            Some(-1)
        );
        // -1 as unsigned is UINT_MAX.
        assert_eq!(
            eval(&bin(BinOp::Div, uint(-1), uint(2), ScalarTy::UINT)),
            Some(0x7fff_ffff)
        );
        assert_eq!(eval(&bin(BinOp::Div, int(1), int(0), ScalarTy::INT)), None);
        assert_eq!(eval(&bin(BinOp::Rem, int(1), int(0), ScalarTy::INT)), None);
        assert_eq!(
            eval(&bin(
                BinOp::Div,
                int(i32::MIN as i128),
                int(-1),
                ScalarTy::INT
            )),
            Some(i32::MIN as i128)
        );
    }

    #[test]
    fn shifts_follow_c() {
        assert_eq!(
            eval(&bin(BinOp::Shl, int(1), int(31), ScalarTy::INT)),
            Some(i32::MIN as i128)
        );
        assert_eq!(
            eval(&bin(BinOp::Shr, int(-8), int(1), ScalarTy::INT)),
            Some(-4)
        );
        assert_eq!(
            eval(&bin(BinOp::Shr, uint(-8), uint(1), ScalarTy::UINT)),
            Some(0x7fff_fffc)
        );
        assert_eq!(eval(&bin(BinOp::Shl, int(1), int(32), ScalarTy::INT)), None);
        let bv = |e: &Expr| eval_in(e, &|_| None, OverwideShift::BitVector).map(|v| v.bits);
        assert_eq!(
            bv(&bin(BinOp::Shl, int(1), int(32), ScalarTy::INT)),
            Some(0)
        );
        assert_eq!(
            bv(&bin(BinOp::Shl, uint(3), uint(33), ScalarTy::UINT)),
            Some(0)
        );
        assert_eq!(
            bv(&bin(BinOp::Shr, int(-8), int(40), ScalarTy::INT)),
            Some(-1)
        );
        assert_eq!(
            bv(&bin(BinOp::Shr, uint(-8), uint(40), ScalarTy::UINT)),
            Some(0)
        );
        // A negative amount reads as 2^32 - 1: over-wide.
        assert_eq!(
            bv(&bin(BinOp::Shl, int(1), int(-1), ScalarTy::INT)),
            Some(0)
        );
        // Modulo 2^n: 2^32 + 1 shifts by 1, as `bvshl` of the reduced amount.
        let long_amount = Expr::Int((1i128 << 32) + 1, ScalarTy::LONG);
        assert_eq!(
            bv(&bin(BinOp::Shl, int(1), long_amount, ScalarTy::INT)),
            Some(2)
        );
        assert_eq!(eval(&bin(BinOp::Shl, int(1), int(-1), ScalarTy::INT)), None);
    }

    #[test]
    fn comparisons_use_common_type() {
        // -1 < 1u is false in C: -1 converts to UINT_MAX.
        assert_eq!(
            eval(&bin(BinOp::Lt, int(-1), uint(1), ScalarTy::Bool)),
            Some(0)
        );
        assert_eq!(
            eval(&bin(BinOp::Lt, int(-1), int(1), ScalarTy::Bool)),
            Some(1)
        );
        let long = Expr::Int(1, ScalarTy::LONG);
        assert_eq!(
            eval(&bin(BinOp::Lt, uint(-1), long, ScalarTy::Bool)),
            Some(0)
        );
    }

    #[test]
    fn logic_select_and_unknowns() {
        let unknown = Expr::Apply("sinf".into(), vec![], ScalarTy::FLOAT);
        let cmp_unknown = bin(
            BinOp::Lt,
            unknown.clone(),
            Expr::Float(0, ScalarTy::FLOAT),
            ScalarTy::Bool,
        );
        let f = Expr::Int(0, ScalarTy::Bool);
        let t = Expr::Int(1, ScalarTy::Bool);
        assert_eq!(
            eval(&bin(
                BinOp::And,
                cmp_unknown.clone(),
                f.clone(),
                ScalarTy::Bool
            )),
            Some(0)
        );
        assert_eq!(
            eval(&bin(
                BinOp::Or,
                t.clone(),
                cmp_unknown.clone(),
                ScalarTy::Bool
            )),
            Some(1)
        );
        assert_eq!(
            eval(&bin(BinOp::And, t.clone(), cmp_unknown, ScalarTy::Bool)),
            None
        );
        let sel = Expr::Select(
            Box::new(f),
            Box::new(unknown),
            Box::new(int(5)),
            ScalarTy::INT,
        );
        assert_eq!(eval(&sel), Some(5));
        assert_eq!(
            eval(&Expr::Unary(UnOp::Not, Box::new(t), ScalarTy::Bool)),
            Some(0)
        );
        assert_eq!(
            eval(&Expr::Unary(
                UnOp::BitNot,
                Box::new(uint(0)),
                ScalarTy::UINT
            )),
            Some(u32::MAX as i128)
        );
        assert_eq!(
            eval(&Expr::Apply(
                "min".into(),
                vec![int(3), int(-2)],
                ScalarTy::INT
            )),
            Some(-2)
        );
    }

    #[test]
    fn assignment_resolves_leaves_by_name() {
        use super::super::{ParamDecl, ParamId, Span, VarDecl, VarId};
        let kernel = Kernel {
            params: vec![ParamDecl {
                name: "n".into(),
                ty: ScalarTy::INT,
                position: 0,
            }],
            vars: vec![VarDecl {
                name: "i".into(),
                ty: ScalarTy::INT,
                span: Span::default(),
            }],
            ..Kernel::new("k".into(), Lang::Cuda)
        };
        let mut a = Assignment {
            thread: [3, 0, 0],
            block_dim: [64, 1, 1],
            ..Default::default()
        };
        a.params.insert("n".into(), 10);
        a.locals.insert("i".into(), 2);
        // (threadIdx.x + i * n) * 4
        let tid = Expr::Cast(
            ScalarTy::INT,
            Box::new(Expr::Builtin(Builtin::ThreadIdx(0))),
        );
        let prod = bin(
            BinOp::Mul,
            Expr::Var(VarId(0)),
            Expr::Param(ParamId(0)),
            ScalarTy::INT,
        );
        let e = bin(
            BinOp::Mul,
            bin(BinOp::Add, tid, prod, ScalarTy::INT),
            int(4),
            ScalarTy::INT,
        );
        assert_eq!(a.eval(&kernel, &e).map(|v| v.bits), Some(92));
        assert_eq!(a.eval(&kernel, &Expr::Var(VarId(7))), None);
    }
}

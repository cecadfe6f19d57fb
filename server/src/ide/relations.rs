//! Launch relations in a run of a kernel's launch plan: a grid or block
//! extent that every launch of the run computes from the kernel's own
//! arguments (`gridDim.x == nx / 64`), or an argument computed from the
//! others (`pitch == NX`), becomes an assumption at the kernel's entry, like
//! the parameter bindings of [`super::file::bind_params`].

use crate::check::symexec::{known_block_dims, known_grid_dims};
use crate::config::resolve::{ResolvedOptions, Source};
use crate::ir::{BinOp, Builtin, Expr, Kernel, ParamId, ScalarTy, UnOp};
use crate::syntax::launches::{HostIntTy, SizeExpr, SizeOp};

use super::file::LaunchSite;

/// One launch extent or parameter tied to the kernel's parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct Relation {
    /// The extent (`gridDim.d` or `blockDim.d`) or the parameter.
    pub lhs: Expr,
    /// Its value over the parameters, in its type.
    pub value: Expr,
    /// `gridDim.x = nx / 64`, for the launch label.
    pub text: String,
    /// Whether `lhs == value` itself is assumed: not when the value divides
    /// by (or multiplies with a non-constant) block extent, a non-linear
    /// equation that made every query of a kernel slow (ced's sobel kernel:
    /// inconclusive at 10 times the budget with it, race-free without);
    /// only the corollaries are then assumed, a weaker and so still sound
    /// assumption.
    pub exact: bool,
    /// Facts every thread of a valid launch satisfying the relation
    /// satisfies (see [`below_dividend`]).
    pub corollaries: Vec<Expr>,
    /// Conditions under which `lhs == value` is assumed: each amount of a
    /// shift by a value (`1 << log2n`) is within the width (see
    /// [`assume_relations`]).
    pub premises: Vec<Expr>,
    /// Whether race queries may leave the relation out until they need it
    /// (see `Kernel::deferred_assumes`): a block extent's multiple of 2^k.
    pub deferred: bool,
}

/// A family's name, its fixed extents, whether a launch is square in it,
/// and its builtin by dimension.
type Square = (
    &'static str,
    [Option<u32>; 3],
    fn(&LaunchSite) -> bool,
    fn(u8) -> Builtin,
);

/// Picks a launch's relations of one family (grid or block).
type RelationOf = fn(&LaunchSite) -> &[Option<SizeExpr>; 3];

/// The relations every launch of `sites` states for the extents the run
/// leaves symbolic.
///
/// Not made when a higher-priority setting (a flag, the header comment,
/// `syncwright.toml`) gives the block or grid: the run then checks that
/// launch, not the program's. Not made for an extent the checker fixes
/// anyway (a constant, or 1 in a dimension the kernel never reads: an
/// assumption stating another value there would make the run vacuous).
pub fn launch_relations(
    kernel: &Kernel,
    resolved: &ResolvedOptions,
    sites: &[&LaunchSite],
) -> Vec<Relation> {
    let overridden =
        |s: Source| matches!(s, Source::Explicit | Source::Header | Source::ProjectFile);
    if sites.is_empty()
        || overridden(resolved.block_dim_source)
        || overridden(resolved.grid_dim_source)
    {
        return Vec::new();
    }
    let known_grid = known_grid_dims(kernel, &resolved.options);
    let known_block = known_block_dims(kernel, &resolved.options);
    let arg_name = |leaf: SizeExpr| match leaf {
        SizeExpr::Template(k, _) => kernel
            .template_params
            .get(k)
            .cloned()
            .unwrap_or_else(|| format!("template argument {k}")),
        SizeExpr::Arg(k, _) => kernel
            .params
            .iter()
            .find(|p| p.position as usize == k)
            .map_or_else(|| format!("argument {k}"), |p| p.name.clone()),
        _ => "?".to_string(),
    };
    let mut out = Vec::new();
    let families: [(&str, [Option<u32>; 3], RelationOf); 2] = [
        ("gridDim", known_grid, |s| &s.grid_relation),
        ("blockDim", known_block, |s| &s.block_relation),
    ];
    for (family, known, relation_of) in families {
        for d in 0..3u8 {
            if known[usize::from(d)].is_some() {
                continue;
            }
            // The same expression at every launch of the run.
            let Some(first) = relation_of(sites[0])[usize::from(d)].as_ref() else {
                continue;
            };
            if !sites
                .iter()
                .all(|s| relation_of(s)[usize::from(d)].as_ref() == Some(first))
            {
                continue;
            }
            // A block extent the run fixes (1 in a dimension the kernel never
            // reads) need not be the launch's: the relation would not hold.
            if (0..3u8)
                .any(|b| first.mentions_block_dim(b) && known_block[usize::from(b)].is_some())
            {
                continue;
            }
            let Some(value) = size_value(kernel, first) else {
                continue;
            };
            let mut premises = Vec::new();
            if shift_premises(kernel, first, &mut premises).is_none() {
                continue;
            }
            let builtin = if family == "gridDim" {
                Builtin::GridDim(d)
            } else {
                Builtin::BlockDim(d)
            };
            let axis = ["x", "y", "z"][usize::from(d)];
            // (Not where the run fixes this block extent: the fact is about
            // the launch's own.)
            // (Nor for a relation assumed under premises: the corollaries
            // are stated unconditionally.)
            let corollaries = if family == "gridDim"
                && known_block[usize::from(d)].is_none()
                && premises.is_empty()
            {
                let square = sites.iter().all(|s| s.block_square);
                below_dividend(kernel, d, first, square)
                    .map(Vec::from)
                    .unwrap_or_default()
            } else {
                Vec::new()
            };
            let exact = !nonlinear_in_block(first);
            if !exact && corollaries.is_empty() {
                continue;
            }
            let text = format!("{family}.{axis} = {}", first.display(&arg_name));
            out.push(Relation {
                lhs: Expr::Builtin(builtin),
                value,
                text: if exact {
                    text
                } else {
                    format!("{text} (assumed as: each thread's blockIdx.{axis} * blockDim.{axis} + blockDim.{axis} is at most the dividend, which is at least blockDim.{axis})")
                },
                exact,
                corollaries,
                premises,
                deferred: false,
            });
        }
    }
    // A square grid or block (`dim3 block(t, t)`) at every launch: y equals
    // x, whatever the value. Not stated where the run fixes either extent
    // (a constant, or 1 in a dimension the kernel never reads).
    let squares: [Square; 2] = [
        ("gridDim", known_grid, |s| s.grid_square, Builtin::GridDim),
        (
            "blockDim",
            known_block,
            |s| s.block_square,
            Builtin::BlockDim,
        ),
    ];
    for (family, known, square, builtin) in squares {
        if known[0].is_none() && known[1].is_none() && sites.iter().all(|s| square(s)) {
            out.push(Relation {
                lhs: Expr::Builtin(builtin(1)),
                value: Expr::Builtin(builtin(0)),
                text: format!("{family}.y = {family}.x"),
                exact: true,
                corollaries: Vec::new(),
                premises: Vec::new(),
                deferred: false,
            });
        }
    }
    // A block extent every launch of the run gives as a multiple of a power
    // of two (`k<<<g, j>>>` with `j` doubling from 32 in a host loop, see
    // `HostLaunch::block_pow2`): `blockDim.d % 2^k == 0`, whatever the
    // value. Not stated where the run fixes the extent (the fact is about
    // the launch's own); k is at most 10, so 1024 threads still satisfy it.
    for d in 0..3u8 {
        if known_block[usize::from(d)].is_some() {
            continue;
        }
        let k = sites
            .iter()
            .map(|s| s.block_pow2[usize::from(d)])
            .min()
            .unwrap_or(0)
            .min(10);
        if k == 0 {
            continue;
        }
        let uint = ScalarTy::UINT;
        out.push(Relation {
            lhs: Expr::Binary(
                BinOp::Rem,
                Box::new(Expr::Builtin(Builtin::BlockDim(d))),
                Box::new(Expr::Int(1i128 << k, uint)),
                uint,
            ),
            value: Expr::Int(0, uint),
            text: format!(
                "blockDim.{} a multiple of {}",
                ["x", "y", "z"][usize::from(d)],
                1u32 << k
            ),
            exact: true,
            corollaries: Vec::new(),
            premises: Vec::new(),
            deferred: true,
        });
    }
    // Arguments computed from the others: the parameter is the value
    // converted to its type (a conversion the call performs).
    for (index, param) in kernel.params.iter().enumerate() {
        let ScalarTy::Int { .. } = param.ty else {
            continue;
        };
        if param.position == u32::MAX || param.name.contains('.') {
            continue;
        }
        let at = param.position as usize;
        let shared = kernel
            .params
            .iter()
            .filter(|p| p.position == param.position)
            .count();
        let Some(first) = sites[0].arg_relations.get(at).cloned().flatten() else {
            continue;
        };
        if shared != 1
            || !sites
                .iter()
                .all(|s| s.arg_relations.get(at).and_then(Option::as_ref) == Some(&first))
        {
            continue;
        }
        let Ok(id) = u32::try_from(index) else {
            continue;
        };
        // `it = log2(x)`: a bound, not an equation (see `log2_fact`).
        if first.has_log2() {
            if let Some(fact) = log2_fact(kernel, ParamId(id), param.ty, &first) {
                out.push(Relation {
                    lhs: Expr::Param(ParamId(id)),
                    value: Expr::Param(ParamId(id)),
                    text: format!(
                        "2^{} <= {} (from {} = {})",
                        param.name,
                        log2_operand(&first).map_or_else(String::new, |x| x.display(&arg_name)),
                        param.name,
                        first.display(&arg_name)
                    ),
                    exact: false,
                    corollaries: vec![fact],
                    premises: Vec::new(),
                    deferred: false,
                });
            }
            continue;
        }
        if (0..3u8).any(|b| first.mentions_block_dim(b) && known_block[usize::from(b)].is_some())
            || nonlinear_in_block(&first)
        {
            continue;
        }
        let Some(value) = size_value(kernel, &first) else {
            continue;
        };
        let mut premises = Vec::new();
        if shift_premises(kernel, &first, &mut premises).is_none() {
            continue;
        }
        let text = format!("{} = {}", param.name, first.display(&arg_name));
        out.push(Relation {
            lhs: Expr::Param(ParamId(id)),
            value: Expr::Cast(param.ty, Box::new(value)),
            text,
            exact: true,
            corollaries: Vec::new(),
            premises,
            deferred: false,
        });
    }
    out
}

/// States each relation at the entry of `kernel` (`assume(gridDim.x == e)`),
/// then its corollaries. A relation whose value shifts by a value (`1 <<
/// log2n`) is assumed only where every such amount is within its width:
/// another amount is undefined in C (and the host's machine shift, which
/// masks the amount, computes another value than the encoding's), so
/// nothing is assumed for it.
pub fn assume_relations(kernel: &mut Kernel, relations: &[Relation]) {
    let equation = |r: &Relation| {
        let eq = Expr::Binary(
            BinOp::Eq,
            Box::new(r.lhs.clone()),
            Box::new(r.value.clone()),
            ScalarTy::Bool,
        );
        r.premises.iter().rev().fold(eq, |fact, within| {
            let within = within.clone();
            Expr::Binary(
                BinOp::Or,
                Box::new(Expr::Unary(UnOp::Not, Box::new(within), ScalarTy::Bool)),
                Box::new(fact),
                ScalarTy::Bool,
            )
        })
    };
    let equalities = relations
        .iter()
        .filter(|r| r.exact && !r.deferred)
        .map(equation);
    let corollaries = relations.iter().flat_map(|r| r.corollaries.iter().cloned());
    let all: Vec<Expr> = equalities.chain(corollaries).collect();
    kernel.assume_at_entry(all);
    let deferred: Vec<Expr> = relations
        .iter()
        .filter(|r| r.exact && r.deferred)
        .map(equation)
        .collect();
    kernel.assume_at_entry_deferred(deferred);
}

/// For a grid extent the host divides by the same block extent
/// (`gridDim.x == (unsigned)(E / (int)blockDim.x)`, E of a 32-bit type or
/// a 64-bit unsigned one, below),
/// the facts `E >= blockDim.x` (in E's type) and `blockIdx.x * blockDim.x +
/// blockDim.x <= (unsigned)E` of each thread: linear in the products the
/// kernel's indices already have, which the solver does not derive from the
/// division (so every thread's `blockIdx.x * blockDim.x + threadIdx.x` is
/// below E).
///
/// Why they hold: with b = blockDim.x (exact in E's type, see
/// `Eval::block_extent_variables`) and q = E / b truncated, a valid launch
/// has 1 <= gridDim.x = (unsigned)q <= 2^31 - 1, so q >= 1 (a negative int
/// q converts to at least 2^31), hence E >= q * b >= b > 0; then
/// blockIdx.x <= q - 1 gives blockIdx.x * b + b <= q * b <= E; E is
/// positive and of a 32-bit type, so the `unsigned int` arithmetic does not
/// wrap and `(unsigned)E` is E. A third fact, `blockIdx.x * blockDim.x +
/// threadIdx.x < E` in E's type, follows (see the code).
/// A square block (`dim3 block(t, t)` at every launch, so blockDim.y ==
/// blockDim.x) lets the y extent divide by the x one and the other way.
///
/// E of a 64-bit unsigned type (`size_t offset; dim3 grid(offset / b)`):
/// gridDim.x = q mod 2^32 >= 1, so q >= 1, E >= q * b >= b, and blockIdx.x
/// <= gridDim.x - 1 <= q - 1 gives a true (unbounded) `blockIdx.x * b + b`
/// <= q * b <= E. The sums are stated as the kernel computes them, in
/// `unsigned int` then converted to E's type: without a wrap that is the
/// true value; with one, the true value is at least 2^32, so E > 2^32 is
/// above any 32-bit value. Either way each fact holds. A signed 64-bit E
/// gives nothing (a negative q may convert to a valid grid).
fn below_dividend(
    kernel: &Kernel,
    d: u8,
    relation: &SizeExpr,
    square_block: bool,
) -> Option<[Expr; 3]> {
    let quotient = match relation {
        SizeExpr::Convert(HostIntTy::UINT, inner) => inner.as_ref(),
        other => other,
    };
    let SizeExpr::Binary(SizeOp::Div, dividend, divisor, t) = quotient else {
        return None;
    };
    // A 64-bit E only when unsigned: `(unsigned)q` of a negative signed q
    // may be a valid small grid (q = 5 - 2^32 gives 5 blocks) with E < 0.
    let wide = t.bits == 64 && !t.signed;
    if t.bits != 32 && !wide {
        return None;
    }
    // A conversion of the block extent (at most 1024) to a type of at least
    // 16 bits is exact; a narrower one may not be.
    let extent = match divisor.as_ref() {
        SizeExpr::Convert(c, inner) if c.bits >= 16 => inner.as_ref(),
        SizeExpr::Convert(..) => return None,
        other => other,
    };
    let SizeExpr::BlockDim(b, _) = extent else {
        return None;
    };
    if *b != d && !(square_block && *b < 2 && d < 2) {
        return None;
    }
    let u32_ty = scalar(HostIntTy::UINT);
    let dividend = size_value(kernel, dividend)?;
    let builtin = |b: Builtin| Box::new(Expr::Builtin(b));
    // `blockIdx.d * blockDim.d + last`, in 32-bit unsigned arithmetic.
    let block_base_plus = |last: Builtin| {
        Expr::Binary(
            BinOp::Add,
            Box::new(Expr::Binary(
                BinOp::Mul,
                builtin(Builtin::BlockIdx(d)),
                builtin(Builtin::BlockDim(d)),
                u32_ty,
            )),
            builtin(last),
            u32_ty,
        )
    };
    let block_end = block_base_plus(Builtin::BlockDim(d));
    let as_u32 = |e: Expr| {
        if *t == HostIntTy::UINT {
            e
        } else {
            Expr::Cast(u32_ty, Box::new(e))
        }
    };
    let extent_in_t = if *t == HostIntTy::UINT {
        Expr::Builtin(Builtin::BlockDim(d))
    } else {
        Expr::Cast(scalar(*t), builtin(Builtin::BlockDim(d)))
    };
    let cmp =
        |op: BinOp, a: Expr, b: Expr| Expr::Binary(op, Box::new(a), Box::new(b), ScalarTy::Bool);
    // The thread's global index in E's type: `blockIdx.d * blockDim.d +
    // threadIdx.d` is below `blockIdx.d * blockDim.d + blockDim.d <= E`
    // (no wrap: that sum is at most E < 2^32), so below E, and E < 2^31 for
    // a signed E makes the conversion exact. Implied by the two facts above
    // and `threadIdx.d < blockDim.d`, it is stated in the form the
    // solver-free division theorem reads (`check/delinear.rs`: `g_col <
    // cols` makes `g_row * cols + g_col` injective).
    let global_index = block_base_plus(Builtin::ThreadIdx(d));
    let index_in_t = if *t == HostIntTy::UINT {
        global_index
    } else {
        Expr::Cast(scalar(*t), Box::new(global_index))
    };
    // For a 64-bit unsigned E the sum is compared in E's type: its 32-bit
    // value is at most its true value when it does not wrap, and below 2^32
    // <= its true value <= E when it does (see the doc comment).
    let end_fact = if wide {
        cmp(
            BinOp::Le,
            Expr::Cast(scalar(*t), Box::new(block_end)),
            dividend.clone(),
        )
    } else {
        cmp(BinOp::Le, block_end, as_u32(dividend.clone()))
    };
    Some([
        cmp(BinOp::Ge, dividend.clone(), extent_in_t),
        end_fact,
        cmp(BinOp::Lt, index_in_t, dividend),
    ])
}

/// For each shift in `e` by an amount that is not a constant, the condition
/// that the amount is within the width of the shifted value's type
/// (`0 <= k && k < 32`, in the amount's type); None when an amount has no
/// value over the parameters.
fn shift_premises(kernel: &Kernel, e: &SizeExpr, out: &mut Vec<Expr>) -> Option<()> {
    match e {
        SizeExpr::Binary(op, a, b, t) => {
            if matches!(op, SizeOp::Shl | SizeOp::Shr) && !matches!(**b, SizeExpr::Const(..)) {
                let amount_ty = scalar(b.ty());
                let amount = Box::new(size_value(kernel, b)?);
                let cmp = |op: BinOp, c: i128| {
                    Expr::Binary(
                        op,
                        amount.clone(),
                        Box::new(Expr::Int(c, amount_ty)),
                        ScalarTy::Bool,
                    )
                };
                out.push(Expr::Binary(
                    BinOp::And,
                    Box::new(cmp(BinOp::Ge, 0)),
                    Box::new(cmp(BinOp::Lt, i128::from(t.bits))),
                    ScalarTy::Bool,
                ));
            }
            shift_premises(kernel, a, out)?;
            shift_premises(kernel, b, out)
        }
        SizeExpr::Convert(_, a) | SizeExpr::Neg(a, _) => shift_premises(kernel, a, out),
        _ => Some(()),
    }
}

/// Whether the block extent takes part in `e` non-linearly: as (part of) a
/// divisor, or multiplied with a non-constant.
fn nonlinear_in_block(e: &SizeExpr) -> bool {
    let in_block = |e: &SizeExpr| (0..3u8).any(|d| e.mentions_block_dim(d));
    match e {
        SizeExpr::Const(..)
        | SizeExpr::Arg(..)
        | SizeExpr::Template(..)
        | SizeExpr::BlockDim(..) => false,
        SizeExpr::Convert(_, a) | SizeExpr::Neg(a, _) | SizeExpr::Log2(a) => nonlinear_in_block(a),
        SizeExpr::Binary(op, a, b, _) => {
            let product = matches!(op, SizeOp::Mul | SizeOp::And)
                && ((in_block(a) && b.has_arg()) || (in_block(b) && a.has_arg()));
            let divisor =
                matches!(op, SizeOp::Div | SizeOp::Rem | SizeOp::Shl | SizeOp::Shr) && in_block(b);
            let dividend_shifted =
                matches!(op, SizeOp::Div | SizeOp::Rem) && in_block(a) && b.has_arg();
            product || divisor || dividend_shifted || nonlinear_in_block(a) || nonlinear_in_block(b)
        }
    }
}

/// The operand `x` of a relation `v = log2(x)` (under conversions only).
fn log2_operand(e: &SizeExpr) -> Option<&SizeExpr> {
    match e {
        SizeExpr::Convert(_, inner) => log2_operand(inner),
        SizeExpr::Log2(x) => Some(x),
        _ => None,
    }
}

/// For a parameter `p` that every launch passes as `log2(x)` converted to an
/// integer type (`int it = log2(n / 2); k<<<..>>>(.., it)`), the fact `x < 1
/// || (0 <= p && p <= 31 && 2^p <= x)`, as `p < i || x >= 2^i` for each `i`
/// in [1, 31] (linear), compared in 64 bits.
///
/// Why it holds: `x` is an integer of at most 32 bits, so `(double)x` is
/// `x` exactly. For `x >= 1`, `x < 2^32` and the real `log2(x)` is in [0,
/// 32); when `2^k <= x < 2^(k+1)` it is at most `k + 1 - 1.44 / 2^(k+1)`,
/// more than 2^20 `double` ulps below `k + 1` for `k <= 31`, and `log2(1)`
/// is exactly 0 (C Annex F), `log2` results are monotone, so the library's
/// result is in [0, k + 1) and its conversion to an integer (truncation,
/// defined since the value is in range of every integer type) is at most
/// `k`: `2^p <= 2^k <= x`, `0 <= p <= 31`; the conversions to the
/// parameter's type (at least 8 bits) keep that value. For `x < 1` the
/// result is `-inf` or NaN and its conversion undefined: nothing is stated.
/// `log2` is the library's (see `Eval::log2_is_library`), or a host function
/// of the unit that computes `floor(log2(x))` for `x >= 1` exactly (see
/// `Eval::floor_log2_function`): then `2^p <= x < 2^(p + 1)`, `p <= 31`.
fn log2_fact(kernel: &Kernel, p: ParamId, p_ty: ScalarTy, e: &SizeExpr) -> Option<Expr> {
    let ScalarTy::Int { bits, .. } = p_ty else {
        return None;
    };
    if bits < 8 {
        return None;
    }
    let x = log2_operand(e)?;
    if x.ty().bits > 32 {
        return None;
    }
    let long = ScalarTy::Int {
        bits: 64,
        signed: true,
    };
    let x = Expr::Cast(long, Box::new(size_value(kernel, x)?));
    let p = Expr::Cast(long, Box::new(Expr::Param(p)));
    let cmp = |op: BinOp, a: &Expr, c: i128| {
        Expr::Binary(
            op,
            Box::new(a.clone()),
            Box::new(Expr::Int(c, long)),
            ScalarTy::Bool,
        )
    };
    let and = |a: Expr, b: Expr| Expr::Binary(BinOp::And, Box::new(a), Box::new(b), ScalarTy::Bool);
    let or = |a: Expr, b: Expr| Expr::Binary(BinOp::Or, Box::new(a), Box::new(b), ScalarTy::Bool);
    let mut bounded = and(cmp(BinOp::Ge, &p, 0), cmp(BinOp::Le, &p, 31));
    for i in 1..=31 {
        bounded = and(
            bounded,
            or(cmp(BinOp::Lt, &p, i), cmp(BinOp::Ge, &x, 1i128 << i)),
        );
    }
    Some(or(cmp(BinOp::Lt, &x, 1), bounded))
}

fn scalar(t: HostIntTy) -> ScalarTy {
    ScalarTy::Int {
        bits: t.bits,
        signed: t.signed,
    }
}

/// `e` over the kernel's parameters, or None when an argument in it is not a
/// scalar parameter that holds every value of the host variable passed (a
/// conversion to a type at least as wide is injective, so converting the
/// parameter back gives the host value).
pub(super) fn size_value(kernel: &Kernel, e: &SizeExpr) -> Option<Expr> {
    Some(match e {
        SizeExpr::Const(v, t) => Expr::Int(*v, scalar(*t)),
        SizeExpr::Arg(..) | SizeExpr::Template(..) => {
            // A template parameter is a parameter at no position, by name.
            let (position, template_name, t) = match e {
                SizeExpr::Arg(k, t) => (u32::try_from(*k).ok()?, None, t),
                SizeExpr::Template(k, t) => (u32::MAX, Some(kernel.template_params.get(*k)?), t),
                _ => return None,
            };
            let mut at = kernel.params.iter().enumerate().filter(|(_, p)| {
                p.position == position && template_name.is_none_or(|n| *n == p.name)
            });
            let (index, param) = at.next()?;
            if at.next().is_some() || param.name.contains('.') {
                return None;
            }
            let ScalarTy::Int { bits, .. } = param.ty else {
                return None;
            };
            if bits < t.bits {
                return None;
            }
            let value = Expr::Param(ParamId(u32::try_from(index).ok()?));
            if param.ty == scalar(*t) {
                value
            } else {
                Expr::Cast(scalar(*t), Box::new(value))
            }
        }
        // The `unsigned int` extent converted back to the host variable's
        // type (at most 32 bits): the host value, see
        // `Eval::block_extent_variables`.
        SizeExpr::BlockDim(d, t) => {
            if t.bits > 32 || *d > 2 {
                return None;
            }
            let extent = Expr::Builtin(Builtin::BlockDim(*d));
            if *t == HostIntTy::UINT {
                extent
            } else {
                Expr::Cast(scalar(*t), Box::new(extent))
            }
        }
        SizeExpr::Convert(t, inner) => Expr::Cast(scalar(*t), Box::new(size_value(kernel, inner)?)),
        SizeExpr::Neg(inner, t) => {
            Expr::Unary(UnOp::Neg, Box::new(size_value(kernel, inner)?), scalar(*t))
        }
        SizeExpr::Binary(op, a, b, t) => {
            let op = match op {
                SizeOp::Add => BinOp::Add,
                SizeOp::Sub => BinOp::Sub,
                SizeOp::Mul => BinOp::Mul,
                SizeOp::Div => BinOp::Div,
                SizeOp::Rem => BinOp::Rem,
                SizeOp::Shl => BinOp::Shl,
                SizeOp::Shr => BinOp::Shr,
                SizeOp::And => BinOp::BitAnd,
                SizeOp::Or => BinOp::BitOr,
                SizeOp::Xor => BinOp::BitXor,
            };
            Expr::Binary(
                op,
                Box::new(size_value(kernel, a)?),
                Box::new(size_value(kernel, b)?),
                scalar(*t),
            )
        }
        // Not an integer operation (see `log2_fact`).
        SizeExpr::Log2(_) => return None,
    })
}

//! A readable KPL pretty printer (labels and types shown), for tests and debugging.

use std::fmt::Write;

use super::{
    Access, BarrierScope, BinOp, Block, Builtin, Expr, Kernel, LoopForm, MemSpace, ScalarTy, Stmt,
    StmtKind, UnOp,
};

/// Short name of a scalar type (`i32`, `u64`, `f32`, `bool`).
pub fn ty_name(t: ScalarTy) -> String {
    match t {
        ScalarTy::Bool => "bool".into(),
        ScalarTy::Int { bits, signed } => format!("{}{bits}", if signed { 'i' } else { 'u' }),
        ScalarTy::Float { bits } => format!("f{bits}"),
    }
}

/// Prints a whole kernel: signature, arrays, then the labelled body.
pub fn pretty_kernel(k: &Kernel) -> String {
    let mut out = String::new();
    let params: Vec<String> = k
        .params
        .iter()
        .map(|p| format!("{}: {}", p.name, ty_name(p.ty)))
        .collect();
    let _ = writeln!(
        out,
        "kernel {}({}){}{}",
        k.name,
        params.join(", "),
        if k.is_template { " template" } else { "" },
        k.launch_bounds
            .map(|b| format!(" launch_bounds({b})"))
            .unwrap_or_default()
    );
    for a in &k.arrays {
        let space = match a.space {
            MemSpace::Shared => "shared",
            MemSpace::Global => "global",
            MemSpace::Constant => "constant",
        };
        let dims: Vec<String> = a.dims.iter().map(|d| d.to_string()).collect();
        let _ = writeln!(
            out,
            "  {space} {}[{}] elem {}{}{}",
            a.name,
            dims.join("]["),
            a.elem_size,
            a.param.map(|p| format!(" param {p}")).unwrap_or_default(),
            if a.may_alias_all {
                " may-alias-all"
            } else {
                ""
            }
        );
    }
    print_block(k, &k.body, 1, &mut out);
    out
}

/// Prints one expression.
pub fn pretty_expr(k: &Kernel, e: &Expr) -> String {
    let mut s = String::new();
    expr(k, e, &mut s);
    s
}

fn indent(depth: usize, out: &mut String) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn print_block(k: &Kernel, b: &Block, depth: usize, out: &mut String) {
    for s in &b.stmts {
        print_stmt(k, s, depth, out);
    }
}

fn access(k: &Kernel, a: &Access) -> String {
    let name = k
        .arrays
        .get(a.array.0 as usize)
        .map_or("?", |d| d.name.as_str());
    format!("{name}[{}]:{}", pretty_expr(k, &a.offset), ty_name(a.ty))
}

fn var(k: &Kernel, v: super::VarId) -> String {
    k.vars
        .get(v.0 as usize)
        .map_or_else(|| format!("v{}", v.0), |d| d.name.clone())
}

fn print_stmt(k: &Kernel, s: &Stmt, depth: usize, out: &mut String) {
    indent(depth, out);
    let _ = write!(out, "{}: ", s.id.0);
    match &s.kind {
        StmtKind::Assign { var: v, value } => {
            let _ = write!(out, "{} = {}", var(k, *v), pretty_expr(k, value));
        }
        StmtKind::Havoc { var: v } => {
            let _ = write!(out, "{} = *", var(k, *v));
        }
        StmtKind::Read { dest, access: a } => {
            let _ = write!(out, "{} = read {}", var(k, *dest), access(k, a));
        }
        StmtKind::Write { access: a, value } => {
            let _ = write!(out, "write {} = {}", access(k, a), pretty_expr(k, value));
        }
        StmtKind::Atomic {
            dest,
            access: a,
            op,
        } => {
            let d = dest
                .map(|d| format!("{} = ", var(k, d)))
                .unwrap_or_default();
            let _ = write!(out, "{d}atomic {} {}", op.name, access(k, a));
        }
        StmtKind::Collective {
            name,
            uniform_args,
            dest,
        } => {
            let d = dest
                .map(|d| format!("{} = ", var(k, d)))
                .unwrap_or_default();
            let args: Vec<String> = uniform_args.iter().map(|a| pretty_expr(k, a)).collect();
            let _ = write!(out, "{d}collective {name}({})", args.join(", "));
        }
        StmtKind::Barrier {
            scope,
            global_fence,
            local_fence,
        } => {
            let scope = match scope {
                BarrierScope::Block => "block".to_string(),
                BarrierScope::Grid => "grid".to_string(),
                BarrierScope::Warp => "warp".to_string(),
                BarrierScope::WarpMask { mask } => match k.warp_masks.get(*mask as usize) {
                    Some(m) => format!("warp mask {}", pretty_expr(k, m)),
                    None => format!("warp mask #{mask}"),
                },
                BarrierScope::Tile { size, lanes } => format!("tile {size} lanes {lanes:#x}"),
            };
            let _ = write!(out, "barrier {scope}");
            if !(*global_fence && *local_fence) {
                let _ = write!(out, " (local {local_fence}, global {global_fence})");
            }
        }
        StmtKind::DeviceFence => {
            let _ = write!(out, "fence device");
        }
        StmtKind::NamedBarrier {
            op,
            barrier,
            count,
            token,
        } => {
            let _ = write!(out, "named {op:?} {}", pretty_expr(k, barrier));
            if let Some(c) = count {
                let _ = write!(out, ", {}", pretty_expr(k, c));
            }
            if let Some(t) = token {
                let _ = write!(out, " token {}", var(k, *t));
            }
        }
        StmtKind::If { cond, then_, else_ } => {
            let _ = writeln!(out, "if {} {{", pretty_expr(k, cond));
            print_block(k, then_, depth + 1, out);
            if !else_.stmts.is_empty() {
                indent(depth, out);
                out.push_str("} else {\n");
                print_block(k, else_, depth + 1, out);
            }
            indent(depth, out);
            out.push('}');
        }
        StmtKind::Loop {
            cond,
            cond_prelude,
            body,
            step,
            form,
        } => {
            let form = match form {
                LoopForm::For => "for",
                LoopForm::While => "while",
                LoopForm::DoWhile => "do",
            };
            if !cond_prelude.stmts.is_empty() {
                out.push_str("loop-prelude {\n");
                print_block(k, cond_prelude, depth + 1, out);
                indent(depth, out);
                out.push_str("} ");
            }
            let _ = writeln!(out, "loop({form}) while {} {{", pretty_expr(k, cond));
            print_block(k, body, depth + 1, out);
            if !step.stmts.is_empty() {
                indent(depth, out);
                out.push_str("} step {\n");
                print_block(k, step, depth + 1, out);
            }
            indent(depth, out);
            out.push('}');
        }
        StmtKind::Break => out.push_str("break"),
        StmtKind::Continue => out.push_str("continue"),
        StmtKind::Return => out.push_str("return"),
        StmtKind::Assume { cond } => {
            let _ = write!(out, "assume {}", pretty_expr(k, cond));
        }
    }
    if s.in_macro {
        out.push_str("  [macro]");
    }
    if s.inlined_at.is_some() {
        out.push_str("  [inlined]");
    }
    out.push('\n');
}

fn op_str(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "%",
        BinOp::Shl => "<<",
        BinOp::Shr => ">>",
        BinOp::BitAnd => "&",
        BinOp::BitOr => "|",
        BinOp::BitXor => "^",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::And => "&&",
        BinOp::Or => "||",
    }
}

fn expr(k: &Kernel, e: &Expr, out: &mut String) {
    match e {
        Expr::Int(v, ScalarTy::Bool) => out.push_str(if *v != 0 { "true" } else { "false" }),
        Expr::Int(v, t) => {
            let _ = write!(out, "{v}");
            if *t != ScalarTy::INT {
                let _ = write!(out, ":{}", ty_name(*t));
            }
        }
        Expr::Float(bits, t) => {
            let _ = write!(out, "{}:{}", f64::from_bits(*bits), ty_name(*t));
        }
        Expr::Var(v) => out.push_str(&var(k, *v)),
        Expr::Param(p) => out.push_str(
            k.params
                .get(p.0 as usize)
                .map_or("?param", |d| d.name.as_str()),
        ),
        Expr::Builtin(b) => {
            let dim = |d: &u8| ["x", "y", "z"].get(*d as usize).copied().unwrap_or("?");
            let s = match b {
                Builtin::ThreadIdx(d) => format!("threadIdx.{}", dim(d)),
                Builtin::BlockIdx(d) => format!("blockIdx.{}", dim(d)),
                Builtin::BlockDim(d) => format!("blockDim.{}", dim(d)),
                Builtin::GridDim(d) => format!("gridDim.{}", dim(d)),
                Builtin::GlobalOffset(d) => format!("globalOffset.{}", dim(d)),
            };
            out.push_str(&s);
        }
        Expr::Unary(op, a, _) => {
            out.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::Not => "!",
            });
            paren(k, a, out);
        }
        Expr::Binary(op, a, b, _) => {
            paren(k, a, out);
            let _ = write!(out, " {} ", op_str(*op));
            paren(k, b, out);
        }
        Expr::Cast(t, a) => {
            let _ = write!(out, "({})", ty_name(*t));
            paren(k, a, out);
        }
        Expr::Select(c, a, b, _) => {
            paren(k, c, out);
            out.push_str(" ? ");
            paren(k, a, out);
            out.push_str(" : ");
            paren(k, b, out);
        }
        Expr::Apply(f, args, _) => {
            out.push_str(f);
            out.push('(');
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                expr(k, a, out);
            }
            out.push(')');
        }
    }
}

fn paren(k: &Kernel, e: &Expr, out: &mut String) {
    let simple = matches!(
        e,
        Expr::Int(..)
            | Expr::Float(..)
            | Expr::Var(_)
            | Expr::Param(_)
            | Expr::Builtin(_)
            | Expr::Apply(..)
    );
    if simple {
        expr(k, e, out);
    } else {
        out.push('(');
        expr(k, e, out);
        out.push(')');
    }
}

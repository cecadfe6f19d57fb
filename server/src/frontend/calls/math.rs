//! Pure builtins: work-item queries, math, vector, random numbers and images.

use tree_sitter::Node;

use crate::frontend::arith::*;
use crate::frontend::lowerer::*;
use crate::frontend::types::Ty;
use crate::ir::{Access, BinOp, Builtin, Expr, ScalarTy, StmtKind, UnOp};

impl<'c, 't> Lowerer<'c, 't> {
    pub(crate) fn work_item(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let d = match args.first() {
            Some(a) => {
                let v = self.rvalue(*a)?;
                self.scalar(v, *a)?
            }
            None => (int(0, ScalarTy::UINT), ScalarTy::UINT),
        };
        let u = ScalarTy::ULONG;
        let c = |e: Expr| conv(e, ScalarTy::UINT, u);
        let per_dim = |dim: u8| -> Expr {
            let b = |f: fn(u8) -> Builtin| c(Expr::Builtin(f(dim)));
            match name {
                "get_local_id" => b(Builtin::ThreadIdx),
                "get_group_id" => b(Builtin::BlockIdx),
                "get_local_size" | "get_enqueued_local_size" => b(Builtin::BlockDim),
                "get_num_groups" => b(Builtin::GridDim),
                "get_global_offset" => b(Builtin::GlobalOffset),
                "get_global_size" => bin(BinOp::Mul, b(Builtin::GridDim), b(Builtin::BlockDim), u),
                _ => bin(
                    BinOp::Add,
                    bin(
                        BinOp::Add,
                        bin(BinOp::Mul, b(Builtin::BlockIdx), b(Builtin::BlockDim), u),
                        b(Builtin::ThreadIdx),
                        u,
                    ),
                    b(Builtin::GlobalOffset),
                    u,
                ),
            }
        };
        let e = match d.0 {
            Expr::Int(k, _) if (0..3).contains(&k) => per_dim(k as u8),
            Expr::Int(_, _) => {
                // Out-of-range dimension: local size 1, ids 0.
                let one = matches!(
                    name,
                    "get_local_size"
                        | "get_num_groups"
                        | "get_global_size"
                        | "get_enqueued_local_size"
                );
                int(one as i128, u)
            }
            e => {
                // Dimension known only at run time: select over the three.
                let dt = d.1;
                let is = |k: i128| {
                    Expr::Binary(
                        BinOp::Eq,
                        Box::new(e.clone()),
                        Box::new(int(k, dt)),
                        ScalarTy::Bool,
                    )
                };
                Expr::Select(
                    Box::new(is(0)),
                    Box::new(per_dim(0)),
                    Box::new(Expr::Select(
                        Box::new(is(1)),
                        Box::new(per_dim(1)),
                        Box::new(per_dim(2)),
                        u,
                    )),
                    u,
                )
            }
        };
        let _ = n;
        Ok(Val::Scalar(e, u))
    }

    pub(crate) fn vector_builtin(
        &mut self,
        n: Node<'t>,
        name: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        if let Some(rest) = name.strip_prefix("make_") {
            if let Some((e, k)) = crate::frontend::types::vector_named(rest) {
                let vals = self.eval_args(args)?;
                let mut comps = Vec::new();
                for (i, v) in vals.into_iter().enumerate().take(k as usize) {
                    let at = args.get(i).copied().unwrap_or(n);
                    let (x, t) = self.scalar(v, at)?;
                    comps.push(Val::Scalar(conv(x, t, e), e));
                }
                while comps.len() < k as usize {
                    comps.push(Val::Scalar(self.havoc(e, n), e));
                }
                return Ok(Some(Val::Agg(Ty::Vector(e, k), comps)));
            }
        }
        for (prefix, is_load) in [("vload", true), ("vstore", false)] {
            let Some(k) = name.strip_prefix(prefix).and_then(|s| s.parse::<u8>().ok()) else {
                continue;
            };
            let vals = self.eval_args(args)?;
            let (offset_val, ptr, data) = if is_load {
                (vals.first().cloned(), vals.get(1).cloned(), None)
            } else {
                (
                    vals.get(1).cloned(),
                    vals.get(2).cloned(),
                    vals.first().cloned(),
                )
            };
            let (
                Some(off),
                Some(Val::Ptr {
                    target,
                    offset,
                    pointee,
                }),
            ) = (offset_val, ptr)
            else {
                return self.unsup(n, format!("`{name}` with unexpected arguments"));
            };
            let e = match pointee {
                Ty::Scalar(s) => s,
                _ => ScalarTy::FLOAT,
            };
            let (oe, ot) = self.scalar(off, n)?;
            let esz = crate::frontend::types::scalar_size(e) as i128;
            let base = bin(
                BinOp::Add,
                offset,
                bin(
                    BinOp::Mul,
                    conv(oe, ot, ScalarTy::LONG),
                    int(esz * k as i128, ScalarTy::LONG),
                    ScalarTy::LONG,
                ),
                ScalarTy::LONG,
            );
            let vty = Ty::Vector(e, k);
            let lv = self.deref(target, base, vty.clone(), n);
            if is_load {
                return Ok(Some(self.load(lv, n)?));
            }
            self.store(lv, data.unwrap_or(Val::Void), n)?;
            return Ok(Some(Val::Void));
        }
        Ok(None)
    }

    pub(crate) fn math(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        // Vectors: componentwise for unary/binary elementwise functions, opaque otherwise.
        if vals.iter().any(|v| matches!(v, Val::Agg(..))) {
            let mut flat = Vec::new();
            for v in vals {
                match v {
                    Val::Agg(_, parts) => {
                        for p in parts {
                            flat.push(self.scalar(p, n)?);
                        }
                    }
                    other => flat.push(self.scalar(other, n)?),
                }
            }
            let t = flat.first().map_or(ScalarTy::FLOAT, |f| f.1);
            let exprs = flat.into_iter().map(|(e, _)| e).collect();
            return Ok(Val::Scalar(Expr::Apply(name.to_string(), exprs, t), t));
        }
        let mut sc = Vec::new();
        for (k, v) in vals.into_iter().enumerate() {
            sc.push(self.scalar(v, args.get(k).copied().unwrap_or(n))?);
        }
        let all_int =
            !sc.is_empty() && sc.iter().all(|(_, t)| !matches!(t, ScalarTy::Float { .. }));
        let common_t = sc
            .iter()
            .map(|s| s.1)
            .reduce(common)
            .unwrap_or(ScalarTy::INT);
        let cv = |sc: &[(Expr, ScalarTy)], k: usize, t: ScalarTy| {
            sc.get(k)
                .map(|(e, et)| conv(e.clone(), *et, t))
                .unwrap_or(int(0, t))
        };
        if all_int {
            let t = match name {
                "umin" | "umax" | "__umul24" | "ullmin" | "ullmax" => ScalarTy::Int {
                    bits: common_t.bits().max(32) as u8,
                    signed: false,
                },
                _ => common_t,
            };
            let lt = |a: Expr, b: Expr| {
                Expr::Binary(BinOp::Lt, Box::new(a), Box::new(b), ScalarTy::Bool)
            };
            match name {
                "min" | "umin" | "llmin" | "ullmin" if sc.len() == 2 => {
                    let (a, b) = (cv(&sc, 0, t), cv(&sc, 1, t));
                    return Ok(Val::Scalar(
                        Expr::Select(
                            Box::new(lt(b.clone(), a.clone())),
                            Box::new(b),
                            Box::new(a),
                            t,
                        ),
                        t,
                    ));
                }
                "max" | "umax" | "llmax" | "ullmax" if sc.len() == 2 => {
                    let (a, b) = (cv(&sc, 0, t), cv(&sc, 1, t));
                    return Ok(Val::Scalar(
                        Expr::Select(
                            Box::new(lt(a.clone(), b.clone())),
                            Box::new(b),
                            Box::new(a),
                            t,
                        ),
                        t,
                    ));
                }
                "abs" | "labs" | "llabs" if sc.len() == 1 => {
                    let a = cv(&sc, 0, t);
                    let neg = Expr::Unary(UnOp::Neg, Box::new(a.clone()), t);
                    let rt = if name == "abs" && self.kernel.lang == crate::ir::Lang::OpenCl {
                        ScalarTy::Int {
                            bits: t.bits() as u8,
                            signed: false,
                        }
                    } else {
                        t
                    };
                    let e = Expr::Select(
                        Box::new(lt(a.clone(), int(0, t))),
                        Box::new(neg),
                        Box::new(a),
                        t,
                    );
                    return Ok(Val::Scalar(conv(e, t, rt), rt));
                }
                "clamp" if sc.len() == 3 => {
                    let (x, lo, hi) = (cv(&sc, 0, t), cv(&sc, 1, t), cv(&sc, 2, t));
                    let lower = Expr::Select(
                        Box::new(lt(x.clone(), lo.clone())),
                        Box::new(lo),
                        Box::new(x),
                        t,
                    );
                    let e = Expr::Select(
                        Box::new(lt(hi.clone(), lower.clone())),
                        Box::new(hi),
                        Box::new(lower),
                        t,
                    );
                    return Ok(Val::Scalar(e, t));
                }
                // 24-bit multiplies: exact for operands below 2^24 (thread and block
                // indices, sizes), which is how kernels use them. The product's low
                // 32 bits are defined for every operand (it wraps), so it is
                // computed in the unsigned type of the same width and converted
                // back: never a signed overflow, which the checker assumes away.
                "__mul24" | "mul24" | "__umul24" if sc.len() == 2 => {
                    let u = unsigned_of(t);
                    let m = bin(BinOp::Mul, cv(&sc, 0, u), cv(&sc, 1, u), u);
                    return Ok(Val::Scalar(conv(m, u, t), t));
                }
                "mad24" if sc.len() == 3 => {
                    let u = unsigned_of(t);
                    let m = bin(BinOp::Mul, cv(&sc, 0, u), cv(&sc, 1, u), u);
                    let sum = bin(BinOp::Add, m, cv(&sc, 2, u), u);
                    return Ok(Val::Scalar(conv(sum, u, t), t));
                }
                _ => {}
            }
        }
        let rt = match name {
            "isnan" | "isinf" | "isfinite" | "isnormal" | "signbit" | "__popc" | "__popcll"
            | "__clz" | "__clzll" | "__ffs" | "__ffsll" | "ilogb" | "__float_as_int"
            | "__float2int_rn" | "__float2int_rz" | "__float2int_rd" | "__float2int_ru"
            | "as_int" | "isequal" | "isnotequal" | "isgreater" | "isless" | "any" | "all" => {
                ScalarTy::INT
            }
            "__float_as_uint" | "as_uint" | "__float2uint_rn" | "__float2uint_rz" => ScalarTy::UINT,
            "__int_as_float" | "as_float" | "__uint_as_float" | "__int2float_rn"
            | "__uint2float_rn" => ScalarTy::FLOAT,
            _ if name.starts_with("convert_") => {
                let target = name.trim_start_matches("convert_");
                let base = target.split('_').next().unwrap_or("int");
                crate::frontend::types::scalar_named(base).unwrap_or(common_t)
            }
            _ if all_int => common_t,
            _ if matches!(common_t, ScalarTy::Float { .. }) => common_t,
            _ if name.ends_with('f') && self.kernel.lang == crate::ir::Lang::Cuda => {
                ScalarTy::FLOAT
            }
            _ => ScalarTy::FLOAT,
        };
        if name.starts_with("convert_") {
            if let Some((e, t)) = sc.first() {
                return Ok(Val::Scalar(conv(e.clone(), *t, rt), rt));
            }
        }
        let exprs = sc.into_iter().map(|(e, _)| e).collect();
        Ok(Val::Scalar(Expr::Apply(name.to_string(), exprs, rt), rt))
    }

    /// cuRAND device API: a generator call reads and updates the state its
    /// pointer argument points to. MTGP32 states are shared by the threads of a
    /// block (up to 256 of them): those threads update it together, so they are
    /// modelled as storing the same value (a function of the block).
    pub(crate) fn curand(&mut self, n: Node<'t>, name: &str, args: &[Node<'t>]) -> R<Val> {
        let vals = self.eval_args(args)?;
        let vals: Vec<Val> = vals
            .into_iter()
            .map(|v| self.without_choice(v, n))
            .collect();
        let state = vals.iter().rev().find_map(|v| match v {
            Val::Ptr {
                target: Target::Array(a),
                offset,
                pointee,
            } => Some((*a, offset.clone(), pointee.clone())),
            _ => None,
        });
        let result_ty = if name.contains("uniform") || name.contains("normal") {
            if name.contains("double") {
                ScalarTy::Float { bits: 64 }
            } else {
                ScalarTy::FLOAT
            }
        } else {
            ScalarTy::UINT
        };
        if let Some((array, offset, pointee)) = state {
            let tag = match &pointee {
                Ty::Struct(k) => self
                    .cx
                    .types
                    .structs
                    .get(*k)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
                _ => String::new(),
            };
            let size = self.size_of(&pointee).clamp(1, u32::MAX as u64) as u32;
            let access = Access {
                array,
                offset,
                size,
                ty: ScalarTy::UINT,
                volatile: false,
            };
            if tag.contains("Mtgp32") && name != "curand_init" {
                let u = ScalarTy::UINT;
                let block = bin(
                    BinOp::Add,
                    Expr::Builtin(Builtin::BlockIdx(0)),
                    bin(
                        BinOp::Mul,
                        Expr::Builtin(Builtin::BlockIdx(1)),
                        Expr::Builtin(Builtin::GridDim(0)),
                        u,
                    ),
                    u,
                );
                let in_block_range = Expr::Binary(
                    BinOp::Lt,
                    Box::new(self.linear_tid()),
                    Box::new(int(256, u)),
                    ScalarTy::Bool,
                );
                let other = self.havoc(u, n);
                let value = Expr::Select(
                    Box::new(in_block_range),
                    Box::new(block),
                    Box::new(other),
                    u,
                );
                self.push(StmtKind::Write { access, value }, n);
            } else {
                if name != "curand_init" {
                    let dest = self.tmp(ScalarTy::UINT, n);
                    self.push(
                        StmtKind::Read {
                            dest,
                            access: access.clone(),
                        },
                        n,
                    );
                }
                let value = self.havoc(ScalarTy::UINT, n);
                self.push(StmtKind::Write { access, value }, n);
            }
        } else {
            for v in &vals {
                if let Val::Ptr {
                    target: Target::Local(slot),
                    ..
                } = v
                {
                    let slot = (**slot).clone();
                    self.havoc_slot(&slot, n);
                }
            }
        }
        if name == "curand_init" {
            return Ok(Val::Void);
        }
        Ok(Val::Scalar(self.havoc(result_ty, n), result_ty))
    }

    /// OpenCL image reads and writes: accesses of the pixel at the coordinates.
    pub(crate) fn image_call(
        &mut self,
        n: Node<'t>,
        name: &str,
        args: &[Node<'t>],
    ) -> R<Option<Val>> {
        let (write, suffix) = if let Some(s) = name.strip_prefix("write_image") {
            (true, s)
        } else if let Some(s) = name.strip_prefix("read_image") {
            (false, s)
        } else {
            return Ok(None);
        };
        let elem = match suffix {
            "f" => ScalarTy::FLOAT,
            "i" => ScalarTy::INT,
            "ui" => ScalarTy::UINT,
            "h" => ScalarTy::Float { bits: 16 },
            _ => return Ok(None),
        };
        let vals = self.eval_args(args)?;
        let Some(Val::Ptr { target, offset, .. }) = vals.first().cloned() else {
            return Ok(None);
        };
        // Coordinates: the last argument of a read (after an optional sampler), the
        // second of a write.
        let coord = if write { vals.get(1) } else { vals.last() };
        let comps: Vec<Val> = match coord {
            Some(Val::Agg(_, parts)) => parts.clone(),
            Some(v @ Val::Scalar(..)) => vec![v.clone()],
            _ => Vec::new(),
        };
        let mut linear = offset;
        for (d, c) in comps.into_iter().take(3).enumerate() {
            let (e, t) = self.scalar(c, n)?;
            let scaled = bin(
                BinOp::Mul,
                conv(e, t, ScalarTy::LONG),
                int(1i128 << (16 * d), ScalarTy::LONG),
                ScalarTy::LONG,
            );
            linear = bin(BinOp::Add, linear, scaled, ScalarTy::LONG);
        }
        let pixel = bin(BinOp::Mul, linear, int(16, ScalarTy::LONG), ScalarTy::LONG);
        let lv = self.deref(target, pixel, Ty::Vector(elem, 4), n);
        if write {
            let color = vals.get(2).cloned().unwrap_or(Val::Void);
            self.store(lv, color, n)?;
            return Ok(Some(Val::Void));
        }
        Ok(Some(self.load(lv, n)?))
    }
}

/// The unsigned integer type of `t`'s width (`t` itself when it is not a
/// signed integer type).
fn unsigned_of(t: ScalarTy) -> ScalarTy {
    match t {
        ScalarTy::Int { bits, .. } => ScalarTy::Int {
            bits,
            signed: false,
        },
        other => other,
    }
}

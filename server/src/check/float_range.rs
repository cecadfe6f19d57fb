//! Bounds of the real values of float terms, for the integers converted from
//! them (`(int)(rand01 * n)` with `rand01 = (float)seed / 2^31`).
//!
//! Floats are otherwise opaque to the checker (uninterpreted functions on
//! their bit patterns, see `symexec`). This module follows the few operations
//! whose results IEEE 754 bounds from their operands' bounds: an integer
//! converted to a float, literals, `+ - * /` and negation, and conversions
//! between float widths. Every result of an operation is its exact value
//! rounded; rounding is monotone, so the rounded value lies between the
//! rounded images of the exact bounds. The bounds are computed in `f64` and
//! widened outwards by 8 units in the last place of the operation's precision
//! and by the smallest normal magnitude: that covers the double rounding of
//! an `f32` operation computed in `f64`, the 2-ulp error of a fast-math
//! division (`__fdividef`), and results flushed to zero. A sign fact is kept
//! exact: a sum or product of non-negative values, or a non-negative value
//! divided by a positive one, is non-negative however it rounds (also when
//! flushed to `+0`).
//!
//! A term gets bounds only while they are finite and below the largest float
//! of its precision (so no result is an infinity or NaN), and each bound is
//! conditioned on the value ranges of the integer terms it was computed from
//! (`premise`), which are stated with the facts.

use crate::base::HashMap;
use z3::ast::{Bool, Int};

use super::symexec::Range;

/// Cap on the premises one bound carries: longer chains keep no bound.
const MAX_PREMISES: usize = 8;

/// Denominator of the scale facts: `r * 2^40 <= N * n + C`.
const SCALE_DENOMINATOR_BITS: i32 = 40;

/// What is known of the real value `v` of one float term.
#[derive(Clone, Debug)]
pub(super) struct FloatValue {
    /// Where every premise holds, `v` is finite and `lo <= v <= hi`.
    lo: f64,
    /// See `lo`.
    hi: f64,
    /// Range facts of integer terms the bounds were computed from.
    premise: Vec<Bool>,
    /// `(n, k, c)`: where the premises hold and the integer term `n` is not
    /// negative, `0 <= v <= k * n + c` (a value proportional to `n`:
    /// `(float)n`, and a non-negative bounded value times or over it).
    scale: Option<(Int, f64, f64)>,
}

/// Bounds of float terms by (term, width in bits).
#[derive(Default)]
pub(super) struct FloatValues {
    known: HashMap<(Int, u32), FloatValue>,
    /// Integers converted from a value proportional to `n`: `(n, N, C)` of
    /// their fact `n >= 0 => 0 <= r && 2^40 r <= N n + C`.
    proportional: HashMap<Int, (Int, i128, i128)>,
}

/// The precision (significand bits) of a float width (32 or 64, see
/// [`FloatValues::insert`]).
fn precision(bits: u32) -> i32 {
    if bits <= 32 {
        24
    } else {
        53
    }
}

/// The largest finite float of the width.
fn max_finite(bits: u32) -> f64 {
    if bits <= 32 {
        f64::from(f32::MAX)
    } else {
        f64::MAX
    }
}

/// Relative and absolute widening of computed bounds (see the module doc).
fn slack(bits: u32) -> (f64, f64) {
    let rel = 2f64.powi(3 - precision(bits));
    let abs = if bits <= 32 {
        f64::from(f32::MIN_POSITIVE)
    } else {
        f64::MIN_POSITIVE
    };
    (rel, abs)
}

fn down(v: f64, bits: u32) -> f64 {
    let (rel, abs) = slack(bits);
    v - v.abs() * rel - abs
}

fn up(v: f64, bits: u32) -> f64 {
    let (rel, abs) = slack(bits);
    v + v.abs() * rel + abs
}

/// An integer rounded to the nearest float of the width (ties to even, as
/// C's conversion and Rust's `as` do).
fn round_int(v: i128, bits: u32) -> f64 {
    if bits <= 32 {
        f64::from(v as f32)
    } else {
        v as f64
    }
}

/// Float operations whose result bounds [`FloatValues::arith`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FloatOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a / b`.
    Div,
}

impl FloatValues {
    fn get(&self, x: &Int, bits: u32) -> Option<&FloatValue> {
        self.known.get(&(x.clone(), bits))
    }

    fn insert(&mut self, x: &Int, bits: u32, v: FloatValue) {
        // Only `float` and `double`: half and narrower formats round
        // coarser than the slack and overflow far earlier.
        let fits = matches!(bits, 32 | 64)
            && v.lo.is_finite()
            && v.hi.is_finite()
            && v.lo <= v.hi
            && v.hi <= max_finite(bits)
            && v.lo >= -max_finite(bits)
            && v.premise.len() <= MAX_PREMISES;
        if fits {
            self.known.insert((x.clone(), bits), v);
        }
    }

    /// The float literal `x` of value `value`.
    pub(super) fn literal(&mut self, x: &Int, value: f64, bits: u32) {
        if value.is_finite() {
            let v = FloatValue {
                lo: value,
                hi: value,
                premise: Vec::new(),
                scale: None,
            };
            self.insert(x, bits, v);
        }
    }

    /// `x = (float)n` for the integer term `n` of range `r` (exact rounding,
    /// monotone: between the rounded ends of the range).
    pub(super) fn converted_int(&mut self, x: &Int, n: &Int, r: Range, bits: u32) {
        const LIMIT: i128 = 1 << 100;
        if r.lo < -LIMIT || r.hi > LIMIT {
            return;
        }
        let premise = if r.lo == r.hi && n.as_i64().is_some() {
            Vec::new()
        } else {
            vec![n.ge(Int::from_i128(r.lo)), n.le(Int::from_i128(r.hi))]
        };
        // (float)n <= n * (1 + 2^-p) for n >= 0 (round to nearest).
        let k = 1.0 + 2f64.powi(1 - precision(bits));
        let v = FloatValue {
            lo: round_int(r.lo, bits),
            hi: round_int(r.hi, bits),
            premise,
            scale: Some((n.clone(), k, 0.0)),
        };
        self.insert(x, bits, v);
    }

    /// `x = -a` (exact).
    pub(super) fn neg(&mut self, x: &Int, a: &Int, bits: u32) {
        if let Some(a) = self.get(a, bits).cloned() {
            let v = FloatValue {
                lo: -a.hi,
                hi: -a.lo,
                premise: a.premise,
                scale: None,
            };
            self.insert(x, bits, v);
        }
    }

    /// `x` is `a` of width `from` converted to width `to`.
    pub(super) fn convert(&mut self, x: &Int, a: &Int, from: u32, to: u32) {
        let Some(a) = self.get(a, from).cloned() else {
            return;
        };
        let v = if precision(to) >= precision(from) {
            // Widening is exact.
            a
        } else {
            // Narrowing rounds: monotone, relative error within the slack;
            // a non-negative value stays non-negative.
            let lo = if a.lo >= 0.0 {
                down(a.lo, to).max(0.0)
            } else {
                down(a.lo, to)
            };
            let scale = a.scale.map(|(n, k, c)| (n, up(k, to), up(c, to)));
            FloatValue {
                lo,
                hi: up(a.hi, to),
                premise: a.premise,
                scale,
            }
        };
        self.insert(x, to, v);
    }

    /// `x = a op b`, all of width `bits`.
    pub(super) fn arith(&mut self, op: FloatOp, x: &Int, a: &Int, b: &Int, bits: u32) {
        let (Some(fa), Some(fb)) = (self.get(a, bits).cloned(), self.get(b, bits).cloned()) else {
            return;
        };
        let corners = |f: fn(f64, f64) -> f64| {
            [
                f(fa.lo, fb.lo),
                f(fa.lo, fb.hi),
                f(fa.hi, fb.lo),
                f(fa.hi, fb.hi),
            ]
        };
        let (values, nonneg) = match op {
            FloatOp::Add => (
                [fa.lo + fb.lo, fa.hi + fb.hi, fa.lo + fb.lo, fa.hi + fb.hi],
                fa.lo >= 0.0 && fb.lo >= 0.0,
            ),
            FloatOp::Sub => (
                [fa.lo - fb.hi, fa.hi - fb.lo, fa.lo - fb.hi, fa.hi - fb.lo],
                fa.lo >= fb.hi,
            ),
            FloatOp::Mul => (corners(|p, q| p * q), fa.lo >= 0.0 && fb.lo >= 0.0),
            FloatOp::Div => {
                // A divisor whose range holds 0 bounds nothing.
                if fb.lo <= 0.0 && fb.hi >= 0.0 {
                    return;
                }
                (corners(|p, q| p / q), fa.lo >= 0.0 && fb.lo > 0.0)
            }
        };
        if values.iter().any(|v| !v.is_finite()) {
            return;
        }
        let exact_lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        let exact_hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let lo = if nonneg {
            down(exact_lo, bits).max(0.0)
        } else {
            down(exact_lo, bits)
        };
        let hi = up(exact_hi, bits);
        // Proportional values: a non-negative bounded factor times `(float)n`,
        // or such a value over a positive bounded divisor. The product is in
        // `[0, a.hi * (k n + c)]` before rounding, the quotient in
        // `[0, (k n + c) / b.lo]`; the slack covers the rounding.
        let scale = match op {
            FloatOp::Mul => {
                let scaled = |s: &FloatValue, f: &FloatValue| {
                    let (n, k, c) = s.scale.clone()?;
                    (f.lo >= 0.0).then(|| (n, up(f.hi * k, bits), up(f.hi * c, bits)))
                };
                scaled(&fb, &fa).or_else(|| scaled(&fa, &fb))
            }
            FloatOp::Div if fb.lo > 0.0 => fa
                .scale
                .clone()
                .map(|(n, k, c)| (n, up(k / fb.lo, bits), up(c / fb.lo, bits))),
            _ => None,
        }
        .filter(|(_, k, c)| k.is_finite() && c.is_finite());
        let mut premise = fa.premise;
        premise.extend(fb.premise);
        let v = FloatValue {
            lo,
            hi,
            premise,
            scale,
        };
        self.insert(x, bits, v);
    }

    /// Facts of `r`, the integer of range `ty` converted from the float `x`
    /// of width `bits` (or from `floor(x)` or `trunc(x)`): C truncates, and
    /// `floor`, `trunc` and the conversion are monotone, so `r` lies between
    /// `floor(lo)` and `floor(hi)` (`ceil(hi)` for a negative `hi`), each
    /// clamped to the type (a float beyond the type has an undefined
    /// conversion; PTX's `cvt` saturates, which is monotone too). For a value
    /// proportional to `n >= 0`: `0 <= r <= k n + c`, as `0 <= floor(v) <= v`
    /// and `0 <= trunc(v) <= v` for `v >= 0`.
    pub(super) fn conversion_facts(&mut self, x: &Int, bits: u32, r: &Int, ty: Range) -> Vec<Bool> {
        let Some(v) = self.get(x, bits) else {
            return Vec::new();
        };
        let mut facts = Vec::new();
        let premise = Bool::and(&v.premise);
        let lo = v.lo.floor();
        let hi = if v.hi >= 0.0 {
            v.hi.floor()
        } else {
            v.hi.ceil()
        };
        // Far beyond any integer type: the clamp decides.
        let clamp = |f: f64| {
            let i = if f >= 2f64.powi(100) {
                ty.hi
            } else if f <= -(2f64.powi(100)) {
                ty.lo
            } else {
                f as i128
            };
            i.clamp(ty.lo, ty.hi)
        };
        facts.push(premise.implies(Bool::and(&[
            r.ge(Int::from_i128(clamp(lo))),
            r.le(Int::from_i128(clamp(hi))),
        ])));
        if let Some((n, k, c)) = &v.scale {
            let d = 2f64.powi(SCALE_DENOMINATOR_BITS);
            let (kd, cd) = ((k * d).ceil(), (c * d).ceil());
            if kd < 2f64.powi(100) && cd < 2f64.powi(100) {
                let zero = Int::from_i64(0);
                let bound = Int::add(&[
                    Int::mul(&[Int::from_i128(kd as i128), n.clone()]),
                    Int::from_i128(cd as i128),
                ]);
                let scaled = Int::mul(&[Int::from_i128(d as i128), r.clone()]);
                let when = Bool::and(&[premise, n.ge(&zero)]);
                facts.push(when.implies(Bool::and(&[r.ge(&zero), scaled.le(&bound)])));
                let known = (n.clone(), kd as i128, cd as i128);
                self.proportional.insert(r.clone(), known);
            }
        }
        facts
    }
}

impl FloatValues {
    /// For an integer `r` converted from a float proportional to `n` (see
    /// [`Self::conversion_facts`]): its bound stated of `v`,
    /// `n >= 0 => 0 <= v && 2^40 v <= N n + C` (a fact of `r` itself; of
    /// another value only a candidate to prove).
    pub(super) fn proportional_bound(&self, r: &Int, v: &Int) -> Option<Bool> {
        let (n, kd, cd) = self.proportional.get(r)?;
        let zero = Int::from_i64(0);
        let d = Int::from_i128(1i128 << SCALE_DENOMINATOR_BITS);
        let bound = Int::add(&[
            Int::mul(&[Int::from_i128(*kd), n.clone()]),
            Int::from_i128(*cd),
        ]);
        let within = Bool::and(&[v.ge(&zero), Int::mul(&[d, v.clone()]).le(&bound)]);
        Some(n.ge(&zero).implies(within))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_interval_from_a_31_bit_seed() {
        let mut f = FloatValues::default();
        let seed = Int::new_const("seed");
        let m = Int::from_i64(1 << 31);
        let (fs, fm, q) = (
            Int::new_const("fs"),
            Int::new_const("fm"),
            Int::new_const("q"),
        );
        f.converted_int(
            &fs,
            &seed,
            Range {
                lo: 0,
                hi: (1 << 31) - 1,
            },
            32,
        );
        f.converted_int(
            &fm,
            &m,
            Range {
                lo: 1 << 31,
                hi: 1 << 31,
            },
            32,
        );
        f.arith(FloatOp::Div, &q, &fs, &fm, 32);
        let v = f.get(&q, 32).expect("bounded");
        // (float)(2^31 - 1) rounds to 2^31: the quotient may be 1.
        assert_eq!(v.lo, 0.0);
        assert!(v.hi >= 1.0 && v.hi < 1.0 + 1e-5, "{v:?}");
        let (n, fn_, p) = (
            Int::new_const("n"),
            Int::new_const("fn"),
            Int::new_const("p"),
        );
        f.converted_int(
            &fn_,
            &n,
            Range {
                lo: -(1 << 31),
                hi: (1 << 31) - 1,
            },
            32,
        );
        f.arith(FloatOp::Mul, &p, &q, &fn_, 32);
        let (_, k, c) = f.get(&p, 32).and_then(|v| v.scale.clone()).expect("scaled");
        assert!(k > 1.0 && k < 1.0 + 1e-5 && c < 1e-30, "{k} {c}");
    }

    #[test]
    fn divisor_holding_zero_bounds_nothing() {
        let mut f = FloatValues::default();
        let (a, b, q) = (
            Int::new_const("a"),
            Int::new_const("b"),
            Int::new_const("q"),
        );
        let (na, nb) = (Int::new_const("na"), Int::new_const("nb"));
        f.converted_int(&a, &na, Range { lo: 0, hi: 10 }, 32);
        f.converted_int(&b, &nb, Range { lo: 0, hi: 10 }, 32);
        f.arith(FloatOp::Div, &q, &a, &b, 32);
        assert!(f.get(&q, 32).is_none());
    }

    #[test]
    fn half_precision_bounds_nothing() {
        let mut f = FloatValues::default();
        let (x, n) = (Int::new_const("x"), Int::new_const("n"));
        f.converted_int(&x, &n, Range { lo: 0, hi: 10 }, 16);
        assert!(f.get(&x, 16).is_none());
    }

    #[test]
    fn overflow_bounds_nothing() {
        let mut f = FloatValues::default();
        let (a, p) = (Int::new_const("a"), Int::new_const("p"));
        f.literal(&a, 1e38, 32);
        f.arith(FloatOp::Mul, &p, &a, &a, 32);
        assert!(f.get(&p, 32).is_none());
    }
}

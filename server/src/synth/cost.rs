//! AutoSync's cost model C(l) = LC^|loops(l)| x IC^|conds(l)|, and exact
//! integer weights for the MaxSAT soft constraints.

use crate::config::CostModel;

/// C(l) for a location nested in `loops` loops and `conds` conditionals.
pub fn cost(model: &CostModel, loops: u32, conds: u32) -> f64 {
    model.loop_cost.powi(loops as i32) * model.cond_cost.powi(conds as i32)
}

/// A non-negative rational `num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ratio {
    num: u128,
    den: u128,
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The exact decimal value of `x` as printed by Rust (shortest round-trip form).
fn ratio_of(x: f64) -> Option<Ratio> {
    if !x.is_finite() || x < 0.0 {
        return None;
    }
    let text = format!("{x}");
    let (int_part, frac_part) = text.split_once('.').unwrap_or((text.as_str(), ""));
    if frac_part.len() > 30 {
        return None;
    }
    let digits = format!("{int_part}{frac_part}");
    let num: u128 = digits.parse().ok()?;
    let den = 10u128.checked_pow(frac_part.len() as u32)?;
    let g = gcd(num, den).max(1);
    Some(Ratio {
        num: num / g,
        den: den / g,
    })
}

/// Integer weights proportional to C(l) for every `(loops, conds)` pair, exact
/// when the numbers fit in 128 bits (they do for any realistic nesting); else
/// rounded from floating point at a 10^-6 resolution.
pub fn integer_weights(model: &CostModel, nesting: &[(u32, u32)]) -> Vec<u128> {
    exact_weights(model, nesting).unwrap_or_else(|| {
        nesting
            .iter()
            .map(|&(l, c)| (cost(model, l, c) * 1e6).round().max(1.0) as u128)
            .collect()
    })
}

fn exact_weights(model: &CostModel, nesting: &[(u32, u32)]) -> Option<Vec<u128>> {
    let lc = ratio_of(model.loop_cost)?;
    let ic = ratio_of(model.cond_cost)?;
    let max_loops = nesting.iter().map(|n| n.0).max().unwrap_or(0);
    let max_conds = nesting.iter().map(|n| n.1).max().unwrap_or(0);
    // Common denominator lc.den^max_loops * ic.den^max_conds.
    nesting
        .iter()
        .map(|&(l, c)| {
            let a = lc
                .num
                .checked_pow(l)?
                .checked_mul(lc.den.checked_pow(max_loops - l)?)?;
            let b = ic
                .num
                .checked_pow(c)?
                .checked_mul(ic.den.checked_pow(max_conds - c)?)?;
            a.checked_mul(b)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_costs_follow_the_paper() {
        let m = CostModel::default();
        assert_eq!(cost(&m, 0, 0), 1.0);
        assert_eq!(cost(&m, 1, 0), 100.0);
        assert_eq!(cost(&m, 2, 1), 5000.0);
    }

    #[test]
    fn integer_weights_are_exact_and_proportional() {
        let m = CostModel::default();
        let w = integer_weights(&m, &[(0, 0), (1, 0), (0, 1), (1, 2), (2, 0)]);
        // Denominator 2^2: 1 -> 4, 100 -> 400, 0.5 -> 2, 25 -> 100, 10000 -> 40000.
        assert_eq!(w, vec![4, 400, 2, 100, 40000]);
        let m = CostModel {
            loop_cost: 10.0,
            cond_cost: 0.3,
        };
        let w = integer_weights(&m, &[(0, 0), (0, 1), (1, 1)]);
        assert_eq!(w, vec![10, 3, 30]);
    }
}

//! The placement problem as weighted MaxSAT on z3 `Optimize`.

use z3::ast::Bool;
use z3::{Optimize, Params, SatResult};

/// Placement options of one loop race whose kind is not known (Algorithm 1):
/// option 0 is intra-iteration, option j the inter-iteration barrier at depth j.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OptionGroup {
    /// Candidate indices of each option; an empty option is impossible.
    pub options: Vec<Vec<usize>>,
    /// P-assignments known not to remove the race.
    pub excluded: Vec<Vec<bool>>,
}

/// A placement problem over candidate variables `L_0 .. L_{n-1}`.
#[derive(Clone, Debug, Default)]
pub struct Problem {
    /// Soft-constraint weight of `not L_i` (proportional to C(l)).
    pub weights: Vec<u128>,
    /// Variables that must be true (kept barriers).
    pub forced_true: Vec<usize>,
    /// Variables that must be false.
    pub forced_false: Vec<usize>,
    /// Hard clauses `OR L_i`.
    pub clauses: Vec<Vec<usize>>,
    /// Guarded options with P-variables.
    pub groups: Vec<OptionGroup>,
    /// Blocking clauses: at least one variable differs from the given value.
    pub blocking: Vec<Vec<(usize, bool)>>,
    /// Joint variables `J_k` (index `weights.len() + k` in clauses and
    /// options): `J_k` implies, for each of its parts, that some variable of
    /// the part holds (a part may name an earlier joint variable). They
    /// cost nothing themselves and are not in a solution's `chosen`.
    pub joint: Vec<Vec<Vec<usize>>>,
    /// Wall-clock bound of the solve in milliseconds (None: unbounded): a
    /// safety cap only, the work limit binds first.
    pub timeout_ms: Option<u64>,
    /// Z3 work units (`rlimit`) the solve may spend (None: unbounded):
    /// deterministic, so where a solve stops does not depend on the load.
    pub work_limit: Option<u64>,
}

/// A solver answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Least-cost model: chosen candidates and the P-assignment of each group.
    Sat {
        /// Indices of the variables set to true, ascending.
        chosen: Vec<usize>,
        /// P values per group.
        p: Vec<Vec<bool>>,
    },
    /// The time bound ran out before the optimum was proven: the best placement
    /// the solver had, checked against every hard constraint (not least-cost).
    Feasible {
        /// Indices of the variables set to true, ascending.
        chosen: Vec<usize>,
        /// P values per group.
        p: Vec<Vec<bool>>,
    },
    /// No placement satisfies the constraints.
    Unsat,
    /// The solver gave up.
    Unknown(String),
}

/// Solves a problem of one candidate on the calling thread, so that the
/// first real solve does not pay Z3's set-up of `Optimize` on this thread's
/// context (milliseconds). Results do not depend on it: the optimum of every
/// problem is unique (its weights break every tie).
pub fn warm_up() {
    let _ = std::panic::catch_unwind(|| {
        solve(&Problem {
            weights: vec![1],
            clauses: vec![vec![0]],
            timeout_ms: Some(1_000),
            ..Problem::default()
        })
    });
}

/// Solves the problem for a least-cost placement.
pub fn solve(problem: &Problem) -> Answer {
    solve_counted(problem).0
}

/// [`solve`], with the Z3 work units (its deterministic `rlimit` count) the
/// solve spent, which the synthesizer charges to the kernel's budget.
pub fn solve_counted(problem: &Problem) -> (Answer, u64) {
    let opt = Optimize::new();
    let before = work_count(&opt);
    let answer = solve_with(&opt, problem);
    (answer, work_count(&opt).saturating_sub(before))
}

/// Z3's `rlimit` count as `opt` reports it (the context's, so a difference
/// of two readings is the work between them).
fn work_count(opt: &Optimize) -> u64 {
    match opt.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(x)) => x.max(0.0) as u64,
        None => 0,
    }
}

fn solve_with(opt: &Optimize, problem: &Problem) -> Answer {
    if problem.timeout_ms.is_some() || problem.work_limit.is_some() {
        let mut params = Params::new();
        if let Some(ms) = problem.timeout_ms {
            params.set_u32("timeout", ms.clamp(1, u64::from(u32::MAX)) as u32);
        }
        if let Some(work) = problem.work_limit {
            params.set_u32("rlimit", work.clamp(1, u64::from(u32::MAX)) as u32);
        }
        opt.set_params(&params);
    }
    let mut vars: Vec<Bool> = (0..problem.weights.len())
        .map(|i| Bool::new_const(format!("L{i}")))
        .collect();
    let candidates = vars.len();
    vars.extend((0..problem.joint.len()).map(|k| Bool::new_const(format!("J{k}"))));
    let or_of = |idx: &[usize]| -> Bool {
        let lits: Vec<Bool> = idx.iter().filter_map(|&i| vars.get(i).cloned()).collect();
        if lits.is_empty() {
            Bool::from_bool(false)
        } else {
            Bool::or(&lits)
        }
    };
    for (v, w) in vars.iter().zip(&problem.weights) {
        opt.assert_soft(&v.not(), (*w).max(1), None);
    }
    for (k, parts) in problem.joint.iter().enumerate() {
        let all: Vec<Bool> = parts.iter().map(|part| or_of(part)).collect();
        opt.assert(vars[candidates + k].implies(Bool::and(&all)));
    }
    for &i in &problem.forced_true {
        if let Some(v) = vars.get(i) {
            opt.assert(v);
        }
    }
    for &i in &problem.forced_false {
        if let Some(v) = vars.get(i) {
            opt.assert(v.not());
        }
    }
    for clause in &problem.clauses {
        opt.assert(or_of(clause));
    }
    let mut pvars: Vec<Vec<Bool>> = Vec::new();
    for (g, group) in problem.groups.iter().enumerate() {
        let ps: Vec<Bool> = (0..group.options.len())
            .map(|j| Bool::new_const(format!("P{g}_{j}")))
            .collect();
        for (p, option) in ps.iter().zip(&group.options) {
            opt.assert(p.implies(or_of(option)));
        }
        // Any non-empty set of options: the checker reports one loop relation
        // of a race at a time, and may keep reporting an outer-loop relation
        // that only a barrier at that loop's level orders (its loop abstraction
        // does not see a barrier nested in an inner loop as always executed), so
        // an inner and an outer inter-iteration barrier may both be needed.
        opt.assert(Bool::or(&ps));
        for assignment in &group.excluded {
            let differs: Vec<Bool> = ps
                .iter()
                .zip(assignment)
                .map(|(p, &v)| if v { p.not() } else { p.clone() })
                .collect();
            opt.assert(Bool::or(&differs));
        }
        pvars.push(ps);
    }
    for block in &problem.blocking {
        let differs: Vec<Bool> = block
            .iter()
            .filter_map(|&(i, v)| vars.get(i).map(|x| if v { x.not() } else { x.clone() }))
            .collect();
        if differs.is_empty() {
            opt.assert(Bool::from_bool(false));
        } else {
            opt.assert(Bool::or(&differs));
        }
    }
    let result = opt.check(&[]);
    match result {
        SatResult::Unsat => Answer::Unsat,
        SatResult::Unknown | SatResult::Sat => {
            let Some(model) = opt.get_model() else {
                return Answer::Unknown(
                    opt.get_reason_unknown()
                        .unwrap_or_else(|| "no model".into()),
                );
            };
            let value = |b: &Bool| {
                model
                    .eval(b, true)
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false)
            };
            let chosen = vars[..candidates]
                .iter()
                .enumerate()
                .filter(|(_, v)| value(v))
                .map(|(i, _)| i)
                .collect();
            let p: Vec<Vec<bool>> = pvars
                .iter()
                .map(|ps| ps.iter().map(value).collect())
                .collect();
            if result == SatResult::Sat {
                Answer::Sat { chosen, p }
            } else if satisfies(problem, &chosen, &p) {
                Answer::Feasible { chosen, p }
            } else {
                Answer::Unknown(opt.get_reason_unknown().unwrap_or_else(|| "unknown".into()))
            }
        }
    }
}

/// Whether a placement and P-assignment meet every hard constraint of `problem`.
pub fn satisfies(problem: &Problem, chosen: &[usize], p: &[Vec<bool>]) -> bool {
    // A joint variable may hold when each of its parts has one that holds
    // (parts name earlier joint variables only).
    let n = problem.weights.len();
    let mut joint_on: Vec<bool> = Vec::with_capacity(problem.joint.len());
    for parts in &problem.joint {
        let holds = parts.iter().all(|part| {
            part.iter().any(|&i| {
                if i < n {
                    chosen.contains(&i)
                } else {
                    joint_on.get(i - n).copied().unwrap_or(false)
                }
            })
        });
        joint_on.push(holds);
    }
    let on = |i: usize| {
        if i < n {
            chosen.contains(&i)
        } else {
            joint_on.get(i - n).copied().unwrap_or(false)
        }
    };
    let some = |idx: &[usize]| idx.iter().any(|&i| on(i));
    problem.forced_true.iter().all(|&i| on(i))
        && problem.forced_false.iter().all(|&i| !on(i))
        && problem.clauses.iter().all(|c| some(c))
        && problem.groups.iter().enumerate().all(|(g, group)| {
            let Some(ps) = p.get(g) else { return false };
            ps.len() == group.options.len()
                && ps.iter().any(|&v| v)
                && ps.iter().zip(&group.options).all(|(&v, o)| !v || some(o))
                && !group.excluded.iter().any(|e| e == ps)
        })
        && problem
            .blocking
            .iter()
            .all(|b| b.iter().any(|&(i, v)| on(i) != v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_shared_cheapest_variable() {
        // Fig. 7: [L1 or L2] and [L2 or L3] -> {L2}.
        let p = Problem {
            weights: vec![1, 1, 1, 1],
            clauses: vec![vec![1, 2], vec![2, 3]],
            ..Problem::default()
        };
        assert_eq!(
            solve(&p),
            Answer::Sat {
                chosen: vec![2],
                p: vec![]
            }
        );
    }

    #[test]
    fn prefers_cheap_outside_loop_and_respects_forcing() {
        let p = Problem {
            weights: vec![100, 1],
            clauses: vec![vec![0, 1]],
            ..Problem::default()
        };
        assert_eq!(
            solve(&p),
            Answer::Sat {
                chosen: vec![1],
                p: vec![]
            }
        );
        let p = Problem {
            weights: vec![100, 1],
            clauses: vec![vec![0, 1]],
            forced_false: vec![1],
            ..Problem::default()
        };
        assert_eq!(
            solve(&p),
            Answer::Sat {
                chosen: vec![0],
                p: vec![]
            }
        );
        let p = Problem {
            weights: vec![1],
            clauses: vec![vec![]],
            ..Problem::default()
        };
        assert_eq!(solve(&p), Answer::Unsat);
    }

    #[test]
    fn feasibility_checks_every_hard_constraint() {
        let p = Problem {
            weights: vec![1; 4],
            forced_false: vec![3],
            clauses: vec![vec![0, 1]],
            groups: vec![OptionGroup {
                options: vec![vec![2], vec![1]],
                excluded: vec![vec![true, false]],
            }],
            blocking: vec![vec![(0, true), (1, false)]],
            ..Problem::default()
        };
        assert!(satisfies(&p, &[1, 2], &[vec![true, true]]));
        assert!(!satisfies(&p, &[1, 2], &[vec![true, false]]), "excluded");
        assert!(!satisfies(&p, &[0, 2], &[vec![true, false]]), "blocked");
        assert!(!satisfies(&p, &[2], &[vec![true, false]]), "clause");
        assert!(!satisfies(&p, &[1, 3], &[vec![false, true]]), "forced");
        assert!(!satisfies(&p, &[1], &[vec![true, true]]), "option");
        // A bounded solve of an easy problem still proves the optimum.
        let p = Problem {
            timeout_ms: Some(10_000),
            ..p
        };
        assert!(matches!(solve(&p), Answer::Sat { .. }));
    }

    #[test]
    fn a_joint_variable_needs_every_part_and_costs_nothing_itself() {
        // Clauses [L0] and [L1] (each arm's own race) and [L2 or J0] with
        // J0 = L0 and L1: the arms' barriers also satisfy the third clause.
        let p = Problem {
            weights: vec![1, 1, 2],
            clauses: vec![vec![0], vec![1], vec![2, 3]],
            joint: vec![vec![vec![0], vec![1]]],
            ..Problem::default()
        };
        assert_eq!(
            solve(&p),
            Answer::Sat {
                chosen: vec![0, 1],
                p: vec![]
            }
        );
        assert!(satisfies(&p, &[0, 1], &[]));
        // One arm only: the joint variable does not hold.
        let one_arm = Problem {
            clauses: vec![vec![0], vec![2, 3]],
            ..p.clone()
        };
        assert!(!satisfies(&one_arm, &[0], &[]));
        assert_eq!(
            solve(&one_arm),
            Answer::Sat {
                chosen: vec![0, 1],
                p: vec![]
            }
        );
        // A part that names an earlier joint variable.
        let nested = Problem {
            weights: vec![1, 1, 1, 5],
            clauses: vec![vec![3, 5]],
            joint: vec![vec![vec![0], vec![1]], vec![vec![4], vec![2]]],
            ..Problem::default()
        };
        assert_eq!(
            solve(&nested),
            Answer::Sat {
                chosen: vec![0, 1, 2],
                p: vec![]
            }
        );
        assert!(!satisfies(&nested, &[0, 2], &[]));
    }

    #[test]
    fn option_groups_enumerate_p_assignments() {
        // Fig. 4: intra {L2, L3} (cost 100), inter {L1, L4} (cost 100).
        let mut g = OptionGroup {
            options: vec![vec![1, 2], vec![0, 3]],
            excluded: vec![],
        };
        let p = Problem {
            weights: vec![100; 4],
            groups: vec![g.clone()],
            ..Problem::default()
        };
        let Answer::Sat { chosen, p: ps } = solve(&p) else {
            panic!("sat")
        };
        assert_eq!(chosen.len(), 1);
        g.excluded.push(ps[0].clone());
        let p2 = Problem {
            weights: vec![100; 4],
            groups: vec![g.clone()],
            ..Problem::default()
        };
        let Answer::Sat { chosen, p: ps2 } = solve(&p2) else {
            panic!("sat")
        };
        assert_eq!(chosen.len(), 1);
        g.excluded.push(ps2[0].clone());
        let p3 = Problem {
            weights: vec![100; 4],
            groups: vec![g],
            ..Problem::default()
        };
        let Answer::Sat { chosen, p } = solve(&p3) else {
            panic!("sat")
        };
        assert_eq!(chosen.len(), 2);
        assert_eq!(p[0], vec![true, true]);
    }
}

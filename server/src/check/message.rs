//! Diagnostic messages for races and divergence (the wording lives here only).

use super::diagnostic::DiagnosticKind;
use super::report::{Divergence, Finding, LoopRelation, Race, RaceKind, ThreadCoords};
use crate::ir::Kernel;

/// `(x,y,z)` dropping trailing zero dimensions.
pub fn coords(c: &[u64; 3]) -> String {
    if c[1] == 0 && c[2] == 0 {
        format!("{}", c[0])
    } else if c[2] == 0 {
        format!("({},{})", c[0], c[1])
    } else {
        format!("({},{},{})", c[0], c[1], c[2])
    }
}

/// "thread 3 of block 0".
pub fn thread_name(t: &ThreadCoords) -> String {
    format!("thread {} of block {}", coords(&t.thread), coords(&t.block))
}

fn verb(write: bool) -> &'static str {
    if write {
        "writes"
    } else {
        "reads"
    }
}

/// What the access labelled `id` of an atomic-vs-plain race does, in words
/// (the race kind alone does not say which side is the atomic one).
fn atomic_plain_verb(kernel: &Kernel, id: crate::ir::StmtId) -> &'static str {
    use crate::ir::StmtKind;
    match crate::ir::walk::find_stmt(&kernel.body, id).map(|s| &s.kind) {
        Some(StmtKind::Atomic { .. }) => "atomically updates",
        Some(StmtKind::Read { .. }) => "reads",
        _ => "writes",
    }
}

/// The finding for a race.
/// How two racing threads relate, in words ("between threads of different blocks").
pub fn relation_words(relation: LoopRelation) -> String {
    match relation {
        LoopRelation::IntraIteration => "between threads of one block".to_string(),
        LoopRelation::InterIteration { depth } => {
            format!("across iterations of the loop at depth {depth}")
        }
        LoopRelation::InterBlock => "between threads of different blocks".to_string(),
    }
}

pub fn race_finding(kernel: &Kernel, race: &Race) -> Finding {
    let (w1, w2) = match race.kind {
        RaceKind::WriteWrite | RaceKind::AtomicPlain => (true, true),
        RaceKind::ReadWrite => (false, true),
        RaceKind::WriteRead => (true, false),
    };
    let relation = match race.relation {
        LoopRelation::IntraIteration => String::new(),
        other => format!(" {}", relation_words(other)),
    };
    let mut message = if race.benign && race.kind == RaceKind::WriteWrite {
        format!(
            "benign write-write race on `{}`: both threads store the same value",
            race.array
        )
    } else if race.benign {
        format!(
            "benign {} race on `{}`: the reading thread stored the value it reads there itself, and the racing write stores the same value",
            race.kind.as_str(),
            race.array
        )
    } else {
        format!(
            "{} race on `{}`{}",
            race.kind.as_str(),
            race.array,
            relation
        )
    };
    if let Some(w) = &race.witness {
        // Each thread's locals follow its own access: "thread 1 ... (t=1), thread 0 ... (t=0)";
        // numbering them "(thread 1)"/"(thread 2)" read as thread ids next to real ones.
        let locals_of = |t: usize| {
            let values: Vec<String> = w
                .locals
                .get(t)
                .into_iter()
                .flatten()
                .filter(|l| !l.name.starts_with('$'))
                .map(|l| format!("{}={}", l.name, l.value))
                .collect();
            if values.is_empty() {
                String::new()
            } else {
                format!(" ({})", values.join(", "))
            }
        };
        let (v1, v2) = if race.kind == RaceKind::AtomicPlain {
            (
                atomic_plain_verb(kernel, race.first),
                atomic_plain_verb(kernel, race.second),
            )
        } else {
            (verb(w1), verb(w2))
        };
        message.push_str(&format!(
            ": {} {} {}[{}]{}, {} {} {}[{}]{}",
            thread_name(&w.threads[0]),
            v1,
            race.array,
            w.indices[0],
            locals_of(0),
            thread_name(&w.threads[1]),
            v2,
            race.array,
            w.indices[1],
            locals_of(1)
        ));
        let params: Vec<String> = w
            .params
            .iter()
            .map(|p| format!("{}={}", p.name, p.value))
            .collect();
        if !params.is_empty() {
            message.push_str(&format!(" with {}", params.join(", ")));
        }
    }
    if race.warp_sync_only && !race.benign {
        message.push_str(
            "; the threads are in the same warp: this code relies on implicit warp-synchronous execution, which CUDA does not guarantee since Volta (use __syncwarp() or a barrier)",
        );
    }
    let kind = if race.benign {
        DiagnosticKind::BenignRace
    } else {
        DiagnosticKind::Race
    };
    let related = if race.first_span == race.second_span {
        Vec::new()
    } else {
        vec![(
            race.second_span,
            format!("conflicting access to `{}`", race.array),
        )]
    };
    Finding {
        kind,
        message,
        span: race.first_span,
        related,
        race: Some(race.clone()),
        divergence: None,
    }
}

/// The finding for a divergent barrier.
pub fn divergence_finding(_kernel: &Kernel, d: &Divergence) -> Finding {
    let (message, related) = if d.both_reach {
        let mut message = format!(
            "collective divergence: threads of a block call this collective with different arguments; {}",
            d.cause
        );
        if let Some([a, b]) = &d.witness {
            message.push_str(&format!(
                " ({} and {} both call it)",
                thread_name(a),
                thread_name(b)
            ));
        }
        (message, Vec::new())
    } else if d.outside_unknown_mask {
        let mut message = "barrier divergence: a lane outside the mask (as the calling thread computes it) calls this `__syncwarp(mask)` (each calling thread must have its own bit set in the mask)".to_string();
        if let Some([a, _]) = &d.witness {
            message.push_str(&format!(" ({} calls it)", thread_name(a)));
        }
        (message, Vec::new())
    } else if let Some(mask) = d.outside_mask {
        let mut message = format!(
            "barrier divergence: a lane outside the mask {mask:#010x} calls this warp exchange (each calling thread must have its own bit set in the mask)"
        );
        if let Some([a, _]) = &d.witness {
            message.push_str(&format!(" ({} calls it)", thread_name(a)));
        }
        (message, Vec::new())
    } else {
        let group = if d.warp { "warp" } else { "block" };
        let mut message = format!(
            "barrier divergence: not all threads of a {group} reach this barrier; {}",
            d.cause
        );
        if let Some([a, b]) = &d.witness {
            message.push_str(&format!(
                " ({} reaches it, {} does not)",
                thread_name(a),
                thread_name(b)
            ));
        }
        let related = d
            .cause_span
            .map(|s| vec![(s, "thread-dependent control flow".to_string())])
            .unwrap_or_default();
        (message, related)
    };
    Finding {
        kind: DiagnosticKind::Divergence,
        message,
        span: d.span,
        related,
        race: None,
        divergence: Some(d.clone()),
    }
}

//! "Show interleaving": a race witness as steps a reader can follow (the launch,
//! the two threads, the two accesses in source order with the address they share,
//! and where a barrier would order them). Plain data; the CLI (`--explain`, JSON
//! `witness.steps`) and the language server (the interleaving view) render it.

use serde::Serialize;

use super::message::thread_name;
use super::report::{LoopRelation, Race, RaceKind, RaceWitness};
use crate::ir::{SourceFileInfo, Span};

/// What a step describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StepKind {
    /// The launch configuration and the parameter values.
    Launch,
    /// One of the two threads, with its loop and local values.
    Thread,
    /// One of the two racing accesses.
    Access,
    /// Where a barrier would order the accesses (or why none can).
    Barrier,
}

/// One step of an interleaving.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// What it describes.
    pub kind: StepKind,
    /// The step in words (lines 1-based, as editors number them).
    pub text: String,
    /// Source range the step is about (accesses), for links.
    #[serde(skip)]
    pub span: Option<Span>,
}

/// A source line as the caller resolves a span (the check layer has no line index).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceLine {
    /// 1-based line number.
    pub line: u32,
    /// The file, when it is not the analysed file itself (an included header).
    pub header: Option<String>,
    /// The line's text, trimmed.
    pub text: String,
}

impl SourceLine {
    /// The line of `span` in `files` (`files[0]` the analysed file, headers after it).
    pub fn of(files: &[SourceFileInfo], span: Span) -> Option<SourceLine> {
        let file = files.get(span.file.0 as usize)?;
        let start = (span.start as usize).min(file.text.len());
        let before = file.text.get(..start)?;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let text = file.text[line_start..].lines().next().unwrap_or("");
        Some(SourceLine {
            line: u32::try_from(before.matches('\n').count() + 1).ok()?,
            header: (span.file.0 != 0).then(|| file.path.clone()),
            text: text.trim().to_string(),
        })
    }

    fn place(&self) -> String {
        match &self.header {
            Some(path) => format!("{path}:{}", self.line),
            None => format!("line {}", self.line),
        }
    }
}

fn values(values: &[super::report::NamedValue]) -> Vec<String> {
    values
        .iter()
        // `$`-names are the lowering's temporaries: nothing a reader can find in the source.
        .filter(|v| !v.name.starts_with('$'))
        .map(|v| format!("{} = {}", v.name, v.value))
        .collect()
}

/// Whether each thread's access writes (first thread, second thread).
fn writes(kind: RaceKind) -> [bool; 2] {
    match kind {
        RaceKind::WriteWrite | RaceKind::AtomicPlain => [true, true],
        RaceKind::ReadWrite => [false, true],
        RaceKind::WriteRead => [true, false],
    }
}

/// The steps of `race`'s witness, or none when the race has no witness.
/// `locate` resolves a span to its source line.
pub fn race_steps(race: &Race, locate: &dyn Fn(Span) -> Option<SourceLine>) -> Vec<Step> {
    let Some(w) = &race.witness else {
        return Vec::new();
    };
    let mut steps = vec![launch_step(w)];
    let names = ["A", "B"];
    for (t, name) in names.iter().enumerate() {
        let locals = values(&w.locals[t]);
        let with = if locals.is_empty() {
            String::new()
        } else {
            format!(", with {}", locals.join(", "))
        };
        steps.push(Step {
            kind: StepKind::Thread,
            text: format!("thread {name} is {}{with}", thread_name(&w.threads[t])),
            span: None,
        });
    }
    let spans = [race.first_span, race.second_span];
    let lines = spans.map(locate);
    // Source order: a reader follows the kernel top to bottom; equal positions keep thread order.
    let order = if (spans[1].file, spans[1].start) < (spans[0].file, spans[0].start) {
        [1, 0]
    } else {
        [0, 1]
    };
    let verbs = writes(race.kind).map(|w| if w { "writes" } else { "reads" });
    let atomic = race.kind == RaceKind::AtomicPlain;
    for (position, &t) in order.iter().enumerate() {
        let place = lines[t]
            .as_ref()
            .map_or_else(|| "an unknown line".to_string(), SourceLine::place);
        let code = lines[t]
            .as_ref()
            .map_or_else(String::new, |l| format!(": `{}`", l.text));
        let verb = if atomic {
            "accesses (one access of the pair is atomic, the other not)"
        } else {
            verbs[t]
        };
        let shared = if position == 1 {
            " (the same address)"
        } else {
            ""
        };
        steps.push(Step {
            kind: StepKind::Access,
            text: format!(
                "{}. {place}: thread {} {verb} {}[{}] at byte offset {}{shared}{code}",
                position + 1,
                names[t],
                w.array,
                w.indices[t],
                w.byte_offsets[t],
            ),
            span: Some(spans[t]),
        });
    }
    let [earlier, later] = order.map(|t| {
        lines[t]
            .as_ref()
            .map_or_else(|| "an unknown line".to_string(), SourceLine::place)
    });
    steps.push(Step {
        kind: StepKind::Barrier,
        text: barrier_text(race, &earlier, &later),
        span: None,
    });
    steps
}

/// Launch dimensions, `256` or `(16,16)`: trailing dimensions of size 1 dropped.
fn dims(d: &[u64; 3]) -> String {
    match d {
        [x, 1, 1] => x.to_string(),
        [x, y, 1] => format!("({x},{y})"),
        [x, y, z] => format!("({x},{y},{z})"),
    }
}

fn launch_step(w: &RaceWitness) -> Step {
    let mut text = format!(
        "launch: blockDim {}, gridDim {}",
        dims(&w.block_dim),
        dims(&w.grid_dim)
    );
    let params = values(&w.params);
    if !params.is_empty() {
        text.push_str(&format!("; parameters {}", params.join(", ")));
    }
    Step {
        kind: StepKind::Launch,
        text,
        span: None,
    }
}

fn barrier_text(race: &Race, earlier: &str, later: &str) -> String {
    if race.benign && race.kind != RaceKind::WriteWrite {
        return "no barrier needed: the read returns the value its own thread stored, which the racing write stores too (a benign race)".into();
    }
    if race.benign {
        return "no barrier needed: both threads store the same value (a benign race)".into();
    }
    let mut text = match race.relation {
        LoopRelation::IntraIteration if earlier == later => format!(
            "missing barrier: both accesses are on {earlier}; split the statement and put a barrier between them"
        ),
        LoopRelation::IntraIteration => format!(
            "missing barrier: nothing orders the two accesses; put a barrier that every thread of the block reaches between {earlier} and {later}"
        ),
        LoopRelation::InterIteration { depth } => format!(
            "missing barrier: the threads are in different iterations of the loop at depth {depth}; a barrier in that loop's body after {later} (before the next iteration reaches {earlier}) would order them"
        ),
        LoopRelation::InterBlock => "no barrier can order them: the threads are in different blocks, and barriers only order threads of one block; give each block its own addresses or use atomics".into(),
    };
    if race.warp_sync_only {
        text.push_str(
            "; the threads are in one warp: only implicit warp-synchronous execution, which CUDA does not guarantee since Volta, orders them now",
        );
    }
    text
}

/// The steps as text lines, numbered as a reader follows them.
pub fn steps_text(steps: &[Step]) -> Vec<String> {
    steps.iter().map(|s| s.text.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::report::{NamedValue, ThreadCoords};
    use crate::ir::{FileId, StmtId};

    fn span(start: u32) -> Span {
        Span {
            file: FileId(0),
            start,
            end: start + 4,
        }
    }

    fn race(relation: LoopRelation, first: u32, second: u32) -> Race {
        Race {
            kind: RaceKind::ReadWrite,
            array: "tile".into(),
            first: StmtId(1),
            second: StmtId(2),
            first_span: span(first),
            second_span: span(second),
            relation,
            benign: false,
            warp_sync_only: false,
            witness: Some(RaceWitness {
                threads: [
                    ThreadCoords {
                        thread: [0, 0, 0],
                        block: [0, 0, 0],
                    },
                    ThreadCoords {
                        thread: [1, 0, 0],
                        block: [0, 0, 0],
                    },
                ],
                block_dim: [256, 1, 1],
                grid_dim: [4, 1, 1],
                params: vec![NamedValue {
                    name: "n".into(),
                    value: 7,
                }],
                locals: [
                    vec![NamedValue {
                        name: "t".into(),
                        value: 0,
                    }],
                    vec![
                        NamedValue {
                            name: "t".into(),
                            value: 1,
                        },
                        NamedValue {
                            name: "$tmp".into(),
                            value: 3,
                        },
                    ],
                ],
                array: "tile".into(),
                accesses: [StmtId(1), StmtId(2)],
                byte_offsets: [4, 4],
                indices: [1, 1],
            }),
        }
    }

    fn locate(span: Span) -> Option<SourceLine> {
        Some(SourceLine {
            line: span.start / 10 + 1,
            header: None,
            text: format!("code at {}", span.start),
        })
    }

    #[test]
    fn accesses_come_in_source_order_with_the_shared_address() {
        // The first thread's access (a read) is below the second's (a write).
        let steps = race_steps(&race(LoopRelation::IntraIteration, 50, 20), &locate);
        let text = steps_text(&steps);
        assert_eq!(
            text,
            [
                "launch: blockDim 256, gridDim 4; parameters n = 7",
                "thread A is thread 0 of block 0, with t = 0",
                "thread B is thread 1 of block 0, with t = 1",
                "1. line 3: thread B writes tile[1] at byte offset 4: `code at 20`",
                "2. line 6: thread A reads tile[1] at byte offset 4 (the same address): `code at 50`",
                "missing barrier: nothing orders the two accesses; put a barrier that every thread of the block reaches between line 3 and line 6",
            ]
        );
        assert_eq!(steps[3].span, Some(span(20)));
        assert_eq!(steps[3].kind, StepKind::Access);
    }

    #[test]
    fn barrier_step_follows_the_loop_relation() {
        let across = race_steps(
            &race(LoopRelation::InterIteration { depth: 1 }, 20, 50),
            &locate,
        );
        let last = &across.last().expect("steps").text;
        assert!(last.contains("different iterations of the loop at depth 1"));
        assert!(last.contains("after line 6"), "{last}");
        let blocks = race_steps(&race(LoopRelation::InterBlock, 20, 50), &locate);
        assert!(blocks
            .last()
            .expect("steps")
            .text
            .starts_with("no barrier can order them"));
    }

    #[test]
    fn source_lines_come_from_the_span_start() {
        let files = [
            SourceFileInfo {
                path: "k.cu".into(),
                text: "a\n  bb = 1;\nc".into(),
            },
            SourceFileInfo {
                path: "h.cuh".into(),
                text: "x\ny\n".into(),
            },
        ];
        let at = |file, start| Span {
            file: FileId(file),
            start,
            end: start + 1,
        };
        let line = SourceLine::of(&files, at(0, 4)).expect("line");
        assert_eq!(
            (line.line, line.text.as_str(), line.header),
            (2, "bb = 1;", None)
        );
        let header = SourceLine::of(&files, at(1, 2)).expect("line");
        assert_eq!(header.place(), "h.cuh:2");
        assert!(SourceLine::of(&files, at(2, 0)).is_none());
    }

    #[test]
    fn no_witness_no_steps() {
        let mut r = race(LoopRelation::IntraIteration, 20, 50);
        r.witness = None;
        assert!(race_steps(&r, &locate).is_empty());
    }
}

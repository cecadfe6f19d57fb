//! "Show interleaving" in editors: a code lens on each race with a witness, and
//! the read-only view's text (the steps of `check::interleaving`, as
//! `check --format text --explain` prints them).

use serde_json::{json, Value};
use tower_lsp::lsp_types::{CodeLens, Command, Position, Range, Url};

use super::document::{position_of, PositionEncoding};
use crate::check::interleaving::{race_steps, SourceLine};
use crate::check::Finding;
use crate::ide::host::DocAnalysis;
use crate::ir::{FileId, SourceFileInfo};

/// Server command returning the view of the race at a position: `[uri, {line, character}]`
/// -> `{"title", "text"}`.
pub const CMD_INTERLEAVING: &str = "syncwright.interleaving";

/// Client-side command the lens runs (the client asks [`CMD_INTERLEAVING`] and opens the view).
pub const CLIENT_SHOW_INTERLEAVING: &str = "syncwright.showInterleaving";

/// Title of the lens.
pub const LENS_TITLE: &str = "Show interleaving";

/// Race findings of the document's own text that carry a witness, with their start positions.
fn races(analysis: &DocAnalysis, enc: PositionEncoding) -> Vec<(&str, &Finding, Range)> {
    analysis
        .kernels
        .iter()
        .flat_map(|k| {
            k.report
                .findings
                .iter()
                .map(move |f| (k.report.name.as_str(), f))
        })
        .filter(|(_, f)| {
            f.span.file == FileId(0) && f.race.as_ref().is_some_and(|r| r.witness.is_some())
        })
        .map(|(kernel, f)| {
            let range = Range {
                start: position_of(&analysis.rope, f.span.start as usize, enc),
                end: position_of(&analysis.rope, f.span.end as usize, enc),
            };
            (kernel, f, range)
        })
        .collect()
}

/// One lens per race with a witness, on the race's first access.
pub fn lenses(analysis: &DocAnalysis, uri: &Url, enc: PositionEncoding) -> Vec<CodeLens> {
    races(analysis, enc)
        .into_iter()
        .map(|(_, _, range)| CodeLens {
            range,
            command: Some(Command {
                title: LENS_TITLE.to_string(),
                command: CLIENT_SHOW_INTERLEAVING.to_string(),
                arguments: Some(vec![
                    json!(uri),
                    json!({ "line": range.start.line, "character": range.start.character }),
                ]),
            }),
            data: None,
        })
        .collect()
}

/// The view of the race whose range starts at (else contains) `position`, or None.
pub fn view(analysis: &DocAnalysis, position: Position, enc: PositionEncoding) -> Option<Value> {
    let races = races(analysis, enc);
    let (kernel, finding, range) =
        races
            .iter()
            .find(|(_, _, r)| r.start == position)
            .or_else(|| {
                races
                    .iter()
                    .find(|(_, _, r)| r.start <= position && position <= r.end)
            })?;
    let race = finding.race.as_ref()?;
    let files: Vec<SourceFileInfo> = match &analysis.program {
        Some(program) => program.files.clone(),
        // The front end failed: the main file is all there is.
        None => vec![SourceFileInfo {
            path: analysis.path.display().to_string(),
            text: crate::syntax::files::lone_cr_as_lf(analysis.rope.to_string()),
        }],
    };
    let steps = race_steps(race, &|span| SourceLine::of(&files, span));
    let file = analysis
        .path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let title = format!(
        "{} race on {} in kernel {kernel} ({file}:{})",
        race.kind.as_str(),
        race.array,
        range.start.line + 1
    );
    let mut text = format!("Interleaving of the {title}\n\n{}\n\n", finding.message);
    for step in &steps {
        text.push_str(&step.text);
        text.push('\n');
    }
    Some(json!({ "title": title, "text": text, "steps": steps }))
}

//! Bank-conflict repair by padding shared arrays (`fix --bank-conflicts`).
//!
//! A 2-D (or deeper) array `[N][M]` becomes `[N][M + P]`: element `[i][j]`
//! moves from word `i*M + j` to `i*(M + P) + j`, so rows start in different
//! banks. A 1-D array `[N]` gets the index remap of the scan-synthesis paper,
//! `phi(i) = i + i / S`, and the size `N + N / S`. Both keep every element
//! distinct, so which threads touch which element (and hence every race
//! verdict) is unchanged; the front door re-checks the edited source anyway.
//!
//! The search tries paddings from the smallest extra storage up, asks the bank
//! analysis (Z3) for the degree of every access of the array under each, and
//! takes the first that makes all of them conflict-free, else the one with the
//! smallest total degree (ties: less storage).

use serde::Serialize;

use super::TextEdit;
use crate::check::banks::{analyze_banks, BankReport};
use crate::config::CheckOptions;
use crate::ir::{ArrayId, BinOp, Block, Expr, FileId, Kernel, ScalarTy, Span, StmtKind};

/// A padding of one array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Padding {
    /// The innermost dimension grows by `extra` elements.
    Columns {
        /// Added elements per row.
        extra: u64,
    },
    /// 1-D remap `i + i / stride`.
    Remap {
        /// `S` of `i + i / S`.
        stride: u64,
    },
}

impl Padding {
    /// Short description: `[N][M + 1]` or `i + i / 32`.
    pub fn describe(&self) -> String {
        match self {
            Padding::Columns { extra } => format!("{extra} padding column(s)"),
            Padding::Remap { stride } => format!("index remap i + i / {stride}"),
        }
    }
}

/// The chosen padding of one array, with the degrees before and after.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PaddingPlan {
    /// Kernel name.
    pub kernel: String,
    /// The array.
    pub array: String,
    /// The padding.
    pub padding: Padding,
    /// Sum of the access degrees before.
    pub total_before: u32,
    /// Sum of the access degrees after (as verified by the solver).
    pub total_after: u32,
    /// Every access is conflict-free after.
    pub conflict_free: bool,
    /// Text edits (declaration, and for a remap every subscript).
    pub edits: Vec<TextEdit>,
}

fn long(v: i128) -> Expr {
    Expr::Int(v, ScalarTy::LONG)
}

fn bin(op: BinOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b), ScalarTy::LONG)
}

/// The byte offset `off` of the array after `padding` (row-major layout).
fn remap_offset(off: &Expr, elem: u64, dims: &[u64], padding: Padding) -> Expr {
    let e = i128::from(elem.max(1));
    let off = Expr::Cast(ScalarTy::LONG, Box::new(off.clone()));
    match padding {
        Padding::Columns { extra } => {
            let m = i128::from(*dims.last().unwrap_or(&1));
            let row = e * m;
            // row * (M + P) * e + offset within the row
            bin(
                BinOp::Add,
                bin(
                    BinOp::Mul,
                    bin(BinOp::Div, off.clone(), long(row)),
                    long(e * (m + i128::from(extra))),
                ),
                bin(BinOp::Rem, off, long(row)),
            )
        }
        Padding::Remap { stride } => {
            // (x + x / S) * e + offset within the element, x = off / e
            let x = bin(BinOp::Div, off.clone(), long(e));
            bin(
                BinOp::Add,
                bin(
                    BinOp::Mul,
                    bin(
                        BinOp::Add,
                        x.clone(),
                        bin(BinOp::Div, x, long(i128::from(stride))),
                    ),
                    long(e),
                ),
                bin(BinOp::Rem, off, long(e)),
            )
        }
    }
}

fn remap_block(block: &mut Block, array: ArrayId, elem: u64, dims: &[u64], padding: Padding) {
    for stmt in &mut block.stmts {
        match &mut stmt.kind {
            StmtKind::Read { access, .. }
            | StmtKind::Write { access, .. }
            | StmtKind::Atomic { access, .. }
                if access.array == array =>
            {
                access.offset = remap_offset(&access.offset, elem, dims, padding);
            }
            StmtKind::If { then_, else_, .. } => {
                remap_block(then_, array, elem, dims, padding);
                remap_block(else_, array, elem, dims, padding);
            }
            StmtKind::Loop {
                cond_prelude,
                body,
                step,
                ..
            } => {
                remap_block(cond_prelude, array, elem, dims, padding);
                remap_block(body, array, elem, dims, padding);
                remap_block(step, array, elem, dims, padding);
            }
            _ => {}
        }
    }
}

/// `kernel` with `array` padded.
pub fn padded_kernel(kernel: &Kernel, array: ArrayId, padding: Padding) -> Option<Kernel> {
    let decl = kernel.arrays.get(array.0 as usize)?;
    let dims = decl.dims.clone();
    let elem = u64::from(decl.elem_size);
    let mut k = kernel.clone();
    remap_block(&mut k.body, array, elem, &dims, padding);
    let d = k.arrays.get_mut(array.0 as usize)?;
    match padding {
        Padding::Columns { extra } => {
            if let Some(last) = d.dims.last_mut() {
                *last += extra;
            }
        }
        Padding::Remap { stride } => {
            if let Some(n) = d.dims.first_mut() {
                *n += *n / stride.max(1);
            }
        }
    }
    Some(k)
}

/// Candidate paddings of an array with `dims`, least storage first.
fn candidates(dims: &[u64]) -> Vec<Padding> {
    match dims {
        [] | [0] => Vec::new(),
        [n] => (1..=10)
            .rev()
            .map(|k| 1u64 << k)
            .filter(|s| s < n)
            .map(|stride| Padding::Remap { stride })
            .collect(),
        _ => (1..=32).map(|extra| Padding::Columns { extra }).collect(),
    }
}

/// Total degree of the accesses of `array` and whether all are conflict-free;
/// a degree the solver could not pin down disqualifies the layout.
fn total(report: &BankReport, array: ArrayId) -> (u32, bool) {
    use crate::check::banks::Degree;
    let mut sum = 0u32;
    let mut free = true;
    for a in report.accesses.iter().filter(|a| a.array == array) {
        match a.degree {
            Degree::Exact(d) => {
                sum = sum.saturating_add(d);
                free &= d == 1;
            }
            _ => return (u32::MAX, false),
        }
    }
    (sum, free)
}

/// Smallest padding of every conflicting shared array of `kernel`, with the
/// edits of `text` (the main file) that apply it. Arrays declared in a macro
/// or a header, or (for remaps) accessed other than `name[index]` in the main
/// file, are skipped with the reason in the second list.
pub fn plan_paddings(
    kernel: &Kernel,
    opts: &CheckOptions,
    report: &BankReport,
    text: &str,
) -> (Vec<PaddingPlan>, Vec<String>) {
    let mut plans = Vec::new();
    let mut skipped = Vec::new();
    let mut arrays: Vec<ArrayId> = report
        .accesses
        .iter()
        .filter(|a| a.degree.conflicts())
        .map(|a| a.array)
        .collect();
    arrays.sort();
    arrays.dedup();
    for array in arrays {
        let Some(decl) = kernel.arrays.get(array.0 as usize) else {
            continue;
        };
        let (before, _) = total(report, array);
        let mut best: Option<(u32, Padding, bool)> = None;
        for padding in candidates(&decl.dims) {
            let Some(k) = padded_kernel(kernel, array, padding) else {
                continue;
            };
            let (after, free) = total(&analyze_banks(&k, opts), array);
            if free {
                best = Some((after, padding, true));
                break;
            }
            if best.is_none_or(|(b, _, _)| after < b) {
                best = Some((after, padding, false));
            }
        }
        let Some((after, padding, free)) = best.filter(|(after, _, _)| *after < before) else {
            skipped.push(format!(
                "`{}` in `{}`: no padding lowers its conflicts",
                decl.name, kernel.name
            ));
            continue;
        };
        match padding_edits(kernel, array, padding, text) {
            Ok(edits) => plans.push(PaddingPlan {
                kernel: kernel.name.clone(),
                array: decl.name.clone(),
                padding,
                total_before: before,
                total_after: after,
                conflict_free: free,
                edits,
            }),
            Err(why) => skipped.push(format!("`{}` in `{}`: {why}", decl.name, kernel.name)),
        }
    }
    (plans, skipped)
}

fn slice(text: &str, span: Span) -> Option<&str> {
    if span.file != FileId(0) {
        return None;
    }
    text.get(span.start as usize..span.end as usize)
}

/// The bracket groups `[...]` right after `name` in `decl`, as byte ranges of
/// their contents relative to `decl`.
fn subscripts_after_name(decl: &str, name: &str) -> Option<Vec<(usize, usize)>> {
    let bytes = decl.as_bytes();
    let mut at = 0;
    let start = loop {
        let i = decl[at..].find(name)? + at;
        let before_ok = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let after = i + name.len();
        let after_ok =
            after >= bytes.len() || !(bytes[after].is_ascii_alphanumeric() || bytes[after] == b'_');
        if before_ok && after_ok {
            break after;
        }
        at = i + name.len();
    };
    let mut groups = Vec::new();
    let mut i = start;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() || bytes[i] != b'[' {
            break;
        }
        let open = i;
        let mut depth = 0;
        let mut close = None;
        for (j, c) in bytes.iter().enumerate().skip(open) {
            match c {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let close = close?;
        groups.push((open + 1, close));
        i = close + 1;
    }
    Some(groups)
}

fn padding_edits(
    kernel: &Kernel,
    array: ArrayId,
    padding: Padding,
    text: &str,
) -> Result<Vec<TextEdit>, String> {
    let decl = kernel.arrays.get(array.0 as usize).ok_or("unknown array")?;
    // The declaration's span is its name; the dimensions follow up to `;`.
    let name_at = slice(text, decl.span).ok_or("declared outside the main file")?;
    let _ = name_at;
    let rest = &text[decl.span.start as usize..];
    let decl_text = &rest[..rest.find(';').unwrap_or(rest.len())];
    let groups = subscripts_after_name(decl_text, &decl.name)
        .filter(|g| g.len() == decl.dims.len() && !g.is_empty())
        .ok_or("its declaration is not written `name[...]` (a macro?)")?;
    let mut edits = Vec::new();
    let (inner_start, inner_end) = *groups.last().ok_or("no dimension")?;
    let size_text = decl_text[inner_start..inner_end].trim();
    let base = decl.span.start as usize;
    match padding {
        Padding::Columns { extra } => {
            edits.push(TextEdit {
                span: Span::new((base + inner_start) as u32, (base + inner_end) as u32),
                new_text: format!("{size_text} + {extra}"),
            });
        }
        Padding::Remap { stride } => {
            edits.push(TextEdit {
                span: Span::new((base + inner_start) as u32, (base + inner_end) as u32),
                new_text: format!("{size_text} + ({size_text}) / {stride}"),
            });
            let mut spans = Vec::new();
            crate::ir::walk::for_each_stmt(&kernel.body, &mut |s| match &s.kind {
                StmtKind::Read { access, .. }
                | StmtKind::Write { access, .. }
                | StmtKind::Atomic { access, .. }
                    if access.array == array =>
                {
                    spans.push((s.span, s.in_macro));
                }
                _ => {}
            });
            spans.sort();
            spans.dedup();
            for (span, in_macro) in spans {
                let access = slice(text, span)
                    .filter(|_| !in_macro)
                    .ok_or("an access is in a macro or a header")?;
                let groups = subscripts_after_name(access, &decl.name)
                    .filter(|g| g.len() == 1 && access.trim_start().starts_with(&decl.name))
                    .ok_or_else(|| {
                        format!("access `{access}` is not written `{}[i]`", decl.name)
                    })?;
                let (s, e) = groups[0];
                let index = access[s..e].trim();
                let simple = index
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
                let index = if simple {
                    index.to_string()
                } else {
                    format!("({index})")
                };
                edits.push(TextEdit {
                    span: Span::new(span.start + s as u32, span.start + e as u32),
                    new_text: format!("{index} + {index} / {stride}"),
                });
            }
        }
    }
    Ok(edits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_subscripts_after_the_name() {
        let d = "__shared__ float tile[TILE][TILE]";
        let g = subscripts_after_name(d, "tile").unwrap();
        assert_eq!(g.len(), 2);
        assert_eq!(&d[g[1].0..g[1].1], "TILE");
        assert_eq!(subscripts_after_name("s[a[i]]", "s").unwrap(), vec![(2, 6)]);
        assert!(subscripts_after_name("tiles[3]", "tile").is_none());
    }
}

//! Witnesses: concrete thread ids, launch values, parameters and addresses read
//! off a Z3 model.

use z3::ast::Int;
use z3::Model;

use super::report::{NamedValue, RaceWitness, ThreadCoords};
use super::symexec::{AccessSym, Encoder, Val};
use crate::ir::StmtId;

fn value(model: &Model, x: &Int) -> i128 {
    model.eval(x, true).and_then(|v| v.as_i128()).unwrap_or(0)
}

fn val(model: &Model, v: &Val) -> i128 {
    match v {
        Val::B(b) => i128::from(
            model
                .eval(b, true)
                .and_then(|b| b.as_bool())
                .unwrap_or(false),
        ),
        Val::I(x, _) => value(model, x),
    }
}

/// The two threads' coordinates.
pub fn threads(enc: &Encoder, model: &Model) -> [ThreadCoords; 2] {
    std::array::from_fn(|t| {
        let (tid, bid) = enc.ids(t);
        ThreadCoords {
            thread: std::array::from_fn(|d| value(model, &tid[d]) as u64),
            block: std::array::from_fn(|d| value(model, &bid[d]) as u64),
        }
    })
}

/// A full race witness.
pub fn extract(
    enc: &Encoder,
    model: &Model,
    a: &AccessSym,
    b: &AccessSym,
    first: StmtId,
    second: StmtId,
) -> RaceWitness {
    let kernel = enc.kernel();
    let (bd, gd) = enc.dims();
    let params = kernel
        .params
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            Some(NamedValue {
                name: p.name.clone(),
                value: val(model, &enc.param(i)?),
            })
        })
        .collect();
    let locals = [a, b].map(|s| {
        s.locals
            .iter()
            .map(|(name, v, _)| NamedValue {
                name: name.clone(),
                value: val(model, v),
            })
            .collect()
    });
    let byte_offsets = [value(model, &a.offset), value(model, &b.offset)];
    let array_of = |id: StmtId| {
        crate::ir::walk::find_stmt(&kernel.body, id).and_then(|s| match &s.kind {
            crate::ir::StmtKind::Read { access, .. }
            | crate::ir::StmtKind::Write { access, .. }
            | crate::ir::StmtKind::Atomic { access, .. } => {
                kernel.arrays.get(access.array.0 as usize)
            }
            _ => None,
        })
    };
    // The array the race is on: the first access's, unless that is an
    // alias of any array of its space (a pointer the front end could not
    // resolve) and the second access names a real one.
    let named = match (array_of(first), array_of(second)) {
        (Some(a), Some(b)) if a.may_alias_all && !b.may_alias_all => Some(b),
        (a, _) => a,
    };
    let elem = named.map(|d| i128::from(d.elem_size.max(1))).unwrap_or(1);
    RaceWitness {
        threads: threads(enc, model),
        block_dim: std::array::from_fn(|d| value(model, &bd[d]) as u64),
        grid_dim: std::array::from_fn(|d| value(model, &gd[d]) as u64),
        params,
        locals,
        array: named.map(|d| d.name.clone()).unwrap_or_default(),
        accesses: [first, second],
        byte_offsets,
        indices: byte_offsets.map(|o| o.div_euclid(elem)),
    }
}

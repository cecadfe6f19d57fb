//! Test scaffolding until the real front end and checker land: a small
//! recursive-descent lowering of a C subset into KPL (exact source ranges),
//! and a concrete SDV interpreter that reports races like the checker does.

use crate::base::HashMap;

use crate::check::{
    DiagnosticKind, Divergence, Finding, KernelReport, LoopRelation, Race, RaceKind, Verdict,
};
use crate::ir::*;

// ---------------------------------------------------------------- lowering

struct P<'a> {
    src: &'a str,
    pos: usize,
    k: Kernel,
    scopes: Vec<HashMap<String, VarId>>,
    arrays: HashMap<String, ArrayId>,
    params: HashMap<String, ParamId>,
    array_ty: HashMap<ArrayId, ScalarTy>,
    tmp: u32,
}

type R<T> = Result<T, String>;

fn sp(a: usize, b: usize) -> Span {
    Span::new(a as u32, b as u32)
}

impl<'a> P<'a> {
    fn ws(&mut self) {
        loop {
            let rest = &self.src[self.pos..];
            let t = rest.trim_start();
            self.pos += rest.len() - t.len();
            if t.starts_with("//") || t.starts_with('#') {
                self.pos += t.find('\n').unwrap_or(t.len());
            } else if t.starts_with("/*") {
                self.pos += t.find("*/").map(|i| i + 2).unwrap_or(t.len());
            } else {
                break;
            }
        }
    }
    fn peek(&mut self, s: &str) -> bool {
        self.ws();
        let rest = &self.src[self.pos..];
        if !rest.starts_with(s) {
            return false;
        }
        let word = s.chars().all(|c| c.is_alphanumeric() || c == '_');
        !(word && rest[s.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    }
    fn eat(&mut self, s: &str) -> bool {
        if self.peek(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, s: &str) -> R<()> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(format!(
                "expected `{s}` at {}: {:?}",
                self.pos,
                &self.src[self.pos..(self.pos + 20).min(self.src.len())]
            ))
        }
    }
    fn ident(&mut self) -> R<String> {
        self.ws();
        let rest = &self.src[self.pos..];
        let n = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if n == 0 || rest.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(format!("expected identifier at {}", self.pos));
        }
        self.pos += n;
        Ok(rest[..n].to_string())
    }
    fn is_type(&mut self) -> bool {
        ["int", "unsigned", "float", "const", "size_t", "bool"]
            .iter()
            .any(|t| self.peek(t))
    }
    fn ty(&mut self) -> R<ScalarTy> {
        self.eat("const");
        if self.eat("unsigned") {
            self.eat("int");
            return Ok(ScalarTy::UINT);
        }
        if self.eat("float") {
            return Ok(ScalarTy::FLOAT);
        }
        if self.eat("size_t") {
            return Ok(ScalarTy::ULONG);
        }
        if self.eat("bool") {
            return Ok(ScalarTy::Bool);
        }
        self.expect("int")?;
        Ok(ScalarTy::INT)
    }
    fn var(&self, name: &str) -> Option<VarId> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }
    fn new_var(&mut self, name: &str, ty: ScalarTy, span: Span) -> VarId {
        let id = VarId(self.k.vars.len() as u32);
        self.k.vars.push(VarDecl {
            name: name.to_string(),
            ty,
            span,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), id);
        }
        id
    }
    fn stmt(&mut self, kind: StmtKind, span: Span, stmt_span: Span) -> Stmt {
        Stmt {
            id: self.k.fresh_stmt_id(),
            kind,
            span,
            stmt_span,
            in_macro: false,
            inlined_at: None,
        }
    }
    fn stmt_end(&self) -> usize {
        // The end of the source statement starting here: the next `;` at depth 0.
        let mut depth = 0i32;
        for (i, c) in self.src[self.pos..].char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ';' if depth == 0 => return self.pos + i + 1,
                _ => {}
            }
        }
        self.src.len()
    }

    // Expressions: reads become statements in `pre`.
    fn expr(&mut self, pre: &mut Vec<Stmt>, ss: Span) -> R<Expr> {
        self.binary(pre, ss, 0)
    }
    fn binary(&mut self, pre: &mut Vec<Stmt>, ss: Span, min: u8) -> R<Expr> {
        let mut lhs = self.unary(pre, ss)?;
        loop {
            let ops: [(&str, BinOp, u8); 18] = [
                ("||", BinOp::Or, 1),
                ("&&", BinOp::And, 2),
                ("==", BinOp::Eq, 3),
                ("!=", BinOp::Ne, 3),
                ("<=", BinOp::Le, 4),
                (">=", BinOp::Ge, 4),
                ("<<", BinOp::Shl, 5),
                (">>", BinOp::Shr, 5),
                ("<", BinOp::Lt, 4),
                (">", BinOp::Gt, 4),
                ("+", BinOp::Add, 6),
                ("-", BinOp::Sub, 6),
                ("*", BinOp::Mul, 7),
                ("/", BinOp::Div, 7),
                ("%", BinOp::Rem, 7),
                ("&", BinOp::BitAnd, 2),
                ("|", BinOp::BitOr, 1),
                ("^", BinOp::BitXor, 1),
            ];
            self.ws();
            let rest = &self.src[self.pos..];
            let Some(&(tok, op, prec)) = ops.iter().find(|(t, _, _)| {
                rest.starts_with(t)
                    && !rest[t.len()..].starts_with('=')
                    && !(t.len() == 1 && rest[1..].starts_with(*t))
            }) else {
                break;
            };
            if prec <= min {
                break;
            }
            self.pos += tok.len();
            let rhs = self.binary(pre, ss, prec)?;
            let ty = if op.is_comparison() || matches!(op, BinOp::And | BinOp::Or) {
                ScalarTy::Bool
            } else {
                ScalarTy::INT
            };
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs), ty);
        }
        Ok(lhs)
    }
    fn unary(&mut self, pre: &mut Vec<Stmt>, ss: Span) -> R<Expr> {
        if self.eat("!") {
            let e = self.unary(pre, ss)?;
            return Ok(Expr::Unary(UnOp::Not, Box::new(e), ScalarTy::Bool));
        }
        if self.eat("-") {
            let e = self.unary(pre, ss)?;
            return Ok(Expr::Unary(UnOp::Neg, Box::new(e), ScalarTy::INT));
        }
        self.primary(pre, ss)
    }
    fn primary(&mut self, pre: &mut Vec<Stmt>, ss: Span) -> R<Expr> {
        self.ws();
        if self.eat("(") {
            let e = self.expr(pre, ss)?;
            self.expect(")")?;
            return Ok(e);
        }
        let rest = &self.src[self.pos..];
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            let n = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
                .unwrap_or(rest.len());
            let lit = rest[..n].trim_end_matches(['f', 'u', 'U']);
            self.pos += n;
            if let Ok(v) = lit.parse::<i128>() {
                return Ok(Expr::Int(v, ScalarTy::INT));
            }
            let f: f64 = lit.parse().map_err(|_| format!("bad literal {lit}"))?;
            return Ok(Expr::Int(f as i128, ScalarTy::INT));
        }
        let start = self.pos;
        let name = self.ident()?;
        for (b, f) in [
            ("threadIdx", Builtin::ThreadIdx as fn(u8) -> Builtin),
            ("blockIdx", Builtin::BlockIdx),
            ("blockDim", Builtin::BlockDim),
            ("gridDim", Builtin::GridDim),
        ] {
            if name == b {
                self.expect(".")?;
                let d = self.ident()?;
                let dim = match d.as_str() {
                    "x" => 0,
                    "y" => 1,
                    _ => 2,
                };
                return Ok(Expr::Builtin(f(dim)));
            }
        }
        for (b, f) in [
            ("get_local_id", Builtin::ThreadIdx as fn(u8) -> Builtin),
            ("get_group_id", Builtin::BlockIdx),
            ("get_local_size", Builtin::BlockDim),
            ("get_num_groups", Builtin::GridDim),
        ] {
            if name == b {
                self.expect("(")?;
                let _ = self.expr(pre, ss)?;
                self.expect(")")?;
                return Ok(Expr::Builtin(f(0)));
            }
        }
        if let Some(&a) = self.arrays.get(&name) {
            self.expect("[")?;
            let idx = self.expr(pre, ss)?;
            self.expect("]")?;
            let span = sp(start, self.pos);
            let access = self.access(a, idx);
            self.tmp += 1;
            let ty = access.ty;
            let dest = self.new_var(&format!("$t{}", self.tmp), ty, span);
            let s = self.stmt(StmtKind::Read { dest, access }, span, ss);
            pre.push(s);
            return Ok(Expr::Var(dest));
        }
        if let Some(v) = self.var(&name) {
            return Ok(Expr::Var(v));
        }
        if let Some(&p) = self.params.get(&name) {
            return Ok(Expr::Param(p));
        }
        Err(format!("unknown name {name}"))
    }
    fn access(&self, a: ArrayId, idx: Expr) -> Access {
        let decl = &self.k.arrays[a.0 as usize];
        let size = decl.elem_size;
        let ty = self.array_ty.get(&a).copied().unwrap_or(ScalarTy::INT);
        let offset = Expr::Binary(
            BinOp::Mul,
            Box::new(Expr::Cast(ScalarTy::LONG, Box::new(idx))),
            Box::new(Expr::Int(size as i128, ScalarTy::LONG)),
            ScalarTy::LONG,
        );
        Access {
            array: a,
            offset,
            size,
            ty,
            volatile: false,
        }
    }

    fn block(&mut self) -> R<Block> {
        self.ws();
        let open = self.pos;
        self.expect("{")?;
        self.scopes.push(HashMap::default());
        let mut stmts = Vec::new();
        while !self.peek("}") {
            if self.pos >= self.src.len() {
                return Err("unterminated block".into());
            }
            self.statement(&mut stmts)?;
        }
        self.expect("}")?;
        self.scopes.pop();
        Ok(Block {
            stmts,
            braces: Some(sp(open, self.pos)),
        })
    }
    fn body(&mut self) -> R<Block> {
        if self.peek("{") {
            return self.block();
        }
        let mut stmts = Vec::new();
        self.scopes.push(HashMap::default());
        self.statement(&mut stmts)?;
        self.scopes.pop();
        Ok(Block {
            stmts,
            braces: None,
        })
    }
    fn statement(&mut self, out: &mut Vec<Stmt>) -> R<()> {
        self.ws();
        let start = self.pos;
        if self.peek("{") {
            let b = self.block()?;
            out.extend(b.stmts);
            return Ok(());
        }
        if self.eat("__shared__") || self.eat("__local") {
            self.eat("unsigned");
            let tname = self.ident()?;
            let name = self.ident()?;
            self.expect("[")?;
            let rest = &self.src[self.pos..];
            let close = rest.find(']').ok_or("no ]")?;
            let dims = rest[..close].trim().parse::<u64>().unwrap_or(256);
            self.pos += close;
            self.expect("]")?;
            self.expect(";")?;
            let elem = 4;
            let id = ArrayId(self.k.arrays.len() as u32);
            self.array_ty.insert(
                id,
                if tname == "float" {
                    ScalarTy::FLOAT
                } else {
                    ScalarTy::INT
                },
            );
            self.k.arrays.push(ArrayDecl {
                name: name.clone(),
                space: MemSpace::Shared,
                elem_size: elem,
                dims: vec![dims],
                param: None,
                span: sp(start, self.pos),
                may_alias_all: false,
            });
            self.arrays.insert(name, id);
            return Ok(());
        }
        let end = self.stmt_end();
        let ss = sp(start, end);
        if self.eat("__syncthreads") || self.peek("barrier") {
            let is_cl = self.eat("barrier");
            self.expect("(")?;
            let args_start = self.pos;
            while !self.peek(")") {
                self.pos += 1;
            }
            let args = self.src[args_start..self.pos].to_string();
            self.expect(")")?;
            self.expect(";")?;
            let (local, global) = if is_cl {
                (args.contains("LOCAL"), args.contains("GLOBAL"))
            } else {
                (true, true)
            };
            let s = self.stmt(
                StmtKind::Barrier {
                    scope: BarrierScope::Block,
                    global_fence: global,
                    local_fence: local,
                },
                sp(start, self.pos - 1),
                ss,
            );
            out.push(s);
            return Ok(());
        }
        for (kw, kind) in [
            ("return", StmtKind::Return),
            ("break", StmtKind::Break),
            ("continue", StmtKind::Continue),
        ] {
            if self.eat(kw) {
                self.expect(";")?;
                let s = self.stmt(kind, ss, ss);
                out.push(s);
                return Ok(());
            }
        }
        if self.eat("if") {
            self.expect("(")?;
            let mut pre = Vec::new();
            let cond = self.expr(&mut pre, ss)?;
            self.expect(")")?;
            let then_ = self.body()?;
            let then_end = self.pos;
            let else_ = if self.eat("else") {
                self.body()?
            } else {
                Block::default()
            };
            let whole = sp(
                start,
                if else_.stmts.is_empty() && else_.braces.is_none() {
                    then_end
                } else {
                    self.pos
                },
            );
            for p in &mut pre {
                p.stmt_span = whole;
            }
            out.extend(pre);
            let s = self.stmt(StmtKind::If { cond, then_, else_ }, whole, whole);
            out.push(s);
            return Ok(());
        }
        if self.eat("while") {
            self.expect("(")?;
            let mut pre = Vec::new();
            let cond = self.expr(&mut pre, ss)?;
            self.expect(")")?;
            let body = self.body()?;
            let whole = sp(start, self.pos);
            let s = self.stmt(
                StmtKind::Loop {
                    cond,
                    cond_prelude: Block {
                        stmts: pre,
                        braces: None,
                    },
                    body,
                    step: Block::default(),
                    form: LoopForm::While,
                },
                whole,
                whole,
            );
            out.push(s);
            return Ok(());
        }
        if self.eat("for") {
            self.expect("(")?;
            self.scopes.push(HashMap::default());
            let mut init = Vec::new();
            self.simple(&mut init, ss)?;
            self.expect(";")?;
            let mut pre = Vec::new();
            let cond = self.expr(&mut pre, ss)?;
            self.expect(";")?;
            let mut step = Vec::new();
            self.simple(&mut step, ss)?;
            self.expect(")")?;
            let body = self.body()?;
            self.scopes.pop();
            let whole = sp(start, self.pos);
            for s in init.iter_mut().chain(step.iter_mut()).chain(pre.iter_mut()) {
                s.stmt_span = whole;
                s.span = whole;
            }
            out.extend(init);
            let s = self.stmt(
                StmtKind::Loop {
                    cond,
                    cond_prelude: Block {
                        stmts: pre,
                        braces: None,
                    },
                    body,
                    step: Block {
                        stmts: step,
                        braces: None,
                    },
                    form: LoopForm::For,
                },
                whole,
                whole,
            );
            out.push(s);
            return Ok(());
        }
        self.simple(out, ss)?;
        self.expect(";")?;
        Ok(())
    }
    /// Declaration, assignment, compound assignment or increment (no `;`).
    fn simple(&mut self, out: &mut Vec<Stmt>, ss: Span) -> R<()> {
        self.ws();
        let start = self.pos;
        if self.is_type() {
            let ty = self.ty()?;
            let name = self.ident()?;
            let mut pre = Vec::new();
            let value = if self.eat("=") {
                Some(self.expr(&mut pre, ss)?)
            } else {
                None
            };
            let v = self.new_var(&name, ty, sp(start, self.pos));
            out.extend(pre);
            let kind = match value {
                Some(value) => StmtKind::Assign { var: v, value },
                None => StmtKind::Havoc { var: v },
            };
            let s = self.stmt(kind, ss, ss);
            out.push(s);
            return Ok(());
        }
        let name = self.ident()?;
        if let Some(&a) = self.arrays.get(&name) {
            self.expect("[")?;
            let mut pre = Vec::new();
            let idx = self.expr(&mut pre, ss)?;
            self.expect("]")?;
            let lhs_span = sp(start, self.pos);
            let op = self.assign_op()?;
            let rhs = self.expr(&mut pre, ss)?;
            let value = match op {
                Some(op) => {
                    let access = self.access(a, idx.clone());
                    self.tmp += 1;
                    let dest = self.new_var(&format!("$t{}", self.tmp), access.ty, lhs_span);
                    let r = self.stmt(StmtKind::Read { dest, access }, lhs_span, ss);
                    pre.push(r);
                    Expr::Binary(op, Box::new(Expr::Var(dest)), Box::new(rhs), ScalarTy::INT)
                }
                None => rhs,
            };
            out.extend(pre);
            let access = self.access(a, idx);
            let s = self.stmt(StmtKind::Write { access, value }, lhs_span, ss);
            out.push(s);
            return Ok(());
        }
        let v = self.var(&name).ok_or(format!("unknown variable {name}"))?;
        if self.eat("++") {
            let s = self.stmt(
                StmtKind::Assign {
                    var: v,
                    value: Expr::Binary(
                        BinOp::Add,
                        Box::new(Expr::Var(v)),
                        Box::new(Expr::Int(1, ScalarTy::INT)),
                        ScalarTy::INT,
                    ),
                },
                ss,
                ss,
            );
            out.push(s);
            return Ok(());
        }
        let op = self.assign_op()?;
        let mut pre = Vec::new();
        let rhs = self.expr(&mut pre, ss)?;
        let value = match op {
            Some(op) => Expr::Binary(op, Box::new(Expr::Var(v)), Box::new(rhs), ScalarTy::INT),
            None => rhs,
        };
        out.extend(pre);
        let s = self.stmt(StmtKind::Assign { var: v, value }, ss, ss);
        out.push(s);
        Ok(())
    }
    fn assign_op(&mut self) -> R<Option<BinOp>> {
        for (t, op) in [
            ("+=", BinOp::Add),
            ("-=", BinOp::Sub),
            ("*=", BinOp::Mul),
            ("/=", BinOp::Div),
            (">>=", BinOp::Shr),
            ("<<=", BinOp::Shl),
        ] {
            if self.eat(t) {
                return Ok(Some(op));
            }
        }
        self.expect("=")?;
        Ok(None)
    }

    fn kernel(&mut self, lang: Lang) -> R<()> {
        self.ws();
        let kstart = self.pos;
        if !(self.eat("__global__") || self.eat("__kernel") || self.eat("kernel")) {
            return Err("expected kernel".into());
        }
        self.expect("void")?;
        let nstart = {
            self.ws();
            self.pos
        };
        let name = self.ident()?;
        self.k.name = name;
        self.k.lang = lang;
        self.k.name_span = sp(nstart, self.pos);
        self.expect("(")?;
        while !self.eat(")") {
            let pstart = self.pos;
            self.eat("__global");
            self.eat("global");
            let ty = self.ty()?;
            let ptr = self.eat("*");
            let pname = self.ident()?;
            if ptr {
                let id = ArrayId(self.k.arrays.len() as u32);
                self.array_ty.insert(id, ty);
                self.k.arrays.push(ArrayDecl {
                    name: pname.clone(),
                    space: MemSpace::Global,
                    elem_size: 4,
                    dims: vec![],
                    param: Some(self.k.params.len() as u32),
                    span: sp(pstart, self.pos),
                    may_alias_all: false,
                });
                self.arrays.insert(pname, id);
            } else {
                let id = ParamId(self.k.params.len() as u32);
                self.k.params.push(ParamDecl {
                    name: pname.clone(),
                    ty,
                    position: id.0,
                });
                self.params.insert(pname, id);
            }
            self.eat(",");
        }
        self.scopes.push(HashMap::default());
        let body = self.block()?;
        self.k.body = body;
        self.k.span = sp(kstart, self.pos);
        Ok(())
    }
}

/// Lowers the single kernel in `src` (CUDA, or OpenCL when `lang` says so).
pub fn lower(src: &str, lang: Lang) -> Kernel {
    let k = Kernel::new(String::new(), lang);
    let mut p = P {
        src,
        pos: 0,
        k,
        scopes: vec![],
        arrays: HashMap::default(),
        params: HashMap::default(),
        array_ty: HashMap::default(),
        tmp: 0,
    };
    if let Err(e) = p.kernel(lang) {
        panic!("mini lowering failed: {e}\n{src}");
    }
    p.k
}

// ---------------------------------------------------------------- interpreter

/// Launch and parameter values of the concrete SDV interpreter.
#[derive(Clone, Debug)]
pub struct Launch {
    pub block_dim: u32,
    pub grid_dim: u32,
    pub params: Vec<i128>,
}

#[derive(Clone, Debug)]
struct Entry {
    array: ArrayId,
    block: u32,
    thread: u32,
    start: i128,
    end: i128,
    write: bool,
    atomic: bool,
    stmt: StmtId,
    span: Span,
    iters: Vec<(StmtId, u64)>,
    value: i128,
    block_ordered: bool,
}

struct Run<'k> {
    k: &'k Kernel,
    l: Launch,
    n: usize,
    vars: Vec<Vec<i128>>,
    mem: HashMap<(ArrayId, u32, i128), i128>,
    log: Vec<Entry>,
    iters: Vec<(StmtId, u64)>,
    returned: Vec<bool>,
    brk: Vec<bool>,
    cont: Vec<bool>,
    races: Vec<Race>,
    divergent: Vec<Divergence>,
    steps: u64,
}

impl Run<'_> {
    fn thread(&self, t: usize) -> (u32, u32) {
        ((t as u32) % self.l.block_dim, (t as u32) / self.l.block_dim)
    }
    fn eval(&self, e: &Expr, t: usize) -> i128 {
        let (tid, bid) = self.thread(t);
        match e {
            Expr::Int(v, _) => *v,
            Expr::Float(b, _) => *b as i128,
            Expr::Var(v) => self.vars[t].get(v.0 as usize).copied().unwrap_or(0),
            Expr::Param(p) => self.l.params.get(p.0 as usize).copied().unwrap_or(0),
            Expr::Builtin(b) => match b {
                Builtin::ThreadIdx(0) => tid as i128,
                Builtin::BlockIdx(0) => bid as i128,
                Builtin::BlockDim(0) => self.l.block_dim as i128,
                Builtin::GridDim(0) => self.l.grid_dim as i128,
                Builtin::BlockDim(_) | Builtin::GridDim(_) => 1,
                _ => 0,
            },
            Expr::Unary(op, a, _) => {
                let a = self.eval(a, t);
                match op {
                    UnOp::Neg => -a,
                    UnOp::BitNot => !a,
                    UnOp::Not => (a == 0) as i128,
                }
            }
            Expr::Binary(op, a, b, _) => {
                let (a, b) = (self.eval(a, t), self.eval(b, t));
                match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::Div => a.checked_div(b).unwrap_or(0),
                    BinOp::Rem => a.checked_rem(b).unwrap_or(0),
                    BinOp::Shl => a.checked_shl(b.clamp(0, 127) as u32).unwrap_or(0),
                    BinOp::Shr => a >> b.clamp(0, 127),
                    BinOp::BitAnd => a & b,
                    BinOp::BitOr => a | b,
                    BinOp::BitXor => a ^ b,
                    BinOp::Eq => (a == b) as i128,
                    BinOp::Ne => (a != b) as i128,
                    BinOp::Lt => (a < b) as i128,
                    BinOp::Le => (a <= b) as i128,
                    BinOp::Gt => (a > b) as i128,
                    BinOp::Ge => (a >= b) as i128,
                    BinOp::And => (a != 0 && b != 0) as i128,
                    BinOp::Or => (a != 0 || b != 0) as i128,
                }
            }
            Expr::Cast(_, a) => self.eval(a, t),
            Expr::Select(c, a, b, _) => {
                if self.eval(c, t) != 0 {
                    self.eval(a, t)
                } else {
                    self.eval(b, t)
                }
            }
            Expr::Apply(_, args, _) => args.iter().map(|a| self.eval(a, t)).sum(),
        }
    }
    fn active(&self, mask: &[bool], t: usize) -> bool {
        mask[t] && !self.returned[t] && !self.brk[t] && !self.cont[t]
    }
    fn set(&mut self, t: usize, v: VarId, x: i128) {
        let row = &mut self.vars[t];
        if row.len() <= v.0 as usize {
            row.resize(v.0 as usize + 1, 0);
        }
        row[v.0 as usize] = x;
    }
    fn access(&mut self, s: &Stmt, a: &Access, t: usize, write: bool, atomic: bool, value: i128) {
        let (tid, bid) = self.thread(t);
        let start = self.eval(&a.offset, t);
        let end = start + a.size as i128;
        let shared = self
            .k
            .arrays
            .get(a.array.0 as usize)
            .map(|d| d.space == MemSpace::Shared)
            .unwrap_or(false);
        for e in &self.log {
            if e.array != a.array
                || (e.thread == tid && e.block == bid)
                || e.start >= end
                || start >= e.end
            {
                continue;
            }
            if shared && e.block != bid {
                continue;
            }
            if !(e.write || write) || (e.atomic && atomic) {
                continue;
            }
            if e.block_ordered && e.block == bid {
                continue;
            }
            let relation = if e.block != bid {
                LoopRelation::InterBlock
            } else {
                let mut rel = LoopRelation::IntraIteration;
                for (d, (x, y)) in e.iters.iter().zip(&self.iters).enumerate() {
                    if x.0 != y.0 {
                        break;
                    }
                    if x.1 != y.1 {
                        rel = LoopRelation::InterIteration {
                            depth: d as u32 + 1,
                        };
                        break;
                    }
                }
                rel
            };
            let kind = if e.atomic != atomic {
                RaceKind::AtomicPlain
            } else {
                match (e.write, write) {
                    (true, true) => RaceKind::WriteWrite,
                    (false, true) => RaceKind::ReadWrite,
                    _ => RaceKind::WriteRead,
                }
            };
            let benign = e.write && write && !e.atomic && !atomic && e.value == value;
            if self.races.iter().any(|r| {
                r.first == e.stmt
                    && r.second == s.id
                    && r.relation == relation
                    && r.benign == benign
            }) {
                continue;
            }
            self.races.push(Race {
                kind,
                array: self.k.arrays[a.array.0 as usize].name.clone(),
                first: e.stmt,
                second: s.id,
                first_span: e.span,
                second_span: s.span,
                relation,
                benign,
                warp_sync_only: false,
                witness: None,
            });
        }
        let key = (a.array, if shared { bid } else { u32::MAX }, start);
        if write {
            self.mem.insert(key, value);
        }
        self.log.push(Entry {
            array: a.array,
            block: bid,
            thread: tid,
            start,
            end,
            write,
            atomic,
            stmt: s.id,
            span: s.span,
            iters: self.iters.clone(),
            value,
            block_ordered: false,
        });
    }
    fn block(&mut self, b: &Block, mask: &[bool]) -> Result<(), String> {
        for s in &b.stmts {
            self.steps += 1;
            if self.steps > 2_000_000 {
                return Err("step budget".into());
            }
            self.stmt(s, mask)?;
        }
        Ok(())
    }
    fn stmt(&mut self, s: &Stmt, mask: &[bool]) -> Result<(), String> {
        let act: Vec<usize> = (0..self.n).filter(|&t| self.active(mask, t)).collect();
        match &s.kind {
            StmtKind::Assign { var, value } => {
                for t in act {
                    let v = self.eval(value, t);
                    self.set(t, *var, v);
                }
            }
            StmtKind::Havoc { var } => {
                for t in act {
                    self.set(t, *var, 7919 * t as i128 + 13);
                }
            }
            StmtKind::Collective { dest, .. } => {
                // The result of a work-group collective is the same in every thread.
                if let Some(var) = dest {
                    for t in act {
                        self.set(t, *var, 104_729);
                    }
                }
            }
            StmtKind::Read { dest, access } => {
                for t in act {
                    let (_, bid) = self.thread(t);
                    let shared = self.k.arrays[access.array.0 as usize].space == MemSpace::Shared;
                    let off = self.eval(&access.offset, t);
                    let v = self
                        .mem
                        .get(&(access.array, if shared { bid } else { u32::MAX }, off))
                        .copied()
                        .unwrap_or(0);
                    self.access(s, access, t, false, false, 0);
                    self.set(t, *dest, v);
                }
            }
            StmtKind::Write { access, value } => {
                for t in act {
                    let v = self.eval(value, t);
                    self.access(s, access, t, true, false, v);
                }
            }
            StmtKind::Atomic { dest, access, .. } => {
                for t in act {
                    self.access(s, access, t, true, true, 0);
                    if let Some(d) = dest {
                        self.set(t, *d, t as i128);
                    }
                }
            }
            // Warp and named barriers order nothing here: an over-approximation of races.
            StmtKind::Barrier {
                scope: BarrierScope::Warp,
                ..
            }
            | StmtKind::NamedBarrier { .. } => {}
            StmtKind::Barrier {
                scope,
                global_fence,
                local_fence,
            } => {
                let bd = self.l.block_dim as usize;
                let blocks = self.n / bd;
                let mut ok_blocks = Vec::new();
                let mut any_div = false;
                for b in 0..blocks {
                    let c = (b * bd..(b + 1) * bd).filter(|t| act.contains(t)).count();
                    if c == bd {
                        ok_blocks.push(b as u32);
                    } else if c > 0 || (*scope == BarrierScope::Grid && !act.is_empty()) {
                        any_div = true;
                    }
                }
                if any_div {
                    if !self.divergent.iter().any(|d| d.barrier == s.id) {
                        self.divergent.push(Divergence {
                            barrier: s.id,
                            span: s.span,
                            cause: "thread-dependent control".into(),
                            cause_span: None,
                            witness: None,
                            both_reach: false,
                            warp: false,
                            outside_mask: None,
                            outside_unknown_mask: false,
                        });
                    }
                    return Ok(());
                }
                if *scope == BarrierScope::Grid {
                    self.log.clear();
                    return Ok(());
                }
                let k = self.k;
                self.log.retain_mut(|e| {
                    if !ok_blocks.contains(&e.block) {
                        return true;
                    }
                    let shared = k.arrays[e.array.0 as usize].space == MemSpace::Shared;
                    if shared {
                        return !*local_fence;
                    }
                    if *global_fence {
                        e.block_ordered = true;
                    }
                    true
                });
            }
            StmtKind::If { cond, then_, else_ } => {
                let c: Vec<bool> = (0..self.n)
                    .map(|t| act.contains(&t) && self.eval(cond, t) != 0)
                    .collect();
                let nc: Vec<bool> = (0..self.n).map(|t| act.contains(&t) && !c[t]).collect();
                self.block(then_, &c)?;
                self.block(else_, &nc)?;
            }
            StmtKind::Loop {
                cond,
                cond_prelude,
                body,
                step,
                ..
            } => {
                let saved_brk = std::mem::replace(&mut self.brk, vec![false; self.n]);
                let saved_cont = std::mem::replace(&mut self.cont, vec![false; self.n]);
                let mut m: Vec<bool> = (0..self.n).map(|t| act.contains(&t)).collect();
                let mut iter = 0u64;
                loop {
                    self.block(cond_prelude, &m)?;
                    let go: Vec<bool> = (0..self.n)
                        .map(|t| self.active(&m, t) && self.eval(cond, t) != 0)
                        .collect();
                    if !go.iter().any(|x| *x) {
                        break;
                    }
                    self.iters.push((s.id, iter));
                    self.block(body, &go)?;
                    self.cont = vec![false; self.n];
                    self.block(step, &go)?;
                    self.iters.pop();
                    m = (0..self.n).map(|t| go[t] && !self.brk[t]).collect();
                    iter += 1;
                    if iter > 10_000 {
                        return Err("loop bound".into());
                    }
                }
                self.brk = saved_brk;
                self.cont = saved_cont;
            }
            StmtKind::Break => act.iter().for_each(|&t| self.brk[t] = true),
            StmtKind::Continue => act.iter().for_each(|&t| self.cont[t] = true),
            StmtKind::Return => act.iter().for_each(|&t| self.returned[t] = true),
            // Programs of these tests state no preconditions.
            StmtKind::Assume { .. } | StmtKind::DeviceFence => {}
        }
        Ok(())
    }
}

/// Checks a kernel by running it under SDV semantics with a concrete launch.
pub fn interpret(k: &Kernel, l: &Launch) -> KernelReport {
    let n = (l.block_dim * l.grid_dim) as usize;
    let mut run = Run {
        k,
        l: l.clone(),
        n,
        vars: vec![vec![0; k.vars.len()]; n],
        mem: HashMap::default(),
        log: Vec::new(),
        iters: Vec::new(),
        returned: vec![false; n],
        brk: vec![false; n],
        cont: vec![false; n],
        races: Vec::new(),
        divergent: Vec::new(),
        steps: 0,
    };
    let all = vec![true; n];
    let outcome = run.block(&k.body, &all);
    let mut findings = Vec::new();
    for d in &run.divergent {
        findings.push(Finding {
            kind: DiagnosticKind::Divergence,
            message: "divergent barrier".into(),
            span: d.span,
            related: vec![],
            race: None,
            divergence: Some(d.clone()),
        });
    }
    for r in &run.races {
        findings.push(Finding {
            kind: if r.benign {
                DiagnosticKind::BenignRace
            } else {
                DiagnosticKind::Race
            },
            message: format!("race on {}", r.array),
            span: r.second_span,
            related: vec![],
            race: Some(r.clone()),
            divergence: None,
        });
    }
    let verdict = if outcome.is_err() {
        Verdict::Inconclusive
    } else if !run.divergent.is_empty() {
        Verdict::Divergent
    } else if run.races.iter().any(|r| !r.benign) {
        Verdict::Racy
    } else {
        Verdict::RaceFree
    };
    if let Err(e) = outcome {
        findings.insert(
            0,
            Finding {
                kind: DiagnosticKind::Inconclusive,
                message: e,
                span: k.name_span,
                related: vec![],
                race: None,
                divergence: None,
            },
        );
    }
    KernelReport {
        name: k.name.clone(),
        name_span: k.name_span,
        verdict,
        findings,
        races: run.races.clone(),
        time_ms: 0.0,
        solver_queries: 0,
    }
}

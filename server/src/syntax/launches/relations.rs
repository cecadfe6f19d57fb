//! Launch relations: a grid or block extent the host computes from values it
//! also passes to the kernel (`dim3 grid(nx / 64); k<<<grid, 64>>>(.., nx)`,
//! `k<<<(n + 255) / 256, 256>>>(a, n)`), as a C integer expression over the
//! kernel's arguments.
//!
//! A relation is only made where it holds on every execution of the launch:
//! each argument name in it is a local (or parameter) of the launching
//! function, of an integer type, with the same declaration where the size is
//! evaluated and at the launch, never written from that point to the end of
//! the launch (nor in a loop that starts after that point and runs the launch
//! again), its address never taken, no write of it in a lambda, no `goto` in
//! the function; and every variable the size goes through (`grid`, `blocks`)
//! is a non-static local whose reaching definition is decided by
//! [`Scopes::resolve`] (it runs on every path to the use, last). The value
//! the size is computed from is then the value passed.

use super::{
    dim3_parts, parse_int_literal, BlockKind, DeclScope, Eval, TokKind, ValueTy, MAX_EVAL_DEPTH,
};
use super::{is_scalar_type, is_write_op, Binding, DECL_QUALIFIERS};

/// An integer type of host arithmetic (LP64: `long` has 64 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostIntTy {
    /// Width in bits (8, 16, 32 or 64).
    pub bits: u8,
    /// Whether it is a signed type.
    pub signed: bool,
}

impl HostIntTy {
    /// `int`.
    pub const INT: HostIntTy = HostIntTy {
        bits: 32,
        signed: true,
    };
    /// `unsigned int`, the type of a `dim3` component.
    pub const UINT: HostIntTy = HostIntTy {
        bits: 32,
        signed: false,
    };
    const LONG: HostIntTy = HostIntTy {
        bits: 64,
        signed: true,
    };
    const ULONG: HostIntTy = HostIntTy {
        bits: 64,
        signed: false,
    };

    /// The type of a declared scalar, when it is an integer type of a
    /// standard width (plain `char`, whose signedness is the
    /// implementation's, is not).
    fn of(ty: ValueTy) -> Option<HostIntTy> {
        let ValueTy::Int { lo, hi, .. } = ty else {
            return None;
        };
        let signed = lo < 0;
        let span = hi.checked_sub(lo)?.checked_add(1)?;
        if span <= 0 || span.count_ones() != 1 {
            return None;
        }
        let bits = u8::try_from(span.trailing_zeros()).ok()?;
        matches!(bits, 8 | 16 | 32 | 64).then_some(HostIntTy { bits, signed })
    }

    /// After the integer promotions: narrower types become `int`.
    fn promoted(self) -> HostIntTy {
        if self.bits < 32 {
            HostIntTy::INT
        } else {
            self
        }
    }

    /// The common type of the usual arithmetic conversions.
    fn common(a: HostIntTy, b: HostIntTy) -> HostIntTy {
        let (a, b) = (a.promoted(), b.promoted());
        if a == b {
            return a;
        }
        if a.signed == b.signed {
            return if a.bits >= b.bits { a } else { b };
        }
        let (unsigned, signed) = if a.signed { (b, a) } else { (a, b) };
        // A wider signed type holds every value of the unsigned one.
        if signed.bits > unsigned.bits {
            signed
        } else {
            unsigned
        }
    }

    /// Whether `v` is a value of this type.
    fn holds(self, v: i128) -> bool {
        let b = u32::from(self.bits);
        if self.signed {
            -(1i128 << (b - 1)) <= v && v < (1i128 << (b - 1))
        } else {
            0 <= v && v < (1i128 << b)
        }
    }
}

/// Binary operators of a launch relation (C semantics in the result type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (truncating).
    Div,
    /// `%`
    Rem,
    /// `<<` by a constant smaller than the width, or by a value (in its
    /// own promoted type).
    Shl,
    /// `>>` by a constant smaller than the width, or by a value.
    Shr,
    /// `&`
    And,
    /// `|`
    Or,
    /// `^`
    Xor,
}

impl SizeOp {
    fn text(self) -> &'static str {
        match self {
            SizeOp::Add => "+",
            SizeOp::Sub => "-",
            SizeOp::Mul => "*",
            SizeOp::Div => "/",
            SizeOp::Rem => "%",
            SizeOp::Shl => "<<",
            SizeOp::Shr => ">>",
            SizeOp::And => "&",
            SizeOp::Or => "|",
            SizeOp::Xor => "^",
        }
    }
}

/// A launch size as the host computes it: a C integer expression over the
/// kernel's arguments, each node with its C type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeExpr {
    /// A constant of a type.
    Const(i128, HostIntTy),
    /// The host value passed as argument `index`, of its host type.
    Arg(usize, HostIntTy),
    /// The value of the launch's explicit template argument `index` (a
    /// template parameter of the launching function), of its host type.
    Template(usize, HostIntTy),
    /// The launch's block extent in dimension `d`, read through the host
    /// variable (of at most 32 bits) that is that whole block component
    /// (`dim3 block(t, t)`, `k<<<g, t>>>`): see [`Eval::block_extent_variables`].
    BlockDim(u8, HostIntTy),
    /// Conversion to a type (modulo 2^bits).
    Convert(HostIntTy, Box<SizeExpr>),
    /// Negation in a type.
    Neg(Box<SizeExpr>, HostIntTy),
    /// A binary operation whose operands have been converted to its type
    /// (the left one's for shifts).
    Binary(SizeOp, Box<SizeExpr>, Box<SizeExpr>, HostIntTy),
    /// The C library's `log2` of an integer of at most 32 bits (exact as a
    /// `double`), converted to an integer type: `int it = log2(n / 2)`; or a
    /// call of a host function computing its floor (see
    /// [`Eval::floor_log2_function`]), which satisfies the same fact. Only
    /// ever the whole expression (under conversions), never an operand: the
    /// arithmetic around it would be the `double`'s. Its value is only
    /// known to satisfy `x >= 1 => 0 <= v && 2^v <= x` (see
    /// `ide::relations`); no launch size is made of it.
    Log2(Box<SizeExpr>),
}

impl SizeExpr {
    /// The C type of the value.
    pub fn ty(&self) -> HostIntTy {
        match self {
            SizeExpr::Const(_, t)
            | SizeExpr::Arg(_, t)
            | SizeExpr::Template(_, t)
            | SizeExpr::BlockDim(_, t)
            | SizeExpr::Convert(t, _)
            | SizeExpr::Neg(_, t)
            | SizeExpr::Binary(_, _, _, t) => *t,
            // The `double` converted to `int` (its value, when defined, is
            // in [0, 31], which every integer type holds).
            SizeExpr::Log2(_) => HostIntTy::INT,
        }
    }

    /// Whether an argument (or a launch extent) takes part: the value is not
    /// a constant.
    pub fn has_arg(&self) -> bool {
        match self {
            SizeExpr::Const(..) => false,
            SizeExpr::Arg(..) | SizeExpr::Template(..) | SizeExpr::BlockDim(..) => true,
            SizeExpr::Convert(_, e) | SizeExpr::Neg(e, _) | SizeExpr::Log2(e) => e.has_arg(),
            SizeExpr::Binary(_, a, b, _) => a.has_arg() || b.has_arg(),
        }
    }

    /// Whether the launch's block extent in dimension `d` takes part.
    pub fn mentions_block_dim(&self, d: u8) -> bool {
        match self {
            SizeExpr::BlockDim(b, _) => *b == d,
            SizeExpr::Const(..) | SizeExpr::Arg(..) | SizeExpr::Template(..) => false,
            SizeExpr::Convert(_, e) | SizeExpr::Neg(e, _) | SizeExpr::Log2(e) => {
                e.mentions_block_dim(d)
            }
            SizeExpr::Binary(_, a, b, _) => a.mentions_block_dim(d) || b.mentions_block_dim(d),
        }
    }

    /// This value converted to `ty` (as is when it already has that type).
    fn to(self, ty: HostIntTy) -> SizeExpr {
        if self.ty() == ty {
            self
        } else {
            SizeExpr::Convert(ty, Box::new(self))
        }
    }

    /// C-like text, with `arg` naming each argument and template argument
    /// (conversions are not shown).
    pub fn display(&self, arg: &dyn Fn(SizeExpr) -> String) -> String {
        match self {
            SizeExpr::Const(v, _) => v.to_string(),
            SizeExpr::Arg(..) | SizeExpr::Template(..) => arg(self.clone()),
            SizeExpr::BlockDim(d, _) => {
                format!("blockDim.{}", ["x", "y", "z"][usize::from(*d % 3)])
            }
            SizeExpr::Convert(_, e) => e.display(arg),
            SizeExpr::Neg(e, _) => format!("-{}", e.display_operand(arg)),
            SizeExpr::Binary(op, a, b, _) => format!(
                "{} {} {}",
                a.display_operand(arg),
                op.text(),
                b.display_operand(arg)
            ),
            SizeExpr::Log2(e) => format!("(int)log2({})", e.display(arg)),
        }
    }

    /// Whether a `log2` takes part (see [`SizeExpr::Log2`]).
    pub fn has_log2(&self) -> bool {
        match self {
            SizeExpr::Log2(_) => true,
            SizeExpr::Const(..)
            | SizeExpr::Arg(..)
            | SizeExpr::Template(..)
            | SizeExpr::BlockDim(..) => false,
            SizeExpr::Convert(_, e) | SizeExpr::Neg(e, _) => e.has_log2(),
            SizeExpr::Binary(_, a, b, _) => a.has_log2() || b.has_log2(),
        }
    }

    fn display_operand(&self, arg: &dyn Fn(SizeExpr) -> String) -> String {
        match self {
            SizeExpr::Convert(_, e) => e.display_operand(arg),
            SizeExpr::Binary(..) => format!("({})", self.display(arg)),
            _ => self.display(arg),
        }
    }
}

/// The launch a relation is made for.
pub(super) struct LaunchAt<'a> {
    /// Token of the kernel name.
    pub name_at: usize,
    /// Last token of the launch (the `)` closing its arguments).
    pub end: usize,
    /// Token ranges of its arguments.
    pub args: &'a [(usize, usize)],
    /// Token ranges of its explicit template arguments.
    pub template_args: &'a [(usize, usize)],
    /// For each block dimension, the declaration (token) of the host
    /// variable that is that whole block component of the launch and keeps
    /// its value to the launch's end (see [`Eval::block_extent_variables`]).
    pub block_extents: [Option<usize>; 3],
}

impl Eval<'_, '_> {
    /// The relations of the three components of the launch size `[s, e)`
    /// (each as the `unsigned int` of the `dim3`); None where a component is
    /// not an expression over arguments (or is a constant).
    pub(super) fn dim3_relation(
        &self,
        s: usize,
        e: usize,
        launch: &LaunchAt,
        depth: usize,
    ) -> [Option<SizeExpr>; 3] {
        let none = [None, None, None];
        if depth > MAX_EVAL_DEPTH || s >= e {
            return none;
        }
        let u = self.unit;
        let finish = |parts: [Option<SizeExpr>; 3]| {
            parts.map(|p| p.filter(SizeExpr::has_arg).map(|p| p.to(HostIntTy::UINT)))
        };
        if e == s + 1 && u.is_ident(s) {
            // A `dim3` variable: its definition that reaches the launch.
            match self.lookup(s) {
                Some((Binding::Dim3(parts), _)) => {
                    if parts.len() > 3 || !self.local_variable(s, launch) {
                        return none;
                    }
                    return finish(std::array::from_fn(|d| {
                        let &(ps, pe) = parts.get(d)?;
                        self.size_relation(ps, pe, launch, depth + 1)
                    }));
                }
                // `auto g = dim3(...)`.
                Some((Binding::Scalar(a, b), ValueTy::Auto)) => {
                    if !self.local_variable(s, launch) {
                        return none;
                    }
                    return self.dim3_relation(a, b, launch, depth + 1);
                }
                // An integer (the x extent), else not understood.
                Some((_, ValueTy::Int { .. })) => {}
                _ => return none,
            }
        }
        let parts = dim3_parts(u, s, e);
        if parts.len() > 3 {
            return none;
        }
        finish(std::array::from_fn(|d| {
            let &(ps, pe) = parts.get(d)?;
            self.size_relation(ps, pe, launch, depth + 1)
        }))
    }

    /// For each block dimension of the launch size `[s, e)`, the declaration
    /// of the host variable that is the whole component (`dim3 block(t, t)`,
    /// `k<<<g, t>>>`), when its mention there keeps its value to the end of
    /// the launch ([`Eval::unchanged_until_launch`]) and it has an integer
    /// type of at most 32 bits. A mention of that variable elsewhere in the
    /// launch's sizes that also keeps its value to the launch's end reads
    /// the same value, and the `dim3` component is that value converted to
    /// `unsigned int`: for a type of at most 32 bits the conversion is
    /// undone by converting `blockDim.d` back (`(int)blockDim.x == t`),
    /// a 64-bit `t` is not determined by it.
    pub(super) fn block_extent_variables(
        &self,
        s: usize,
        e: usize,
        launch: &LaunchAt,
    ) -> [Option<usize>; 3] {
        let none = [None, None, None];
        let u = self.unit;
        if s >= e {
            return none;
        }
        let parts = if e == s + 1 && u.is_ident(s) {
            match self.lookup(s) {
                Some((Binding::Dim3(parts), _)) => {
                    if !self.local_variable(s, launch) {
                        return none;
                    }
                    parts
                }
                // An integer: the x extent is the name itself.
                Some((_, ValueTy::Int { .. })) => vec![(s, e)],
                _ => return none,
            }
        } else {
            dim3_parts(u, s, e)
        };
        if parts.len() > 3 {
            return none;
        }
        std::array::from_fn(|d| {
            let &(ps, pe) = parts.get(d)?;
            if pe != ps + 1 || !u.is_ident(ps) {
                return None;
            }
            let (decl, _) = self.scopes.visible(u, u.text(ps), ps)?;
            let (_, ty) = self.lookup(ps)?;
            let ty = HostIntTy::of(ty)?;
            (ty.bits <= 32 && self.unchanged_until_launch(ps, launch)).then_some(decl.at)
        })
    }

    /// The value of the argument `[s, e)` of the launch as an expression
    /// over its other arguments (`pitch` defined as `const int pitch = NX;`
    /// and both passed), in the argument's host type; None where it is not
    /// one (or is a constant).
    pub(super) fn argument_relation(
        &self,
        s: usize,
        e: usize,
        launch: &LaunchAt,
    ) -> Option<SizeExpr> {
        let u = self.unit;
        let rel = if e == s + 1 && u.is_ident(s) {
            // A local whose definition reaches the launch (the name itself
            // would be the argument).
            let (Binding::Scalar(ds, de), ty) = self.lookup(s)? else {
                return None;
            };
            let ty = HostIntTy::of(ty)?;
            if !self.local_variable(s, launch) {
                return None;
            }
            self.size_relation(ds, de, launch, 1)?.to(ty)
        } else {
            self.size_relation(s, e, launch, 1)?
        };
        rel.has_arg().then_some(rel)
    }

    /// The integer expression `[s, e)` over the launch's arguments, or None.
    pub(super) fn size_relation(
        &self,
        s: usize,
        e: usize,
        launch: &LaunchAt,
        depth: usize,
    ) -> Option<SizeExpr> {
        if depth > MAX_EVAL_DEPTH || s >= e {
            return None;
        }
        let mut p = RelationParser {
            eval: self,
            launch,
            pos: s,
            end: e,
            depth,
        };
        let v = p.binary(1)?;
        (p.pos == e).then_some(v)
    }

    /// The innermost function or lambda body around token `i`.
    pub(super) fn function_of(&self, i: usize) -> Option<usize> {
        let scopes = self.scopes;
        let mut b = scopes.block_of(i);
        while let Some(o) = b {
            if matches!(
                scopes.kinds.get(&o),
                Some(BlockKind::Function | BlockKind::Lambda)
            ) {
                return Some(o);
            }
            b = scopes.block_of(o);
        }
        None
    }

    /// Whether the name at `q` is a non-static local of the launching
    /// function declared in one of its blocks (its reaching definition is
    /// then the one [`Scopes::resolve`] finds, and it runs again on each
    /// call).
    fn local_variable(&self, q: usize, launch: &LaunchAt) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let Some((decl, DeclScope::Block(Some(o)))) = scopes.visible(u, u.text(q), q) else {
            return false;
        };
        let Some(f) = self.function_of(launch.name_at) else {
            return false;
        };
        !decl.is_static
            && !self.volatile_or_array(decl.at, &decl.binding)
            && (o == f || scopes.inside(f, o))
            && !matches!(
                scopes.kinds.get(&o),
                None | Some(BlockKind::Opaque | BlockKind::Namespace)
            )
            && self.mentions_are_plain(decl.at, launch)
            // Not written after this use up to the end of the launch either
            // (`k<<<g, b>>>(n, pitch, pitch--)`: arguments are unsequenced).
            && self.unchanged_until_launch(q, launch)
    }

    /// The first token of the statement token `q` is in: just after the
    /// `;`, `{` or `}` before it, or after the header of the `for`, `while`,
    /// `if` or `switch` whose body it is (a loop's step in its header runs
    /// after the body).
    pub(super) fn statement_start(&self, q: usize) -> usize {
        let u = self.unit;
        let mut k = q;
        while k > 0 {
            match u.text(k - 1) {
                ";" | "{" | "}" => return k,
                ")" => {
                    let Some(open) = super::matching_back(u, k - 1, 4096) else {
                        // Not understood: the whole text before counts.
                        return 0;
                    };
                    if open > 0 && matches!(u.text(open - 1), "for" | "while" | "if" | "switch") {
                        return k;
                    }
                    k = open;
                }
                _ => k -= 1,
            }
        }
        0
    }

    /// Whether the name at `q` is a non-type template parameter of the
    /// function template the launch is in (`template <int BS> void run(..)
    /// { k<BS><<<n / BS, BS>>>(..) }`): a constant in each instantiation.
    fn template_parameter_of_launcher(&self, q: usize, launch: &LaunchAt) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let Some((decl, _)) = scopes.visible(u, u.text(q), q) else {
            return false;
        };
        let Some(f) = self.function_of(launch.name_at) else {
            return false;
        };
        if self.function_of(q) != Some(f) || decl.at >= f {
            return false;
        }
        // Back over the parameter list to `template <`, at the top level.
        let mut k = decl.at;
        let mut depth = 0usize;
        let mut steps = 0;
        let opens_list = loop {
            if k == 0 || steps > 256 {
                return false;
            }
            k -= 1;
            steps += 1;
            match u.text(k) {
                ">" | ")" | "]" => depth += 1,
                ">>" => depth += 2,
                "(" | "[" => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => return false,
                },
                "<" if depth == 0 => break k,
                "<" => depth -= 1,
                ";" | "{" | "}" => return false,
                _ => {}
            }
        };
        if opens_list == 0 || u.text(opens_list - 1) != "template" {
            return false;
        }
        // The function whose body is `f` follows that list: no statement or
        // other body between.
        (decl.at + 1..f).all(|k| !matches!(u.text(k), ";" | "{" | "}"))
    }

    /// Whether the name declared at `at` is `volatile` (its value may change
    /// between two reads) or an array.
    fn volatile_or_array(&self, at: usize, binding: &Binding) -> bool {
        let u = self.unit;
        let array = matches!(binding, Binding::Unknown) && u.text(at + 1) == "[";
        // Anywhere in the declaration before it (`volatile int a = 1, b;`),
        // or in an earlier parameter (over-approximate).
        let mut k = at;
        let mut volatile = false;
        while k > 0 && at - k < 256 {
            k -= 1;
            match u.text(k) {
                "volatile" => volatile = true,
                ";" | "{" | "}" | "(" => break,
                _ => {}
            }
        }
        array || volatile
    }

    /// Whether the name at `q` has, at `q`, the value it has at the end of
    /// the launch: see the module comment.
    pub(super) fn unchanged_until_launch(&self, q: usize, launch: &LaunchAt) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(q);
        let Some((decl, scope)) = scopes.visible(u, name, q) else {
            return false;
        };
        let Some(f) = self.function_of(launch.name_at) else {
            return false;
        };
        if decl.is_static
            || self.function_of(q) != Some(f)
            || !self.straight_path(q, f)
            || !self.straight_path(launch.name_at, f)
            || self.volatile_or_array(decl.at, &decl.binding)
        {
            return false;
        }
        let of_this_function = match scope {
            DeclScope::Block(Some(o)) => {
                (o == f || scopes.inside(f, o))
                    && !matches!(
                        scopes.kinds.get(&o),
                        None | Some(BlockKind::Opaque | BlockKind::Namespace)
                    )
            }
            // A parameter of the function (in scope to its end), or a loop
            // or condition variable inside it; not a lambda's init-capture.
            DeclScope::Unknown(s, e) => {
                u.text(s) == "("
                    && (scopes.inside(f, s) || s < f && scopes.closing.get(&f) == Some(&e))
            }
            _ => false,
        };
        if !of_this_function {
            return self.captured_unchanged(q, launch);
        }
        if !self.mentions_are_plain(decl.at, launch) {
            return false;
        }
        let own = |w: &usize| {
            scopes
                .visible(u, name, *w)
                .is_some_and(|(d, _)| d.at == decl.at)
        };
        if scopes.escapes.get(name).is_some_and(|e| e.iter().any(own)) {
            return false;
        }
        let writes: Vec<usize> = scopes
            .writes
            .get(name)
            .map(|w| w.iter().copied().filter(own).collect())
            .unwrap_or_default();
        // From the start of the statement `q` is in: in `n = n / 2;` the
        // write comes before the read in the text and after it in time.
        let from = self.statement_start(q);
        let between = writes
            .iter()
            .any(|&w| (from <= w && w <= launch.end) || scopes.in_lambda_after(w, decl.at));
        let looped = scopes
            .loops_between(u, q, launch.name_at)
            .into_iter()
            .any(|(s, e)| writes.iter().any(|&w| s <= w && w <= e));
        let gotos = scopes.gotos.iter().any(|&g| scopes.inside(f, g));
        !(between || looped || gotos)
    }
}

impl Eval<'_, '_> {
    /// The value of the integer variable named at `q` (of type `ty`), which
    /// the launch does not pass, as `K * G` where the launch passes a local
    /// `K` defined as `C / G` (`C` this variable, `G` a relation of the
    /// launch) and a guard before the launch returns unless `G` divides `C`
    /// (`if (C % G != 0 || ..) return false;`, the host guard of HeCBench
    /// channelShuffle): after the guard `C % G == 0`, and C's identity
    /// `(C / G) * G + C % G == C` (G is not 0: `C % 0` is undefined, and
    /// the guard evaluated it) gives `C == K * G`, a product that does not
    /// overflow since it is `C`. Each mention (in the guard, in K's
    /// definition, in the size) has the value it has at the launch
    /// ([`Eval::unchanged_until_launch`]), and the guard runs on every path
    /// to the launch ([`Eval::guard_returns_unless_divides`]).
    fn exact_quotient_product(
        &self,
        q: usize,
        ty: HostIntTy,
        launch: &LaunchAt,
        depth: usize,
    ) -> Option<SizeExpr> {
        let (u, scopes) = (self.unit, self.scopes);
        if depth > MAX_EVAL_DEPTH || ty.bits < 32 || !self.unchanged_until_launch(q, launch) {
            return None;
        }
        let decl_of = |at: usize| scopes.visible(u, u.text(at), at).map(|(d, _)| d.at);
        let dividend = decl_of(q)?;
        for (index, &(a, b)) in launch.args.iter().enumerate() {
            // The argument, or the definition of the local it names, is
            // exactly `C / G` (its type then that of C and G).
            let (ds, de) = if b == a + 1 && u.is_ident(a) {
                let Some((Binding::Scalar(ds, de), k_ty)) = self.lookup(a) else {
                    continue;
                };
                if HostIntTy::of(k_ty) != Some(ty) || !self.local_variable(a, launch) {
                    continue;
                }
                strip_parens(u, ds, de)
            } else {
                strip_parens(u, a, b)
            };
            let (c_at, g_at) = (ds, ds + 2);
            if de != ds + 3
                || u.text(ds + 1) != "/"
                || !u.is_ident(c_at)
                || !u.is_ident(g_at)
                || decl_of(c_at) != Some(dividend)
                || !self.unchanged_until_launch(c_at, launch)
            {
                continue;
            }
            let Some((_, g_ty)) = self.lookup(g_at) else {
                continue;
            };
            if HostIntTy::of(g_ty) != Some(ty) {
                continue;
            }
            let Some(divisor) = decl_of(g_at) else {
                continue;
            };
            let Some(g) = self.size_relation(g_at, g_at + 1, launch, depth + 1) else {
                continue;
            };
            if self.guard_returns_unless_divides(dividend, divisor, launch) {
                return Some(SizeExpr::Binary(
                    SizeOp::Mul,
                    Box::new(SizeExpr::Arg(index, ty)),
                    Box::new(g.to(ty)),
                    ty,
                ));
            }
        }
        None
    }

    /// Whether a statement `if (..) return ..;` (or `{ ..; return ..; }`,
    /// no `else`) of the launching function runs on every path to the
    /// launch and returns unless the variable declared at `divisor` divides
    /// the one declared at `dividend`: its condition is a `||` of terms one
    /// of which is `C % G != 0` or `C % G` (the condition is false after
    /// it, so is each term), with both mentions keeping their values to the
    /// launch. It runs on every path to the launch when it starts a
    /// statement (not an `else if`, a loop's or `if`'s unbraced body, or a
    /// labelled one) of a block that holds the launch and is not a `switch`
    /// body, with no `case` or `default` label between it and the launch
    /// (a jump past it; `goto` is excluded by `unchanged_until_launch`).
    fn guard_returns_unless_divides(
        &self,
        dividend: usize,
        divisor: usize,
        launch: &LaunchAt,
    ) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let Some(f) = self.function_of(launch.name_at) else {
            return false;
        };
        let at = launch.name_at;
        for k in f + 1..at {
            if u.text(k) != "if"
                || u.text(k + 1) != "("
                || !matches!(u.text(k - 1), ";" | "{" | "}")
            {
                continue;
            }
            if self.function_of(k) != Some(f) {
                continue;
            }
            let Some(block) = scopes.block_of(k) else {
                continue;
            };
            if !(block == f || scopes.inside(block, at))
                || scopes.kinds.get(&block) == Some(&BlockKind::Switch)
            {
                continue;
            }
            let close = u.matching(k + 1, at);
            if close >= at {
                continue;
            }
            let Some(end) = returning_branch(u, close + 1, at) else {
                continue;
            };
            if u.text(end + 1) == "else" || (k..at).any(|j| matches!(u.text(j), "case" | "default"))
            {
                continue;
            }
            let holds = divisibility_terms(u, k + 2, close)
                .into_iter()
                .any(|(c, g)| {
                    let decl_of = |at: usize| scopes.visible(u, u.text(at), at).map(|(d, _)| d.at);
                    decl_of(c) == Some(dividend)
                        && decl_of(g) == Some(divisor)
                        && self.unchanged_until_launch(c, launch)
                        && self.unchanged_until_launch(g, launch)
                });
            if holds {
                return true;
            }
        }
        false
    }
}

/// `[s, e)` without parentheses around all of it.
fn strip_parens(u: &super::Unit, mut s: usize, mut e: usize) -> (usize, usize) {
    while e > s + 1 && u.text(s) == "(" && u.matching(s, e) == e - 1 {
        s += 1;
        e -= 1;
    }
    (s, e)
}

/// The branch starting at `s` (before `limit`) when it always returns: `return
/// ..;`, or a block of statements with no control flow whose last one is a
/// `return`. Its last token.
fn returning_branch(u: &super::Unit, s: usize, limit: usize) -> Option<usize> {
    let flow = |t: &str| {
        matches!(
            t,
            "{" | "}"
                | "if"
                | "else"
                | "for"
                | "while"
                | "do"
                | "switch"
                | "case"
                | "default"
                | "goto"
                | "break"
                | "continue"
                | "try"
                | "catch"
                | "co_return"
                | "co_await"
                | "?"
        )
    };
    // The `;` ending the statement that starts at `from`, none of its
    // tokens control flow.
    let statement_end = |from: usize, end: usize| (from..end).find(|&j| u.text(j) == ";");
    match u.text(s) {
        "return" => {
            let semi = statement_end(s, limit)?;
            (s + 1..semi).all(|j| !flow(u.text(j))).then_some(semi)
        }
        "{" => {
            let close = u.matching(s, limit);
            if close >= limit || (s + 1..close).any(|j| flow(u.text(j))) {
                return None;
            }
            // The last statement starts with `return`.
            let last_semi = close.checked_sub(1).filter(|&j| u.text(j) == ";")?;
            let start = (s + 1..last_semi)
                .rev()
                .find(|&j| u.text(j) == ";")
                .map_or(s + 1, |j| j + 1);
            (u.text(start) == "return").then_some(close)
        }
        _ => None,
    }
}

/// The `(C, G)` name tokens of each `||` term of the condition `[s, e)` that
/// reads `C % G != 0` or `C % G` (parenthesized or not); none when the
/// condition has a `?:`, a comma or an assignment, whose terms do not split
/// at `||`.
fn divisibility_terms(u: &super::Unit, s: usize, e: usize) -> Vec<(usize, usize)> {
    if (s..e).any(|j| matches!(u.text(j), "?" | "," | "{") || is_write_op(u.text(j))) {
        return Vec::new();
    }
    let mut terms = Vec::new();
    let mut depth = 0usize;
    let mut start = s;
    for j in s..=e {
        let t = if j < e { u.text(j) } else { "||" };
        match t {
            "(" | "[" => depth += 1,
            ")" | "]" => depth = depth.saturating_sub(1),
            "||" if depth == 0 => {
                terms.push((start, j));
                start = j + 1;
            }
            _ => {}
        }
    }
    terms
        .into_iter()
        .filter_map(|(ts, te)| {
            let (mut ts, mut te) = strip_parens(u, ts, te);
            if te >= ts + 2
                && u.text(te - 2) == "!="
                && parse_int_literal(u.text(te - 1)) == Some(0)
            {
                (ts, te) = strip_parens(u, ts, te - 2);
            }
            (te == ts + 3 && u.text(ts + 1) == "%" && u.is_ident(ts) && u.is_ident(ts + 2))
                .then_some((ts, ts + 2))
        })
        .collect()
}

impl Eval<'_, '_> {
    /// Whether the name at `q`, in the body of a lambda that makes the
    /// launch (`std::thread([&]() { dim3 grid((cols - 2) / t); k<<<grid,
    /// t>>>(cols); })`), is a local of the function the lambda is written in
    /// that has, at `q`, the value it has at the end of the launch.
    ///
    /// The lambda may run at any time after it is made (on another thread),
    /// so the value read is whichever one the variable has then; what must
    /// hold is that it does not change from `q` to the launch. It does not
    /// when: the variable is a non-`static`, non-`volatile` scalar local of
    /// the enclosing function (no other function names it; a pointer or
    /// reference that escaped before is allowed); the enclosing function
    /// writes it only before the statement making the lambda and not in a
    /// loop around that statement, and has no `goto`; from the statement of
    /// `q` to the end of the launch (and in loops around the launch that
    /// start after `q`) every mention of it is a plain read in the lambda's
    /// own body, the lambda makes no call other than kernel launches and
    /// functions of values ([`Eval::harmless_paren`]), and nothing there is
    /// a nested body. A write through an escaped alias is
    /// then made by another thread, unordered with one of the two reads
    /// (the lambda performs no synchronizing call between them): a data
    /// race, undefined behaviour of the host program.
    fn captured_unchanged(&self, q: usize, launch: &LaunchAt) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(q);
        let Some((decl, DeclScope::Block(Some(o)))) = scopes.visible(u, name, q) else {
            return false;
        };
        let Some(f) = self.function_of(launch.name_at) else {
            return false;
        };
        if scopes.kinds.get(&f) != Some(&BlockKind::Lambda)
            || self.function_of(q) != Some(f)
            || !self.straight_path(q, f)
            || !self.straight_path(launch.name_at, f)
            || decl.is_static
            || self.volatile_or_array(decl.at, &decl.binding)
            || HostIntTy::of(decl.ty).is_none()
        {
            return false;
        }
        // The statement making the lambda, directly in the function (or
        // enclosing lambda) `g` that declares the variable.
        let made = self.statement_start(f);
        let Some(g) = self.function_of(decl.at) else {
            return false;
        };
        if self.function_of(made) != Some(g)
            || decl.at >= made
            || !(o == g || scopes.inside(g, o))
            || !scopes.inside(o, f)
            || matches!(
                scopes.kinds.get(&o),
                None | Some(BlockKind::Opaque | BlockKind::Namespace)
            )
            || scopes.gotos.iter().any(|&k| scopes.inside(g, k))
        {
            return false;
        }
        let own = |w: usize| {
            scopes
                .visible(u, name, w)
                .is_some_and(|(d, _)| d.at == decl.at)
        };
        // Writes of the enclosing function: before the lambda is made.
        let around_made = scopes.loops_between(u, decl.at, made);
        let g_end = scopes.closing.get(&g).copied().unwrap_or(u.toks.len());
        for w in decl.at + 1..g_end {
            if u.text(w) != name || !u.is_ident(w) || !own(w) || scopes.inside(f, w) {
                continue;
            }
            // A plain read anywhere (also in another lambda) writes nothing.
            if self.only_read(w) {
                continue;
            }
            let nested = !self.straight_path(w, g);
            if w >= made || nested || around_made.iter().any(|&(s, e)| s <= w && w <= e) {
                return false;
            }
        }
        // From `q` to the end of the launch: plain reads, no calls.
        let mut ranges = vec![(self.statement_start(q), launch.end)];
        ranges.extend(scopes.loops_between(u, q, launch.name_at));
        for (s, e) in ranges {
            if !scopes.inside(f, s) && s != f {
                return false;
            }
            for k in s..=e.min(u.toks.len().saturating_sub(1)) {
                let t = u.text(k);
                if t == "{" && !self.straight_path(k + 1, f) {
                    return false;
                }
                if t == "(" && !self.harmless_paren(k) {
                    return false;
                }
                if t == name
                    && u.is_ident(k)
                    && own(k)
                    && (!self.only_read(k) || !self.straight_path(k, f))
                {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the name `log2` at `q` is the C library's function (of one
    /// value, writing no memory, whose `double` result for an integer `x >=
    /// 1` is below `k + 1` for `x < 2^(k + 1)`): no declaration of the name
    /// in view there, and every mention of `log2` in the unit is a call
    /// `log2(` after an operator, an opening token or `std::` (a declarator
    /// `int (*log2)(int)`, a using-declaration, a member or another
    /// namespace's function may compute anything; a macro was expanded).
    pub(super) fn log2_is_library(&self, q: usize) -> bool {
        const BEFORE: [&str; 20] = [
            "+", "(", "=", ",", "%", "/", "-", "*", "return", "<", ">", "?", ":", "==", "!=", "<=",
            ">=", "[", "{", ")",
        ];
        let (u, scopes) = (self.unit, self.scopes);
        if scopes.visible(u, "log2", q).is_some() {
            return false;
        }
        (0..u.toks.len()).all(|k| {
            u.text(k) != "log2"
                || (k > 0
                    && u.text(k + 1) == "("
                    && (BEFORE.contains(&u.text(k - 1))
                        || (u.text(k - 1) == "::"
                            && k >= 2
                            && u.text(k - 2) == "std"
                            && (k < 3 || u.text(k - 3) != "::"))))
        })
    }

    /// The parameter type of the host function named at `q` when it is the
    /// unit's only declaration of that name, at file scope, and computes the
    /// floor of log2 of its one by-value integer parameter `n` (of at most 32
    /// bits) exactly so:
    /// `T f(U n) { V r = 0; while (n > 1) { n >>= 1; r++; } return r; }`
    /// (`n >= 2` or `1 < n` as the condition; `n /= 2`, `n = n >> 1` or
    /// `n = n / 2` as the halving; `++r`, `r += 1` or `r = r + 1`; the two
    /// statements in either order; integer types `T`, `V` other than `bool`).
    /// Every mention of the name in the unit is that definition or a call
    /// `f(` after an operator or opening token (no member, pointer,
    /// prototype, overload or using-declaration in view that another call
    /// could resolve to).
    ///
    /// What it computes: for `n >= 1`, the loop halves `n` (a non-negative
    /// value: `>>` and `/` by 2 are floor division) until it is 1, counting
    /// the steps: `r = floor(log2(n))`, `2^r <= n`, `0 <= r <= 31`, which
    /// every integer type holds; for `n < 1` it returns 0. It writes nothing
    /// but its own locals (`n` is a copy). So its value satisfies the fact of
    /// [`SizeExpr::Log2`] (`x >= 1 => 0 <= v && 2^v <= x`). Refused: other
    /// shapes (a ceiling `while ((1 << r) < n) r++`, `n > 0` or `r = 1`, one
    /// more than the floor), reference or pointer parameters, templates,
    /// members, anything else in the body.
    pub(super) fn floor_log2_function(&self, q: usize) -> Option<HostIntTy> {
        let (u, scopes) = (self.unit, self.scopes);
        if !u.is_ident(q) || u.text(q + 1) != "(" {
            return None;
        }
        if q > 0 && matches!(u.text(q - 1), "." | "->" | "::") {
            return None;
        }
        let name = u.text(q);
        let (decl, scope) = scopes.visible(u, name, q)?;
        if !matches!(scope, DeclScope::Block(None)) || scopes.decls.get(name)?.len() != 1 {
            return None;
        }
        let f = decl.at;
        if u.text(f + 1) != "(" {
            return None;
        }
        // The return type, after specifiers only (not a template, a member
        // `C::f`, a pointer or a reference).
        let mut s = f;
        while s > 0
            && (is_scalar_type(u.text(s - 1))
                || matches!(
                    u.text(s - 1),
                    "static" | "inline" | "__inline__" | "__forceinline__" | "__host__"
                ))
        {
            s -= 1;
        }
        if s > 0 && !matches!(u.text(s - 1), ";" | "}") {
            return None;
        }
        let int_of = |from: usize, to: usize| -> Option<HostIntTy> {
            let words: Vec<&str> = (from..to).map(|k| u.text(k)).collect();
            if words.is_empty() || words.iter().any(|w| !is_scalar_type(w)) {
                return None;
            }
            HostIntTy::of(super::value_ty(&words))
        };
        let ret_words: Vec<&str> = (s..f)
            .map(|k| u.text(k))
            .filter(|w| is_scalar_type(w))
            .collect();
        HostIntTy::of(super::value_ty(&ret_words))?;
        // One parameter `U n`: integer type words, then the name.
        let close = u.matching(f + 1, u.toks.len());
        if close < f + 4 || !u.is_ident(close - 1) || is_scalar_type(u.text(close - 1)) {
            return None;
        }
        let param = u.text(close - 1);
        let param_ty = int_of(f + 2, close - 1)?;
        if param_ty.bits > 32 || u.text(close + 1) != "{" {
            return None;
        }
        let end = u.matching(close + 1, u.toks.len());
        let body: Vec<&str> = (close + 2..end).map(|k| u.text(k)).collect();
        // `V r = 0 ;`
        let decl_end = body.iter().position(|t| *t == "=")?;
        if decl_end < 2 || body.get(decl_end + 1..decl_end + 3) != Some(&["0", ";"][..]) {
            return None;
        }
        let r = body[decl_end - 1];
        let words: Vec<&str> = body[..decl_end - 1].to_vec();
        if r == param
            || !u.is_ident(close + 2 + decl_end - 1)
            || words.is_empty()
            || words.iter().any(|w| !is_scalar_type(w))
            || HostIntTy::of(super::value_ty(&words)).is_none()
        {
            return None;
        }
        let rest = &body[decl_end + 3..];
        let cond_ok = |c: &[&str]| {
            c == [param, ">", "1"]
                || c == [param, ">=", "2"]
                || c == ["1", "<", param]
                || c == ["2", "<=", param]
        };
        let halving = |t: &[&str]| {
            t == [param, ">>=", "1", ";"]
                || t == [param, "/=", "2", ";"]
                || t == [param, "=", param, ">>", "1", ";"]
                || t == [param, "=", param, "/", "2", ";"]
        };
        let counting = |t: &[&str]| {
            t == [r, "++", ";"]
                || t == ["++", r, ";"]
                || t == [r, "+=", "1", ";"]
                || t == [r, "=", r, "+", "1", ";"]
        };
        // `while ( C ) { S1 S2 } return r ;`
        if rest.len() < 12
            || rest[..2] != ["while", "("]
            || rest[rest.len() - 3..] != ["return", r, ";"]
        {
            return None;
        }
        let cond_end = rest.iter().position(|t| *t == ")")?;
        if !cond_ok(&rest[2..cond_end]) || rest.get(cond_end + 1) != Some(&"{") {
            return None;
        }
        let stmts = &rest[cond_end + 2..rest.len() - 3];
        let (last, stmts) = stmts.split_last()?;
        if *last != "}" {
            return None;
        }
        let split = stmts.iter().position(|t| *t == ";")? + 1;
        let (a, b) = stmts.split_at(split);
        if !((halving(a) && counting(b)) || (counting(a) && halving(b))) {
            return None;
        }
        // Every mention: the definition, or a call after an operator.
        const BEFORE: [&str; 20] = [
            "+", "(", "=", ",", "%", "/", "-", "*", "return", "<", ">", "?", ":", "==", "!=", "<=",
            ">=", "[", "{", ")",
        ];
        let plain_calls = (0..u.toks.len()).all(|k| {
            u.text(k) != name
                || k == f
                || (k > 0 && u.text(k + 1) == "(" && BEFORE.contains(&u.text(k - 1)))
        });
        plain_calls.then_some(param_ty)
    }

    /// Whether the mention at `k` is a plain read ([`Eval::plain_mention`])
    /// and no write: not assigned (also in parentheses), incremented, read
    /// into or its address taken.
    fn only_read(&self, k: usize) -> bool {
        let u = self.unit;
        let mut j = k + 1;
        while u.text(j) == ")" {
            j += 1;
        }
        k > 0
            && !is_write_op(u.text(j))
            && u.text(j) != "."
            && !matches!(u.text(k - 1), "++" | "--" | ">>" | "&")
            && self.plain_mention(k)
    }

    /// Whether the `(` at `k` opens no call that may write a host variable or
    /// synchronize: a grouping, a condition, a cast, `sizeof`, a `dim3` or
    /// scalar declaration's initializer, a kernel launch's arguments (copied
    /// to the device), or a function of values only ([`PURE_CALLS`]; not
    /// `cudaMemcpy`, `memcpy`, `sprintf`, which write through a pointer
    /// argument, maybe an alias of the variable).
    fn harmless_paren(&self, k: usize) -> bool {
        let u = self.unit;
        if k == 0 {
            return false;
        }
        let prev = u.text(k - 1);
        if matches!(
            prev,
            "if" | "while" | "for" | "switch" | "sizeof" | "return" | "else" | "do"
        ) || PURE_CALLS.contains(&prev)
            || is_scalar_type(prev)
            || (prev == "log2" && self.log2_is_library(k - 1))
            || self.floor_log2_function(k - 1).is_some()
        {
            return true;
        }
        // `k<<<g, b>>>(args)`.
        if prev == ">" && k >= 2 && u.text(k - 2) == ">>" {
            return true;
        }
        // `dim3 grid(..)`, `int n(..)`: a declaration.
        if u.is_ident(k - 1) {
            return k >= 2 && (u.text(k - 2) == "dim3" || is_scalar_type(u.text(k - 2)));
        }
        // A grouping after an operator or a separator (not `f(..)(..)`,
        // `a[i](..)`, `f<T>(..)`, `[..]{..}(..)`).
        !matches!(prev, ")" | "]" | ">" | "}")
    }
}

/// Calls of values only: they write no memory.
const PURE_CALLS: [&str; 9] = [
    "dim3", "min", "max", "MIN", "MAX", "ceil", "floor", "sqrt", "abs",
];

/// Parses a launch size into a [`SizeExpr`]: integer literals, casts to
/// integer types, `+ - * / % & | ^`, shifts, names of the
/// launch's arguments, constants, and local variables defined from those.
struct RelationParser<'p, 'e, 'u, 'a> {
    eval: &'p Eval<'u, 'a>,
    launch: &'p LaunchAt<'e>,
    pos: usize,
    end: usize,
    depth: usize,
}

impl RelationParser<'_, '_, '_, '_> {
    fn peek(&self) -> &str {
        if self.pos < self.end {
            self.eval.unit.text(self.pos)
        } else {
            ""
        }
    }

    fn binary(&mut self, min_prec: u8) -> Option<SizeExpr> {
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH {
            return None;
        }
        let mut lhs = self.unary()?;
        loop {
            let (op, prec) = match self.peek() {
                "*" => (SizeOp::Mul, 10),
                "/" => (SizeOp::Div, 10),
                "%" => (SizeOp::Rem, 10),
                "+" => (SizeOp::Add, 9),
                "-" => (SizeOp::Sub, 9),
                "<<" => (SizeOp::Shl, 8),
                ">>" => (SizeOp::Shr, 8),
                "&" => (SizeOp::And, 5),
                "^" => (SizeOp::Xor, 4),
                "|" => (SizeOp::Or, 3),
                // Anything else ends the expression (the caller checks it
                // reached the end).
                _ => return Some(lhs),
            };
            if prec < min_prec {
                return Some(lhs);
            }
            self.pos += 1;
            let rhs = self.binary(prec + 1)?;
            // `log2(n) - 1` computes in `double`: not this operation.
            if lhs.has_log2() || rhs.has_log2() {
                return None;
            }
            lhs = match op {
                SizeOp::Shl | SizeOp::Shr => {
                    // A shift by a constant within the promoted left type
                    // (other counts are undefined in C), or by a value
                    // (`1 << log2n`), which keeps its own promoted type: the
                    // relation is then assumed only where the amount is
                    // within the width (see `ide::relations::shift_amounts`).
                    let ty = lhs.ty().promoted();
                    let amount = match rhs {
                        SizeExpr::Const(count, _) => {
                            if !(0..i128::from(ty.bits)).contains(&count) {
                                return None;
                            }
                            SizeExpr::Const(count, ty)
                        }
                        amount => {
                            let amount_ty = amount.ty().promoted();
                            amount.to(amount_ty)
                        }
                    };
                    SizeExpr::Binary(op, Box::new(lhs.to(ty)), Box::new(amount), ty)
                }
                _ => {
                    let ty = HostIntTy::common(lhs.ty(), rhs.ty());
                    SizeExpr::Binary(op, Box::new(lhs.to(ty)), Box::new(rhs.to(ty)), ty)
                }
            };
        }
    }

    fn unary(&mut self) -> Option<SizeExpr> {
        let u = self.eval.unit;
        match self.peek() {
            "-" => {
                self.pos += 1;
                let v = self.unary()?;
                if v.has_log2() {
                    return None;
                }
                let ty = v.ty().promoted();
                return Some(SizeExpr::Neg(Box::new(v.to(ty)), ty));
            }
            "+" => {
                self.pos += 1;
                let v = self.unary()?;
                if v.has_log2() {
                    return None;
                }
                let ty = v.ty().promoted();
                return Some(v.to(ty));
            }
            "(" => {
                let close = u.matching(self.pos, self.end);
                if close >= self.end {
                    return None;
                }
                let is_cast = close > self.pos + 1
                    && (self.pos + 1..close)
                        .all(|k| is_scalar_type(u.text(k)) || DECL_QUALIFIERS.contains(&u.text(k)));
                if is_cast {
                    let ty = cast_type(self.eval, self.pos + 1, close)?;
                    self.pos = close + 1;
                    let v = self.unary()?;
                    return Some(v.to(ty));
                }
                let v =
                    self.eval
                        .size_relation(self.pos + 1, close, self.launch, self.depth + 1)?;
                self.pos = close + 1;
                return Some(v);
            }
            _ => {}
        }
        let at = self.pos;
        if at >= self.end {
            return None;
        }
        match u.kind(at)? {
            TokKind::Number => {
                self.pos += 1;
                literal(u.text(at))
            }
            TokKind::Ident if u.text(at) == "static_cast" => {
                // static_cast<T>(e)
                if u.text(at + 1) != "<" {
                    return None;
                }
                let close = (at + 2..self.end).find(|&k| u.text(k) == ">")?;
                let ty = cast_type(self.eval, at + 2, close)?;
                if u.text(close + 1) != "(" {
                    return None;
                }
                let paren = u.matching(close + 1, self.end);
                if paren >= self.end {
                    return None;
                }
                let v = self
                    .eval
                    .size_relation(close + 2, paren, self.launch, self.depth + 1)?;
                self.pos = paren + 1;
                Some(v.to(ty))
            }
            TokKind::Ident => self.name(),
            _ => None,
        }
    }

    /// A name: an argument of the launch, a constant, or a local variable
    /// defined from those.
    fn name(&mut self) -> Option<SizeExpr> {
        let (eval, u) = (self.eval, self.eval.unit);
        let q = self.pos;
        if let Some(v) = self.log2_call() {
            return Some(v);
        }
        if let Some(v) = self.floor_log2_call() {
            return Some(v);
        }
        self.pos += 1;
        // Members, calls, subscripts and qualified names are not followed.
        let next = self.peek();
        if matches!(next, "." | "->" | "(" | "[" | "::" | "<")
            || (q > 0 && matches!(u.text(q - 1), "::" | "." | "->"))
        {
            return None;
        }
        let name = u.text(q);
        let (binding, ty) = eval.lookup(q).unwrap_or((Binding::Unknown, ValueTy::Other));
        // Passed to the kernel, with the value it has here.
        let decl_at = |at: usize| eval.scopes.visible(u, name, at).map(|(d, _)| d.at);
        let passed = self.launch.args.iter().position(|&(a, b)| {
            b == a + 1 && u.text(a) == name && decl_at(a).is_some() && decl_at(a) == decl_at(q)
        });
        if let Some(index) = passed {
            if let Some(host_ty) = HostIntTy::of(ty) {
                if eval.unchanged_until_launch(q, self.launch) {
                    return Some(SizeExpr::Arg(index, host_ty));
                }
            }
        }
        let host_ty = HostIntTy::of(ty)?;
        // A template parameter of the launching function passed as a
        // template argument: one value in each instantiation of both.
        let template = self.launch.template_args.iter().position(|&(a, b)| {
            b == a + 1 && u.text(a) == name && decl_at(a).is_some() && decl_at(a) == decl_at(q)
        });
        if let Some(index) = template {
            if eval.template_parameter_of_launcher(q, self.launch) {
                return Some(SizeExpr::Template(index, host_ty));
            }
        }
        if let Some(v) = eval.expr(q, q + 1, self.depth + 1) {
            return host_ty.holds(v).then_some(SizeExpr::Const(v, host_ty));
        }
        // A local computed from arguments: its definition that reaches here.
        if let Binding::Scalar(s, e) = binding {
            if eval.local_variable(q, self.launch) {
                if let Some(v) = eval.size_relation(s, e, self.launch, self.depth + 1) {
                    return Some(v.to(host_ty));
                }
            }
        }
        // A variable the launch does not pass but passes its exact quotient
        // by an argument: `K * G` (see [`Eval::exact_quotient_product`]).
        if let Some(v) = eval.exact_quotient_product(q, host_ty, self.launch, self.depth + 1) {
            return Some(v);
        }
        // The variable that is a block component of this launch, with the
        // value it has there (see [`Eval::block_extent_variables`]).
        let d = self
            .launch
            .block_extents
            .iter()
            .position(|at| at.is_some() && *at == decl_at(q))?;
        if host_ty.bits > 32 || !eval.unchanged_until_launch(q, self.launch) {
            return None;
        }
        Some(SizeExpr::BlockDim(u8::try_from(d).ok()?, host_ty))
    }
}

impl RelationParser<'_, '_, '_, '_> {
    /// `log2(E)` (or `std::log2(E)`) at the parser's position, with `E` an
    /// integer expression over the arguments of at most 32 bits, when `log2`
    /// is the C library's ([`Eval::log2_is_library`]): a
    /// [`SizeExpr::Log2`].
    fn log2_call(&mut self) -> Option<SizeExpr> {
        let (eval, u) = (self.eval, self.eval.unit);
        let mut q = self.pos;
        // `std::log2`: the parser stands at `std` (not `::std`).
        if u.text(q) == "std" && u.text(q + 1) == "::" && u.text(q + 2) == "log2" {
            if q > 0 && u.text(q - 1) == "::" {
                return None;
            }
            q += 2;
        }
        if u.text(q) != "log2" || u.text(q + 1) != "(" {
            return None;
        }
        if q > 0 && matches!(u.text(q - 1), "." | "->") {
            return None;
        }
        if q > 0 && u.text(q - 1) == "::" && (q < 2 || u.text(q - 2) != "std") {
            return None;
        }
        if !eval.log2_is_library(q) {
            return None;
        }
        let close = u.matching(q + 1, self.end);
        if close >= self.end {
            return None;
        }
        let inner = eval.size_relation(q + 2, close, self.launch, self.depth + 1)?;
        // Converted to `double` exactly: at most 32 bits, no nested `log2`.
        if inner.ty().bits > 32 || inner.has_log2() {
            return None;
        }
        self.pos = close + 1;
        Some(SizeExpr::Log2(Box::new(inner)))
    }
}

impl RelationParser<'_, '_, '_, '_> {
    /// A call `f(E)` of a host function that computes the floor of log2 of
    /// its parameter ([`Eval::floor_log2_function`]), with `E` an integer
    /// expression over the arguments of exactly the parameter's type: a
    /// [`SizeExpr::Log2`] of `E`. The exact type makes `f` an exact match, so
    /// no other overload in view or not (a standard library's integral
    /// `log2` template loses to a non-template of equal rank) is called
    /// unless it is as good, which is ambiguous; and a library `log2` of the
    /// same `E` (at most 32 bits, exact as a `double`) satisfies the same fact.
    fn floor_log2_call(&mut self) -> Option<SizeExpr> {
        let (eval, u) = (self.eval, self.eval.unit);
        let q = self.pos;
        let param_ty = eval.floor_log2_function(q)?;
        let close = u.matching(q + 1, self.end);
        if close >= self.end {
            return None;
        }
        let inner = eval.size_relation(q + 2, close, self.launch, self.depth + 1)?;
        if inner.ty() != param_ty || inner.has_log2() {
            return None;
        }
        self.pos = close + 1;
        Some(SizeExpr::Log2(Box::new(inner)))
    }
}

/// The integer type of the cast type words `[s, e)`.
fn cast_type(eval: &Eval, s: usize, e: usize) -> Option<HostIntTy> {
    let words: Vec<&str> = (s..e)
        .map(|k| eval.unit.text(k))
        .filter(|t| !matches!(*t, "const" | "std" | "::" | "volatile"))
        .collect();
    if words.is_empty() || words.iter().any(|w| !is_scalar_type(w)) {
        return None;
    }
    HostIntTy::of(super::value_ty(&words))
}

/// An integer literal with its C type (`int`, then `long`; `unsigned` with a
/// `u` suffix, or for a hexadecimal or octal literal that needs it).
fn literal(text: &str) -> Option<SizeExpr> {
    let v = parse_int_literal(text)?;
    let suffix: String = text
        .trim_start_matches("0x")
        .trim_start_matches("0X")
        .chars()
        .rev()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    let unsigned = suffix.contains('u');
    let long = suffix.contains('l');
    let based = text.len() > 1 && text.starts_with('0');
    let candidates: &[HostIntTy] = match (unsigned, long, based) {
        (false, false, false) => &[HostIntTy::INT, HostIntTy::LONG],
        (false, false, true) => &[
            HostIntTy::INT,
            HostIntTy::UINT,
            HostIntTy::LONG,
            HostIntTy::ULONG,
        ],
        (true, false, _) => &[HostIntTy::UINT, HostIntTy::ULONG],
        (false, true, false) => &[HostIntTy::LONG],
        (false, true, true) => &[HostIntTy::LONG, HostIntTy::ULONG],
        (true, true, _) => &[HostIntTy::ULONG],
    };
    let ty = candidates.iter().copied().find(|t| t.holds(v))?;
    Some(SizeExpr::Const(v, ty))
}

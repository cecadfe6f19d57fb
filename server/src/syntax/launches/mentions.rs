//! Which mentions of a host variable leave it unaliased: a launch relation
//! over a variable needs every write of it to be one the scanner sees at its
//! position. A mention that may bind a reference or a pointer to it (a whole
//! argument of an unknown call, `&n`, `int &r = (n)`, `Cfg c{n}`, an operand
//! of `?:`), or whose effect a token scanner cannot tell, makes any later
//! write through the alias invisible, so the variable gets no relation.
//! A whitelist: each mention must be a plain read or a direct write.

use crate::base::HashMap;

use super::non_writing_call;
use super::relations::LaunchAt;
use super::Unit;
use super::{is_scalar_type, is_write_op, Binding, BlockKind, Eval, TokKind, ValueTy};

/// Binary and unary operators whose operands are read as values (`&` is
/// left out: it may take an address).
const VALUE_OPERATORS: [&str; 19] = [
    "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&&", "||", "!", "~", "|", "^",
    "<<", ">>",
];
/// Compound assignments: their right operand is read as a value.
const COMPOUND_ASSIGN: [&str; 10] = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="];

impl Eval<'_, '_> {
    /// Whether every mention of the variable declared at `decl_at` that can
    /// matter at the launch (from its declaration to the end of the launch,
    /// and anywhere in a loop around the launch) is a plain read or a direct
    /// write (see the module comment).
    pub(super) fn mentions_are_plain(&self, decl_at: usize, launch: &LaunchAt) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(decl_at);
        let mut ranges = vec![(decl_at, launch.end)];
        ranges.extend(scopes.loops_between(u, decl_at, launch.name_at));
        for (s, e) in ranges {
            for i in s..=e.min(u.toks.len().saturating_sub(1)) {
                if i == decl_at || u.text(i) != name || !u.is_ident(i) {
                    continue;
                }
                let own = scopes
                    .visible(u, name, i)
                    .is_some_and(|(d, _)| d.at == decl_at);
                // A mention in a nested body (a lambda, whatever its
                // classification) runs when that body is called.
                let nested = self
                    .function_of(launch.name_at)
                    .is_none_or(|f| !self.straight_path(i, f));
                if own && (nested || !self.plain_mention(i)) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether token `i` is in the body `f` through statement, loop and
    /// switch blocks only (not in a lambda or a block not understood, which
    /// may run at another time).
    pub(super) fn straight_path(&self, i: usize, f: usize) -> bool {
        let scopes = self.scopes;
        let mut b = scopes.block_of(i);
        while let Some(o) = b {
            if o == f {
                return true;
            }
            if !matches!(
                scopes.kinds.get(&o),
                Some(BlockKind::Statement | BlockKind::Loop | BlockKind::Switch)
            ) {
                return false;
            }
            b = scopes.block_of(o);
        }
        false
    }

    /// Whether the mention at `i` is a plain read or a direct write.
    pub(super) fn plain_mention(&self, i: usize) -> bool {
        let u = self.unit;
        let prev = if i > 0 { u.text(i - 1) } else { "" };
        // `s.n`, `p->n`, `S::n`: a member of that name, not this variable.
        if matches!(prev, "." | "->" | "::") {
            return true;
        }
        // `g.x` of a `dim3`: the component is the value used.
        let end = if matches!(u.text(i + 1), "." | "->") && u.is_ident(i + 2) {
            i + 2
        } else {
            i
        };
        self.plain_use(i, end, 0)
    }

    /// Whether the expression `[start, end]` (a mention, or a parenthesized
    /// group around one) is used as a plain read or directly written.
    fn plain_use(&self, start: usize, end: usize, depth: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        if depth > 8 || start == 0 {
            return false;
        }
        let prev = u.text(start - 1);
        let next = u.text(end + 1);
        // Direct writes (`n = e;`, `n += e`, `n++`, `++n`, `cin >> n`): the
        // scanner sees them where they are. Written as an operand of
        // anything else (`(c ? n : m) /= 2`): not followed.
        // Only as a whole statement (or a loop step): a write is an lvalue
        // that a reference may bind (`int &r = ++n;`, `f(n = m)`).
        let statement_start = |k: usize| matches!(u.text(k), ";" | "{" | "}" | ")" | "else" | "do");
        // The init clause of a `for` (`for (i = 0; ..)`) is an expression
        // statement too: its value is discarded, so no reference binds to it.
        let for_init = |k: usize| u.text(k) == "(" && k >= 1 && u.text(k - 1) == "for";
        if is_write_op(next) {
            return statement_start(start - 1)
                || for_init(start - 1)
                || self.comma_in_for_step(start - 1);
        }
        if matches!(prev, "++" | "--") {
            return start >= 2 && statement_start(start - 2) && matches!(next, ";" | ")");
        }
        if prev == ">>" && next == ";" {
            return true;
        }
        if self.conditional_initializer_arm(start, end) {
            return true;
        }
        // What follows must continue or end a value: not `[`, `(`, `{`, `.`,
        // `:`, `&`.
        let operand_next = VALUE_OPERATORS.contains(&next) || next == "?";
        // (`}` ends the last element of a braced list, like `,` another.)
        if !(operand_next || matches!(next, ";" | ")" | "]" | "," | "}")) {
            return false;
        }
        // `c ? n : m` may be an lvalue a reference binds to; `c ? n * 2 : m`
        // is not (`n` is an operand of the tighter `*`).
        if matches!(prev, "?" | ":") && !operand_next || prev == "&" {
            return false;
        }
        // A whole element of a launch configuration `<<<g, b, smem, s>>>`:
        // each is converted to a `dim3`, `size_t` or stream by value.
        if self.launch_configuration_element(start, end) {
            return true;
        }
        // An operand of a value operator (no reference binds to `n + 1`).
        if operand_next
            || VALUE_OPERATORS.contains(&prev)
            || COMPOUND_ASSIGN.contains(&prev)
            || prev == "return"
        {
            return true;
        }
        match prev {
            // `(size_t)n`: a cast to an arithmetic type makes a value (a
            // prvalue), which no reference or pointer can bind to `n`.
            ")" => self.arithmetic_cast(start - 1),
            // `a[n]`.
            "[" => next == "]",
            // The right side of `=`: only into a tracked scalar or `dim3`
            // (not a reference, not a class whose constructor may keep one).
            "=" => start >= 2 && self.scalar_target(start - 2),
            // A whole element of a parenthesized or braced list.
            "(" | "," | "{" => {
                let Some(open) = scopes.enclosing.get(start).copied().flatten() else {
                    return false;
                };
                let close = scopes.closing.get(&open).copied().unwrap_or(open);
                match u.text(open) {
                    "(" => self.by_value_list(open, close, start, end, depth),
                    "{" => {
                        (open >= 1 && self.by_value_declaration(open - 1))
                            || self.aggregate_of_scalars(open)
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// The expression that element `index` of the local array named at `at`
    /// holds there: `size_t b[2]; b[0] = 32; b[1] = 256 / b[0]; dim3
    /// block(b[0], b[1]);` gives `32` for `b[0]`. The array is a non-`static`
    /// local of the function (or lambda) body around `at`, and each mention
    /// of it other than its declaration is an element with an integer
    /// literal subscript (`b[1]`), in that body (not in a nested lambda),
    /// that is read as a plain value or written directly as a statement
    /// (`b[1] = e;`, `b[1] += e;`, `b[1]++;`): no pointer or reference to
    /// the array or an element exists, and a computed subscript, which may
    /// name any element, never writes one. Each element is then a scalar
    /// local of its own: its value is that of its last definition, a
    /// statement `b[1] = e;` (or the element's initializer) in a block
    /// around `at` that every path to `at` runs last, decided as for a
    /// scalar by [`Scopes::definition_reaches`].
    pub(super) fn array_element(&self, at: usize, index: i128) -> Option<(usize, usize)> {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        let (decl, scope) = scopes.visible(u, name, at)?;
        let super::DeclScope::Block(Some(_)) = scope else {
            return None;
        };
        let f = self.function_of(at)?;
        if decl.is_static
            || u.text(decl.at + 1) != "["
            || !self.straight_path(decl.at, f)
            || !self.straight_path(at, f)
        {
            return None;
        }
        let literal = |i: usize| -> Option<i128> {
            (u.text(i + 1) == "[" && u.text(i + 3) == "]")
                .then(|| super::parse_int_literal(u.text(i + 2)))
                .flatten()
        };
        let mut writes = Vec::new();
        let mut defs = Vec::new();
        for i in 0..u.toks.len() {
            if i == decl.at
                || u.text(i) != name
                || !u.is_ident(i)
                || matches!(u.text(i.wrapping_sub(1)), "." | "->" | "::")
            {
                continue;
            }
            let own = scopes
                .visible(u, name, i)
                .is_some_and(|(d, _)| d.at == decl.at);
            if !own {
                continue;
            }
            let element = literal(i)?;
            let close = i + 3;
            let (prev, next) = (u.text(i.wrapping_sub(1)), u.text(close + 1));
            if !self.straight_path(i, f)
                || matches!(prev, "&")
                || matches!(next, "[" | "." | "->")
                || !self.plain_use(i, close, 0)
            {
                return None;
            }
            let write = super::is_write_op(next) || matches!(prev, "++" | "--" | ">>");
            if element != index || !write {
                continue;
            }
            writes.push(i);
            if next == "=" && matches!(prev, ";" | "{" | "}") {
                let mut end = close + 2;
                while end < u.toks.len()
                    && !(u.text(end) == ";" && scopes.enclosing[end] == scopes.enclosing[i])
                {
                    end += 1;
                }
                defs.push((i, (close + 2, end)));
            }
        }
        // The last definition before `at` in a block around it.
        let around = |w: usize| {
            let mut b = scopes.block_of(at);
            while let Some(o) = b {
                if scopes.block_of(w) == Some(o) {
                    return true;
                }
                b = scopes.block_of(o);
            }
            false
        };
        let (def_at, range) = match defs.iter().filter(|&&(w, _)| w < at && around(w)).max() {
            Some(&(w, range)) => (w, range),
            None => match &decl.binding {
                Binding::Array(elements) => (decl.at, *elements.get(usize::try_from(index).ok()?)?),
                _ => return None,
            },
        };
        scopes
            .definition_reaches(u, decl.at, def_at, at, &writes)
            .then_some(range)
    }

    /// Whether every element of the array named at `at` keeps the value of
    /// its initializer: each mention of the array (its declaration aside,
    /// anywhere in its scope) is an element `a[i]` read as a plain value.
    /// Any other mention (`f(a)`, `&a[0]`, `a + 1`, `a[i] = v`, `a[i]++`,
    /// `cin >> a[i]`, `g(a[i])` with a callee that may take a reference)
    /// may write an element, or make a pointer or reference through which
    /// one may be written.
    pub(super) fn array_read_only(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(at);
        let Some((decl, _)) = scopes.visible(u, name, at) else {
            return false;
        };
        (0..u.toks.len()).all(|i| {
            if i == decl.at
                || u.text(i) != name
                || !u.is_ident(i)
                || matches!(u.text(i.wrapping_sub(1)), "." | "->" | "::")
            {
                return true;
            }
            let own = scopes
                .visible(u, name, i)
                .is_some_and(|(d, _)| d.at == decl.at);
            if !own {
                return true;
            }
            if u.text(i + 1) != "[" {
                return false;
            }
            let close = u.matching(i + 1, u.toks.len());
            let (prev, next) = (u.text(i.wrapping_sub(1)), u.text(close + 1));
            !is_write_op(next)
                && !matches!(prev, "&" | "++" | "--" | ">>")
                && !matches!(next, "[" | "." | "->")
                && self.plain_use(i, close, 0)
        })
    }

    /// Whether the `)` at `close` ends a C-style cast to an arithmetic type
    /// (`(size_t)`, `(unsigned long)`, `(const int)`): only type keywords
    /// between the parentheses, no `&` or `*`.
    fn arithmetic_cast(&self, close: usize) -> bool {
        let u = self.unit;
        let Some(open) = self.scopes.enclosing.get(close - 1).copied().flatten() else {
            return false;
        };
        if u.text(open) != "("
            || open + 1 >= close
            || self.scopes.closing.get(&open) != Some(&close)
        {
            return false;
        }
        // `f(int) n` is no expression; `sizeof(int)` is a value, not a cast.
        if open > 0 && (u.is_ident(open - 1) || u.text(open - 1) == ">") {
            return false;
        }
        (open + 1..close).all(|k| {
            let t = u.text(k);
            is_scalar_type(t) || matches!(t, "const" | "volatile" | "std" | "::")
        }) && (open + 1..close).any(|k| is_scalar_type(u.text(k)) && u.text(k) != "auto")
    }

    /// Whether `[start, end]` is a whole element of a launch configuration
    /// (`<<<a, b, c>>>`): between `<<<` or a comma and a comma or `>>>`, with
    /// only balanced brackets and no statement boundary on the way.
    fn launch_configuration_element(&self, start: usize, end: usize) -> bool {
        let u = self.unit;
        let before = start >= 2 && u.text(start - 2) == "<<" && u.text(start - 1) == "<";
        let after = u.text(end + 1) == ">>" && u.text(end + 2) == ">";
        let comma_before = start >= 1 && u.text(start - 1) == ",";
        let comma_after = u.text(end + 1) == ",";
        if !(before || comma_before) || !(after || comma_after) {
            return false;
        }
        // The opening `<<<` behind, at bracket depth 0.
        let opens = before || {
            let mut depth = 0usize;
            let mut found = false;
            let mut i = start - 1;
            while i >= 2 && start - i < 256 {
                match u.text(i) {
                    ")" | "]" | "}" => depth += 1,
                    "(" | "[" | "{" => match depth.checked_sub(1) {
                        Some(d) => depth = d,
                        None => break,
                    },
                    ";" => break,
                    "<" if depth == 0 && u.text(i - 1) == "<<" => {
                        found = true;
                        break;
                    }
                    _ => {}
                }
                i -= 1;
            }
            found
        };
        // The closing `>>>` ahead, at bracket depth 0.
        let closes = after || {
            let mut depth = 0usize;
            let mut found = false;
            let mut i = end + 1;
            while i < u.toks.len() && i - end < 256 {
                match u.text(i) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => match depth.checked_sub(1) {
                        Some(d) => depth = d,
                        None => break,
                    },
                    ";" => break,
                    ">>" if depth == 0 && u.text(i + 1) == ">" => {
                        found = true;
                        break;
                    }
                    _ => {}
                }
                i += 1;
            }
            found
        };
        opens && closes
    }

    /// Whether an element `[start, end]` of the list in parentheses
    /// `open..close` is passed or used by value.
    fn by_value_list(
        &self,
        open: usize,
        close: usize,
        start: usize,
        end: usize,
        depth: usize,
    ) -> bool {
        let u = self.unit;
        if open == 0 {
            return false;
        }
        let callee = u.text(open - 1);
        // A kernel launch's arguments are copied to the device.
        if callee == ">" && open >= 2 && u.text(open - 2) == ">>" {
            return true;
        }
        // A parenthesized group `(n)`: its own use decides.
        if start == open + 1 && end + 1 == close && !u.is_ident(open - 1) && callee != ">" {
            let grouping =
                matches!(callee, "if" | "while" | "switch") || !matches!(callee, ")" | "]" | ">");
            return grouping && self.plain_use(open, close, depth + 1);
        }
        matches!(callee, "if" | "while" | "switch" | "sizeof" | "return")
            || non_writing_call(callee) && !matches!(callee, "if" | "while")
            || self.by_value_declaration(open - 1)
            // A whole name, a `dim3` component `g.x` (an `unsigned int`), or
            // an array element with a literal subscript `b[0]`.
            || ((start == end
                || end == start + 2 && u.text(start + 1) == "."
                || end == start + 3 && u.text(start + 1) == "[" && u.kind(start + 2) == Some(TokKind::Number))
                && call_by_value(u, &self.scopes.closing, open, close, start))
            // A whole name forwarded by a forwarding template to a function
            // that takes it by value (see `forwarded_by_value`).
            || (start == end && super::forwarded_by_value(u, open - 1, open, close, start))
    }

    /// Whether `name_at` is the name in a declaration `T name(...)` or
    /// `T name{...}` of a `dim3`, a scalar or a `std::vector` (whose
    /// constructors take sizes by value and copy what they are given).
    fn by_value_declaration(&self, name_at: usize) -> bool {
        let u = self.unit;
        if name_at == 0 || !u.is_ident(name_at) {
            return false;
        }
        let ty = u.text(name_at - 1);
        if ty == "dim3" || is_scalar_type(ty) {
            return true;
        }
        if ty != ">" {
            return false;
        }
        // `std::vector<T> v(n)`.
        let mut k = name_at - 1;
        let mut depth = 0usize;
        let mut steps = 0;
        while k > 0 && steps < 64 {
            match u.text(k) {
                ">" => depth += 1,
                ">>" => depth += 2,
                "<" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return k > 0 && u.text(k - 1) == "vector";
                    }
                }
                ";" | "{" | "}" | "(" | ")" => return false,
                _ => {}
            }
            k -= 1;
            steps += 1;
        }
        false
    }

    /// Whether token `k` is a `,` at the top level of a `for` loop's step
    /// (`for (..; ..; n -= 2, m <<= 2)`): an operand of that comma
    /// expression is evaluated for its effect only (the step's value is
    /// discarded), so a write there is a direct write no reference binds.
    fn comma_in_for_step(&self, k: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        if u.text(k) != "," {
            return false;
        }
        let Some(open) = scopes.enclosing[k] else {
            return false;
        };
        if u.text(open) != "(" || open == 0 || u.text(open - 1) != "for" {
            return false;
        }
        let semicolons = (open + 1..k)
            .filter(|&i| u.text(i) == ";" && scopes.enclosing[i] == Some(open))
            .count();
        semicolons == 2
    }

    /// Whether the token at `at` (left of an `=`) names a tracked scalar or
    /// `dim3` declared or assigned there, not a reference.
    /// Whether `[start, end]` is a whole arm of a conditional that is the
    /// whole right side of `=` into a tracked scalar (`int b = h < w ? h :
    /// w;`, HeCBench merkle's block size): the arm's value is copied into
    /// that scalar (lvalue-to-rvalue conversion), so no reference or
    /// pointer binds to it; the one `?` and `:` are at the top level of the
    /// initializer (not an argument of a call, which may take the lvalue by
    /// reference), and nothing in it writes or takes an address.
    fn conditional_initializer_arm(&self, start: usize, end: usize) -> bool {
        /// Tokens scanned each way.
        const REACH: usize = 64;
        let u = self.unit;
        let n = u.toks.len();
        if start == 0 || end + 1 >= n {
            return false;
        }
        let (prev, next) = (u.text(start - 1), u.text(end + 1));
        if !((prev == "?" && next == ":") || (prev == ":" && next == ";")) {
            return false;
        }
        // The `=` before, at the arm's nesting level.
        let mut level = 0usize;
        let mut k = start;
        let eq = loop {
            if k == 0 || start - k > REACH {
                return false;
            }
            k -= 1;
            match u.text(k) {
                ")" | "]" => level += 1,
                "(" | "[" if level == 0 => return false,
                "(" | "[" => level -= 1,
                "=" if level == 0 => break k,
                ";" | "{" | "}" => return false,
                "," if level == 0 => return false,
                _ => {}
            }
        };
        // The `;` after, at the same level.
        let mut level = 0usize;
        let mut k = end;
        let semi = loop {
            k += 1;
            if k >= n || k - end > REACH {
                return false;
            }
            match u.text(k) {
                "(" | "[" => level += 1,
                ")" | "]" if level == 0 => return false,
                ")" | "]" => level -= 1,
                ";" if level == 0 => break k,
                ";" | "{" | "}" => return false,
                "," if level == 0 => return false,
                _ => {}
            }
        };
        let mut level = 0usize;
        let (mut questions, mut colons) = (0, 0);
        for j in eq + 1..semi {
            match u.text(j) {
                "(" | "[" => level += 1,
                ")" | "]" => level = level.saturating_sub(1),
                "?" if level == 0 => questions += 1,
                ":" if level == 0 => colons += 1,
                "?" | ":" | "&" | "++" | "--" | "{" | "}" => return false,
                t if is_write_op(t) => return false,
                _ => {}
            }
        }
        questions == 1 && colons == 1 && eq >= 1 && self.scalar_target(eq - 1)
    }

    fn scalar_target(&self, at: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        if !u.is_ident(at) || at == 0 || matches!(u.text(at - 1), "&" | "&&" | "*" | "." | "->") {
            return false;
        }
        match scopes.visible(u, u.text(at), at + 1) {
            Some((d, _)) => {
                d.dim3
                    || (!matches!(d.binding, Binding::Unknown)
                        && matches!(d.ty, ValueTy::Int { .. } | ValueTy::Bool | ValueTy::Auto))
            }
            None => false,
        }
    }
}

/// Whether the call whose arguments are in `open..close` takes the
/// argument at `at` by value: every function declared with the callee's
/// name in the unit has a parameter there with no `&` (nor `...`). No
/// declaration in view (a library function, a lambda, a function
/// pointer): not known.
pub(super) fn call_by_value(
    u: &Unit,
    closing: &HashMap<usize, usize>,
    open: usize,
    close: usize,
    at: usize,
) -> bool {
    // `f(`, or `f<64>(` (explicit template arguments).
    let mut name_at = open - 1;
    if u.text(name_at) == ">" {
        match u.template_open(name_at, 0, 64, &[";", "{", "}", "(", ")"]) {
            Some(lt) => name_at = lt.saturating_sub(1),
            None => return false,
        }
    }
    let explicit_template_arguments = name_at + 1 != open;
    let callee = u.text(name_at);
    if !u.is_ident(name_at) || name_at < 1 || matches!(u.text(name_at - 1), "." | "->" | "::") {
        return false;
    }
    let index = u
        .split_commas(open + 1, close)
        .iter()
        .position(|&(s, e)| s <= at && at < e);
    let Some(index) = index else {
        return false;
    };
    let mut seen = false;
    for i in 1..u.toks.len().saturating_sub(1) {
        if u.text(i) != callee || !u.is_ident(i) || i == name_at {
            continue;
        }
        // The name of anything but a function (a lambda or functor
        // variable, a function pointer, a parameter) may be what the call
        // means, with parameters the scan does not see: `auto init = [](int
        // &m) {..}; init(n);` shadows a `void init(int);`.
        if u.text(i + 1) != "(" {
            // `f<64>(..)`: a call with template arguments.
            if matches!(u.text(i - 1), "." | "->") || u.text(i + 1) == "<" {
                continue;
            }
            // A whole argument `g(.., f, ..)`: an expression naming the
            // function (passed as a pointer), which declares nothing that
            // the call could mean (a parameter or variable declaration has
            // its type before the name).
            if matches!(u.text(i - 1), "(" | ",") && matches!(u.text(i + 1), "," | ")") {
                continue;
            }
            return false;
        }
        // A declaration: `T name(`, `T *name(`, `T &name(`, `> name(`.
        let prev = u.text(i - 1);
        let declared = (u.is_ident(i - 1) && !matches!(prev, "return" | "else" | "case" | "new"))
            || (matches!(prev, "*" | "&" | ">") && i >= 2 && u.is_ident(i - 2));
        let Some(&params_close) = closing.get(&(i + 1)) else {
            continue;
        };
        let after = u.text(params_close + 1);
        if !declared || !matches!(after, "{" | ";" | "const" | "noexcept" | "->") {
            continue;
        }
        seen = true;
        let params = u.split_commas(i + 2, params_close);
        // The arguments of a C ellipsis `f(const char *, ...)` are
        // passed by value (C++ [expr.call]: the callee gets their values
        // through `va_arg`); a parameter pack may be references (`T
        // &&...args`).
        let last = params.last().copied();
        let ellipsis = last.is_some_and(|(s, e)| e == s + 1 && u.text(s) == "...");
        if ellipsis && index + 1 >= params.len() {
            continue;
        }
        let Some(&(ps, pe)) = params.get(index) else {
            // Fewer parameters: another overload, unless variadic.
            if last.is_some_and(|(s, e)| (s..e).any(|k| u.text(k) == "...")) {
                return false;
            }
            continue;
        };
        // Scalar type words and a name (a typedef, a template or class
        // type may be a reference).
        let name_at = (ps..pe).find(|&k| u.text(k) == "=").unwrap_or(pe);
        let plain_scalar = name_at > ps + 1
            && u.is_ident(name_at - 1)
            && (ps..name_at - 1).all(|k| {
                let t = u.text(k);
                is_scalar_type(t) || matches!(t, "const" | "register")
            });
        // `template <class T> T f(T a, ..)` called without explicit
        // template arguments: deduction from the argument ([temp.deduct.call])
        // never makes `T` a reference for a parameter of type `T` (it takes
        // the argument's type without references and top-level `const`), so
        // the parameter is a copy whatever the argument is.
        let deduced_copy =
            !explicit_template_arguments && name_at > ps + 1 && u.is_ident(name_at - 1) && {
                let type_params = template_type_parameters(u, i);
                let words: Vec<&str> = (ps..name_at - 1).map(|k| u.text(k)).collect();
                words.iter().filter(|w| type_params.contains(w)).count() == 1
                    && words
                        .iter()
                        .all(|w| type_params.contains(w) || matches!(*w, "const" | "register"))
            };
        if !plain_scalar && !deduced_copy {
            return false;
        }
    }
    seen
}

/// The type parameters (`class T`, `typename T`) of the `template <..>`
/// header right before the function declaration whose name is at `name_at`
/// (only qualifiers, return type words and `*`/`&` between them); none when
/// the declaration has no template header.
fn template_type_parameters<'u>(u: &'u Unit, name_at: usize) -> Vec<&'u str> {
    let mut k = name_at;
    let mut steps = 0;
    let close = loop {
        if k == 0 || steps > 16 {
            return Vec::new();
        }
        k -= 1;
        steps += 1;
        match u.text(k) {
            ">" => break k,
            ";" | "{" | "}" | "(" | ")" | "," | "=" => return Vec::new(),
            _ => {}
        }
    };
    let Some(open) = (close.saturating_sub(64)..close)
        .rev()
        .find(|&o| u.text(o) == "<" && u.template_close(o) == Some(close))
    else {
        return Vec::new();
    };
    if open == 0 || u.text(open - 1) != "template" {
        return Vec::new();
    }
    u.split_commas(open + 1, close)
        .into_iter()
        .filter_map(|(s, e)| {
            let named =
                e >= s + 2 && matches!(u.text(s), "class" | "typename") && u.is_ident(s + 1);
            // `class T` or `class T = D`: the name after the keyword.
            let ends = s + 2 == e || u.text(s + 2) == "=";
            (named && ends).then(|| u.text(s + 1))
        })
        .collect()
}

//! What a use of a pointer variable's address `&p` may store in `p`
//! (FINDINGS.md H5, H8). Before session 60 every `&p` passed or stored was
//! read as an allocation (`cudaMalloc(&p, ..)`: `p`'s own root), so `float
//! **pb = &b; *pb = a;`, `memcpy(&b, &a, sizeof b)`, `set(&b, a)` with `void
//! set(float **p, float *q) { *p = q; }` or two `cudaHostGetDevicePointer(&x,
//! h, 0)` of one `h` left two views of one buffer apart. Now each use is
//! classified: an allocation's out-parameter keeps the own root, the uses
//! the scan can follow give the values they store, reads give nothing, and
//! every other use (a function out of view, the address stored somewhere
//! not followed) gives the wildcard: `p` may then hold anything.

use super::super::MAX_EVAL_DEPTH;
use super::{Eval, PointerView, ALLOCATION_CALLS, ANY_ROOT, NOT_CALLS};

/// Calls `f(&p, x, ..)` storing in `p` a pointer to what `x` points to:
/// the device pointer of a mapped host allocation, the address of a
/// `__device__` symbol.
const ALIAS_OUT_CALLS: [&str; 4] = [
    "cudaHostGetDevicePointer",
    "hipHostGetDevicePointer",
    "cudaGetSymbolAddress",
    "hipGetSymbolAddress",
];

/// Allocation calls of the driver API and other allocators storing a fresh
/// buffer through their first argument (besides [`ALLOCATION_CALLS`]).
const MORE_ALLOCATION_CALLS: [&str; 10] = [
    "cuMemAlloc",
    "cuMemAlloc_v2",
    "cuMemAllocManaged",
    "cuMemAllocHost",
    "cuMemHostAlloc",
    "cuMemAllocPitch",
    "cuMemAllocAsync",
    "hipMallocHost",
    "hipExtMallocWithFlags",
    "posix_memalign",
];

/// Byte copies `f(dst, src, ..)`: `&p` as `dst` gets the pointer stored at
/// `src`, `&p` as any other argument is read.
const COPY_CALLS: [&str; 6] = [
    "memcpy",
    "memmove",
    "cudaMemcpy",
    "cudaMemcpyAsync",
    "hipMemcpy",
    "hipMemcpyAsync",
];

/// Calls that only read through every pointer argument after the first
/// (copies to a device symbol, kernel arguments set by address).
const READ_AFTER_FIRST_CALLS: [&str; 6] = [
    "cudaMemcpyToSymbol",
    "cudaMemcpyToSymbolAsync",
    "hipMemcpyToSymbol",
    "hipMemcpyToSymbolAsync",
    "clSetKernelArg",
    "fprintf",
];

/// Operators whose operand is not evaluated (`sizeof(&p)`).
const UNEVALUATED: [&str; 5] = ["sizeof", "alignof", "decltype", "typeid", "noexcept"];

/// A function definition's parameters and one call's arguments (token
/// spans), matched by position.
type CallSpans<'a> = (&'a [(usize, usize)], &'a [(usize, usize)]);

/// What a use of `&p` may do to `p`.
pub(in super::super) enum AddressUse {
    /// Nothing: the address is only read through (or compared).
    Read,
    /// A fresh allocation is stored (`cudaMalloc(&p, ..)`): a value from
    /// somewhere not followed, `p`'s own root.
    Allocation,
    /// These values may be stored; `true` when `p` may also be moved
    /// (`*pp += k`: offsets unknown).
    Stores(Vec<PointerView>, bool),
}

impl Eval<'_, '_> {
    /// The wildcard view (see [`ANY_ROOT`]).
    fn any_view(context: &[usize]) -> PointerView {
        PointerView {
            root: ANY_ROOT.to_string(),
            offset: None,
            context: context.to_vec(),
            member_of: None,
            entry: None,
        }
    }

    /// Whether the `*` at `k` is the unary (dereference) operator: no
    /// operand ends right before it.
    fn unary_star(&self, k: usize) -> bool {
        let u = self.unit;
        if k == 0 {
            return true;
        }
        let prev = u.text(k - 1);
        if prev == ")" {
            // A cast `(void *)*pp` ends with `)` too.
            return super::super::matching_back(u, k - 1, 16).is_some_and(|o| {
                o + 1 < k - 1
                    && (o + 1..k - 1).all(|j| {
                        u.is_ident(j) && !matches!(u.text(j), "sizeof" | "alignof")
                            || matches!(u.text(j), "*" | "const" | "::" | "volatile")
                    })
                    && !(o > 0 && u.is_ident(o - 1))
            });
        }
        if prev == "]" {
            return false;
        }
        if u.is_ident(k - 1) {
            return matches!(prev, "return" | "case" | "throw" | "co_return");
        }
        // A literal (`2 * p` is no pointer use anyway) starts with a digit,
        // a quote.
        !prev.starts_with(|c: char| c.is_ascii_digit() || c == '\'' || c == '"')
    }

    /// The extent `[s, e)` of the address expression whose `&` is at
    /// `amp` and whose operand is the name at `amp + 1`, through casts and
    /// parentheses: `(void **)&p`, `(void **)(&p)`,
    /// `reinterpret_cast<void **>(&p)`.
    fn address_extent(&self, amp: usize) -> (usize, usize) {
        let u = self.unit;
        let n = u.toks.len();
        let (mut s, mut e) = (amp, amp + 2);
        loop {
            if s > 0 && u.text(s - 1) == ")" {
                if let Some(o) = super::super::matching_back(u, s - 1, 16) {
                    let cast = o + 1 < s - 1
                        && (o + 1..s - 1).all(|k| {
                            u.is_ident(k) || matches!(u.text(k), "*" | "const" | "::" | "volatile")
                        });
                    if cast {
                        s = o;
                        continue;
                    }
                }
            }
            if s > 0 && e < n && u.text(s - 1) == "(" && u.text(e) == ")" {
                let o = s - 1;
                if o > 0 && u.text(o - 1) == ">" {
                    if let Some(lt) = self.template_open(o - 1, 0) {
                        if lt > 0 && u.text(lt - 1).ends_with("_cast") {
                            s = lt - 1;
                            e += 1;
                            continue;
                        }
                    }
                    break;
                }
                let call = o > 0 && u.is_ident(o - 1) && !matches!(u.text(o - 1), "return");
                if !call {
                    s = o;
                    e += 1;
                    continue;
                }
            }
            break;
        }
        (s, e)
    }

    /// The name `&x` takes the address of in the expression `[s, e)` (casts
    /// and parentheses around it allowed).
    fn address_target(&self, s: usize, e: usize) -> Option<usize> {
        let u = self.unit;
        let amp = (s..e).find(|&k| u.text(k) == "&")?;
        (u.is_ident(amp + 1) && self.address_extent(amp) == (s, e)).then_some(amp + 1)
    }

    /// What the use of `&p` (its `&` at `i - 1`, `p` at `i`) may store in
    /// `p` (see the module comment).
    pub(in super::super) fn address_use(
        &self,
        i: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> AddressUse {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let wildcard = || AddressUse::Stores(vec![Self::any_view(context)], false);
        // `&p[k]`, `&p.m`, `&p->m`: an element's or member's address.
        if i + 1 < n && matches!(u.text(i + 1), "[" | "." | "->" | "(" | "::") {
            return AddressUse::Read;
        }
        if depth > MAX_EVAL_DEPTH {
            return wildcard();
        }
        let (s, e) = self.address_extent(i - 1);
        let pre = if s > 0 { u.text(s - 1) } else { "" };
        let post = if e < n { u.text(e) } else { "" };
        if matches!(pre, "==" | "!=") || matches!(post, "==" | "!=") {
            return AddressUse::Read;
        }
        match pre {
            "(" | "," | "{" | "[" => {
                let Some(open) = scopes.enclosing.get(s).copied().flatten() else {
                    return wildcard();
                };
                match u.text(open) {
                    "(" => self.call_address_use(open, s, e, depth, typed, context, visiting),
                    // `void *args[] = {&a, &b, &n};` read only by API
                    // launches (`argument_array_views`).
                    "{" if self.launch_argument_array_brace(open) => AddressUse::Read,
                    // A lambda capture `[&p]`: the lambda's assignments to
                    // `p` are mentions of `p` itself (followed as such).
                    "[" if {
                        let close = u.matching(open, n);
                        close + 1 < n && matches!(u.text(close + 1), "(" | "{" | "mutable" | "->")
                    } =>
                    {
                        AddressUse::Read
                    }
                    _ => wildcard(),
                }
            }
            "=" if s >= 2 => {
                let lhs = s - 2;
                // `args[0] = &a;` of an argument array read only by API
                // launches.
                if u.text(lhs) == "]" {
                    let array = super::super::matching_back(u, lhs, 16)
                        .and_then(|o| o.checked_sub(1))
                        .filter(|&a| u.is_ident(a));
                    if let Some(a) = array {
                        if self.launch_argument_array_store(a) {
                            return AddressUse::Read;
                        }
                    }
                    return wildcard();
                }
                if !u.is_ident(lhs) || (lhs > 0 && matches!(u.text(lhs - 1), "." | "->" | "::")) {
                    return wildcard();
                }
                // `T **pp = &p;` (declared here) or `pp = &p;`: what is
                // stored through `pp`.
                let declares = scopes
                    .decls
                    .get(u.text(lhs))
                    .is_some_and(|ds| ds.iter().any(|d| d.at == lhs));
                let decl = if declares {
                    Some(lhs)
                } else {
                    scopes.visible(u, u.text(lhs), lhs).map(|(d, _)| d.at)
                };
                match decl
                    .and_then(|d| self.pointee_writes(d, None, depth + 1, typed, context, visiting))
                {
                    Some((views, moved)) => AddressUse::Stores(views, moved),
                    None => wildcard(),
                }
            }
            _ => wildcard(),
        }
    }

    /// Whether the `{` at `open` is the initializer of an argument array
    /// read only by API launches (`void *args[] = {&a, &b, &n};`).
    fn launch_argument_array_brace(&self, open: usize) -> bool {
        let u = self.unit;
        if open < 3 || u.text(open - 1) != "=" || u.text(open - 2) != "]" {
            return false;
        }
        let Some(array) = super::super::matching_back(u, open - 2, 16)
            .and_then(|o| o.checked_sub(1))
            .filter(|&a| u.is_ident(a))
        else {
            return false;
        };
        self.array_only_launched(array)
    }

    /// Whether `args[c] = &p;` (the array named at `array`) stores into an
    /// argument array read only by API launches: declared `T *args[N];`
    /// and every other mention a launch's read or such a store.
    fn launch_argument_array_store(&self, array: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let name = u.text(array);
        let Some((decl, _)) = scopes.visible(u, name, array) else {
            return false;
        };
        let decl_at = decl.at;
        if u.text(decl_at + 1) != "[" {
            return false;
        }
        self.mentions_of(name).into_iter().all(|i| {
            let store = i > 0
                && matches!(u.text(i - 1), ";" | "{" | "}")
                && u.text(i + 1) == "["
                && u.text(u.matching(i + 1, u.toks.len()) + 1) == "=";
            store
                || i == decl_at
                || super::super::in_array_launch(u, i)
                || (i >= 2 && u.text(i - 1) == "=" && u.text(i - 2) == "kernelParams")
                || scopes
                    .visible(u, name, i)
                    .is_none_or(|(d, _)| d.at != decl_at)
        })
    }

    /// What the call whose `(` is at `open` may store through its argument
    /// `[s, e)`, the address of a pointer variable.
    #[allow(clippy::too_many_arguments)]
    fn call_address_use(
        &self,
        open: usize,
        s: usize,
        e: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> AddressUse {
        let u = self.unit;
        let n = u.toks.len();
        let wildcard = || AddressUse::Stores(vec![Self::any_view(context)], false);
        let close = self
            .scopes
            .closing
            .get(&open)
            .copied()
            .unwrap_or_else(|| u.matching(open, n));
        let args = u.split_commas(open + 1, close);
        let Some(k) = args.iter().position(|&(a, b)| a == s && b == e) else {
            return wildcard();
        };
        if open == 0 || !u.is_ident(open - 1) {
            return wildcard();
        }
        let callee = u.text(open - 1);
        if UNEVALUATED.contains(&callee) {
            return AddressUse::Read;
        }
        let member = open >= 2 && matches!(u.text(open - 2), "." | "->");
        if NOT_CALLS.contains(&callee) || member {
            return wildcard();
        }
        if k == 0 && (ALLOCATION_CALLS.contains(&callee) || MORE_ALLOCATION_CALLS.contains(&callee))
        {
            return AddressUse::Allocation;
        }
        // `swap_ptrs(&a, &b)` swapping through its parameters: a rotation
        // (`SwapGroups`), no store of a new value.
        if self.pointer_swap_call(open) {
            return AddressUse::Read;
        }
        if k == 0 && ALIAS_OUT_CALLS.contains(&callee) {
            let Some(&(xs, xe)) = args.get(1) else {
                return wildcard();
            };
            let mut views = Vec::new();
            self.views_into(xs, xe, depth + 1, typed, context, visiting, &mut views);
            return AddressUse::Stores(views, false);
        }
        if COPY_CALLS.contains(&callee) {
            if k > 0 {
                return AddressUse::Read;
            }
            // `memcpy(&b, &a, sizeof b)`: `b` gets `a`'s value.
            let source = args
                .get(1)
                .and_then(|&(xs, xe)| self.address_target(xs, xe));
            let Some(q) = source else {
                return wildcard();
            };
            let mut views = Vec::new();
            self.views_into(q, q + 1, depth + 1, typed, context, visiting, &mut views);
            return AddressUse::Stores(views, false);
        }
        if k > 0 && READ_AFTER_FIRST_CALLS.contains(&callee) || callee == "printf" {
            return AddressUse::Read;
        }
        // A function the unit defines: what its body stores through the
        // parameter (every definition of that name taking as many
        // parameters: overloads and templates give more values).
        let mut found = false;
        let mut views = Vec::new();
        let mut moved = false;
        for f in self.mentions_of(callee) {
            if f == open - 1
                || u.text(f + 1) != "("
                || (f > 0 && matches!(u.text(f - 1), "." | "->"))
            {
                continue;
            }
            let pclose = u.matching(f + 1, n);
            let mut body = pclose + 1;
            while matches!(u.text(body), "const" | "noexcept" | "override" | "final") {
                body += 1;
            }
            if u.text(body) != "{" {
                continue;
            }
            let params = u.split_commas(f + 2, pclose);
            if params.len() != args.len() {
                // Another overload, or defaulted parameters: not matched.
                if params.len() > args.len() {
                    return wildcard();
                }
                continue;
            }
            let (ps, pe) = params[k];
            let pn = pe - 1;
            if pe <= ps + 1 || !u.is_ident(pn) {
                return wildcard();
            }
            found = true;
            match self.pointee_writes(
                pn,
                Some((&params, &args)),
                depth + 1,
                typed,
                context,
                visiting,
            ) {
                Some((v, m)) => {
                    views.extend(v);
                    moved |= m;
                }
                None => return wildcard(),
            }
        }
        if !found {
            return wildcard();
        }
        AddressUse::Stores(views, moved)
    }

    /// What may be stored through the pointer-to-pointer variable declared
    /// at `decl` (a local `T **pp = &p`, or a parameter of a function whose
    /// call passes `&p`, `call` being the definition's parameters and the
    /// call's arguments): the values of `*pp = e`, `pp[k] = e`, with a move
    /// (`*pp += k`). None when some use may store what the scan does not
    /// follow (`pp` passed on, copied, returned; `&*pp`; `*pp` bound to a
    /// reference).
    #[allow(clippy::too_many_arguments)]
    fn pointee_writes(
        &self,
        decl: usize,
        call: Option<CallSpans<'_>>,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> Option<(Vec<PointerView>, bool)> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        if depth > MAX_EVAL_DEPTH || visiting.contains(&decl) {
            return None;
        }
        let name = u.text(decl);
        let mut views = Vec::new();
        let mut moved = false;
        visiting.push(decl);
        let result = (|| {
            for m in self.mentions_of(name) {
                if m == decl {
                    continue;
                }
                if scopes.visible(u, name, m).map(|(d, _)| d.at) != Some(decl) {
                    continue;
                }
                if m > 0 && matches!(u.text(m - 1), "." | "->" | "::") {
                    continue;
                }
                let prev = if m > 0 { u.text(m - 1) } else { "" };
                let next = u.text(m + 1);
                // The lvalue `*pp` or `pp[k]` naming the pointee.
                // `*pp++ = e` stores through `pp` then moves it (a move of
                // `pp`, not of `p`): not followed.
                if prev == "*" && matches!(next, "++" | "--") {
                    return None;
                }
                let (mut ls, mut le) = if prev == "*" && self.unary_star(m - 1) {
                    (m - 1, m + 1)
                } else if next == "[" {
                    (m, u.matching(m + 1, n) + 1)
                } else {
                    // `pp` itself: reassigned (`pp = &q;` then stores
                    // through it reach `q`: more values for `p`, never
                    // fewer), compared, tested, or given an allocation
                    // (`cudaMalloc(pp, ..)`: `p`'s own root).
                    let statement = m == 0 || matches!(prev, ";" | "{" | "}");
                    let tested = prev == "("
                        && next == ")"
                        && m >= 2
                        && matches!(u.text(m - 2), "if" | "while");
                    if (next == "=" && statement)
                        || matches!(next, "==" | "!=")
                        || matches!(prev, "==" | "!=" | "!")
                        || tested
                        || self.allocation_out_parameter_at(m)
                    {
                        continue;
                    }
                    return None;
                };
                while ls > 0
                    && le < n
                    && u.text(ls - 1) == "("
                    && u.text(le) == ")"
                    && u.matching(ls - 1, n) == le
                    && !(ls >= 2 && (u.is_ident(ls - 2) || u.text(ls - 2) == ">"))
                {
                    ls -= 1;
                    le += 1;
                }
                let after = if le < n { u.text(le) } else { "" };
                let before = if ls > 0 { u.text(ls - 1) } else { "" };
                if after == "=" {
                    let end = self.initializer_end(le + 1);
                    self.stored_views(
                        le + 1,
                        end,
                        call,
                        depth,
                        typed,
                        context,
                        visiting,
                        &mut views,
                    );
                } else if matches!(after, "+=" | "-=" | "++" | "--")
                    || matches!(before, "++" | "--")
                {
                    moved = true;
                } else if before == "&" {
                    return None;
                } else if matches!(before, "(" | ",")
                    && matches!(after, "," | ")")
                    && (self.may_take_reference(ls) || self.allocation_out_parameter_at(ls))
                {
                    // `swap(*pp, q)`, `cudaMalloc(&*pp)`-like stores.
                    return None;
                }
            }
            Some(())
        })();
        visiting.pop();
        result.map(|()| (views, moved))
    }

    /// Whether the expression starting at `m` (a pointer-to-pointer, maybe
    /// behind a cast `(void **)pp`) is the first argument of an allocation
    /// call.
    fn allocation_out_parameter_at(&self, m: usize) -> bool {
        let u = self.unit;
        let mut s = m;
        if s > 0 && u.text(s - 1) == ")" {
            if let Some(o) = super::super::matching_back(u, s - 1, 16) {
                if (o + 1..s - 1).all(|k| u.is_ident(k) || matches!(u.text(k), "*" | "const")) {
                    s = o;
                }
            }
        }
        s >= 2 && u.text(s - 1) == "(" && ALLOCATION_CALLS.contains(&u.text(s - 2))
    }

    /// The views of `e` stored through a pointer-to-pointer: `*x` with `x`
    /// a parameter the call passes `&q` for is `q`'s value; another value
    /// loaded through a pointer is not followed (the wildcard).
    #[allow(clippy::too_many_arguments)]
    fn stored_views(
        &self,
        s: usize,
        e: usize,
        call: Option<CallSpans<'_>>,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
        out: &mut Vec<PointerView>,
    ) {
        let u = self.unit;
        if s < e && u.text(s) == "*" {
            let loaded = (s + 2 == e && u.is_ident(s + 1))
                .then_some(s + 1)
                .zip(call)
                .and_then(|(x, (params, args))| {
                    // The parameter `x` names (its declarator's name ends
                    // the parameter).
                    let (d, _) = self.scopes.visible(u, u.text(x), x)?;
                    let j = params.iter().position(|&(_, pe)| pe == d.at + 1)?;
                    let &(xs, xe) = args.get(j)?;
                    self.address_target(xs, xe)
                });
            match loaded {
                Some(q) => self.views_into(q, q + 1, depth + 1, typed, context, visiting, out),
                None => out.push(Self::any_view(context)),
            }
            return;
        }
        self.views_into(s, e, depth + 1, typed, context, visiting, out);
    }

    /// When the mention `i` initializes a reference (`float *&r = p;`,
    /// `auto &r(p);`, `auto &&r{p};`, not `T *const &r = p`): the
    /// reference's declaration.
    pub(in super::super) fn reference_binding(&self, i: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        if i < 3 || !u.is_ident(i - 2) || !matches!(u.text(i - 3), "&" | "&&") {
            return None;
        }
        let direct = matches!(u.text(i - 1), "(" | "{")
            && i + 1 < n
            && u.text(i + 1) == (if u.text(i - 1) == "(" { ")" } else { "}" });
        let copy = u.text(i - 1) == "=" && i + 1 < n && matches!(u.text(i + 1), ";" | ",");
        if !(direct || copy) {
            return None;
        }
        let r = i - 2;
        let declares = scopes
            .decls
            .get(u.text(r))
            .is_some_and(|ds| ds.iter().any(|d| d.at == r));
        let constant = i >= 4
            && (u.text(i - 4) == "const"
                || (u.text(i - 4) == "auto" && i >= 5 && u.text(i - 5) == "const"));
        (declares && !constant).then_some(r)
    }

    /// For a name passed whole (at `i`) to a standard function that binds a
    /// reference to it: the values it may get there. `std::tie(a, b) = e`
    /// gives `a` the first element of `e` (`std::make_pair(x, y)`,
    /// `std::make_tuple(..)`, `{x, y}`; any other `e`: the wildcard),
    /// `std::exchange(a, v)` gives it `v`, `std::swap` of two variables is a
    /// rotation (`SwapGroups`), any other `swap` or `std::ref(a)` (which may
    /// be stored and written later) the wildcard. None for other calls.
    pub(in super::super) fn library_reference_views(
        &self,
        i: usize,
        depth: usize,
        typed: bool,
        context: &[usize],
        visiting: &mut Vec<usize>,
    ) -> Option<Vec<PointerView>> {
        let (u, scopes) = (self.unit, self.scopes);
        let n = u.toks.len();
        let open = scopes.enclosing.get(i).copied().flatten()?;
        if u.text(open) != "(" || open == 0 || !u.is_ident(open - 1) {
            return None;
        }
        if open >= 2 && matches!(u.text(open - 2), "." | "->") {
            return None;
        }
        let close = scopes
            .closing
            .get(&open)
            .copied()
            .unwrap_or_else(|| u.matching(open, n));
        let args = u.split_commas(open + 1, close);
        let k = args.iter().position(|&(s, e)| s == i && e == i + 1)?;
        let wildcard = Some(vec![Self::any_view(context)]);
        match u.text(open - 1) {
            "tie" | "forward_as_tuple" => {
                if close + 1 >= n || u.text(close + 1) != "=" {
                    return wildcard;
                }
                let end = self.initializer_end(close + 2);
                let Some(elements) = self.tuple_elements(close + 2, end) else {
                    return wildcard;
                };
                let Some(&(xs, xe)) = elements.get(k).filter(|_| elements.len() == args.len())
                else {
                    return wildcard;
                };
                let mut views = Vec::new();
                self.views_into(xs, xe, depth + 1, typed, context, visiting, &mut views);
                Some(views)
            }
            "exchange" if k == 0 => {
                let &(xs, xe) = args.get(1)?;
                let mut views = Vec::new();
                self.views_into(xs, xe, depth + 1, typed, context, visiting, &mut views);
                Some(views)
            }
            "swap" => {
                let rotation = args.len() == 2
                    && args.iter().all(|&(s, e)| {
                        e == s + 1 && u.is_ident(s) && self.variable_key(s).is_some()
                    });
                if rotation {
                    None
                } else {
                    wildcard
                }
            }
            "ref" => wildcard,
            _ => None,
        }
    }

    /// The elements of a pair or tuple built by `[s, e)`:
    /// `std::make_pair(x, y)`, `std::make_tuple(..)`, `std::pair<..>(..)`,
    /// `std::tuple<..>{..}`, `{x, y}`.
    fn tuple_elements(&self, s: usize, e: usize) -> Option<Vec<(usize, usize)>> {
        let u = self.unit;
        if e <= s + 1 || !matches!(u.text(e - 1), ")" | "}") {
            return None;
        }
        let open = super::super::matching_back(u, e - 1, 4096)?;
        if open < s {
            return None;
        }
        let builder = if open == s {
            u.text(open) == "{"
        } else {
            let mut name = open - 1;
            if u.text(name) == ">" {
                name = self.template_open(name, s)?.checked_sub(1)?;
            }
            u.is_ident(name)
                && matches!(u.text(name), "make_pair" | "make_tuple" | "pair" | "tuple")
                && (name == s
                    || (name >= s + 2 && u.text(name - 1) == "::" && u.text(name - 2) == "std"))
        };
        builder.then(|| u.split_commas(open + 1, e - 1))
    }

    /// Whether every definition of the function named `name` in the unit
    /// swaps the pointers its two parameters point to, and nothing else:
    /// `(T **x, T **y) { T *t = *x; *x = *y; *y = t; }`. Its call `f(&a,
    /// &b)` is a rotation of `a` and `b` (see `SwapGroups`), which only
    /// permutes their values (a C-style ping-pong swap).
    pub(in super::super) fn pointer_swap_function(&self, name: &str) -> bool {
        let u = self.unit;
        let n = u.toks.len();
        let mut any = false;
        for f in self.mentions_of(name) {
            if u.text(f + 1) != "(" || (f > 0 && matches!(u.text(f - 1), "." | "->" | "::")) {
                continue;
            }
            let pclose = u.matching(f + 1, n);
            if pclose + 1 >= n || u.text(pclose + 1) != "{" {
                continue;
            }
            let params = u.split_commas(f + 2, pclose);
            let names: Vec<usize> = params.iter().map(|&(_, e)| e - 1).collect();
            let [x, y] = names[..] else {
                return false;
            };
            let (x, y) = (u.text(x), u.text(y));
            let body = pclose + 1;
            let close = u.matching(body, n);
            let Some(eq) = (body + 1..close).find(|&k| u.text(k) == "=") else {
                return false;
            };
            let t = u.text(eq - 1);
            let text: Vec<&str> = (eq..close).map(|k| u.text(k)).collect();
            let rotation = |a: &str, b: &str| {
                text == [
                    "=", "*", a, ";", "*", a, "=", "*", b, ";", "*", b, "=", t, ";",
                ]
            };
            if x == y || !u.is_ident(eq - 1) || !(rotation(x, y) || rotation(y, x)) {
                return false;
            }
            any = true;
        }
        any
    }

    /// Whether the call whose `(` is at `open` is `f(&a, &b)` of a
    /// [`Eval::pointer_swap_function`] `f` on two variables the scan
    /// follows: a rotation.
    pub(in super::super) fn pointer_swap_call(&self, open: usize) -> bool {
        let u = self.unit;
        open >= 1
            && open + 7 < u.toks.len()
            && u.is_ident(open - 1)
            && !(open >= 2 && matches!(u.text(open - 2), "." | "->"))
            && u.text(open + 1) == "&"
            && u.is_ident(open + 2)
            && u.text(open + 3) == ","
            && u.text(open + 4) == "&"
            && u.is_ident(open + 5)
            && u.text(open + 6) == ")"
            && matches!(
                (self.variable_key(open + 2), self.variable_key(open + 5)),
                (Some(a), Some(b)) if a != b
            )
            && self.pointer_swap_function(u.text(open - 1))
    }
}

//! Host array contents: a pointer argument of a launch whose array holds the
//! identity on a prefix, because the launching function fills a host array
//! with it and copies it whole to the device before the launch:
//!
//! ```c
//! int *h = (int *)malloc(n * sizeof(int));
//! for (int i = 0; i < n; i++) h[i] = i;
//! int *d; cudaMalloc(&d, n * sizeof(int));
//! cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
//! k<<<g, b>>>(d, n);           // d[i] == i for 0 <= i < n
//! ```
//!
//! Sound for the launch as written, since every way the contents of `d`
//! could differ is excluded:
//! - `h` is a non-static local `int *` of the launching function set at its
//!   declaration from `malloc`/`calloc`/`new int[..]` (memory no other name
//!   reaches), and mentioned nowhere from its declaration to the copy but
//!   in the loop's `h[i] = i` (no alias made, no element written, no call
//!   given it), nor after the copy inside a loop around the copy (a later
//!   iteration would copy what it wrote); past the end of those loops `h`
//!   no longer matters.
//! - The loop `for (int i = 0; i < n; i++) h[i] = i;` has that one
//!   statement as body (no `break`), is a statement of a block that holds
//!   the copy (so it runs to its end before the copy on every path), and
//!   leaves `h[i] == i` for every `0 <= i < n` (`int` counter below an `int`
//!   bound: no overflow).
//! - The copy `cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);`
//!   is a whole statement of a block that holds the launch, before it, not a
//!   `switch` body, with no `case`/`default` label between, and the function
//!   has no `goto`: it runs before every execution of the launch. It copies
//!   `n` elements, and `d` was allocated with that same size.
//! - `d` is a non-static local pointer of the function mentioned only at its
//!   declaration, in one `cudaMalloc(&d, ..)` before the copy, in the copy,
//!   in this launch and in `cudaFree(d)` after it: nothing else writes the
//!   device array (no other kernel is given it, no other copy), and the
//!   kernel receives the allocation's start.
//! - `n` keeps, from the loop's condition to the end of the launch, the value
//!   the launch passes (`Eval::unchanged_until_launch`), an `int`.
//!
//! The kernel side (`ide::hostfacts`) states the fact only when the kernel
//! itself never writes the array, and names it in the launch's label.

use super::relations::LaunchAt;
use super::{BlockKind, DeclScope, Eval, PrefixBound, PrefixBy, TokKind, ValueTy};

/// A host array copied whole to a device array before a launch (see
/// [`Eval::host_copy`]).
struct HostCopy {
    /// The launching function's body (its `{`) and its `}`.
    f: usize,
    f_end: usize,
    /// The `cudaMemcpy` token.
    memcpy: usize,
    /// The host array's declaration, and its mention in the copy.
    h_decl: usize,
    hs: usize,
    /// The copy's size argument, `[s, e)`.
    size: (usize, usize),
    /// The first token of the allocation's size argument.
    alloc_size: usize,
}

impl Eval<'_, '_> {
    /// For each argument of the launch, the index of the argument `n` when
    /// the array it passes holds `i` at each index `0 <= i < n` (see the
    /// module comment); None otherwise.
    pub(super) fn identity_arguments(&self, launch: &LaunchAt) -> Vec<Option<usize>> {
        launch
            .args
            .iter()
            .map(|&(s, e)| {
                if e == s + 1 && self.unit.is_ident(s) {
                    self.identity_bound(s, launch)
                } else {
                    None
                }
            })
            .collect()
    }

    /// The argument index of the bound of the identity the device array
    /// named at `at` (an argument of the launch) holds.
    fn identity_bound(&self, at: usize, launch: &LaunchAt) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let HostCopy {
            f,
            f_end,
            memcpy,
            h_decl,
            hs,
            size: (bs, be),
            alloc_size: ms,
        } = self.host_copy(at, launch)?;
        let (hs, bs, be) = (&hs, &bs, &be);
        // Any other mention of `h` comes after the copy and after every loop
        // around it: a write of `h` a later iteration copies again, made
        // after the copy in the text (`for (..) { cudaMemcpy(d, h, ..);
        // k<<<..>>>(d, n); h[0] = 1; }`), would otherwise be missed.
        let settled = self.loops_end(memcpy, f, f_end)?;
        let h_name = u.text(h_decl);
        let mut fill = None;
        for m in h_decl + 1..f_end {
            if m == *hs || u.text(m) != h_name || !u.is_ident(m) {
                continue;
            }
            if scopes
                .visible(u, h_name, m)
                .is_none_or(|(d, _)| d.at != h_decl)
            {
                continue;
            }
            if m > settled {
                continue;
            }
            if fill.is_some() || m > memcpy {
                return None;
            }
            fill = Some(m);
        }
        let (for_at, n_at) = self.identity_loop(fill?)?;
        if !self.runs_before(for_at, memcpy, f) {
            return None;
        }
        // `n`: an `int` the launch passes, unchanged from the loop's
        // condition to the end of the launch; the sizes are `n * sizeof(int)`.
        let n_decl = scopes.visible(u, u.text(n_at), n_at)?.0;
        let int = ValueTy::Int {
            lo: i32::MIN.into(),
            hi: i32::MAX.into(),
            unsigned: false,
        };
        let n_in_size = self.n_times_int_size(*bs, *be, n_decl.at)?;
        if n_decl.ty != int
            || !self.unchanged_until_launch(n_at, launch)
            || !self.unchanged_until_launch(ms + n_in_size, launch)
            || !self.unchanged_until_launch(bs + n_in_size, launch)
        {
            return None;
        }
        launch.args.iter().position(|&(s, e)| {
            e == s + 1
                && u.text(s) == u.text(n_at)
                && scopes
                    .visible(u, u.text(s), s)
                    .is_some_and(|(d, _)| d.at == n_decl.at)
        })
    }

    /// The copy of a fresh host `int` array to the device array named at
    /// `at` (an argument of the launch) that the launch sees whole (see the
    /// module comment: every condition but those on the fill).
    fn host_copy(&self, at: usize, launch: &LaunchAt) -> Option<HostCopy> {
        let (u, scopes) = (self.unit, self.scopes);
        let f = self.function_of(launch.name_at)?;
        let f_end = *scopes.closing.get(&f)?;
        if scopes.gotos.iter().any(|&g| scopes.inside(f, g)) {
            return None;
        }
        let d_decl = self.pointer_local(at, f)?;
        // Every mention of `d` in the function.
        let d_name = u.text(at);
        let mut memcpy = None;
        let mut malloc = None;
        for m in f + 1..f_end {
            if m == d_decl || m == at || u.text(m) != d_name || !u.is_ident(m) {
                continue;
            }
            // Every pattern below looks back over at least three tokens.
            if m < 3 {
                return None;
            }
            if scopes
                .visible(u, d_name, m)
                .is_none_or(|(d, _)| d.at != d_decl)
            {
                continue;
            }
            if !self.straight_path(m, f) {
                return None;
            }
            if u.text(m - 1) == "(" && u.text(m - 2) == "cudaMemcpy" && memcpy.is_none() {
                memcpy = Some(m - 2);
            } else if u.text(m - 1) == "&" && u.text(m + 1) == "," && malloc.is_none() {
                // `cudaMalloc(&d, ..)` or `cudaMalloc((void **)&d, ..)`.
                let call = if u.text(m - 2) == "(" {
                    m - 3
                } else if (m >= 8)
                    && [")", "*", "*", "void", "(", "("]
                        .iter()
                        .enumerate()
                        .all(|(k, t)| u.text(m - 2 - k) == *t)
                {
                    m - 8
                } else {
                    return None;
                };
                if u.text(call) != "cudaMalloc" {
                    return None;
                }
                malloc = Some(call);
            } else if u.text(m - 1) == "("
                && u.text(m - 2) == "cudaFree"
                && u.text(m + 1) == ")"
                && m > launch.end
            {
            } else {
                return None;
            }
        }
        let (memcpy, malloc) = (memcpy?, malloc?);
        if !(malloc < memcpy && memcpy < launch.name_at) {
            return None;
        }
        // The allocation: a whole statement that runs before the copy.
        let m_open = malloc + 1;
        let m_close = u.matching(m_open, f_end);
        if u.text(m_close + 1) != ";" || !self.runs_before(malloc, memcpy, f) {
            return None;
        }
        // The copy: a whole statement of a block holding the launch.
        let open = memcpy + 1;
        let close = u.matching(open, f_end);
        let parts = u.split_commas(open + 1, close);
        let [(ds, de), (hs, he), (bs, be), (ks, ke)] = parts.as_slice() else {
            return None;
        };
        if de != &(ds + 1)
            || he != &(hs + 1)
            || ke != &(ks + 1)
            || u.text(*ks) != "cudaMemcpyHostToDevice"
            || u.text(close + 1) != ";"
            || !self.runs_before(memcpy, launch.name_at, f)
        {
            return None;
        }
        // The allocation's size is the copy's, token for token.
        let m_parts = u.split_commas(m_open + 1, m_close);
        let &[_, (ms, me)] = m_parts.as_slice() else {
            return None;
        };
        if me - ms != be - bs || (0..me - ms).any(|k| u.text(ms + k) != u.text(bs + k)) {
            return None;
        }
        // The host array and the loop that fills it.
        let h_decl = self.pointer_local(*hs, f)?;
        if !self.fresh_int_array(h_decl) {
            return None;
        }
        Some(HostCopy {
            f,
            f_end,
            memcpy,
            h_decl,
            hs: *hs,
            size: (*bs, *be),
            alloc_size: ms,
        })
    }

    /// For each argument of the launch, the prefix on which the array it
    /// passes is non-decreasing, when the launching function builds it as a
    /// running sum of non-negative steps and copies it whole before the
    /// launch (see [`Eval::non_decreasing_bound`]); None otherwise. `grid`
    /// is the launch's grid argument.
    pub(super) fn non_decreasing_arguments(
        &self,
        launch: &LaunchAt,
        grid: Option<(usize, usize)>,
    ) -> Vec<Option<PrefixBound>> {
        launch
            .args
            .iter()
            .map(|&(s, e)| {
                if e == s + 1 && self.unit.is_ident(s) {
                    self.non_decreasing_bound(s, launch, grid)
                } else {
                    None
                }
            })
            .collect()
    }

    /// The prefix on which the device array named at `at` (an argument of
    /// the launch) is non-decreasing:
    ///
    /// ```c
    /// int *h = (int *)malloc((n + 1) * sizeof(int));
    /// h[0] = V;
    /// for (int i = 1; i <= n; i++) h[i] = h[i - 1] + E;
    /// int *d; cudaMalloc(&d, (n + 1) * sizeof(int));
    /// cudaMemcpy(d, h, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
    /// k<<<n, b>>>(d);      // d[i] <= d[j] for 0 <= i <= j < n + 1
    /// ```
    ///
    /// (or `i < n` and `n * sizeof(int)`: the prefix `[0, n)`). What holds
    /// for the launch as written: everything the identity needs of `d`, the
    /// copy and the allocation ([`Eval::host_copy`]); `h` is mentioned only
    /// in `h[0] = V;` (`V` a decimal literal), a whole statement that runs
    /// before the loop, in the loop's one statement, and elsewhere only as
    /// a read (`h[..]` as an operand of an arithmetic or comparison
    /// operator, or as the whole initializer of a variable of an arithmetic
    /// type: no write, no reference bound, no address taken), so nothing
    /// else writes it before the copy; the loop runs `i` from 1 up to its
    /// bound in order, every element of the prefix is written, and `E` is
    /// in `[0, C]` with no overflow inside it ([`Eval::bounded_step`]). So
    /// `h[i] = V + e_1 + .. + e_i` with each `e_j` in `[0, C]`: while
    /// `V + (len - 1) * C <= INT_MAX` (`len` the prefix's length) no
    /// addition overflows and the prefix is non-decreasing; past that the
    /// sum may wrap, and nothing is claimed (the kernel side states the
    /// order under that condition only, with no assumption about the
    /// host's arithmetic). The copy is of exactly the prefix. The prefix is
    /// named for the kernel as an `int` argument the launch passes as `n`,
    /// or else as the grid's x extent when the launch's grid is `n` itself
    /// (a launch with `n < 1` does not run, so `gridDim.x == n` in a
    /// running kernel).
    fn non_decreasing_bound(
        &self,
        at: usize,
        launch: &LaunchAt,
        grid: Option<(usize, usize)>,
    ) -> Option<PrefixBound> {
        let (u, scopes) = (self.unit, self.scopes);
        // `rand` must be the C library's: no declaration of it in view.
        if scopes.visible(u, "rand", launch.name_at).is_some() || !self.rand_only_called() {
            return None;
        }
        let HostCopy {
            f,
            f_end,
            memcpy,
            h_decl,
            hs,
            size: (bs, be),
            alloc_size: ms,
        } = self.host_copy(at, launch)?;
        let settled = self.loops_end(memcpy, f, f_end)?;
        let h_name = u.text(h_decl);
        let mut init = None;
        let mut fill = None;
        let mut skip = None;
        for m in h_decl + 1..f_end {
            if m == hs || Some(m) == skip || u.text(m) != h_name || !u.is_ident(m) {
                continue;
            }
            if scopes
                .visible(u, h_name, m)
                .is_none_or(|(d, _)| d.at != h_decl)
            {
                continue;
            }
            if m > settled {
                continue;
            }
            if m < 3 {
                return None;
            }
            if let Some(found) = self.running_sum_loop(m, h_name) {
                if fill.is_some() || m > memcpy {
                    return None;
                }
                fill = Some(found);
                skip = Some(m + 5);
            } else if let Some(first) = self.first_element_set(m) {
                if init.is_some() || m > memcpy {
                    return None;
                }
                init = Some((m, first));
            } else if !self.element_read(m) {
                return None;
            }
        }
        let (init, first) = init?;
        let (for_at, n_at, inclusive, max_step) = fill?;
        if !self.runs_before(init, for_at, f) || !self.runs_before(for_at, memcpy, f) {
            return None;
        }
        let n_decl = scopes.visible(u, u.text(n_at), n_at)?.0;
        let int = ValueTy::Int {
            lo: i32::MIN.into(),
            hi: i32::MAX.into(),
            unsigned: false,
        };
        // The copy holds exactly the prefix the loop wrote.
        let n_in_size = if inclusive {
            self.n_plus_one_times_int_size(bs, be, n_decl.at)?
        } else {
            self.n_times_int_size(bs, be, n_decl.at)?
        };
        if n_decl.ty != int
            || !self.unchanged_until_launch(n_at, launch)
            || !self.unchanged_until_launch(ms + n_in_size, launch)
            || !self.unchanged_until_launch(bs + n_in_size, launch)
        {
            return None;
        }
        let is_n = |s: usize| {
            u.text(s) == u.text(n_at)
                && u.is_ident(s)
                && scopes
                    .visible(u, u.text(s), s)
                    .is_some_and(|(d, _)| d.at == n_decl.at)
        };
        let extra = u8::from(inclusive);
        if let Some(k) = launch.args.iter().position(|&(s, e)| e == s + 1 && is_n(s)) {
            return Some(PrefixBound {
                by: PrefixBy::Arg(k),
                extra,
                first,
                max_step,
            });
        }
        match grid {
            Some((s, e)) if e == s + 1 && is_n(s) => Some(PrefixBound {
                by: PrefixBy::GridX,
                extra,
                first,
                max_step,
            }),
            _ => None,
        }
    }

    /// Whether every mention of the name `rand` in the unit is a plain call
    /// `rand()` after an operator or an opening token: a declarator (`int
    /// (*rand)()`, `int (&rand)() = f;`, `int *rand();`), a using-declaration
    /// (`using mine::rand;`) or a qualified or member name may name another
    /// function whose values are not in `[0, RAND_MAX]` (session 36 review of
    /// bd9b878, probes seg5_rand_*), so the running sum is refused then.
    fn rand_only_called(&self) -> bool {
        const BEFORE: [&str; 17] = [
            "+", "(", "=", ",", "%", "/", "-", "return", "<", ">", "?", ":", "==", "!=", "<=",
            ">=", "[",
        ];
        let u = self.unit;
        (0..u.toks.len()).all(|k| {
            u.text(k) != "rand"
                || (k > 0
                    && BEFORE.contains(&u.text(k - 1))
                    && u.text(k + 1) == "("
                    && u.text(k + 2) == ")")
        })
    }

    /// For the mention `h` at `m`, the `for` token, the token of `n` and
    /// whether the bound is inclusive when it is the body of `for (int i =
    /// 1; i <= n; i++) h[i] = h[i - 1] + E;` (also `i < n`, `++i`, the body
    /// in braces) with `E` in `[0, max_step]` ([`Eval::bounded_step`]),
    /// and that most.
    fn running_sum_loop(&self, m: usize, h_name: &str) -> Option<(usize, usize, bool, i64)> {
        let u = self.unit;
        let i = m + 2;
        if !u.is_ident(i) {
            return None;
        }
        let counter = u.text(i);
        let head = [
            "[", counter, "]", "=", h_name, "[", counter, "-", "1", "]", "+",
        ];
        if head
            .iter()
            .enumerate()
            .any(|(k, t)| u.text(m + 1 + k) != *t)
        {
            return None;
        }
        let e_start = m + 1 + head.len();
        let (semi, max_step) = self.bounded_step(e_start)?;
        if u.text(semi) != ";" {
            return None;
        }
        let (for_at, n_at, inclusive) = self.counted_for(m, semi, counter, "1")?;
        Some((for_at, n_at, inclusive, max_step))
    }

    /// For a statement from the mention `m` to its `;` at `semi`, the `for`
    /// token, the token of `n` and whether the bound is inclusive when the
    /// statement is the whole body (alone, or alone in braces) of `for (int
    /// i = START; i < n; i++)` (also `<=`, `++i`) with `n` an identifier and
    /// `i` = `counter`.
    fn counted_for(
        &self,
        m: usize,
        semi: usize,
        counter: &str,
        start: &str,
    ) -> Option<(usize, usize, bool)> {
        let u = self.unit;
        if m < 2 {
            return None;
        }
        // The header's `)`: right before the body, or before its `{`.
        let close = if u.text(m - 1) == "{" {
            if u.text(semi + 1) != "}" {
                return None;
            }
            m - 2
        } else {
            m - 1
        };
        if u.text(close) != ")" {
            return None;
        }
        let open = super::matching_back(u, close, 64)?;
        if open == 0 || u.text(open - 1) != "for" {
            return None;
        }
        // `int i = START ; i CMP n ; i ++` (or `++ i`).
        let header: Vec<&str> = (open + 1..close).map(|k| u.text(k)).collect();
        let n_at = open + 8;
        let shape = ["int", counter, "=", start, ";", counter, "", "", ";"];
        if header.len() != shape.len() + 2
            || !u.is_ident(n_at)
            || header
                .iter()
                .zip(shape)
                .enumerate()
                .any(|(k, (h, s))| k != 6 && k != 7 && *h != s)
        {
            return None;
        }
        let step = (header[9], header[10]);
        if step != (counter, "++") && step != ("++", counter) {
            return None;
        }
        let inclusive = match header[6] {
            "<=" => true,
            "<" => false,
            _ => return None,
        };
        Some((open - 1, n_at, inclusive))
    }

    /// The end of a non-negative `int` expression starting at `s` (the
    /// token after it) and the most it can be, built from decimal literals
    /// without suffix that fit an `int`, `rand()` (in `[0, RAND_MAX]`, and
    /// `RAND_MAX <= INT_MAX` as `rand` returns an `int`), parentheses, `+`,
    /// `*`, and `/`, `%` by a positive literal (C's `/` and `%` truncate, so
    /// a non-negative dividend gives a result in `[0, d - 1]` for `%`):
    /// every value is in `[0, hi]`, and an expression whose bound passes
    /// `INT_MAX` at any step (where `int` arithmetic could overflow) is
    /// refused. None for anything else.
    fn bounded_step(&self, s: usize) -> Option<(usize, i64)> {
        self.bounded_sum(s, 0)
    }

    /// A sum of terms ([`Eval::bounded_term`]) joined by `+`: its end and
    /// the sum of the terms' bounds. C's `*`, `/` and `%` bind tighter than
    /// `+`, so `a + b % c` is `a + (b % c)`: each term is bounded on its
    /// own and the bounds are added (the review of db33a9e: a left-to-right
    /// fold bounded `1000000 + 7 % 5` by 4).
    fn bounded_sum(&self, s: usize, depth: usize) -> Option<(usize, i64)> {
        let max = i64::from(i32::MAX);
        let (mut k, mut hi) = self.bounded_term(s, depth)?;
        while self.unit.text(k) == "+" {
            let (next, rhs) = self.bounded_term(k + 1, depth)?;
            hi = hi.checked_add(rhs)?;
            if hi > max {
                return None;
            }
            k = next;
        }
        Some((k, hi))
    }

    /// A term of [`Eval::bounded_sum`]: factors joined by `*`, `/` and `%`,
    /// which C groups from the left (`a * b % c` is `(a * b) % c`), with a
    /// positive literal divisor only. Its end and the most it can be; every
    /// partial product must stay within `INT_MAX` (no overflow in `int`).
    fn bounded_term(&self, s: usize, depth: usize) -> Option<(usize, i64)> {
        let max = i64::from(i32::MAX);
        let (mut k, mut hi) = self.bounded_factor(s, depth)?;
        loop {
            let op = self.unit.text(k);
            if !matches!(op, "*" | "/" | "%") {
                return Some((k, hi));
            }
            let (next, rhs) = if op == "*" {
                self.bounded_factor(k + 1, depth)?
            } else {
                // A positive literal divisor only: its value is exact.
                let (next, d) = self.bounded_factor(k + 1, depth)?;
                if next != k + 2 || self.unit.kind(k + 1) != Some(TokKind::Number) || d < 1 {
                    return None;
                }
                (next, d)
            };
            hi = match op {
                "*" => hi.checked_mul(rhs)?,
                "/" => hi / rhs,
                _ => hi.min(rhs - 1),
            };
            if hi > max {
                return None;
            }
            k = next;
        }
    }

    /// A factor of [`Eval::bounded_step`]: its end and the most it can be
    /// (a literal's value is exact: `/` and `%` use it as the divisor).
    fn bounded_factor(&self, s: usize, depth: usize) -> Option<(usize, i64)> {
        let u = self.unit;
        let t = u.text(s);
        if depth > 16 {
            return None;
        }
        // Decimal only: `010` is octal 8, so a leading 0 (other than `0`
        // itself) is refused rather than read as 10 (a divisor too big).
        if u.kind(s) == Some(TokKind::Number)
            && !t.is_empty()
            && t.bytes().all(|b| b.is_ascii_digit())
            && (t == "0" || !t.starts_with('0'))
        {
            let v = t.parse::<i64>().ok()?;
            return (v <= i64::from(i32::MAX)).then_some((s + 1, v));
        }
        if t == "rand" && u.text(s + 1) == "(" && u.text(s + 2) == ")" {
            return Some((s + 3, i64::from(i32::MAX)));
        }
        if t == "(" {
            let (end, hi) = self.bounded_sum(s + 1, depth + 1)?;
            return (u.text(end) == ")").then_some((end + 1, hi));
        }
        None
    }

    /// For the mention `h` at `m`, the value `V` when it starts the
    /// statement `h[0] = V;` with `V` a decimal literal that fits an `int`.
    fn first_element_set(&self, m: usize) -> Option<i64> {
        let u = self.unit;
        if !matches!(u.text(m - 1), ";" | "{" | "}")
            || (0..4).any(|k| u.text(m + 1 + k) != ["[", "0", "]", "="][k])
            || u.text(m + 6) != ";"
        {
            return None;
        }
        let t = u.text(m + 5);
        if u.kind(m + 5) != Some(TokKind::Number) || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v = t.parse::<i64>().ok()?;
        (v <= i64::from(i32::MAX)).then_some(v)
    }

    /// Whether the mention `h` at `m` only reads an element: `h[..]` as an
    /// operand of an arithmetic or comparison operator, or the whole
    /// initializer of a variable of an arithmetic type (`int t = h[n];`).
    /// Never an lvalue that is written, bound to a reference or whose
    /// address is taken.
    fn element_read(&self, m: usize) -> bool {
        const OPERATORS: [&str; 13] = [
            "+", "-", "*", "/", "%", "<", ">", "<=", ">=", "==", "!=", "&&", "||",
        ];
        const ARITHMETIC: [&str; 8] = [
            "int", "long", "short", "char", "unsigned", "float", "double", "size_t",
        ];
        let u = self.unit;
        if u.text(m + 1) != "[" {
            return false;
        }
        let close = u.matching(m + 1, u.toks.len());
        if u.text(close) != "]" {
            return false;
        }
        let next = u.text(close + 1);
        if next != ";" && next != ")" && next != "," && !OPERATORS.contains(&next) {
            return false;
        }
        let prev = u.text(m - 1);
        let initializer =
            prev == "=" && u.is_ident(m - 2) && ARITHMETIC.contains(&u.text(m - 3)) && next == ";";
        // A binary operator's operand is an rvalue; a unary `&`, `++` or
        // `--` is not among them, nor `=`, `?`, `:` or `,`, whose results
        // may be the element itself.
        initializer || OPERATORS.contains(&prev)
    }

    /// Where `n` is in `[s, e)` (from `s`) when that is `(n + 1) *
    /// sizeof(int)` or `sizeof(int) * (n + 1)` with `n` the variable
    /// declared at `n_decl`.
    fn n_plus_one_times_int_size(&self, s: usize, e: usize, n_decl: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let texts: Vec<&str> = (s..e).map(|k| u.text(k)).collect();
        let offset = match texts.as_slice() {
            ["(", _, "+", "1", ")", "*", "sizeof", "(", "int", ")"] => 1,
            ["sizeof", "(", "int", ")", "*", "(", _, "+", "1", ")"] => 6,
            _ => return None,
        };
        let n_at = s + offset;
        (u.is_ident(n_at)
            && scopes
                .visible(u, u.text(n_at), n_at)
                .is_some_and(|(d, _)| d.at == n_decl))
        .then_some(offset)
    }

    /// The declaration of the name at `at` when it is a non-static local
    /// pointer (`T *p`) declared in a block of the function whose body opens
    /// at `f`.
    fn pointer_local(&self, at: usize, f: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let (decl, scope) = scopes.visible(u, u.text(at), at)?;
        let DeclScope::Block(Some(o)) = scope else {
            return None;
        };
        let local = (o == f || scopes.inside(f, o))
            && matches!(
                scopes.kinds.get(&o),
                Some(BlockKind::Function | BlockKind::Statement | BlockKind::Loop)
            );
        let pointer = decl.at > 0 && u.text(decl.at - 1) == "*";
        (local && !decl.is_static && pointer).then_some(decl.at)
    }

    /// Whether the declaration at `at` is `int *h = ` fresh memory:
    /// `malloc(..)`/`calloc(..)` (after an optional `(int *)` cast) or
    /// `new int[..]`, alone in its statement.
    fn fresh_int_array(&self, at: usize) -> bool {
        let u = self.unit;
        if at < 3 || u.text(at - 2) != "int" || !matches!(u.text(at - 3), ";" | "{" | "}") {
            return false;
        }
        if u.text(at + 1) != "=" {
            return false;
        }
        let mut k = at + 2;
        if (0..4).all(|j| u.text(k + j) == ["(", "int", "*", ")"][j]) {
            k += 4;
        }
        let end = match u.text(k) {
            "malloc" | "calloc" if u.text(k + 1) == "(" => u.matching(k + 1, u.toks.len()) + 1,
            "new" if u.text(k + 1) == "int" && u.text(k + 2) == "[" => {
                u.matching(k + 2, u.toks.len()) + 1
            }
            _ => return false,
        };
        u.text(end) == ";"
    }

    /// For the mention `h` at `m`, the `for` token and the token of `n` when
    /// it is the body of `for (int i = 0; i < n; i++) h[i] = i;` (also
    /// `++i`, and the body in braces).
    fn identity_loop(&self, m: usize) -> Option<(usize, usize)> {
        let u = self.unit;
        let i = m + 2;
        let body = ["[", "=", ";"];
        if u.text(m + 1) != body[0]
            || !u.is_ident(i)
            || u.text(i + 1) != "]"
            || u.text(i + 2) != body[1]
            || u.text(i + 3) != u.text(i)
            || u.text(i + 4) != body[2]
        {
            return None;
        }
        let counter = u.text(i);
        let (for_at, n_at, inclusive) = self.counted_for(m, i + 4, counter, "0")?;
        (!inclusive).then_some((for_at, n_at))
    }

    /// Whether the statement starting at `stmt` runs before every execution
    /// of the token `later` of the function `f`: it is a whole statement of
    /// a block (the function's, a plain or loop block, not a `switch`'s)
    /// that holds `later`, after it, with no `case`/`default` label between
    /// (the function has no `goto`, checked by the caller).
    fn runs_before(&self, stmt: usize, later: usize, f: usize) -> bool {
        let (u, scopes) = (self.unit, self.scopes);
        let Some(b) = scopes.block_of(stmt) else {
            return false;
        };
        // Not the body of an `if`/`else`/loop, nor labelled.
        let prev = if stmt > 0 { u.text(stmt - 1) } else { "" };
        matches!(prev, ";" | "{" | "}")
            && self.statement_start(stmt) == stmt
            && stmt < later
            && (b == f || scopes.inside(f, b))
            && self.straight_path(stmt, f)
            && matches!(
                scopes.kinds.get(&b),
                Some(BlockKind::Function | BlockKind::Statement | BlockKind::Loop)
            )
            && scopes.inside(b, later)
            && (stmt..later).all(|k| !matches!(u.text(k), "case" | "default"))
    }

    /// The last token of the outermost loop around token `at` inside the
    /// function body `f` (`f_end` its `}`), its `do`-`while` condition
    /// included; `at` itself when no loop is around it. None for a loop
    /// block whose statement is not understood.
    fn loops_end(&self, at: usize, f: usize, f_end: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let mut end = at;
        let mut b = scopes.block_of(at);
        while let Some(o) = b {
            if o == f {
                break;
            }
            if scopes.kinds.get(&o) == Some(&BlockKind::Loop) {
                let close = *scopes.closing.get(&o)?;
                let mut last = close;
                if u.text(close + 1) == "while" && u.text(close + 2) == "(" {
                    last = u.matching(close + 2, f_end) + 1;
                }
                end = end.max(last);
            }
            b = scopes.block_of(o);
        }
        Some(end)
    }

    /// Where `n` is in `[s, e)` (from `s`) when that is `n * sizeof(int)` or
    /// `sizeof(int) * n` with `n` the variable declared at `n_decl`.
    fn n_times_int_size(&self, s: usize, e: usize, n_decl: usize) -> Option<usize> {
        let (u, scopes) = (self.unit, self.scopes);
        let texts: Vec<&str> = (s..e).map(|k| u.text(k)).collect();
        let offset = match texts.as_slice() {
            [_, "*", "sizeof", "(", "int", ")"] => 0,
            ["sizeof", "(", "int", ")", "*", _] => 5,
            _ => return None,
        };
        let n_at = s + offset;
        (u.is_ident(n_at)
            && scopes
                .visible(u, u.text(n_at), n_at)
                .is_some_and(|(d, _)| d.at == n_decl))
        .then_some(offset)
    }
}

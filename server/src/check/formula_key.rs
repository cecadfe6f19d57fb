//! A canonical text of an SMT-LIB formula modulo `let` sharing, the key of
//! the unsatisfiable-query cache (see `sdv::with_unsat_cache`).
//!
//! Z3 prints a subterm as a `let` alias or in place depending on how many
//! references its context holds to it, which depends on everything the
//! context built before (other pairs' queries): the same formula then prints
//! differently in two checks, and a cache keyed by the printed text misses.
//! Here every `let` is expanded (as a DAG, never as text) and the resulting
//! term graph is printed with its own numbering: two texts get the same key
//! exactly when they are the same formula once their `let`s are expanded.

use crate::base::HashMap;

/// Deepest nesting of non-`let` terms followed; deeper texts get no key
/// (then the query is not cached, which is always sound).
const MAX_DEPTH: usize = 1_000;

/// A term of the expanded formula: an atom (symbol, numeral, keyword) or a
/// node of the shared graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Term {
    Atom(String),
    Node(u32),
}

/// Hash-consed application nodes: `(head args...)`, each once.
#[derive(Default)]
struct Graph {
    nodes: Vec<Vec<Term>>,
    index: HashMap<Vec<Term>, u32>,
}

impl Graph {
    fn intern(&mut self, items: Vec<Term>) -> Term {
        if let Some(&n) = self.index.get(&items) {
            return Term::Node(n);
        }
        let n = self.nodes.len() as u32;
        self.nodes.push(items.clone());
        self.index.insert(items, n);
        Term::Node(n)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Atom(&'a str),
}

/// SMT-LIB tokens: parentheses, `|quoted symbols|`, `"strings"` and plain
/// atoms; `;` comments are skipped. None on an unterminated quote.
fn tokens(text: &str) -> Option<Vec<Token<'_>>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                out.push(Token::Open);
                i += 1;
            }
            b')' => {
                out.push(Token::Close);
                i += 1;
            }
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_whitespace() => i += 1,
            b'|' => {
                let end = bytes[i + 1..].iter().position(|&c| c == b'|')? + i + 2;
                out.push(Token::Atom(&text[i..end]));
                i = end;
            }
            b'"' => {
                // `""` inside a string is an escaped quote.
                let mut j = i + 1;
                loop {
                    let q = bytes.get(j..)?.iter().position(|&c| c == b'"')? + j;
                    if bytes.get(q + 1) == Some(&b'"') {
                        j = q + 2;
                    } else {
                        j = q + 1;
                        break;
                    }
                }
                out.push(Token::Atom(&text[i..j]));
                i = j;
            }
            _ => {
                let start = i;
                while i < bytes.len()
                    && !matches!(bytes[i], b'(' | b')' | b';' | b'|' | b'"')
                    && !bytes[i].is_ascii_whitespace()
                {
                    i += 1;
                }
                let atom = &text[start..i];
                // Binders other than `let` may bind a name a `let` alias
                // also has; expanding aliases under them is not done here
                // (the checker's queries have none).
                if matches!(atom, "forall" | "exists" | "lambda" | "match") {
                    return None;
                }
                out.push(Token::Atom(atom));
            }
        }
    }
    Some(out)
}

struct Parser<'a> {
    tokens: Vec<Token<'a>>,
    pos: usize,
    graph: Graph,
    /// `let` bindings in scope, innermost last, per name.
    scope: HashMap<&'a str, Vec<Term>>,
}

impl<'a> Parser<'a> {
    fn next(&mut self) -> Option<Token<'a>> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn peek(&self, ahead: usize) -> Option<&Token<'a>> {
        self.tokens.get(self.pos + ahead)
    }

    /// One term, with every `let` alias replaced by its (shared) value.
    /// A chain of `let`s is followed in a loop, not by recursion: Z3 nests
    /// one `let` per shared subterm.
    fn term(&mut self, depth: usize) -> Option<Term> {
        if depth > MAX_DEPTH {
            return None;
        }
        // The names each `let` entered here binds (one closing parenthesis each).
        let mut bound: Vec<Vec<&'a str>> = Vec::new();
        let result = loop {
            match self.next()? {
                Token::Close => return None,
                Token::Atom(a) => {
                    break match self.scope.get(a).and_then(|v| v.last()) {
                        Some(t) => t.clone(),
                        None => Term::Atom(a.to_string()),
                    }
                }
                Token::Open => {
                    if self.peek(0) == Some(&Token::Atom("let"))
                        && self.peek(1) == Some(&Token::Open)
                    {
                        self.pos += 2;
                        // Parallel bindings: every value in the outer scope.
                        let mut values: Vec<(&'a str, Term)> = Vec::new();
                        loop {
                            match self.next()? {
                                Token::Close => break,
                                Token::Open => {
                                    let Token::Atom(name) = self.next()? else {
                                        return None;
                                    };
                                    let value = self.term(depth + 1)?;
                                    if self.next()? != Token::Close {
                                        return None;
                                    }
                                    values.push((name, value));
                                }
                                Token::Atom(_) => return None,
                            }
                        }
                        let mut names = Vec::new();
                        for (name, value) in values {
                            self.scope.entry(name).or_default().push(value);
                            names.push(name);
                        }
                        bound.push(names);
                        // The body is the rest of this term; its `)` comes after it.
                        continue;
                    }
                    let mut items = Vec::new();
                    loop {
                        if self.peek(0) == Some(&Token::Close) {
                            self.pos += 1;
                            break;
                        }
                        items.push(self.term(depth + 1)?);
                    }
                    break self.graph.intern(items);
                }
            }
        };
        // Close the `let`s entered, innermost first.
        for names in bound.iter().rev() {
            if self.next()? != Token::Close {
                return None;
            }
            for name in names {
                if let Some(values) = self.scope.get_mut(name) {
                    values.pop();
                }
            }
        }
        Some(result)
    }
}

/// The canonical text of the terms of `text` (a sequence of SMT-LIB
/// commands or terms), or None when it does not parse (or nests too deep).
///
/// Each distinct application is printed once, as `#n (head args)`, numbered
/// in the order a left-to-right depth-first walk from the first term first
/// finishes it; an argument that is an application is written `#n`. Since
/// applications are hash-consed, the graph is the unique maximally shared
/// form of the expanded terms, and the walk is fixed by it: the text depends
/// on the expanded terms alone, and determines them.
pub fn canonical_formula(text: &str) -> Option<String> {
    let mut parser = Parser {
        tokens: tokens(text)?,
        pos: 0,
        graph: Graph::default(),
        scope: HashMap::default(),
    };
    let mut roots = Vec::new();
    while parser.pos < parser.tokens.len() {
        roots.push(parser.term(0)?);
    }
    // Renumber from the roots (post-order of first visit), iteratively.
    let graph = &parser.graph;
    let mut number: Vec<Option<u32>> = vec![None; graph.nodes.len()];
    let mut next = 0u32;
    let mut out = String::new();
    let write_node = |n: usize, number: &[Option<u32>], out: &mut String, id: u32| {
        out.push('#');
        out.push_str(&id.to_string());
        out.push_str(" (");
        for (i, item) in graph.nodes[n].iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            match item {
                Term::Atom(a) => out.push_str(a),
                Term::Node(m) => {
                    out.push('#');
                    out.push_str(&number[*m as usize].unwrap_or(u32::MAX).to_string());
                }
            }
        }
        out.push_str(")\n");
    };
    for root in &roots {
        match root {
            Term::Atom(a) => {
                out.push_str("root ");
                out.push_str(a);
                out.push('\n');
                continue;
            }
            Term::Node(r) => {
                // (node, next child to visit)
                let mut stack: Vec<(usize, usize)> = vec![(*r as usize, 0)];
                while let Some((n, child)) = stack.pop() {
                    if number[n].is_some() {
                        continue;
                    }
                    let children = &graph.nodes[n];
                    let pending = children[child..]
                        .iter()
                        .position(|c| matches!(c, Term::Node(m) if number[*m as usize].is_none()));
                    match pending {
                        Some(offset) => {
                            let at = child + offset;
                            stack.push((n, at + 1));
                            if let Term::Node(m) = &children[at] {
                                stack.push((*m as usize, 0));
                            }
                        }
                        None => {
                            number[n] = Some(next);
                            write_node(n, &number, &mut out, next);
                            next += 1;
                        }
                    }
                }
                out.push_str("root #");
                out.push_str(&number[*r as usize].unwrap_or(u32::MAX).to_string());
                out.push('\n');
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::canonical_formula;

    #[test]
    fn let_sharing_does_not_change_the_key() {
        let shared = "(assert (let (($x1 (and a b))) (=> $x1 (or $x1 c))))";
        let inline = "(assert (=> (and a b) (or (and a b) c)))";
        let renamed = "(assert (let ((?y9 (and a b))) (=> ?y9 (or ?y9 c))))";
        let key = canonical_formula(inline).unwrap();
        assert_eq!(canonical_formula(shared).unwrap(), key);
        assert_eq!(canonical_formula(renamed).unwrap(), key);
    }

    #[test]
    fn different_formulas_get_different_keys() {
        // Keyed too coarsely (aliases dropped, arguments unordered, atoms
        // merged), these would share a key while one is satisfiable and the
        // other not.
        let texts = [
            "(assert (let (($x1 (and a b))) (=> $x1 (or $x1 c))))",
            "(assert (let (($x1 (and a b))) (=> $x1 (or c $x1))))",
            "(assert (let (($x1 (and a c))) (=> $x1 (or $x1 c))))",
            "(assert (=> (and a b) (or (and a c) c)))",
            "(assert (< x 1))",
            "(assert (< 1 x))",
            "(assert (< x |1|))",
            "(assert (let (($x1 a)) (let (($x1 b)) $x1)))",
            "(assert (let (($x1 a)) (and (let (($x1 b)) $x1) $x1)))",
            "(assert (and a b)) (assert c)",
            "(assert (and a b c))",
        ];
        let keys: Vec<String> = texts
            .iter()
            .map(|t| canonical_formula(t).unwrap())
            .collect();
        for i in 0..keys.len() {
            for j in i + 1..keys.len() {
                assert_ne!(keys[i], keys[j], "{} / {}", texts[i], texts[j]);
            }
        }
        // Shadowing: the inner binding is the one in scope, then the outer again.
        assert_eq!(
            canonical_formula("(assert (let (($x1 a)) (and (let (($x1 b)) $x1) $x1)))"),
            canonical_formula("(assert (and b a))")
        );
        // Parallel `let`: values in the outer scope.
        assert_eq!(
            canonical_formula("(assert (let ((x y) (y x)) (and x y)))"),
            canonical_formula("(assert (and y x))")
        );
    }

    #[test]
    fn malformed_texts_get_no_key() {
        assert_eq!(canonical_formula("(assert (and a"), None);
        assert_eq!(canonical_formula("(assert |a)"), None);
        assert_eq!(
            canonical_formula("(assert (let ((x a)) (forall ((x Int)) (p x))))"),
            None
        );
        assert_eq!(canonical_formula("(assert a))"), None);
        let deep = format!("{}a{}", "(f ".repeat(1500), ")".repeat(1500));
        assert_eq!(canonical_formula(&deep), None);
    }
}

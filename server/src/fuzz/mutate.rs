//! The structure-aware mutator: token and line deletion and duplication,
//! brace and semicolon damage, identifier and number replacement (extreme
//! constants included), inserted barriers, keywords and preprocessor lines,
//! and splices from other kernels. Seeded: one seed, one sequence.

/// SplitMix64: small, seeded, the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5EED_F00D_CAFE_BABE)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Splits text into tokens: identifiers, numbers, whitespace runs, and single
/// other characters (concatenated, they give the text back).
pub fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let same_class = |d: char| {
            if c.is_alphanumeric() || c == '_' {
                d.is_alphanumeric() || d == '_' || (c.is_ascii_digit() && d == '.')
            } else if c.is_whitespace() {
                d.is_whitespace()
            } else {
                false
            }
        };
        let mut end = start + c.len_utf8();
        while let Some(&(i, d)) = chars.peek() {
            if !same_class(d) {
                break;
            }
            end = i + d.len_utf8();
            chars.next();
        }
        out.push(&text[start..end]);
    }
    out
}

/// Numbers that break naive arithmetic.
const EXTREME_NUMBERS: [&str; 14] = [
    "0",
    "1",
    "-1",
    "2147483647",
    "-2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "0x7fffffff",
    "0xffffffffffffffffffff",
    "1e308",
    "0.0",
];

/// Fragments inserted at random places.
const FRAGMENTS: [&str; 26] = [
    "__syncthreads();",
    "barrier(CLK_LOCAL_MEM_FENCE);",
    "__syncwarp();",
    "if (threadIdx.x == 0) ",
    "if (threadIdx.x < 7) __syncthreads();",
    "for (int q = 0; q < 4; ++q) ",
    "while (1) ",
    "return;",
    "break;",
    "continue;",
    "goto end;",
    "end:",
    "{",
    "}",
    ";",
    "(",
    ")",
    "__shared__ int s[64];",
    "volatile ",
    "atomicAdd(&s[0], 1);",
    "#define X (X + 1)\n",
    "#include \"missing.h\"\n",
    "#if 1\n",
    "#endif\n",
    "template <int N> ",
    "\\\n",
];

/// Mutates seed texts.
pub struct Mutator {
    seeds: Vec<String>,
}

impl Mutator {
    /// A mutator over these seed texts (non-empty).
    pub fn new(seeds: Vec<String>) -> Mutator {
        Mutator { seeds }
    }

    /// A mutant of a random seed: 1 to 4 mutations.
    pub fn mutant(&self, rng: &mut Rng) -> (usize, String) {
        let which = rng.below(self.seeds.len());
        let mut text = self.seeds[which].clone();
        for _ in 0..1 + rng.below(4) {
            text = self.mutate_once(&text, rng);
        }
        (which, text)
    }

    fn mutate_once(&self, text: &str, rng: &mut Rng) -> String {
        let toks = tokens(text);
        if toks.is_empty() {
            return FRAGMENTS[rng.below(FRAGMENTS.len())].to_string();
        }
        let at = rng.below(toks.len());
        let mut out: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
        match rng.below(11) {
            // Delete a token.
            0 => {
                out.remove(at);
            }
            // Duplicate a token.
            1 => out.insert(at, toks[at].to_string()),
            // Delete or duplicate a line.
            2 | 3 => {
                let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
                let line = rng.below(lines.len());
                if rng.below(2) == 0 {
                    lines.remove(line);
                } else {
                    lines.insert(line, lines[line]);
                }
                return lines.concat();
            }
            // Brace, parenthesis and semicolon damage.
            4 => {
                let damage = *rng.pick(&["{", "}", ";", "(", ")", "", "[", "]"]);
                out[at] = damage.to_string();
            }
            // Identifier replaced by another of the file's identifiers or a keyword.
            5 => {
                let idents: Vec<&str> = toks
                    .iter()
                    .copied()
                    .filter(|t| t.starts_with(|c: char| c.is_alphabetic() || c == '_'))
                    .collect();
                let keywords = [
                    "threadIdx",
                    "blockIdx",
                    "blockDim",
                    "int",
                    "unsigned",
                    "float",
                    "if",
                    "for",
                    "while",
                    "do",
                    "switch",
                    "case",
                    "return",
                    "__shared__",
                    "__global__",
                    "__device__",
                    "__kernel",
                    "__local",
                    "get_local_id",
                    "struct",
                    "sizeof",
                ];
                if let Some(index) = (0..toks.len())
                    .map(|i| (at + i) % toks.len())
                    .find(|&i| toks[i].starts_with(|c: char| c.is_alphabetic() || c == '_'))
                {
                    out[index] = if rng.below(2) == 0 && !idents.is_empty() {
                        rng.pick(&idents).to_string()
                    } else {
                        rng.pick(&keywords).to_string()
                    };
                }
            }
            // Number replaced by an extreme constant.
            6 => {
                if let Some(index) = (0..toks.len())
                    .map(|i| (at + i) % toks.len())
                    .find(|&i| toks[i].starts_with(|c: char| c.is_ascii_digit()))
                {
                    out[index] = rng.pick(&EXTREME_NUMBERS).to_string();
                }
            }
            // Inserted barrier, keyword or preprocessor fragment.
            7 | 8 => out.insert(at, FRAGMENTS[rng.below(FRAGMENTS.len())].to_string()),
            // Splice: lines of another seed.
            9 => {
                let other = &self.seeds[rng.below(self.seeds.len())];
                let lines: Vec<&str> = other.split_inclusive('\n').collect();
                let from = rng.below(lines.len());
                let to = (from + 1 + rng.below(8)).min(lines.len());
                out.insert(at, lines[from..to].concat());
            }
            // Repeat a token many times (long lines, deep or long expressions).
            _ => {
                let times = 1 + rng.below(300);
                out.insert(at, toks[at].repeat(times));
            }
        }
        out.concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_give_the_text_back() {
        let text = "int x = a[tid + 1]; // 3.5e2\n  y++;";
        assert_eq!(tokens(text).concat(), text);
        assert!(tokens(text).contains(&"tid"));
    }

    #[test]
    fn the_same_seed_gives_the_same_mutants() {
        let seeds = vec!["__global__ void k(int *a) { a[threadIdx.x] = 1; }\n".to_string()];
        let mutator = Mutator::new(seeds);
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..20)
                .map(|_| mutator.mutant(&mut rng).1)
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }
}

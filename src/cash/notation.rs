//! Browne's move notation for Cash in Hand (docs/RULES.md section 3):
//! `c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4`.
//!
//! Only the syntax is checked here. Numbers are read as u32 so that "pick up
//! 40 from a stack of 32" reaches the rules and is refused there with both
//! numbers named, instead of being a puzzling syntax error.

use crate::board::Cell;
use crate::errors::NotationError;
use crate::moves::{parse_cell, CashMove, MAX_MOVE_TEXT};
use crate::sorting;
use std::fmt;

/// Removes the spaces around every `:`, so that `c3 : 8` and `( : d3)` read
/// like `c3:8` and `(:d3)`.
fn tighten(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut skip_space = false;
    for ch in text.chars() {
        if ch == ':' {
            while out.ends_with(char::is_whitespace) {
                out.pop();
            }
            out.push(ch);
            skip_space = true;
        } else if skip_space && ch.is_whitespace() {
            continue;
        } else {
            skip_space = false;
            out.push(ch);
        }
    }
    out
}

/// Reads a count of stones: decimal digits only (any number of them, leading
/// zeros included), at most u32::MAX.
fn parse_count(token: &str, number: &str) -> Result<u32, NotationError> {
    let bad = || NotationError::BadToken {
        token: token.to_string(),
        expected: "CELL:N with N a number of stones (like d4:3)",
    };
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    number.parse().map_err(|_| bad())
}

/// Reads one `CELL:N` token.
fn parse_pair(token: &str) -> Result<(Cell, u32), NotationError> {
    let Some((cell, number)) = token.split_once(':') else {
        return Err(NotationError::BadToken {
            token: token.to_string(),
            expected: "CELL:N (a cell, a colon and a number of stones, like d4:3)",
        });
    };
    Ok((parse_cell(cell)?, parse_count(token, number)?))
}

fn parse_pairs(text: &str) -> Result<Vec<(Cell, u32)>, NotationError> {
    text.split_whitespace().map(parse_pair).collect()
}

/// Reads the inside of `( ... )`: a colon, then cells separated by spaces or commas.
fn parse_capture_list(inside: &str) -> Result<Vec<Cell>, NotationError> {
    let Some(cells) = inside.trim().strip_prefix(':') else {
        return Err(NotationError::BadCaptureList("it must start with a colon"));
    };
    cells
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(parse_cell)
        .collect()
}

impl CashMove {
    /// Reads a move in Browne's notation. Case-insensitive; spaces may be
    /// repeated and may surround `:`; capture and redistribution entries may
    /// come in any order; `(:)` is an empty capture list.
    ///
    /// Without a capture list, the tokens after the origin are steps until
    /// their drops reach the count picked up, and the rest is the
    /// redistribution. With one, steps are what precedes it. The capture
    /// list and the redistribution are put in file-then-rank order.
    pub fn parse(text: &str) -> Result<CashMove, NotationError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(NotationError::TooLong(text.len()));
        }
        let text = tighten(text.trim());
        if text.is_empty() {
            return Err(NotationError::Empty);
        }
        let (before, captures, after) = match text.find('(') {
            None if text.contains(')') => {
                return Err(NotationError::BadCaptureList("')' without '('"))
            }
            None => (text.as_str(), None, ""),
            Some(open) => {
                let rest = &text[open + 1..];
                let close =
                    rest.find(')').ok_or(NotationError::BadCaptureList("'(' without ')'"))?;
                let after = &rest[close + 1..];
                if after.contains('(') || after.contains(')') || rest[..close].contains('(') {
                    return Err(NotationError::BadCaptureList(
                        "a move has at most one capture list",
                    ));
                }
                (&text[..open], Some(parse_capture_list(&rest[..close])?), after)
            }
        };
        let mut tokens = parse_pairs(before)?.into_iter();
        let (origin, count) = tokens.next().ok_or(NotationError::BadToken {
            token: String::new(),
            expected: "the origin and the stones picked up, like c3:8, at the start",
        })?;
        let mut steps = Vec::new();
        let mut placements = Vec::new();
        if captures.is_some() {
            steps.extend(tokens);
            placements = parse_pairs(after)?;
        } else {
            let mut dropped: u64 = 0;
            for pair in tokens {
                if dropped < count as u64 {
                    dropped += pair.1 as u64;
                    steps.push(pair);
                } else {
                    placements.push(pair);
                }
            }
        }
        // Entries of these two lists may come in any order: keep them in
        // the canonical one, so that equal moves are equal values.
        let mut captures = captures;
        if let Some(list) = captures.as_mut() {
            sorting::sort_by_key(list, |c| c.file_major_key());
        }
        sorting::sort_by_key(&mut placements, |(c, _)| c.file_major_key());
        Ok(CashMove { origin, count, steps, captures, placements })
    }
}

impl fmt::Display for CashMove {
    /// Canonical form: lowercase, steps in order, the capture list (when one
    /// is given) and the redistribution ordered by file, then rank.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.origin, self.count)?;
        for (cell, d) in &self.steps {
            write!(f, " {cell}:{d}")?;
        }
        if let Some(captures) = &self.captures {
            let mut captures = captures.clone();
            sorting::sort_by_key(&mut captures, |c| c.file_major_key());
            f.write_str(" (:")?;
            for (i, c) in captures.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str(")")?;
        }
        let mut placements = self.placements.clone();
        sorting::sort_by_key(&mut placements, |(c, _)| c.file_major_key());
        for (cell, n) in placements {
            write!(f, " {cell}:{n}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn browne_example_reads_and_prints() {
        let m = CashMove::parse("c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4").unwrap();
        assert_eq!(m.origin, c("c3"));
        assert_eq!(m.count, 8);
        assert_eq!(m.steps, vec![(c("d4"), 3), (c("e5"), 1), (c("f4"), 4)]);
        assert_eq!(m.captures, Some(vec![c("d3"), c("e4")]));
        assert_eq!(m.placements, vec![(c("g6"), 1), (c("g7"), 4)]);
        assert_eq!(m.to_string(), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4");
    }

    #[test]
    fn lenient_input_becomes_canonical() {
        let m = CashMove::parse("  C3 : 8  D4:3 e5:1 F4:4 ( : E4 ,d3 ) G7:4   g6:1 ").unwrap();
        assert_eq!(m.to_string(), "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4");
    }

    #[test]
    fn without_a_capture_list_the_drops_split_steps_from_placements() {
        let m = CashMove::parse("c3:8 d4:3 e5:1 f4:4 g7:4 g6:1").unwrap();
        assert_eq!(m.steps.len(), 3);
        assert_eq!(m.captures, None);
        assert_eq!(m.to_string(), "c3:8 d4:3 e5:1 f4:4 g6:1 g7:4");
    }

    #[test]
    fn an_empty_capture_list_is_kept() {
        let m = CashMove::parse("h1:2 g2:2 (:)").unwrap();
        assert_eq!(m.captures, Some(vec![]));
        assert_eq!(m.to_string(), "h1:2 g2:2 (:)");
    }

    #[test]
    fn large_numbers_are_legality_questions_not_syntax() {
        let m = CashMove::parse("h1:40 g2:40").unwrap();
        assert_eq!(m.count, 40);
        assert!(CashMove::parse("h1:99999999999 g2:1").is_err());
    }

    #[test]
    fn syntax_errors() {
        assert_eq!(CashMove::parse("  "), Err(NotationError::Empty));
        assert!(matches!(CashMove::parse("h1 g2:1"), Err(NotationError::BadToken { .. })));
        assert!(matches!(CashMove::parse("h1:x g2:1"), Err(NotationError::BadToken { .. })));
        assert!(matches!(CashMove::parse("h1:-1 g2:1"), Err(NotationError::BadToken { .. })));
        assert!(matches!(CashMove::parse("zz:1 g2:1"), Err(NotationError::BadCell(_))));
        assert!(matches!(CashMove::parse("h1:1 g2:1 (:d3"), Err(NotationError::BadCaptureList(_))));
        assert!(matches!(CashMove::parse("h1:1 g2:1 d3)"), Err(NotationError::BadCaptureList(_))));
        assert!(matches!(CashMove::parse("h1:1 g2:1 (d3)"), Err(NotationError::BadCaptureList(_))));
        assert!(matches!(
            CashMove::parse("h1:1 (:) g2:1 (:)"),
            Err(NotationError::BadCaptureList(_))
        ));
        // A second parenthesis after the capture list, even unmatched.
        for two in ["h1:1 (:) g2:1)", "h1:1 (:) g2:1 (", "h1:1 ((:) g2:1"] {
            assert_eq!(
                CashMove::parse(two),
                Err(NotationError::BadCaptureList("a move has at most one capture list")),
                "{two}"
            );
        }
        assert!(matches!(CashMove::parse("(:d3)"), Err(NotationError::BadToken { .. })));
        assert!(matches!(CashMove::parse(&"h1:1 ".repeat(1000)), Err(NotationError::TooLong(_))));
    }

    #[test]
    fn texts_up_to_the_length_limit_are_read() {
        let at_limit = format!("{:<1$}", "h1:2 g2:2", MAX_MOVE_TEXT);
        assert_eq!(CashMove::parse(&at_limit).map(|m| m.to_string()), Ok("h1:2 g2:2".into()));
        let over = format!("{at_limit} ");
        assert_eq!(CashMove::parse(&over), Err(NotationError::TooLong(MAX_MOVE_TEXT + 1)));
    }
}

//! Reading perft golden files `tests/perft/*.perft`: a line
//! `position <POS>`, optionally `rules <option>...` (`first-move-rule=off`,
//! `quiet-limit=N`, `repetition-draw=off`), then lines `perft <depth> <count>`;
//! `#` starts a comment.
#![allow(dead_code)]

use sowboard::{Position, Rules};
use std::path::Path;

/// One position with its expected counts, and where it was written.
pub struct Case {
    pub file: String,
    pub line: usize,
    pub position: Position,
    pub rules: Rules,
    pub counts: Vec<(u32, u64)>,
}

pub fn read_cases(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.display().to_string();
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("{file}:{}", i + 1);
        if let Some(pos) = line.strip_prefix("position ") {
            let position = pos.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
            cases.push(Case {
                file: file.clone(),
                line: i + 1,
                position,
                rules: Rules::default(),
                counts: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("rules ") {
            let case =
                cases.last_mut().unwrap_or_else(|| panic!("{at}: rules line before any position"));
            for word in rest.split_whitespace() {
                match word.split_once('=') {
                    Some(("first-move-rule", v)) => case.rules.first_move_rule = v == "on",
                    Some(("repetition-draw", v)) => case.rules.repetition_draw = v == "on",
                    Some(("quiet-limit", v)) => {
                        case.rules.quiet_ply_limit =
                            v.parse().unwrap_or_else(|e| panic!("{at}: {e}"))
                    }
                    _ => panic!("{at}: unknown rule option '{word}'"),
                }
            }
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let nums: Vec<u64> = rest
                .split_whitespace()
                .map(|t| t.parse().unwrap_or_else(|e| panic!("{at}: {e}")))
                .collect();
            assert_eq!(nums.len(), 2, "{at}: expected `perft <depth> <count>`");
            let case =
                cases.last_mut().unwrap_or_else(|| panic!("{at}: perft line before any position"));
            case.counts.push((nums[0] as u32, nums[1]));
        } else {
            panic!("{at}: unknown line '{line}'");
        }
    }
    cases
}

pub fn golden_files() -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "perft"));
    files.sort();
    files
}

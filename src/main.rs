//! The `sowboard` command line: perft, play, moves, bench.

mod cli;

fn main() {
    std::process::exit(cli::run());
}

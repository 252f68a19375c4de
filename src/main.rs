//! The `sowboard` command line: perft, play, moves, match, tactics, soak, bench.

mod cli;

fn main() {
    quiet_on_broken_pipe();
    std::process::exit(cli::run());
}

/// `sowboard moves ... | head`: when the reader of our output goes away,
/// stop quietly as Unix tools do. Rust ignores SIGPIPE, so the next write
/// fails and `println!` panics with "failed printing to stdout: Broken pipe";
/// stable Rust has no switch for this, so the panic is recognised here.
fn quiet_on_broken_pipe() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(0);
        }
        default_hook(info);
    }));
}

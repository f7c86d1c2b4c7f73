//! Benchmarks and load generators, run against running processes (never timed tests).
//! Each is a binary of its own in `src/bin/`; see the README for how to run them.

fn main() {
    eprintln!("run a benchmark: cargo run --release -p bench --bin ticketing_issue");
    std::process::exit(2);
}

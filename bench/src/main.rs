//! Benchmarks and load generators, run against running processes (never timed tests).
//!
//! The first ones arrive with the ticketing-system issue (the simulator's issue rate) and the
//! on-sale issue (holds per second against a running api); see the README.

fn main() {
    eprintln!("no benchmark yet: see bench/src/main.rs");
    std::process::exit(2);
}

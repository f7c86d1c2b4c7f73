//! Durable multi-step flows, each an apalis job on Postgres.
//!
//! Every job payload is ids; every job reloads its state and returns early when its work is
//! done, so running it twice (a retry, a worker killed half-way) changes nothing twice.
//! Jobs are enqueued with [`enqueue`] inside the transaction that commits the state that
//! causes them.

pub mod bans;
pub mod blacklist;
pub mod box_office;
pub mod checkout;
pub mod corporate;
pub mod eligibility;
pub mod exports;
pub mod identity;
pub mod issuing;
pub mod mail;
pub mod mass;
pub mod onsale;
pub mod passes;
pub mod preemption;
pub mod reconciliation;
pub mod refunds;
pub mod resale;
pub mod runtime;
pub mod season_orders;
pub mod service_log;
pub mod staff;
pub mod supporter_cards;
pub mod tickets;
pub mod transfers;

pub use runtime::{Backoff, Job, JobContext, JobError, enqueue, execute};

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::Path;

    /// The crate's top-level modules (a file, or a folder with its `mod.rs`) and the sibling
    /// modules each one names through `crate::`.
    fn imports() -> BTreeMap<String, BTreeSet<String>> {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut texts: BTreeMap<String, String> = BTreeMap::new();
        for entry in std::fs::read_dir(&src).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if name == "lib" {
                continue;
            }
            let files: Vec<_> = if path.is_dir() {
                std::fs::read_dir(&path)
                    .unwrap()
                    .map(|e| e.unwrap().path())
                    .collect()
            } else {
                vec![path]
            };
            let text = texts.entry(name).or_default();
            for f in files {
                text.push_str(&std::fs::read_to_string(f).unwrap());
            }
        }
        let names: BTreeSet<String> = texts.keys().cloned().collect();
        texts
            .into_iter()
            .map(|(module, text)| {
                // Code only: a doc comment may link anywhere.
                let code: String = text
                    .lines()
                    .filter(|l| !l.trim_start().starts_with("//"))
                    .collect::<Vec<_>>()
                    .join("\n");
                let mut uses = BTreeSet::new();
                for (at, _) in code.match_indices("crate::") {
                    let rest = &code[at + "crate::".len()..];
                    if let Some(block) = rest.strip_prefix('{') {
                        // `use crate::{a::X, b, c::{..}}`: the first name of each path.
                        let end = block.find("};").unwrap_or(block.len());
                        let mut depth = 0;
                        let mut token = String::new();
                        let mut first = true;
                        for c in block[..end].chars() {
                            match c {
                                '{' => depth += 1,
                                '}' => depth -= 1,
                                ',' if depth == 0 => first = true,
                                c if c.is_alphanumeric() || c == '_' => {
                                    if first {
                                        token.push(c)
                                    }
                                }
                                _ => {
                                    if !token.is_empty() {
                                        uses.insert(std::mem::take(&mut token));
                                    }
                                    first = false;
                                }
                            }
                        }
                        if !token.is_empty() {
                            uses.insert(token);
                        }
                    } else {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        uses.insert(name);
                    }
                }
                uses.retain(|u| names.contains(u) && *u != module);
                (module, uses)
            })
            .collect()
    }

    #[test]
    fn no_module_imports_a_sibling_that_imports_it_back() {
        let graph = imports();
        assert!(graph["checkout"].contains("issuing"), "{graph:?}");
        for start in graph.keys() {
            let mut seen = BTreeSet::new();
            let mut todo: Vec<&String> = graph[start].iter().collect();
            while let Some(m) = todo.pop() {
                assert_ne!(m, start, "{start} reaches itself: {graph:#?}");
                if seen.insert(m.clone()) {
                    todo.extend(graph.get(m).into_iter().flatten());
                }
            }
        }
    }
}

// sqlx::migrate! embeds the migrations when domain is compiled: a new migration file must
// rebuild it (sqlx's own advice, `sqlx migrate build-script`).
fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}

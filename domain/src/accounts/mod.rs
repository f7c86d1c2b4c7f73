//! Accounts: users and their profile, roles, sign-in codes and links, passwords, sessions.

pub mod codes;
pub mod password;
pub mod sessions;
pub mod tokens;
mod user;

pub use user::*;

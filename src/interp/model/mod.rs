//! The declarations of the core's types, below every file that has their code (docs/ARCHITECTURE.md, "Inside
//! the interpreter"): `types.rs`, the recursive ones (values, functions, members, objects, scopes, globals, the
//! registry, the machine), and `parts.rs`, the plain parts they hold. Code on these types stays in `value.rs`,
//! `native.rs`, `object.rs`, `env.rs`, `registry.rs` and `eval/`, which re-export them.

pub mod parts;
pub mod types;

fn main() {
    println!("cargo:rerun-if-changed=grammar/");
    println!("cargo:rerun-if-changed=build.rs");
    // The `cgs` binary is linked position-dependent (`-no-pie`) on Linux/glibc. As a PIE every pointer in the
    // library's static tables (each member row's name, parameters, doc line, example and body: ~28k relative
    // relocations, 0.5 MB of `.data.rel.ro`) is patched by the dynamic loader at every start, copying each of
    // those pages; that was most of a short script's start-up time (docs/PERFORMANCE.md, "Start-up").
    // Position-dependent, the tables are read from the file as they are, only when used.
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .set_out_dir(std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"))
        .process()
        .expect("the grammar compiles");
}

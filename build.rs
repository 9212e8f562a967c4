fn main() {
    println!("cargo:rerun-if-changed=grammar/");
    lalrpop::Configuration::new()
        .set_in_dir("grammar")
        .set_out_dir(std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo"))
        .process()
        .expect("the grammar compiles");
}

fn main() {
    println!("cargo:rerun-if-changed=grammar/");
    println!("cargo:rerun-if-changed=stdlib/");
    println!("cargo:rerun-if-changed=src/ruleset/identifier_len.rs");
    let out = std::env::var("OUT_DIR").expect("OUT_DIR is set by cargo");
    lalrpop::Configuration::new().set_in_dir("grammar").set_out_dir(&out).process().expect("the grammar compiles");
    stdlib_names(std::path::Path::new(&out));
}

/// Writes `stdlib_names.rs`: `scanned_names(path)`, the top-level names the stdlib file `<stdlib/NAME.cgs>`
/// defines, separated by spaces (`ruleset N`, `def N`, `class N`, `singleton class N`, `N :=` at the start of
/// a line). Scanning the text here instead of when a workspace starts saves every run of `cgs` about 0.4
/// million instructions (docs/PERFORMANCE.md, "Start-up"); `ruleset::stdlib`'s test checks the names against
/// what evaluating each file defines.
fn stdlib_names(out: &std::path::Path) {
    let mut files: Vec<_> = std::fs::read_dir("stdlib")
        .expect("the stdlib folder is readable")
        .map(|e| e.expect("a stdlib entry is readable").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cgs"))
        .collect();
    files.sort();
    let mut code = String::from(
        "/// The names each stdlib file defines, found by build.rs (its `stdlib_names`), separated by spaces.\n\
         fn scanned_names(path: &str) -> &'static str {\n    match path {\n",
    );
    for path in files {
        let text = std::fs::read_to_string(&path).expect("a stdlib file is readable");
        let file = path.file_name().and_then(|f| f.to_str()).expect("a stdlib file name is UTF-8");
        code.push_str(&format!("        {:?} => {:?},\n", format!("<stdlib/{file}>"), defined_names(&text).join(" ")));
    }
    code.push_str("        _ => \"\",\n    }\n}\n");
    std::fs::write(out.join("stdlib_names.rs"), code).expect("OUT_DIR is writable");
}

/// The top-level names `text` defines, in order of first definition.
fn defined_names(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    for line in text.lines() {
        let rest = line
            .strip_prefix("ruleset ")
            .or_else(|| line.strip_prefix("def "))
            .or_else(|| line.strip_prefix("class "))
            .or_else(|| line.strip_prefix("singleton class "))
            .unwrap_or(line);
        let len = identifier_len(rest);
        let defined = len > 0
            && (rest.len() < line.len() || rest[len..].trim_start().starts_with(":="))
            && line.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
        if defined && !names.contains(&&rest[..len]) {
            names.push(&rest[..len]);
        }
    }
    names
}

include!("src/ruleset/identifier_len.rs");

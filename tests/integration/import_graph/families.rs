//! The second rule of [`super`]: the library's families import each other only through their faces
//! (`library/<b>/mod.rs`), and the graph of families has no cycle.

use super::*;

// ---- the library's families ------------------------------------------------------------------------------

/// The family of a file of `library/`: `library/<a>/…` → `a`; a file directly in `library/` → `library` (the
/// root, which installs the families and so sits above them).
fn family(rel: &Path) -> Option<String> {
    let mut it = rel.iter().map(|c| c.to_string_lossy().into_owned());
    if it.next()? != "library" {
        return None;
    }
    let second = it.next()?;
    Some(if it.next().is_some() { second } else { "library".into() })
}

/// What the family rules look at: each reference that reaches past a face or imports the root, as
/// (from family, to family, message), and the graph of families (from → to → first place).
struct Families {
    bad: Vec<(String, String, String)>,
    graph: BTreeMap<String, BTreeMap<String, String>>,
}

/// The family of every reference from a file of `library/`.
fn families(files: &[(PathBuf, String)]) -> Families {
    let g = Graph::new(files);
    let fams: Vec<Option<String>> = g.files.iter().map(|f| family(&f.rel)).collect();
    let face = |j: usize| g.files[j].rel.parent().map(|p| p.join("mod.rs")) == Some(g.files[j].rel.clone());
    let mut bad = Vec::new();
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (i, f) in g.files.iter().enumerate() {
        let Some(a) = &fams[i] else { continue };
        for (line, p) in &f.refs {
            // Stop at the first face of another family: the written path must reach it before any other file.
            let stop = |j: usize| fams[j].as_ref().is_some_and(|b| b != a && b != "library") && face(j);
            let (Some(near), Some(far)) = (g.resolve_until(p, &stop), g.resolve(p)) else { continue };
            let (Some(b_near), Some(b_far)) = (&fams[near], &fams[far]) else { continue };
            let here = format!("{}:{line}", f.rel.display());
            if a != "library" && b_far == "library" {
                let m = format!("{here}: family `{a}` imports the library root {}", g.files[far].rel.display());
                bad.push((a.clone(), b_far.clone(), m));
            }
            if a != "library" && b_near != a && b_near != "library" && !face(near) {
                let m = format!(
                    "{here}: family `{a}` reaches into {} instead of through library/{b_near}/mod.rs",
                    g.files[near].rel.display()
                );
                bad.push((a.clone(), b_near.clone(), m));
            }
            if b_far != a {
                graph.entry(a.clone()).or_default().entry(b_far.clone()).or_insert(here);
            }
        }
    }
    Families { bad, graph }
}

/// The violations of the family rules not covered by `known`.
fn family_violations(fam: &Families, known: &[(&str, &str, &str)]) -> Vec<String> {
    let allowed = |a: &str, b: &str| known.iter().any(|(x, y, _)| *x == a && *y == b);
    let mut out: Vec<String> = fam.bad.iter().filter(|(a, b, _)| !allowed(a, b)).map(|(_, _, m)| m.clone()).collect();
    let graph = &fam.graph;
    let names: Vec<String> = graph
        .keys()
        .chain(graph.values().flat_map(|m| m.keys()))
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let index = |n: &str| names.iter().position(|x| x == n).expect("a family");
    let adj: Vec<Vec<usize>> = names
        .iter()
        .map(|a| {
            graph.get(a).map(|m| m.keys().filter(|b| !allowed(a, b)).map(|b| index(b)).collect()).unwrap_or_default()
        })
        .collect();
    for comp in cycles(names.len(), &|v| adj[v].clone()) {
        let mut why = Vec::new();
        for &x in &comp {
            for (b, at) in graph.get(&names[x]).into_iter().flatten() {
                if comp.contains(&index(b)) && !allowed(&names[x], b) {
                    why.push(format!("{} → {b} ({at})", names[x]));
                }
            }
        }
        let fs: Vec<&str> = comp.iter().map(|&x| names[x].as_str()).collect();
        out.push(format!("a circle of families {fs:?}:\n  {}", why.join("\n  ")));
    }
    out
}

/// [`family_violations`], plus a message for every row of `known` that covers no violation.
fn family_check(fam: &Families, known: &[(&str, &str, &str)]) -> Vec<String> {
    let mut out = family_violations(fam, known);
    if !out.is_empty() {
        return out;
    }
    for (k, (a, b, reason)) in known.iter().enumerate() {
        let fewer: Vec<(&str, &str, &str)> =
            known.iter().enumerate().filter(|(i, _)| *i != k).map(|(_, r)| *r).collect();
        if family_violations(fam, &fewer).is_empty() {
            out.push(format!(
                "the listed family edge {a} → {b} ({reason}) breaks no rule now: remove it from the allow-list"
            ));
        }
    }
    out
}

/// No exception: every family names another only through its face, and the families form a tree (the allow-list
/// of issue 32's stop 5 is gone: cgsuite's compound sums, enums, plots and script-written rows of the basic classes
/// moved to the families that own their types).
#[test]
fn families_import_each_other_through_their_faces_and_form_no_circle() {
    let v = family_check(&families(&source()), &[]);
    assert!(v.is_empty(), "{}", v.join("\n"));
}

/// The family checker finds a reach past a face, an import of the root and a circle of families, and accepts a
/// path through a face.
#[test]
fn the_family_checker_finds_violations() {
    let f = |path: &str, text: &str| (PathBuf::from(path), text.to_string());
    let files = vec![
        f("library/mod.rs", "pub mod a;\npub mod b;\npub fn find() {}\n"),
        f("library/a/mod.rs", "mod x;\npub use x::X;\n"),
        f("library/a/x.rs", "pub struct X;\nuse crate::library::b::Y;\n"),
        f("library/b/mod.rs", "mod y;\npub use y::Y;\n"),
        f("library/b/y.rs", "pub struct Y;\nuse crate::library::a::x::X;\nfn g() { crate::library::find() }\n"),
    ];
    let fam = families(&files);
    let v = family_check(&fam, &[]);
    assert_eq!(v.len(), 3, "{v:#?}");
    assert!(v[0].starts_with("library/b/y.rs:2: family `b` reaches into library/a/x.rs"), "{}", v[0]);
    assert!(v[1].starts_with("library/b/y.rs:3: family `b` imports the library root library/mod.rs"), "{}", v[1]);
    assert!(v[2].starts_with("a circle of families [\"a\", \"b\"]"), "{}", v[2]);
    // Listing b → a covers the reach past a's face and the circle; b → library stays; a stale row is reported.
    let v = family_check(&fam, &[("b", "a", "test")]);
    assert_eq!(v.len(), 1, "{v:#?}");
    let v = family_check(&fam, &[("b", "a", "test"), ("b", "library", "test"), ("a", "b", "stale")]);
    assert_eq!(v.len(), 1, "{v:#?}");
    assert!(v[0].starts_with("the listed family edge a → b (stale) breaks no rule now"), "{}", v[0]);
}

//! Collections of the game store at the interpreter's safe points (`src/interp/gc.rs`) change no answer.
//!
//! One script computes many Domineering boards and script-ruleset positions, keeping some results in
//! variables, lists, maps, sets, tuples, closures, positions and the values a top-level `for … yield` loop has
//! yielded so far, and then prints them and computes with them. It runs twice: collecting whenever more than a
//! few dozen games are stored (so at nearly every statement and loop iteration), and never collecting. The
//! outputs must be identical (the second run is the reference: the engine as it was before collections), and
//! the first run must really have collected.

use cgs::interp::with_big_stack;
use cgs::repl::script::run_script;

const SCRIPT: &str = r###"
ruleset ClobberS
  def Options(s, player) := begin
    var me := if player == Left then "x" else "o" end;
    var them := if player == Left then "o" else "x" end;
    [s.Updated(i, ".").Updated(j, me)
     for i in s.FindAll(me) for j in [i - 1, i + 1] where j >= 1 and j <= s.Length and s[j] == them]
  end
end
def makeAdder(n) := x -> x + n
boards := ["....|....|....|....", "#...|....|....|....", ".#..|....|....|....", "..#.|....|....|....",
           "....|.#..|....|....", "....|....|..#.|....", "#..#|....|....|....", "....|.##.|....|....",
           ".....|.....|.....", "#....|.....|.....", "..#..|.....|.....", ".....|..#..|.....",
           "....#|.....|.....", "##...|.....|.....", "#...#|.....|....."];
kept := [];
i := 0;
for b in boards do
  i := i + 1;
  g := Domineering(b).CanonicalForm;
  if i % 3 == 0 then kept := kept.Adjoin(g) end
end
kept
p := Domineering("...|...|.#.");
c := ClobberS("xoxoxo");
cf := c.CanonicalForm
s := ClobberS("xoxo") + ClobberS("xxoo");
add := makeAdder(Domineering("....|....|...#").CanonicalForm);
m := {1 => Domineering("..#.|....|....").CanonicalForm, 2 => ^ + *};
set := {Domineering("#...|....|...#").CanonicalForm, ^*, *2};
t := (Domineering("...|..#|...").CanonicalForm, 5);
Domineering("....#|.....|.....|.....").CanonicalForm.Temperature
for b in boards yield Domineering(b).CanonicalForm.LeftStop end
ys := [];
for b in boards for k from 1 to 2 do
  ys := ys.Adjoin(Domineering(b).CanonicalForm + k * ^)
end
j := 0;
kept2 := [];
while j < 6 do
  j := j + 1;
  kept2 := kept2.Adjoin(Domineering(boards[j + 8]).CanonicalForm - kept[1])
end
ClobberS("xoxoxoxo").CanonicalForm
kept
kept2
ys[1]
ys[30]
p.CanonicalForm
cf
c.CanonicalForm == cf
s.CanonicalForm
add(^)
m
set
t
kept[1] + kept[2]
kept[1] >= kept[2]
kept[3] - kept[3]
[g.Temperature for g in kept]
[g.LeftOptions for g in kept2]
"###;

fn run(threshold: usize) -> (String, String, i32, u64) {
    with_big_stack(move || {
        let mut interp = cgs::new_interpreter();
        interp.games().set_collection_threshold(threshold);
        let (out, err, code) = run_script(&mut interp, "collect.cgs", SCRIPT);
        (out, err, code, interp.games().collection_stats().0)
    })
}

#[test]
fn collections_at_safe_points_change_no_answer() {
    let (out, err, code, collections) = run(48);
    assert_eq!(code, 0, "the script failed:\n{err}");
    let (plain_out, plain_err, plain_code, plain_collections) = run(usize::MAX);
    assert_eq!(plain_code, 0, "the script failed:\n{plain_err}");
    assert_eq!(plain_collections, 0);
    assert_eq!(out, plain_out);
    assert_eq!(err, plain_err);
    // The kept games (the solver's table among them) double between collections only a few times here.
    assert!(collections >= 2, "only {collections} collections ran");
}

//! Class constants (`Coordinates.Orthogonal`, `Player.Left`, `Icon.Blank`, `Symmetry.Flip`, kept by a compiled
//! `obj.name`), player members (`p.Ordinal`, `p.Opponent`: a row kept for every player, `member.rs`) and `for x
//! in xs` over a list something else holds (walked in place, `clauses.rs`) against the evaluator's general path:
//! each program prints the same compiled and evaluated, with the values given by hand (CGSuite's).

use super::super::tests::{fails, same};

#[test]
fn coordinates_constants_are_the_same_each_read() {
    let orth = "[(-1, 0), (0, 1), (1, 0), (0, -1)]";
    // Read many times by one node, compared before and after loops that walk it.
    same(
        &format!(
            "def f() := Coordinates.Orthogonal;
             def g() := [f() == {orth}, [d for d in f()], f() == {orth}, f() == f()];
             [g(), g(), g()[4]]"
        ),
        &format!("[[true, {orth}, true, true], [true, {orth}, true, true], true]"),
    );
    same(
        "def f() := [Coordinates.North, Coordinates.East, Coordinates.Diagonal, Coordinates.KnightsMove.Length, \
         Coordinates.Compass[8]]; [f(), f()]",
        "[[(-1, 0), (0, 1), [(-1, 1), (1, 1), (1, -1), (-1, -1)], 8, (-1, -1)], \
         [(-1, 0), (0, 1), [(-1, 1), (1, 1), (1, -1), (-1, -1)], 8, (-1, -1)]]",
    );
    // A local copy changed in a loop (and a list made from the constant) leaves the constant as it was.
    same(
        "def f() begin var ds := Coordinates.Orthogonal; for d in ds do ds := ds Append d end; \
         [ds.Length, Coordinates.Orthogonal.Length, Coordinates.Orthogonal Append (9, 9)] end; \
         [f(), f()[2], Coordinates.Orthogonal]",
        "[[8, 4, [(-1, 0), (0, 1), (1, 0), (0, -1), (9, 9)]], 4, [(-1, 0), (0, 1), (1, 0), (0, -1)]]",
    );
    // No such constant: the same error, first read and after others were kept.
    fails(
        "def f() := Coordinates.Up; f()",
        "Not a method or member variable: `Up` (in object of class `cgsuite.lang.Class`)",
    );
    fails(
        "def f(c) := c.North; [f(Coordinates), f(Coordinates)]; f(Player)",
        "Not a method or member variable: `North` (in object of class `cgsuite.lang.Class`)",
    );
}

#[test]
fn player_icon_and_symmetry_constants() {
    same(
        "def f() := [Player.Left, Player.Right, Player.Left == Left, Player.Right.Opponent, Icon.Blank, \
         Icon.Blank == Icon.Blank, Icon.BlackStone == Icon.Blank, Symmetry.Flip.Length]; [f(), f()[3], f()[6]]",
        "[[Left, Right, true, Left, Blank, true, false, 4], true, true]",
    );
    // One node reading the constant of two classes in turn: each answers its own.
    same("def f(c) := c.Left; [f(Player), f(Player)]", "[Left, Left]");
    fails(
        "def f(c) := c.Left; [f(Player), f(Player)]; f(Icon)",
        "Not a method or member variable: `Left` (in object of class `cgsuite.lang.Class`)",
    );
}

#[test]
fn player_members_keep_their_answers() {
    // `Ordinal`, `Opponent` (and a member of that), `Sign`, `Literal`, on both players in turn.
    same(
        "def f(p) := [p.Ordinal, p.Opponent, p.Opponent.Ordinal, p.Sign, p.Literal]; [f(Left), f(Right), f(Left)]",
        "[[1, Right, 2, 1, \"Left\"], [2, Left, 1, -1, \"Right\"], [1, Right, 2, 1, \"Left\"]]",
    );
    // The same node on a user object with its own `Ordinal`, an outcome class, then a player again.
    same(
        "class A(k) def Ordinal := k * 10; def Opponent := k; end
         def f(p) := [p.Ordinal, p.Opponent]; def g(p) := p.Ordinal;
         [f(Left), f(A(3)), f(Right), f(A(4)), g(L), g(P), g(Right), g(N)]",
        "[[1, Right], [30, 3], [2, Left], [40, 4], 3, 1, 2, 2]",
    );
    // A receiver without the member after a player was kept: the general path's error, at the member.
    fails(
        "def f(p) := p.Ordinal; [f(Left), f(Right)]; f(3)",
        "Not a method or member variable: `Ordinal` (in object of class `game.Integer`)",
    );
    fails(
        "def f(p) := p.Opponent; [f(Left), f(Right)]; f(L)",
        "Not a method or member variable: `Opponent` (in object of class `game.OutcomeClass`)",
    );
    // A method of a player read as a value, then called.
    same("def f(p) := p.Opponent; def g(p) := f(p).Ordinal; [g(Left), g(Right)]", "[2, 1]");
}

#[test]
fn loops_over_a_held_list() {
    // A local list walked by a loop and a comprehension (Domineering's `for d in directions`), once per cell.
    same(
        "def f(p) begin var ds := if p == Left then [(1, 0)] else [(0, 1), (1, 1)] end;
           [(m, n, d) for m from 1 to 2 for n from 1 to 2 for d in ds where m + d[1] <= 2] end;
         [f(Left), f(Right)]",
        "[[(1, 1, (1, 0)), (1, 2, (1, 0))], [(1, 1, (0, 1)), (1, 1, (1, 1)), (1, 2, (0, 1)), (1, 2, (1, 1)), \
         (2, 1, (0, 1)), (2, 2, (0, 1))]]",
    );
    // The list rebound (and appended to) inside the body: the loop walks the list it started with.
    same(
        "def f() begin var xs := [1, 2, 3]; var out := []; for x in xs do xs := xs Append (x * 10); \
         out := out Append x end; [out, xs] end; f()",
        "[[1, 2, 3], [1, 2, 3, 10, 20, 30]]",
    );
    // `break`, `continue`, `while` and nested loops over the same list.
    same(
        "def f() begin var xs := [1, 2, 3, 4]; var out := [];
           for x in xs do if x == 3 then break end; out := out Append x end;
           for x in xs do if x % 2 == 0 then continue end; out := out Append (x * 100) end;
           for x in xs while x < 3 do out := out Append (-x) end;
           [out, [(a, b) for a in xs for b in xs where a + b == 5], xs] end; f()",
        "[[1, 2, 100, 300, -1, -2], [(1, 4), (2, 3), (3, 2), (4, 1)], [1, 2, 3, 4]]",
    );
    // A list held by a global and by a tuple: walked, and the same afterwards; a yielded loop.
    same(
        "ys := [5, 6]; def f() := for y in ys yield y + 1 end; def g(t) := [x for x in t[1]]; \
         [f(), g((ys, 1)), ys]",
        "[[6, 7], [5, 6], [5, 6]]",
    );
    // An error in the body of such a loop: its message and span.
    fails(
        "def f() begin var xs := [1, 2]; for x in xs do x.Foo end end; f()",
        "Not a method or member variable: `Foo` (in object of class `game.Integer`)",
    );
    // A mutable list changed while it is walked (not a list value: walked as before).
    same(
        "def f() begin var xs := MutableList([1, 2]); for x in xs do xs.Add(x + 10) end; xs end; f()",
        "MutableList(1, 2, 11, 12)",
    );
}

"""Values both ways, operators against cgs's own answers, members, pickling, errors, interrupts."""

import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest

import cgs


def test_the_readme_line():
    # Winning Ways: <0,*|0> is ^* (up star).
    assert str(cgs.eval("<0,*|0>")) == "^*"


@pytest.mark.parametrize(
    "value",
    [
        0,
        -7,
        2**100,
        Fraction(3, 8),
        Fraction(-1, 3),
        True,
        False,
        None,
        "text",
        [1, [2, "x"], []],
        (1, Fraction(1, 2)),
        frozenset({1, 2, 3}),
        {1: "a", "b": [2]},
        float("inf"),
    ],
)
def test_round_trip_through_a_variable(value):
    s = cgs.Session()
    s["x"] = value
    assert s.eval("x") == value
    assert type(s["x"]) is type(value)


def test_numbers_come_back_as_python_numbers():
    assert cgs.eval("<0|>") == 1 and type(cgs.eval("<0|>")) is int  # {0|} is 1
    assert cgs.eval("<0|1>") == Fraction(1, 2)  # {0|1} is 1/2
    assert cgs.eval("2^70") == 2**70
    assert cgs.eval("{3, 1}") == frozenset({1, 3})
    assert isinstance(cgs.eval("^"), cgs.Game)
    assert isinstance(cgs.eval("<2||1|0>.Thermograph"), cgs.Value)


def test_operators_agree_with_cgs():
    up, star = cgs.eval("^"), cgs.eval("*")
    # Each Python expression against the same expression evaluated by cgs.
    pairs = [
        (up + star, "^ + *"),
        (up - star, "^ - *"),
        (-up, "-^"),
        (up + 1, "^ + 1"),
        (1 - up, "1 - ^"),
        (3 * up, "3 * ^"),
    ]
    for py, src in pairs:
        assert py == cgs.eval(src), src
        assert str(py) == str(cgs.eval(src)), src
    assert str(up + star) == "^*"
    assert (up > 0, up >= 0, up < 0, up <= star) == (True, True, False, False)
    # * is confused with 0 (fuzzy), ^ is not.
    assert (star | 0) is True and star.fuzzy(0) is True and (up | 0) is False
    assert (up == cgs.eval("<0|*>")) is True and (up != star) is True
    assert (up == "x") is False


def test_members_by_cgsuite_name_and_snake_case():
    g = cgs.eval("<2||1|0>")
    # Temperature 3/4 and mean 5/4 (cgs and CGSuite 2.2: <2||1|0>.Temperature, .Mean).
    assert g.Temperature == g.temperature == Fraction(3, 4)
    assert g.Cool(1) == g.cool(1) == Fraction(5, 4)
    assert g.left_options == frozenset({2}) == g.LeftOptions
    assert [str(h) for h in g.right_options] == ["<1|0>"]
    with pytest.raises(AttributeError):
        g.no_such_member
    assert "Temperature" in dir(g)


def test_games_are_hashable_and_usable_as_keys():
    a = cgs.eval("^ + *")
    b = cgs.eval("<0,*|0>")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, cgs.eval("*2")}) == 2
    assert a.encode() == cgs.Session().eval("<0,*|0>").encode()


def test_games_cross_sessions():
    s1, s2 = cgs.Session(), cgs.Session()
    g = s1.eval("<2||1|0>")
    s2["h"] = g
    assert s2.eval("h.Temperature") == Fraction(3, 4)
    assert str(s2.eval("h + h")) == str(s1.eval("<2||1|0> + <2||1|0>"))


def test_pickle_across_processes():
    games = [cgs.eval(src) for src in ["^*", "<2||1|0>", "*1000", "^^^ + *3 + 1/8", "<<3|1>|<-1|-3>>"]]
    data = pickle.dumps(games)
    code = (
        "import pickle, sys, cgs; gs = pickle.loads(sys.stdin.buffer.read()); "
        "print('\\n'.join(str(g) for g in gs)); print(sum(hash(g) == hash(pickle.loads(pickle.dumps(g))) for g in gs))"
    )
    out = subprocess.run([sys.executable, "-c", code], input=data, capture_output=True, check=True).stdout.decode()
    assert out.split("\n")[:-2] == [str(g) for g in games]
    assert out.split("\n")[-2] == str(len(games))
    # *1000 is one node: a compact encoding.
    assert len(cgs.eval("*1000").encode()) <= 10


def test_errors_raise_cgs_error_with_message_and_span():
    s = cgs.Session()
    with pytest.raises(cgs.CgsError) as e:
        s.eval("x := 1;\ny := [1, 2][5]")
    assert e.value.message == "Index out of bounds: 5."
    assert (e.value.line, e.value.column) == (2, 13)
    assert e.value.span == (20, 21)
    assert "Index out of bounds" in e.value.rendered
    assert s["x"] == 1  # work before the error stands
    with pytest.raises(cgs.CgsError):
        s.eval("1 +")
    with pytest.raises(TypeError):
        s["y"] = 1.5


def test_print_goes_to_python_stdout(capsys):
    cgs.Session().eval('Print("hello"); 1')
    assert capsys.readouterr().out == "hello\n"


def test_run_a_script(tmp_path):
    p = tmp_path / "s.cgs"
    p.write_text("def f(n) := n * ^\nf(2)\n")
    assert str(cgs.Session().run(p)) == "^^"


def test_memory_budget_applies():
    before = cgs.max_memory()
    s = cgs.Session()
    try:
        cgs.set_max_memory("64M")
        with pytest.raises(cgs.CgsError) as e:
            s.eval("[n for n from 1 to 10^8]")
        assert "memory" in e.value.message.lower()
    finally:
        cgs.set_max_memory(before if before is not None else 2**62)


def _interrupt_after(seconds):
    fired = {}

    def fire():
        fired["at"] = time.perf_counter()
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(seconds, fire)
    timer.start()
    return fired, timer


@pytest.mark.parametrize(
    "src",
    ["x := 0; for i from 1 to 10^10 do x := x + i end; x", 'TakeAndBreak("0.137").NimValueSequence(10^7)'],
)
def test_ctrl_c_stops_a_computation_within_100_ms(src):
    s = cgs.Session()
    fired, timer = _interrupt_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            s.eval(src)
    finally:
        timer.cancel()
    assert time.perf_counter() - fired["at"] < 0.1
    assert s.eval("1 + 1") == 2  # the session is still usable


def test_ctrl_c_stops_a_computation_that_waits_behind_another():
    # Another thread's computation holds the session, so this one is still queued when Ctrl-C comes: the first
    # is stopped by it, and this one must be stopped too as soon as it starts (it once ran on, forever).
    s = cgs.Session()
    other = {}

    def busy():
        try:
            s.eval("y := 0; for i from 1 to 10^10 do y := y + i end; y")
        except BaseException as e:  # noqa: B036 (the KeyboardInterrupt is what the test looks for)
            other["error"] = type(e).__name__

    t = threading.Thread(target=busy)
    t.start()
    time.sleep(0.2)
    fired, timer = _interrupt_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            s.eval("x := 0; for i from 1 to 10^10 do x := x + i end; x")
    finally:
        timer.cancel()
    t.join(10)
    assert other.get("error") == "KeyboardInterrupt"
    assert s.eval("1 + 1") == 2  # the session is still usable, and no stale Ctrl-C stops the next computation


def test_the_gil_is_released_during_a_computation():
    s = cgs.Session()
    ticks = []
    done = threading.Event()

    def other():
        while not done.is_set():
            ticks.append(1)
            time.sleep(0.001)

    t = threading.Thread(target=other)
    t.start()
    s.eval("x := 0; for i from 1 to 200000 do x := x + i end; x")
    done.set()
    t.join()
    assert len(ticks) > 5


def test_handles_are_released():
    s = cgs.Session()
    before = s.handle_count()
    gs = [s.eval("<2||1|0>") for _ in range(50)]
    assert s.handle_count() == before + 50
    del gs
    assert s.handle_count() == before


def test_jupyter_reprs():
    g = cgs.eval("^*")
    assert g._repr_latex_().startswith("$") and "uparrow" in g._repr_latex_()
    assert "cgs-value" in g._repr_html_()
    t = cgs.eval("<2||1|0>.Thermograph")
    assert t._repr_svg_().startswith("<svg")
    assert g._repr_svg_() is None

"""grundy.sequence: any heap rule's values and periodicity, against plain Python loops, the CLI,
and Ctrl-C."""

import os
import signal
import threading
import time

import pytest

import grundy


def mex(seen):
    return next(x for x in range(len(seen) + 1) if x not in seen)


def subtraction_values(subtract, n, all_but=False):
    g = []
    for h in range(n):
        g.append(mex({g[h - k] for k in range(1, h + 1) if (k in subtract) != all_but}))
    return g


def grundys_game_values(n):
    g = []
    for h in range(n):
        g.append(mex({g[a] ^ g[h - a] for a in range(1, (h + 1) // 2) if 2 * a != h}))
    return g


def test_subtraction_1_3_4_is_proven_periodic(cli):
    s = grundy.sequence("S(1,3,4)")
    assert (s.rule, s.preperiod, s.period, s.saltus, s.proven) == ("S(1,3,4)", 0, 7, 0, True)
    assert list(s.values) == subtraction_values({1, 3, 4}, len(s))
    # A proven period gives every heap, however large.
    assert s[10**40] == [0, 1, 0, 1, 2, 3, 2][10**40 % 7]
    expected = cli("octal", "S(1,3,4)")
    assert (len(s), s.preperiod, s.period, s.saltus) == (
        expected["values"], expected["preperiod"], expected["period"], expected["saltus"])


def test_all_but_is_arithmetic_periodic():
    s = grundy.sequence("allbut(1,2)")
    # Every move takes at least 3 tokens: G(n) = n // 3.
    assert (s.preperiod, s.period, s.saltus, s.proven) == (0, 3, 1, True)
    assert s[10**30 + 2] == (10**30 + 2) // 3
    t = grundy.sequence("allbut(1,3,4)", 500)
    assert list(t.values) == subtraction_values({1, 3, 4}, len(t), all_but=True)
    assert t.proven and t.saltus > 0
    assert t[5000] == subtraction_values({1, 3, 4}, 5001, all_but=True)[5000]


def test_grundys_game_and_take_a_square_match_loops():
    g = grundy.sequence("grundy", 3000)
    assert list(g.values[:21]) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    assert list(g.values) == grundys_game_values(3000)
    assert (g.method, g.proven, g.saltus) == ("rare/common", False, 0)
    with pytest.raises(IndexError):
        g[3000]
    sq = grundy.sequence("squares", 2000)
    expected = []
    for h in range(2000):
        expected.append(mex({expected[h - k * k] for k in range(1, int(h**0.5) + 1)}))
    assert list(sq.values) == expected


def test_hexadecimal_saltus():
    s = grundy.sequence("0.8", 300)
    assert (s.preperiod, s.period, s.saltus, s.proven) == (1, 3, 1, True)
    assert "arithmetic period 3 (saltus 1)" in repr(s)
    # G(n) = (n - 1) // 3 for every n >= 1, far past the values computed
    assert all(s[n] == (n - 1) // 3 for n in (1, 2, 3, 4, 10**6, 10**9 + 7))
    # saltus 3 is no power of two: seen, not proven
    assert not grundy.sequence("0.3F", 300).proven
    assert grundy.octal_sequence("0.8", max=300).saltus == 1
    assert grundy.octal_sequence("0.07").saltus == 0


def test_octal_codes_agree_with_octal_sequence():
    a, b = grundy.sequence("0.07"), grundy.octal_sequence("0.07")
    assert (list(a.values), a.preperiod, a.period, a.proven) == (list(b.values), b.preperiod, b.period, b.proven)
    # One sequence type: octal_sequence is sequence for a code, with the octal engines' options.
    assert type(a) is type(b) is grundy.HeapSequence
    assert not hasattr(grundy, "OctalSequence")
    assert (a.rule, a.code, b.rule, b.code) == ("0.07", "0.07", "0.07", "0.07")
    assert (a.method, a.values_to_prove, a.rare_mask) == (b.method, b.values_to_prove, b.rare_mask)
    assert b.method == "sparse" and b.values_to_prove == 176
    assert repr(b) == "<grundy.HeapSequence 0.07: 192 values, period 34 from heap 53 (proven)>"
    other = grundy.sequence("S(1,3,4)")
    assert (other.code, other.rare_mask) == (None, 0)


def test_bad_arguments():
    with pytest.raises(ValueError, match="rule"):
        grundy.sequence("S(1,x)")
    with pytest.raises(TypeError, match="rule"):
        grundy.sequence(17)
    with pytest.raises(ValueError, match="max"):
        grundy.sequence("grundy", 0)


@pytest.mark.skipif(not hasattr(grundy, "HeapGame"), reason="no HeapGame rule class in this build")
def test_a_python_rule():
    take_one_or_two = grundy.HeapGame(lambda h: [(h - k,) for k in (1, 2) if k <= h])
    s = grundy.sequence(take_one_or_two, 200)
    assert list(s.values) == subtraction_values({1, 2}, 200)
    assert s.period == 3 and not s.proven  # no theorem knows a rule written in Python


@pytest.mark.skipif(not hasattr(grundy, "HeapGame"), reason="no HeapGame rule class in this build")
def test_ctrl_c_stops_a_python_rule():
    slow = grundy.HeapGame(lambda h: [(a, h - a) for a in range(1, (h + 1) // 2)])
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.sequence(slow, 10**6)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 5


def test_ctrl_c_stops_grundys_game():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.sequence("grundy", 4_000_000_000)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 3

"""grundy.misere_quotient and grundy.genus against published figures and the game graph."""

import itertools
import os
import signal
import subprocess
import threading
import time

import pytest

import grundy


@pytest.fixture(scope="module")
def kayles30():
    return grundy.misere_quotient("0.07", 30)


def test_dawsons_kayles_has_order_360(kayles30):
    # Plambeck and Siegel's figure for Q_30 of 0.07.
    q = kayles30
    assert q.order == 360
    assert q.rule == "0.07" and q.max_heap == 30
    assert "order 360" in repr(q)
    assert q.presentation.startswith("<") and q.presentation.endswith(">")
    assert all(" = " not in name for name in q.p_portion)
    assert [heap for _, heap in q.generators] == sorted(heap for _, heap in q.generators)
    for left, right in q.relations:
        assert f"{left} = {right}" in q.presentation


def test_one_token_at_a_time_has_order_2():
    # 0.3 takes one token at a time: a sum of T tokens is a misère P-position exactly when T is
    # odd, so the quotient is {1, a} with a^2 = 1, a the heaps of odd size.
    q = grundy.misere_quotient("0.3", 9)
    assert q.order == 2
    (a,) = q.p_portion
    assert [q.element(h) == a for h in range(10)] == [h % 2 == 1 for h in range(10)]
    assert q.element(0) == "1"
    assert q.outcome([]) == "N"
    assert q.outcome([3, 4, 6]) == "P" and q.outcome([3, 4, 5]) == "N"


@pytest.mark.parametrize("code", ["0.07", "0.137", "0.77", "4.7"])
def test_outcomes_agree_with_the_game_graph(code):
    q = grundy.misere_quotient(code, 9)
    for heaps in itertools.chain(
        ([h] for h in range(1, 10)), itertools.combinations_with_replacement(range(1, 10), 2), [[2, 5, 9], [1, 1, 7]]
    ):
        heaps = list(heaps)
        expected = grundy.hint(grundy.Octal(code, heaps), misere=True).outcome
        assert q.outcome(heaps) == expected, (code, heaps)


def test_winning_moves_lead_to_p_positions(kayles30):
    # Each misère winning move of the game graph leads to a sum the quotient calls P, and every
    # other move to one it calls N.
    game = grundy.Octal("0.07", [9, 7, 4])
    winning = grundy.winning_moves(game, misere=True)
    for move in game.moves():
        assert (kayles30.outcome(move) == "P") == (move in winning), move


def test_save_and_load(tmp_path, kayles30):
    path = tmp_path / "q"
    kayles30.save(path)
    back = grundy.MisereQuotient.load(path)
    assert back.order == 360 and back.rule == "0.07" and back.max_heap == 30
    assert back.presentation == kayles30.presentation
    assert back.p_portion == kayles30.p_portion
    assert [back.element(h) for h in range(31)] == [kayles30.element(h) for h in range(31)]
    assert back.decides_every_heap == kayles30.decides_every_heap
    # The CLI reads what Python wrote.
    cli = os.environ.get("GRUNDY_CLI")
    if cli:
        import subprocess

        out = subprocess.run([cli, "misere", "--load", str(path), "--format", "json"], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert '"order": 360' in out.stdout


def test_malformed_files_are_refused(tmp_path):
    bad = tmp_path / "bad"
    bad.write_text("not a quotient\n")
    with pytest.raises(ValueError, match="path"):
        grundy.MisereQuotient.load(bad)
    with pytest.raises(OSError):
        grundy.MisereQuotient.load(tmp_path / "missing")


def test_bad_arguments_name_themselves(kayles30):
    with pytest.raises(ValueError, match="rule"):
        grundy.misere_quotient("0.9z", 5)
    with pytest.raises(TypeError, match="rule"):
        grundy.misere_quotient(7, 5)
    with pytest.raises(ValueError, match="max_heap"):
        grundy.misere_quotient("0.07", 0)
    with pytest.raises(TypeError, match="max_heap"):
        grundy.misere_quotient("0.07", 2.5)
    with pytest.raises(ValueError, match="max_order"):
        grundy.misere_quotient("0.07", 5, max_order=0)
    with pytest.raises(ValueError, match="max_memory"):
        grundy.misere_quotient("0.07", 5, max_memory="lots")
    with pytest.raises(ValueError, match="heap"):
        kayles30.element(31)
    with pytest.raises(ValueError, match="heap"):
        kayles30.element(-1)
    with pytest.raises(ValueError, match="heaps"):
        kayles30.outcome([3, 40])
    with pytest.raises(TypeError, match="heaps"):
        kayles30.outcome(["3"])
    with pytest.raises(ValueError, match="heap"):
        grundy.genus("0.07", -1)
    with pytest.raises(TypeError, match="k"):
        grundy.genus("0.07", 3).gamma("2")


def test_limits_raise_limit_exceeded():
    with pytest.raises(grundy.LimitExceeded, match="max_order"):
        grundy.misere_quotient("0.07", 30, max_order=10)


def test_memory_limits_raise_limit_exceeded():
    """The engines refuse the allocation that would pass max_memory: Dawson's Kayles' candidates
    past heap 28, the options of 2^32 heaps, and the sums Kayles' heaps up to 60 reach."""
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.misere_quotient("0.07", 1000, max_memory="8M")
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.misere_quotient("0.3", 4294967294, max_memory="16M")
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.genera("0.77", 60, max_memory="2M")


def test_genus_of_nim_like_heaps():
    # Heaps of 0.3 behave as *1 (odd) and *0 (even) in any sum: Nim heaps' genera.
    odd, even = grundy.genus("0.3", 5), grundy.genus("0.3", 4)
    assert odd.symbol == "1^031" and even.symbol == "0^120"
    assert odd.normal == 1 and even.normal == 0
    assert odd.of_nim_heap and odd.tame and even.tame
    assert [odd.gamma(k) for k in range(6)] == [0, 3, 1, 3, 1, 3]
    assert odd.gamma(10**30) == odd.gamma(2) and odd.gamma(10**30 + 1) == odd.gamma(3)
    assert str(odd) == "1^031" and repr(odd) == "<grundy.Genus 1^031>"
    assert [g.symbol for g in grundy.genera("0.3", 3)] == ["0^120", "1^031", "0^120", "1^031"]


def test_dawsons_kayles_is_not_tame():
    # A tame game's misère play is misère Nim's, whose quotients are far smaller than 360.
    genera = grundy.genera("0.07", 30)
    assert len(genera) == 31
    assert not genera[30].tame and not genera[30].heaps_tame
    # Heap 11 never reaches the wild heap 10 (a move takes two tokens): it is tame on its own,
    # though the game is not tame on heaps 1..11.
    assert genera[9].tame and genera[9].heaps_tame
    assert not genera[10].tame
    assert genera[11].tame and not genera[11].heaps_tame
    assert grundy.genus("0.07", 11).tame
    assert [g.normal for g in genera[:10]] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]


def test_ctrl_c_interrupts_a_long_quotient():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            grundy.misere_quotient("0.6", 400, max_order=10**9)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 0.3 + 1.5


def test_ctrl_c_interrupts_a_sum_without_end():
    # The sum's class is multiplied out heap by heap: an endless iterable holds no memory and
    # Ctrl-C ends it. A finite one still gets the parity answer of 0.3 (T tokens: P when odd).
    q = grundy.misere_quotient("0.3", 9)
    assert q.outcome(iter([1] * 100_001)) == "P" and q.outcome(iter([1] * 100_000)) == "N"
    # The loop holds the GIL throughout (no Python code runs in it), so the signal comes from
    # another process, as a terminal's Ctrl-C would.
    killer = subprocess.Popen(["sh", "-c", f"sleep 0.3; kill -INT {os.getpid()}"])
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            q.outcome(itertools.repeat(1))
    finally:
        killer.kill()
        killer.wait()
    assert time.monotonic() - started < 0.3 + 1.0


def test_genus_of_a_heap_past_the_memory_limit_is_refused_at_once():
    # Heaps 0..h each hold their value and genus: a heap of 2^32 - 2 tokens cannot fit in 300 MB,
    # and is refused before anything is computed (it once grew past 2 GB).
    started = time.monotonic()
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.genus("S(1,2)", 4294967294, max_memory="300M")
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.genus("S(1,2)", 200_000_000, max_memory="100M")
    assert time.monotonic() - started < 5


def _options(rule, h):
    """The positions one move from a heap of h tokens, as sorted tuples: written here from the
    rules' definitions, apart from the library."""
    if rule == "S(2,3)":
        return {(h - t,) if h > t else () for t in (2, 3) if t <= h}
    # 0.75: take 1 leaving 0, 1 or 2 heaps (7); take 2 leaving 0 or 2 heaps (5).
    out = set()
    for take, digit in ((1, 7), (2, 5)):
        rest = h - take
        if rest < 0:
            continue
        if digit & 1 and rest == 0:
            out.add(())
        if digit & 2 and rest > 0:
            out.add((rest,))
        if digit & 4:
            out.update((a, rest - a) for a in range(1, rest // 2 + 1))
    return out


def _misere_p(rule, position, memo):
    """True when the sum of heaps `position` (a sorted tuple) is a misère P-position."""
    if position in memo:
        return memo[position]
    moved = False
    p = True
    for i, h in enumerate(position):
        if i and position[i - 1] == h:
            continue
        rest = position[:i] + position[i + 1 :]
        for option in _options(rule, h):
            moved = True
            if _misere_p(rule, tuple(sorted(rest + option)), memo):
                p = False
                break
        if not p:
            break
    memo[position] = moved and p
    return memo[position]


@pytest.mark.parametrize("rule", ["0.75", "S(2,3)"])
def test_settled_quotient_answers_heaps_past_max_heap(rule, tmp_path):
    q = grundy.misere_quotient(rule, 24)
    assert q.decides_every_heap and q.period > 0
    q.save(tmp_path / "q.q")
    back = grundy.MisereQuotient.load(tmp_path / "q.q")
    memo = {}
    sums = [[h] for h in range(25, 33)] + [[27, 5], [30, 2], [26, 3, 1]]
    for heaps in sums:
        want = "P" if _misere_p(rule, tuple(sorted(heaps)), memo) else "N"
        assert q.outcome(heaps) == want, heaps
        assert back.outcome(heaps) == want, heaps
    assert q.element(10**9) == back.element(10**9) == q.element(10**9 - q.period)


def test_unsettled_quotient_refuses_heaps_past_max_heap(kayles30):
    assert not kayles30.decides_every_heap and kayles30.period == 0
    with pytest.raises(ValueError, match="past max_heap.*periodicity test"):
        kayles30.outcome([31])
    with pytest.raises(ValueError, match="past max_heap"):
        kayles30.element(31)


def _dawson_genus_by_hand(heaps, k_max):
    """The genus of a sum of heaps of 0.07 (take two tokens, leaving no heap, one, or two
    non-empty heaps) by a plain recursion over the sum with k Nim heaps of 2, written apart from
    the library: normal value, then the misère values γ0..γk_max (a position with no move has
    misère value 1)."""
    from functools import lru_cache

    def moves(position):
        heaps, twos, ones = position
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            if h >= 2:
                left = h - 2
                yield (tuple(sorted(rest + ((left,) if left else ()))), twos, ones)
                for a in range(1, left // 2 + 1):
                    yield (tuple(sorted(rest + (a, left - a))), twos, ones)
        if twos:
            yield (heaps, twos - 1, ones + 1)
            yield (heaps, twos - 1, ones)
        if ones:
            yield (heaps, twos, ones - 1)

    def mex(values):
        m = 0
        while m in values:
            m += 1
        return m

    @lru_cache(maxsize=None)
    def value(position, misere):
        options = {value(p, misere) for p in moves(position)}
        if misere and not options:
            return 1
        return mex(options)

    start = tuple(sorted(h for h in heaps if h))
    return value((start, 0, 0), False), [value((start, k, 0), True) for k in range(k_max + 1)]


def test_genus_of_sums_against_a_recursion():
    for heaps in ([4, 4], [2, 2], [10, 1], [5, 6], [3, 3, 3], [10, 10], [7, 12]):
        g = grundy.genus("0.07", heaps)
        normal, gammas = _dawson_genus_by_hand(heaps, len(g.gammas) + 2)
        assert g.normal == normal, heaps
        assert [g.gamma(k) for k in range(len(gammas))] == gammas, (heaps, g.symbol)
    assert grundy.genus("0.07", [4, 4]).symbol == "0^02"  # *2 + *2 (Conway)
    # A sum is tame when each heap is: 10 is wild, 11 is not (a move takes two tokens).
    assert grundy.genus("0.07", [11, 4]).tame and not grundy.genus("0.07", [10, 1]).tame
    assert grundy.genus("0.07", []).symbol == "0^120"
    with pytest.raises(ValueError, match="heap"):
        grundy.genus("0.07", [3, -1])
    with pytest.raises(TypeError, match="heap"):
        grundy.genus("0.07", [3, "4"])

"""grundy.octal_sequence against a plain Python computation and the CLI."""

import signal

import pytest

import grundy


def naive_values(digits, n):
    """G(0..n-1) of an octal game 0.d1d2..., by the definition: digit bits 1, 2, 4 allow
    leaving no heap, one heap, two heaps after taking k tokens."""
    g = []
    for h in range(n):
        seen = set()
        for k, d in enumerate(digits, start=1):
            if k > h:
                break
            r = h - k
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r > 0:
                seen.add(g[r])
            if d & 4:
                for a in range(1, r // 2 + 1):
                    seen.add(g[a] ^ g[r - a])
        g.append(next(x for x in range(len(seen) + 1) if x not in seen))
    return g


def test_dawson_s_kayles(cli):
    s = grundy.octal_sequence("0.07")
    assert s.code == "0.07" and s.proven
    # Dawson's Kayles: period 34 (Guy and Smith).
    assert s.period == 34
    expected = cli("octal", "0.07")
    assert (len(s), s.preperiod, s.period, s.max_value) == (
        expected["values"], expected["preperiod"], expected["period"], expected["max_value"])
    assert list(s.values[:150]) == naive_values([0, 7], 150)
    # A proven period gives every heap size.
    assert s[10**9] == s[s.preperiod + (10**9 - s.preperiod) % 34]


@pytest.mark.parametrize("code, digits", [("0.137", [1, 3, 7]), ("0.6", [6]), ("0.34", [3, 4])])
def test_values_match_the_definition(code, digits):
    for method in ("naive", "sparse", "auto"):
        s = grundy.octal_sequence(code, max=300, method=method, keep_going=True)
        assert list(s.values) == naive_values(digits, 300)


def test_checkpoint_and_resume(tmp_path):
    path = str(tmp_path / "run.ckpt")
    whole = grundy.octal_sequence("0.6", max=3000, keep_going=True)
    first = grundy.octal_sequence("0.6", max=1000, keep_going=True, checkpoint=path)
    assert len(first) == 1000
    more = grundy.octal_sequence(resume=path, max=3000)
    assert list(more.values) == list(whole.values)
    with pytest.raises(ValueError, match="holds a run of 0.6"):
        grundy.octal_sequence("0.07", resume=path)
    with pytest.raises(ValueError, match="below"):
        grundy.octal_sequence(resume=path, max=10)


def test_threads_do_not_change_the_values():
    one = grundy.octal_sequence("0.6", max=30_000, keep_going=True, threads=1)
    two = grundy.octal_sequence("0.6", max=30_000, keep_going=True, threads=2)
    assert list(two.values) == list(one.values)
    assert two.rare_count == one.rare_count == 1583


def test_bad_arguments():
    with pytest.raises(ValueError):
        grundy.octal_sequence("0.9x")
    with pytest.raises(ValueError, match="at least 1"):
        grundy.octal_sequence("0.07", max=0)
    with pytest.raises(ValueError, match="method"):
        grundy.octal_sequence("0.07", method="fast")
    with pytest.raises(ValueError):
        grundy.octal_sequence()
    s = grundy.octal_sequence("0.6", max=100)
    with pytest.raises(IndexError):
        s[10**6]


def test_octal_value():
    assert grundy.octal_value("0.07", 10**9) == grundy.octal_sequence("0.07")[10**9]


def test_octal_value_agrees_with_the_sequence_past_2_to_the_32():
    s = grundy.octal_sequence("0.07")
    for n in (2**32 - 2, 2**32, 10**15, 2**70):
        assert grundy.octal_value("0.07", n) == s[n]
    # Dawson's Kayles has period 34 from heap 53: every heap size, however large.
    assert s[2**70] == s[53 + (2**70 - 53) % 34]
    with pytest.raises(ValueError, match="at least 0"):
        grundy.octal_value("0.07", -1)


def test_negative_index():
    s = grundy.octal_sequence("0.07")
    with pytest.raises(IndexError, match="n >= 0"):
        s[-1]
    with pytest.raises(IndexError, match="n >= 0"):
        grundy.octal_sequence("0.6", max=100)[-1]


def test_iteration_stops_at_the_values_computed():
    """A proven sequence goes on forever: iterating gives the values computed, len(s) of them."""
    s = grundy.octal_sequence("0.07")
    assert s.proven
    values = list(s)
    assert len(values) == len(s)
    assert values == list(s.values)
    assert values[:12] == [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    # Membership runs over the same values, and ends for a value that is not there.
    assert 2 in s and s.max_value + 1 not in s

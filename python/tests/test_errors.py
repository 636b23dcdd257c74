"""Bad input, limits and Ctrl-C."""

import os
import signal
import subprocess
import sys
import time

import pytest

import grundy


def test_bad_games_and_positions():
    with pytest.raises(ValueError, match="invalid|code|digit"):
        grundy.Octal("0.x", [3])
    with pytest.raises(ValueError, match="negative"):
        grundy.Nim([3, -1])
    with pytest.raises(ValueError):
        grundy.Tablettes(0, 3)
    with pytest.raises(ValueError):
        grundy.Tablettes(2, 0)
    with pytest.raises(ValueError, match="k must be"):
        grundy.Moore(0, [3])
    t = grundy.Tablettes(2, 2)
    with pytest.raises(ValueError):
        t.moves([(0, 5)])  # more tablets than the game has
    with pytest.raises(ValueError):
        t.moves([(0, 1, 2)])
    with pytest.raises(ValueError):
        t.stack([(0, 1), (0, 1)], 0, 0)
    with pytest.raises(ValueError, match="built-in games carry"):
        grundy.solve(t, [(0, 2)])
    with pytest.raises(ValueError):
        grundy.solve(t, max_states=0)
    with pytest.raises(ValueError):
        grundy.solve(t, max_memory="lots")
    r = grundy.solve(t)
    with pytest.raises(IndexError):
        r.state(len(r))
    with pytest.raises(ValueError, match="export"):
        r.export("graph.txt")


def test_limit_exceeded_carries_the_figures():
    with pytest.raises(grundy.LimitExceeded) as e:
        grundy.solve(grundy.Tablettes(4, 3), max_states=500)
    assert isinstance(e.value, RuntimeError)
    assert e.value.states == 500 and e.value.levels >= 1 and e.value.edges > 0
    assert "more than the limit of 500 positions" in str(e.value)


CHILD = """
import sys, grundy
print("ready", flush=True)
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(0)
print("finished", flush=True)
"""


@pytest.mark.parametrize(
    "call",
    [
        # Built-in: an octal run far longer than the test waits.
        "grundy.octal_sequence('0.376', max=4_000_000_000 // 4, keep_going=True, method='naive')",
        # Built-in, exploring on every core with the GIL released: far more positions than
        # 1.5 seconds reach.
        "grundy.solve(grundy.Tablettes(7, 3))",
        # A game written in Python: a long chain of positions.
        "grundy.solve(type('C', (), {'successors': lambda self, n: [n + 1] if n < 10**8 else []})(), 0)",
    ],
)
def test_ctrl_c_raises_keyboard_interrupt(call):
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(call=call)], stdout=subprocess.PIPE, text=True,
                             env=dict(os.environ))
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.5)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert out.strip() == "interrupted"
    assert child.returncode == 0


def test_solving_off_the_main_thread():
    import threading

    found = []
    t = threading.Thread(target=lambda: found.append(grundy.solve(grundy.Tablettes(3, 3)).vertices))
    t.start()
    t.join()
    assert found == [696]


def test_limit_messages_name_python_arguments():
    with pytest.raises(grundy.LimitExceeded) as e:
        grundy.solve(grundy.Tablettes(4, 3), max_states=500)
    assert "max_states" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(grundy.LimitExceeded) as e:
        grundy.solve(grundy.Tablettes(7, 3), max_memory="1M")
    assert "max_memory" in str(e.value) and "--" not in str(e.value)


def test_heap_sizes_past_any_integer():
    with pytest.raises(ValueError, match="heap size 1180591620717411303424 is too large"):
        grundy.Octal("0.07", [2**70])
    with pytest.raises(ValueError, match="heap size 4294967296 is too large"):
        grundy.Nim(2**32)
    with pytest.raises(ValueError, match="negative"):
        grundy.Nim([3, -(2**70)])
    assert grundy.Nim(2**32 - 1).start == [2**32 - 1]


def test_a_position_too_wide_for_max_memory_is_refused_before_it_is_expanded():
    with pytest.raises(grundy.LimitExceeded, match="more than the memory limit of 1024 MB.*raise max_memory"):
        grundy.solve(grundy.Nim([10**8]), max_memory="1G")


def test_an_error_in_a_games_graded_property_comes_out_as_itself():
    class Game:
        @property
        def graded(self):
            raise RuntimeError("graded is broken")

        def successors(self, state):
            return []

    with pytest.raises(RuntimeError, match="graded is broken"):
        grundy.solve(Game(), 0)


@pytest.mark.parametrize("value", [float("nan"), 1e9, "x"])
def test_limits_are_whole_numbers(value):
    with pytest.raises((TypeError, ValueError), match="max_states"):
        grundy.solve(grundy.Nim([3]), max_states=value)


def test_tablettes_messages_name_pythons_arguments():
    with pytest.raises(ValueError, match="^colors 4294967296 is too many"):
        grundy.Tablettes(2**32, 2)
    with pytest.raises(ValueError, match="tablets") as e:
        grundy.Tablettes(2, 64)
    assert "--" not in str(e.value)


def test_wrong_types_name_the_argument():
    # pybind11's casts once answered these with "RuntimeError: Unable to cast Python instance
    # to C++ type", or "'float' object is not iterable", naming no argument.
    with pytest.raises(TypeError, match="tablets is an int or a list of ints, not '3'"):
        grundy.Tablettes(2, "3")
    with pytest.raises(TypeError, match="tablets is an int or a list of ints, not 2.5"):
        grundy.Tablettes(2, [2.5, 2])
    with pytest.raises(TypeError, match="tablets is an int or a list of ints, not None"):
        grundy.Tablettes(2, None)
    with pytest.raises(ValueError, match="tablets takes a whole number from 1 to 63, not '1180591620717411303424'"):
        grundy.Tablettes(2, 2**70)
    with pytest.raises(ValueError, match="tablets needs at least one count"):
        grundy.Tablettes(2, [])
    assert grundy.Tablettes(2, [2, 3]).tablets == [2, 3]  # lists of ints still read
    with pytest.raises(TypeError, match="heap sizes are integers, not 3.5"):
        grundy.Nim(3.5)
    with pytest.raises(TypeError, match="heap sizes are integers, not 3.5"):
        grundy.hint(grundy.Nim([3]), position=3.5)
    with pytest.raises(TypeError, match="vertex names are str or int, not None"):
        grundy.Digraph([("a", "b")], None)
    t = grundy.Tablettes(2, 2)
    with pytest.raises(ValueError, match=r"a pile is a \(colour, height\) pair, not 'ab'"):
        t.moves(["ab"])
    with pytest.raises(TypeError, match="a colour is an int, not 'a'"):
        t.moves([("a", "b")])
    with pytest.raises(ValueError, match="a colour must be from 0 to 255, not 1180591620717411303424"):
        t.format([(2**70, 1)])
    with pytest.raises(TypeError, match=r"a position of Tablettes is a list of \(colour, height\) pairs, not 3"):
        t.moves(3)


def test_octal_codes_as_on_the_command_line():
    with pytest.raises(ValueError, match="an octal code has no sign"):
        grundy.Octal("-0.07", [3])
    # The message was empty: a byte of 'é' alone is no UTF-8 Python can decode.
    with pytest.raises(ValueError, match="invalid octal code '0.é': 'é' is not an octal or hexadecimal digit"):
        grundy.Octal("0.é", [3])


def test_hint_refuses_more_winning_moves_than_memory_holds():
    # Listed, the 3.8·10^8 winning moves of a heap of 2**32 - 1 in 0.07 took 15 GB before
    # MemoryError; seven such heaps, all different, have 1.8·10^9, hundreds of GB as Python's.
    game = grundy.Octal("0.07", [3])
    heaps = [2**32 - 1 - i for i in range(7)]
    with pytest.raises(ValueError, match="has 1768515936 winning moves, too many to list"):
        grundy.hint(game, position=heaps, max_moves=None)
    # The first hundred, and the count of all, are what a hint gives by default.
    h = grundy.hint(game, position=heaps)
    assert len(h.moves) == 100 and h.winning_move_count == 1768515936
    with pytest.raises(ValueError, match="winning moves, too many to list"):
        grundy.winning_moves(game, position=heaps)
    # A heap of 10^5 tokens still lists its thousands of winning moves.
    assert len(grundy.winning_moves(game, position=[5, 10**5])) > 1000


def test_digraph_max_memory_checked_for_edges_too():
    # Once ignored, unchecked, when the graph was a list of edges rather than a file.
    with pytest.raises(TypeError, match="max_memory must be an int"):
        grundy.Digraph([("a", "b")], "a", max_memory=1.5)
    with pytest.raises(ValueError, match="max_memory takes a size"):
        grundy.Digraph([("a", "b")], "a", max_memory="lots")
    assert grundy.Digraph([("a", "b")], "a", max_memory="1G").edge_count == 1

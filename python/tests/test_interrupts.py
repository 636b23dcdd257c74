"""Ctrl-C in every long call: SIGINT, sent to this process by a timer thread while the call runs,
comes out of the call as KeyboardInterrupt within a second or so. Each call would run for many
seconds uninterrupted, so one that ignored the signal fails the time bound instead of hanging."""

import os
import signal
import threading
import time

import pytest

import grundy


class Chain:
    """A game written in Python: a long chain of positions."""

    def successors(self, n):
        return [n + 1] if n < 10**8 else []


class SlowSuccessors:
    """One call to successors that lasts long, in Python code of the user's."""

    def successors(self, n):
        if n == 0:
            end = time.monotonic() + 20
            while time.monotonic() < end:
                pass
        return [n + 1] if n < 3 else []


CALLS = {
    "octal_value": lambda: grundy.octal_value("0.6", 3_000_000),
    "octal_sequence": lambda: grundy.octal_sequence("0.6", max=3_000_000),
    "hint octal": lambda: grundy.hint(grundy.Octal("0.6", [3_000_000])),
    "winning_moves octal": lambda: grundy.winning_moves(grundy.Octal("0.6", [3_000_000])),
    "solve tablettes": lambda: grundy.solve(grundy.Tablettes(7, 3)),
    "solve python": lambda: grundy.solve(Chain(), 0),
    "hint python": lambda: grundy.hint(Chain(), 0),
    "python code inside a solve": lambda: grundy.solve(SlowSuccessors(), 0),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_sigint_becomes_keyboard_interrupt(name):
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            CALLS[name]()
    finally:
        timer.cancel()
    assert time.monotonic() - started < 0.3 + 1.5


# A code that leaves three heaps: each heap costs h^2/12 triples per digit, so the heaps a few
# seconds in cost tens of milliseconds each, and a stop looked at only between chunks of them
# came seconds late. Both ways to its sequence: its analysis and the heap rule's engine.
HEXADECIMAL_CALLS = {
    "octal_sequence": lambda: grundy.octal_sequence("0.FFFF", max=1_000_000),
    "sequence": lambda: grundy.sequence("0.FFFF", max=1_000_000),
}


def seconds_to_interrupt(call, after):
    """Sends SIGINT `after` seconds into `call`, which must raise KeyboardInterrupt: the seconds
    from the signal to the exception."""
    sent = []

    def send():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
        raised = time.monotonic()
    finally:
        timer.cancel()
    return raised - sent[0]


@pytest.mark.parametrize("name", sorted(HEXADECIMAL_CALLS))
def test_sigint_inside_a_hexadecimal_heap(name):
    assert seconds_to_interrupt(HEXADECIMAL_CALLS[name], 2.0) < 1.0


def test_sigint_in_the_search_for_a_period(tmp_path):
    """0.E7 resumed at 922 values first tests an arithmetic period there, reading every option of
    a thousand heaps: seconds on a loaded machine, once deaf to Ctrl-C."""
    checkpoint = str(tmp_path / "run.checkpoint")
    assert len(grundy.octal_sequence("0.E7", max=922, checkpoint=checkpoint)) == 922
    assert seconds_to_interrupt(lambda: grundy.octal_sequence(resume=checkpoint, max=2_000_000), 0.3) < 1.0


def test_a_finished_sequence_looked_for_its_period():
    assert grundy.octal_sequence("0.07").periodicity_checked
    assert grundy.sequence("squares", 300).periodicity_checked


def test_a_signal_after_the_call_is_not_raised_later():
    """The library stops on the flag and Python's handler runs once, inside the call: nothing is
    left pending to raise a second KeyboardInterrupt at some later line."""
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        grundy.octal_value("0.6", 3_000_000)
    for _ in range(100_000):
        pass
    assert grundy.octal_value("0.07", 10) == 3


def test_a_program_s_own_handler_runs():
    """A SIGINT handler the program installed is the one that decides, as for any Python code."""
    caught = []

    def handler(number, frame):
        caught.append(number)
        raise RuntimeError("stopped by the program's handler")

    previous = signal.signal(signal.SIGINT, handler)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        timer.start()
        with pytest.raises(RuntimeError, match="program's handler"):
            grundy.octal_sequence("0.6", max=3_000_000)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert caught == [signal.SIGINT]


def test_keyboard_interrupt_from_a_state_s_hash():
    class Touchy:
        def __init__(self, n, error):
            self.n, self.error = n, error

        def __hash__(self):
            if self.n == 2:
                raise self.error
            return self.n

        def __eq__(self, other):
            return self.n == other.n

    def game(error):
        return type("G", (), {"successors": lambda self, s: [Touchy(s.n + 1, error)] if s.n < 5 else []})()

    with pytest.raises(KeyboardInterrupt):
        grundy.solve(game(KeyboardInterrupt()), Touchy(0, None))
    with pytest.raises(ZeroDivisionError, match="hash bug"):
        grundy.solve(game(ZeroDivisionError("hash bug")), Touchy(0, None))


@pytest.mark.parametrize("delay", [0.3, 1.7])
def test_sigint_inside_a_misere_hint(delay):
    # 0.07's misère quotient grows without bound: a heap of 10^5 tokens spends its budget on the
    # quotient before the game graph. A signal at any moment raises within a second.
    assert seconds_to_interrupt(lambda: grundy.hint(grundy.Octal("0.07", [100_000]), misere=True), delay) < 1.0


def test_sigint_while_counting_misere_games():
    # Day 5 checks 2^22 sets of options: seconds of work.
    assert seconds_to_interrupt(lambda: grundy.misere_games_born_by(5), 0.5) < 1.0

"""Files the module writes (exports, pictures, checkpoints): written whole, never through a link
planted beside them, never over the file a game was read from."""

import os
import socket
import threading
import warnings

import pytest

import grundy


def test_a_planted_link_is_not_written_through(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    out = tmp_path / "g.json"
    for name in (f"g.json.tmp-{os.getpid()}", "g.json.tmp"):
        (tmp_path / name).symlink_to(victim)
    grundy.solve(grundy.Nim([1, 2])).export(str(out))
    assert victim.read_text() == "precious\n"
    assert out.read_text().startswith('{"vertices"')


def test_a_link_is_followed_and_kept(tmp_path):
    (tmp_path / "real").mkdir()
    link = tmp_path / "g.csv"
    link.symlink_to(tmp_path / "real" / "g.csv")
    grundy.solve(grundy.Nim([1, 2])).export(str(link))
    assert link.is_symlink()
    assert (tmp_path / "real" / "g.csv").read_text().startswith("id,state,")


def test_the_graph_file_a_game_was_read_from_is_never_replaced(tmp_path):
    graph = tmp_path / "g.csv"
    graph.write_text("a b\nb c\n")
    r = grundy.solve(grundy.Digraph(graph, "a"))
    for name in (graph, tmp_path / "." / "g.csv"):
        with pytest.raises(ValueError, match="also an input"):
            r.export(str(name))
    assert graph.read_text() == "a b\nb c\n"
    (tmp_path / "alias.dot").symlink_to(graph)
    with pytest.raises(ValueError, match="also an input"):
        r.to_dot(str(tmp_path / "alias.dot"))
    assert graph.read_text() == "a b\nb c\n"


def test_what_cannot_be_written_says_why(tmp_path):
    r = grundy.solve(grundy.Nim([1, 2]))
    (tmp_path / "sub.json").mkdir()
    with pytest.raises(ValueError, match="is a directory"):
        r.export(str(tmp_path / "sub.json"))
    with pytest.raises(OSError, match="No such file or directory"):
        r.export(str(tmp_path / "missing" / "g.json"))
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(tmp_path / "sock.json"))
    try:
        with pytest.raises(ValueError, match="socket"):
            r.export(str(tmp_path / "sock.json"))
    finally:
        s.close()


def test_a_named_pipe_is_written_into(tmp_path):
    fifo = tmp_path / "g.json"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    grundy.solve(grundy.Nim([1, 2])).export(str(fifo))
    reader.join(10)
    assert fifo.is_fifo()
    assert got and got[0].startswith('{"vertices"')


def test_a_checkpoint_that_cannot_be_written_is_a_warning():
    # /dev/full fails every write as a full disk does: the run still returns its values.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        seq = grundy.octal_sequence("0.07", max=60, keep_going=True, checkpoint="/dev/full", checkpoint_every=0)
    assert len(seq) == 60
    assert [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)] == [
        "the checkpoint cannot write '/dev/full': No space left on device; the run goes on"
    ]


def test_a_path_with_a_nul_byte_is_refused(tmp_path):
    r = grundy.solve(grundy.Nim([1, 2]))
    with pytest.raises(ValueError, match="null byte"):
        r.export(str(tmp_path / "g\0.json"))
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError, match="null byte"):
        grundy.Digraph(str(tmp_path / "g.txt\0zzz"), "a")
    with pytest.raises(ValueError, match="null byte"):
        grundy.octal_sequence("0.07", max=10, checkpoint=str(tmp_path / "c\0x"))


@pytest.mark.parametrize("every", [float("nan"), float("inf"), -1.0])
def test_checkpoint_every_is_a_number_of_seconds(every):
    with pytest.raises(ValueError, match="checkpoint_every takes seconds"):
        grundy.octal_sequence("0.07", max=10, checkpoint_every=every)


def test_ctrl_c_during_an_export_keeps_the_old_file(tmp_path):
    # The export lets other threads run (the timer below could not fire otherwise), and a stop
    # drops the new file: the old one stays whole.
    import signal
    import time

    r = grundy.solve(grundy.Tablettes(5, 3))
    for name in ("g.graphml", "g.dot"):
        out = tmp_path / name
        out.write_text("OLD\n")
        main = threading.get_ident()
        timer = threading.Timer(0.05, lambda: signal.pthread_kill(main, signal.SIGINT))
        started = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            if name.endswith(".dot"):
                r.to_dot(str(out))
            else:
                r.export(str(out))
        timer.join()
        assert time.monotonic() - started < 2
        assert out.read_text() == "OLD\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"g.graphml", name})

"""MisereQuotient.load checks a file against its rule: tables edited, relabelled or made up are a
ValueError saying what is false, and the load honours Ctrl-C and max_memory."""

import json
import os
import signal
import threading
import time

import pytest

import grundy


@pytest.fixture(scope="module")
def kayles30():
    return grundy.misere_quotient("0.07", 30)


@pytest.fixture()
def saved(tmp_path, kayles30):
    path = tmp_path / "kayles30.q"
    kayles30.save(path)
    return json.loads(path.read_text())


def written(tmp_path, name, document):
    path = tmp_path / name
    path.write_text(json.dumps(document))
    return path


def test_a_heap_class_edited_is_refused(tmp_path, saved, kayles30):
    # Heap 1 of 0.07 has no move: a misère N-position, as the computed quotient says.
    assert kayles30.outcome([1]) == "N"
    saved["heaps"][1] = saved["p"][0]
    with pytest.raises(ValueError, match="is false for 0.07: its tables make heap 1 a misère P-position"):
        grundy.MisereQuotient.load(written(tmp_path, "heap1.q", saved))


def test_another_rule_s_tables_are_refused(tmp_path):
    dawson = grundy.misere_quotient("0.33", 12)
    dawson.save(tmp_path / "dawson.q")
    document = json.loads((tmp_path / "dawson.q").read_text())
    assert grundy.MisereQuotient.load(tmp_path / "dawson.q").order == dawson.order
    document["rule"] = "0.07"
    with pytest.raises(ValueError, match="0.07"):
        grundy.MisereQuotient.load(written(tmp_path, "relabelled.q", document))


def test_a_wrong_p_portion_is_refused(tmp_path, saved):
    missing = next(x for x in range(1, saved["order"]) if x not in saved["p"])
    saved["p"].append(missing)
    with pytest.raises(ValueError):
        grundy.MisereQuotient.load(written(tmp_path, "p.q", saved))


def test_a_key_twice_is_refused(tmp_path, kayles30):
    kayles30.save(tmp_path / "q")
    text = (tmp_path / "q").read_text()
    path = tmp_path / "twice.q"
    path.write_text('{"rule": "0.33", ' + text[1:])
    with pytest.raises(ValueError, match='has the key "rule" twice'):
        grundy.MisereQuotient.load(path)


def test_max_memory_bounds_the_load(tmp_path, kayles30):
    # Q_30(0.07) has order 360: its table alone takes 360 * 360 * 4 bytes.
    kayles30.save(tmp_path / "q")
    with pytest.raises(grundy.LimitExceeded, match="max_memory"):
        grundy.MisereQuotient.load(tmp_path / "q", max_memory=300_000)
    assert grundy.MisereQuotient.load(tmp_path / "q", max_memory="10M").order == 360


def interrupted_within_a_second(load):
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            load()
    finally:
        timer.cancel()
    return time.monotonic() - started - 0.3


def test_ctrl_c_stops_a_silent_pipe(tmp_path):
    fifo = tmp_path / "q.fifo"
    os.mkfifo(fifo)
    assert interrupted_within_a_second(lambda: grundy.MisereQuotient.load(fifo)) < 1.0


def test_ctrl_c_stops_a_large_table(tmp_path):
    # Z/3000 claimed for 0.3, every heap the generator 1: made up, and refused only after the
    # reduction check has separated the elements one a round (seconds), so that the stop lands
    # inside the checks however fast the machine reads the file.
    order = 3000
    rows = ",".join("[" + ",".join(str((x + y) % order) for y in range(order)) + "]" for x in range(order))
    path = tmp_path / "big.q"
    path.write_text(
        '{"format": "grundy misere quotient", "version": 1, "rule": "0.3", "max_heap": 10, '
        f'"order": {order}, "decides_every_heap": false, "heaps": {[0] + [1] * 10}, "p": [1], '
        f'"products": [{rows}]}}'
    )
    assert interrupted_within_a_second(lambda: grundy.MisereQuotient.load(path)) < 1.0

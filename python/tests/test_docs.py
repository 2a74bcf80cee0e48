"""The tour of docs/python.md runs as written: its Python blocks, in order, in a fresh folder
(the plot is drawn with matplotlib's file backend)."""
import os
import re

import pytest

from conftest import ROOT


def test_the_tour_runs(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    with open(os.path.join(ROOT, "docs", "python.md"), encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    # The error example shows what is raised; it is run under pytest.raises below.
    error_blocks = [b for b in blocks if "# qilab.Error:" in b]
    assert len(error_blocks) == 1
    monkeypatch.chdir(tmp_path)
    scope = {}
    exec(compile("\n".join(b for b in blocks if b not in error_blocks), "docs/python.md", "exec"), scope)
    import qilab

    with pytest.raises(qilab.Error, match="option 'players'"):
        exec(error_blocks[0], scope)
    assert (tmp_path / "seat-balance.png").stat().st_size > 0
    assert (tmp_path / "out" / "checkers-3p-seats" / "summary.json").exists()
    assert (tmp_path / "out" / "checkers-3p-seats" / "tournament.db").exists()
    assert len(scope["games"]) == 300 and scope["equality"]["df"] == 2

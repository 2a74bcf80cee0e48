"""Shared fixtures of the qilab module's tests (run by CTest as `python`, or by hand:
PYTHONPATH=build/python python3 -m pytest python/tests)."""
import glob
import os

import pytest

import qilab

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# Every shipped game variant, as the C++ conformance suite takes them.
CONFIGS = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "configs", "games", "*.toml")))


@pytest.fixture(params=CONFIGS, ids=lambda p: os.path.basename(p)[:-5])
def game(request):
    return qilab.load_game(os.path.join(ROOT, request.param))

"""What the report reads, each check naming the file and the field (BadInput: exit 2).

- the bundle: one JSON file `qilab report` writes from the same functions as `qilab stats --json`
  and `qilab ratings --json`, plus each game's length and the decisive moments' drawings;
- DIR/summary.json (`qilab play`, `qilab tournament`), for the run's facts, when present;
- DIR/metrics.jsonl and DIR/run.json (`qilab train`), for the training curves, when present;
- DIR/openings.json (`qilab openings`), for the opening rankings, when present."""
import json
import os


class BadInput(Exception):
    pass


def read_json(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError:
        raise BadInput(f"{path}: no such file ({what})")
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: cannot read ({e})")
    except json.JSONDecodeError as e:
        raise BadInput(f"{path}: not JSON ({e.msg} at line {e.lineno} column {e.colno})")


def need(path, obj, key, kind, what, where=""):
    if not isinstance(obj, dict) or key not in obj:
        raise BadInput(f"{path}: field '{where}{key}' missing (expected {what})")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise BadInput(f"{path}: field '{where}{key}': expected {what}, got {json.dumps(value)[:60]}")
    return value


def check_tally(path, row, where):
    for outcome in ("win", "draw", "loss"):
        r = need(path, row, outcome, dict, "a tally {count, rate, ci95, effective_n}", where)
        need(path, r, "count", int, "a count", where + outcome + ".")
        need(path, r, "rate", (int, float), "a rate 0 to 1", where + outcome + ".")
        ci = need(path, r, "ci95", list, "an interval [lo, hi]", where + outcome + ".")
        if len(ci) != 2 or not all(isinstance(x, (int, float)) and 0 <= x <= 1 for x in ci) or ci[0] > ci[1]:
            raise BadInput(f"{path}: field '{where}{outcome}.ci95': expected [lo, hi] within 0..1, "
                           f"got {json.dumps(ci)[:60]}")


def load_summary(path):
    """summary.json of `qilab play` or `qilab tournament`, checked field by field."""
    s = read_json(path, "the run's summary")
    if not isinstance(s, dict):
        raise BadInput(f"{path}: expected a JSON object")
    need(path, s, "game", str, "the game id")
    need(path, s, "games", int, "the number of games")
    need(path, s, "seats", int, "the number of seats")
    for table, label in (("by_seat", "seat"), ("by_agent", "agent")):
        rows = need(path, s, table, list, f"a list of {label} tallies")
        for i, row in enumerate(rows):
            where = f"{table}[{i}]."
            need(path, row, label, int if label == "seat" else str, f"the {label}", where)
            need(path, row, "games", int, "a count of games", where)
            check_tally(path, row, where)
    return s


def load_bundle(path):
    """The numbers qilab gathered (apps/qilab/cmd_report.cc); written by qilab, so only its
    shape is checked."""
    b = read_json(path, "the numbers qilab report gathers")
    if not isinstance(b, dict):
        raise BadInput(f"{path}: expected a JSON object")
    for key in ("stats", "ratings", "lengths", "moments"):
        if key not in b:
            raise BadInput(f"{path}: field '{key}' missing")
    if b["stats"] is not None:
        need(path, b["stats"], "games", list, "the statistics per game id", "stats.")
        need(path, b["ratings"], "games", list, "the ratings per game id", "ratings.")
        need(path, b, "lengths", dict, "each game's number of actions, per game id")
    return b


def load_training(run_dir):
    """A training run's events (docs/training.md): train lines (losses per step), gating and
    baseline lines (games, wins, draws, losses, score, interval95), selfplay lines. None when
    DIR has no metrics.jsonl. A torn last line (no newline) is left out, as qilab does."""
    path = os.path.join(run_dir, "metrics.jsonl")
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise BadInput(f"{path}: cannot read ({e})")
    lines = text.split("\n")
    if lines and lines[-1] != "":
        lines = lines[:-1]
    events = {"train": [], "gating": [], "baseline": [], "selfplay": []}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            e = json.loads(line)
        except json.JSONDecodeError as err:
            raise BadInput(f"{where}: not JSON ({err.msg})")
        if not isinstance(e, dict) or not isinstance(e.get("event"), str):
            raise BadInput(f"{where}: field 'event' missing (expected the event's name)")
        kind = e["event"]
        if kind == "train":
            need(where, e, "step", int, "the trainer step")
            for key in ("policy_loss", "value_loss", "loss"):
                need(where, e, key, (int, float), "a loss")
        elif kind in ("gating", "baseline"):
            need(where, e, "iteration", int, "the iteration")
            r = need(where, e, "result", dict, "the match score {games, wins, draws, losses, score, interval95}")
            need(where, r, "games", int, "a count of games", "result.")
            need(where, r, "score", (int, float), "a score 0 to 1", "result.")
            ci = need(where, r, "interval95", list, "an interval [lo, hi]", "result.")
            if len(ci) != 2 or not all(isinstance(x, (int, float)) for x in ci) or ci[0] > ci[1]:
                raise BadInput(f"{where}: field 'result.interval95': expected [lo, hi], got {json.dumps(ci)[:60]}")
        if kind in events:
            events[kind].append(e)
    run = None
    if os.path.exists(os.path.join(run_dir, "run.json")):
        run = read_json(os.path.join(run_dir, "run.json"), "the training run's game")
    events["run"] = run
    events["path"] = path
    return events


def load_openings(run_dir):
    """DIR/openings.json (`qilab openings`), checked where the report reads it; None without one."""
    path = os.path.join(run_dir, "openings.json")
    if not os.path.exists(path):
        return None
    o = read_json(path, "an openings report")
    need(path, o, "game", str, "a game id")
    need(path, o, "method", str, "the best-arm method")
    need(path, o, "test", str, "the comparison test")
    need(path, o, "best_vs_runner_up", dict, "the comparison of the best with the runner-up")
    need(path, o, "uniform", dict, "the uniform allocation it is measured against")
    for k, c in enumerate(need(path, o, "candidates", list, "a list of candidates")):
        where = f"candidates[{k}]."
        need(path, c, "name", str, "a candidate name", where)
        need(path, c, "rank", int, "a rank", where)
        need(path, c, "games", int, "a number of games", where)
        need(path, c, "wins", int, "a number of wins", where)
        need(path, c, "win_rate", (int, float), "a rate 0 to 1", where)
        ci = need(path, c, "ci95", list, "a 95% interval [lo, hi]", where)
        if len(ci) != 2 or not all(isinstance(x, (int, float)) for x in ci):
            raise BadInput(f"{path}: field '{where}ci95': expected a 95% interval [lo, hi], got {json.dumps(ci)[:60]}")
    return o

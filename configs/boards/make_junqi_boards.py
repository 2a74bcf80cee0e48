#!/usr/bin/env python3
"""Writes configs/boards/junqi4.json and junqi6.json, the two junqi boards as data.

The engine knows no coordinates: it reads nodes (kind, army, row, col, x, y), road edges
and rail edges carrying a line id from these files (docs/rules/junqi.md, "Board files").
Run from anywhere: python3 configs/boards/make_junqi_boards.py
"""
import json
import math
import os

HQ = {(5, 1), (5, 3)}
CAMPS = {(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)}


def army_kind(r, c):
    if (r, c) in HQ:
        return "headquarters"
    if (r, c) in CAMPS:
        return "camp"
    if r <= 4 and (r in (0, 4) or c in (0, 4)):
        return "rail"
    return "post"


def pid(d, r, c):
    return f"a{d}r{r}c{c}"


def army_nodes(d, place):
    out = []
    for r in range(6):
        for c in range(5):
            x, y = place(d, r, c)
            out.append({"id": pid(d, r, c), "kind": army_kind(r, c), "army": d, "row": r, "col": c,
                        "x": round(x, 3), "y": round(y, 3)})
    return out


def army_roads(d):
    roads = []
    for r in range(6):
        for c in range(5):
            if c + 1 < 5:
                roads.append([pid(d, r, c), pid(d, r, c + 1)])
            if r + 1 < 6:
                roads.append([pid(d, r, c), pid(d, r + 1, c)])
    diagonals = set()
    for (r, c) in sorted(CAMPS):  # diagonal roads join each camp to its diagonal neighbours
        for dr in (-1, 1):
            for dc in (-1, 1):
                rr, cc = r + dr, c + dc
                if 0 <= rr < 6 and 0 <= cc < 5:
                    diagonals.add(tuple(sorted([pid(d, r, c), pid(d, rr, cc)])))
    roads += [list(p) for p in sorted(diagonals)]
    return roads


def column(d, c):
    """Army d's column c, rows 4 up to 0 (toward the centre)."""
    return [pid(d, r, c) for r in range(4, -1, -1)]


def rails_from_lines(lines):
    rails = []
    for line_id, posts, arc_pair in lines:
        for a, b in zip(posts, posts[1:]):
            e = {"a": a, "b": b, "line": line_id}
            if arc_pair and {a, b} == set(arc_pair):
                e["arc"] = True
            rails.append(e)
    return rails


def common_lines(armies):
    lines = []
    for d in range(armies):
        lines.append((f"a{d}-row0", [pid(d, 0, c) for c in range(5)], None))
        lines.append((f"a{d}-row4", [pid(d, 4, c) for c in range(5)], None))
        e = (d + 1) % armies
        arc = (pid(d, 0, 4), pid(e, 0, 0))
        lines.append((f"arc{d}-{e}", column(d, 4) + list(reversed(column(e, 0))), arc))
    return lines


def junqi4():
    # Screen grid 17 x 17, army 0 at the bottom; each army is the previous one turned a quarter.
    def place(d, r, c):
        x, y = 6 + c, 11 + r
        for _ in range(d):
            x, y = 8 + (y - 8), 8 - (x - 8)
        return x, y

    nodes, roads = [], []
    for d in range(4):
        nodes += army_nodes(d, place)
        roads += army_roads(d)
    centre = {}
    for i, x in enumerate((6, 8, 10)):
        for j, y in enumerate((6, 8, 10)):
            nid = f"m{i}{j}"
            centre[(x, y)] = nid
            nodes.append({"id": nid, "kind": "rail", "army": -1, "row": j, "col": i, "x": x, "y": y})
    by_xy = {(n["x"], n["y"]): n["id"] for n in nodes}
    lines = common_lines(4)
    # Centre columns and rows, running on into the facing armies' columns.
    for k in (6, 8, 10):
        col = [by_xy[(k, y)] for y in range(17) if (k, y) in by_xy and _rail_or_centre(nodes, by_xy[(k, y)], k == 8)]
        row = [by_xy[(x, k)] for x in range(17) if (x, k) in by_xy and _rail_or_centre(nodes, by_xy[(x, k)], k == 8)]
        lines.append((f"x{k}", col, None))
        lines.append((f"y{k}", row, None))
    return {"name": "junqi4", "armies": 4, "nodes": nodes, "roads": roads, "rails": rails_from_lines(lines)}


def _rail_or_centre(nodes, nid, middle):
    n = next(n for n in nodes if n["id"] == nid)
    if n["army"] < 0:
        return True
    if n["kind"] != "rail":
        return False
    # The middle line takes only the armies' front column-2 post; the outer lines take the
    # whole corner column (rows 0-4).
    return (n["row"] == 0 and n["col"] == 2) if middle else n["col"] in (0, 4)


def junqi6():
    # Army d faces the centre from angle 90 + 60 d degrees; column 4 lies toward army d+1.
    def place(d, r, c):
        t = math.radians(90 + 60 * d)
        ux, uy = math.cos(t), math.sin(t)
        vx, vy = -math.sin(t), math.cos(t)
        rad = 4.2 + r
        lat = (c - 2) * 0.9
        return rad * ux + lat * vx, -(rad * uy + lat * vy)

    nodes, roads = [], []
    for d in range(6):
        nodes += army_nodes(d, place)
        roads += army_roads(d)
    nodes.append({"id": "C", "kind": "airport", "army": -1, "row": 0, "col": 0, "x": 0.0, "y": 0.0})
    for d in range(6):
        t = math.radians(90 + 60 * d)
        nodes.append({"id": f"P{d}", "kind": "station", "army": -1, "row": 1, "col": d,
                      "x": round(2.6 * math.cos(t), 3), "y": round(-2.6 * math.sin(t), 3)})
    for d in range(6):
        t = math.radians(90 + 60 * d + 30)
        nodes.append({"id": f"H{d}", "kind": "station", "army": -1, "row": 2, "col": d,
                      "x": round(1.5 * math.cos(t), 3), "y": round(-1.5 * math.sin(t), 3)})
    lines = common_lines(6)
    for d in range(6):
        lines.append((f"a{d}-col0", column(d, 0) + [f"H{(d + 5) % 6}"], None))
        lines.append((f"a{d}-col4", column(d, 4) + [f"H{d}"], None))
        lines.append((f"star{d}", [f"P{d}", f"H{d}", f"H{(d + 1) % 6}", f"P{(d + 2) % 6}"], None))
    for d in range(3):
        lines.append((f"pdiam{d}", [pid(d, 0, 2), f"P{d}", "C", f"P{d + 3}", pid(d + 3, 0, 2)], None))
        lines.append((f"hdiam{d}", [f"H{d}", "C", f"H{d + 3}"], None))
    return {"name": "junqi6", "armies": 6, "nodes": nodes, "roads": roads, "rails": rails_from_lines(lines)}


def write(board):
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, board["name"] + ".json")
    with open(path, "w") as f:
        f.write("{\n")
        f.write(f'"name": {json.dumps(board["name"])},\n"armies": {board["armies"]},\n')
        for key in ("nodes", "roads", "rails"):
            f.write(f'"{key}": [\n')
            f.write(",\n".join(json.dumps(x, ensure_ascii=False) for x in board[key]))
            f.write("\n]" + (",\n" if key != "rails" else "\n"))
        f.write("}\n")
    print(path, len(board["nodes"]), "nodes,", len(board["roads"]), "roads,", len(board["rails"]), "rail edges")


if __name__ == "__main__":
    write(junqi4())
    write(junqi6())

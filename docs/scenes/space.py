#!/usr/bin/python3
"""The figures of docs/gjk-in-3d.md, drawn from what the `gjk` tool computes.

    /usr/bin/python3 docs/scenes/space.py build/bin/gjk docs/figures      (make docs runs it)

`gjk svg` draws the plane only, so the 3D figures are drawn here, with the standard library
alone. The numbers come from the tool: each scene below is a `gjk distance --trace` query in
space, and the closest points, weights, simplices and distances drawn are its answer. This
script adds only what a picture needs and the tool does not print:
  - a parallel projection of space onto the page (a view from above and to the side, the
    farthest polygons drawn first);
  - the hull of each shape and of Z = B - A, found by brute force on the scenes' integer
    coordinates, exactly (Python integers);
  - the boundaries of the Voronoi regions, from the outward normals of the faces;
  - each iteration's search direction d = -P / |P| and the support point of Z along it, by the
    library's rule (each shape's first point among equals). Where the next iteration of the
    trace holds a new vertex, it is checked to be that support point.
"""

import json
import math
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from pathlib import Path

# The colours and sizes of `gjk svg` (cli/svg.cpp), so that the guide's figures look alike.
INK, MUTED, FRAME, PAPER = "#1f2937", "#6b7280", "#d1d5db", "#f9fafb"
BLUE, ORANGE, PURPLE = "#2563eb", "#ea580c", "#7c3aed"  # shape A, shape B, Z
GREEN, RED, CYAN, GOLD = "#059669", "#dc2626", "#0891b2", "#ca8a04"  # simplex, P, d, support
PANEL_W, PANEL_H, GAP, MARGIN, TOP = 360, 300, 16, 20, 72


# ---------------------------------------------------------------------------------------------
# Vectors (tuples of three numbers)


def add(p, q):
    return tuple(a + b for a, b in zip(p, q))


def sub(p, q):
    return tuple(a - b for a, b in zip(p, q))


def scale(k, p):
    return tuple(k * a for a in p)


def dot(p, q):
    return sum(a * b for a, b in zip(p, q))


def cross(p, q):
    return (p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0])


def length(p):
    return math.sqrt(dot(p, p))


def unit(p):
    return scale(1 / length(p), p)


def mean(points):
    return scale(1 / len(points), tuple(map(sum, zip(*points))))


def slerp(n1, n2, t):
    """The unit vector a fraction t of the way from n1 to n2 (both unit) along their arc."""
    angle = math.acos(max(-1.0, min(1.0, dot(n1, n2))))
    if angle < 1e-9:
        return n1
    s = math.sin(angle)
    return add(scale(math.sin((1 - t) * angle) / s, n1), scale(math.sin(t * angle) / s, n2))


def text_number(x, digits=3):
    """x in `gjk svg`'s style: a few significant digits, no trailing zeros."""
    if abs(x) < 5e-13:
        return "0"
    return f"{x:.{digits}g}"


def text_point(p, digits=3):
    return "(" + ", ".join(text_number(a, digits) for a in p) + ")"


# ---------------------------------------------------------------------------------------------
# The tool


def ask(tool, query):
    """The tool's answer to one 3D query, with its trace."""
    done = subprocess.run([tool, "distance", "--trace"], input=json.dumps(query) + "\n",
                          capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout)
    if "error" in answer:
        raise SystemExit(f"{tool}: {answer['error']}")
    return answer


def world(shape):
    """A scene shape's points in the world. The scenes use the identity rotation, so that Z's
    points stay integers and its hull is exact."""
    assert shape.get("quaternion", [0, 0, 0, 1]) == [0, 0, 0, 1]
    position = shape.get("position", [0, 0, 0])
    return [tuple(Fraction(c) + Fraction(o) for c, o in zip(p, position))
            for p in shape["points"]]


# ---------------------------------------------------------------------------------------------
# Hulls


def hull_faces(points):
    """The faces of the convex hull of `points` (exact numbers, a solid: not all in one plane),
    each as the list of its corners in order around its outward normal, with that normal."""
    faces, seen = [], set()
    for i, j, k in combinations(range(len(points)), 3):
        normal = cross(sub(points[j], points[i]), sub(points[k], points[i]))
        if normal == (0, 0, 0):
            continue
        sides = [dot(normal, sub(p, points[i])) for p in points]
        if max(sides) > 0 and min(sides) < 0:
            continue  # points on both sides: not a supporting plane
        if max(sides) > 0:
            normal = scale(-1, normal)
        on = sorted({p for p, s in zip(points, sides) if s == 0})
        key = tuple(on)
        if key in seen:
            continue
        seen.add(key)
        # The corners of the face: the points on its plane in order around their centre, the
        # points inside an edge dropped.
        centre = mean([tuple(map(float, p)) for p in on])
        n = unit(tuple(map(float, normal)))
        u = unit(sub(tuple(map(float, on[0])), centre))
        v = cross(n, u)
        ring = sorted(on, key=lambda p: math.atan2(dot(sub(tuple(map(float, p)), centre), v),
                                                   dot(sub(tuple(map(float, p)), centre), u)))
        corners = [p for a, p, b in zip([ring[-1]] + ring[:-1], ring, ring[1:] + [ring[0]])
                   if cross(sub(p, a), sub(b, p)) != (0, 0, 0)]
        faces.append(([tuple(map(float, p)) for p in corners], n))
    return faces


# ---------------------------------------------------------------------------------------------
# The picture


class View:
    """A parallel projection of space into a panel: the view from the direction of the given
    azimuth and elevation (degrees, z up), fitted to the points `extent` with a margin."""

    def __init__(self, x, y, extent, azimuth=-60.0, elevation=24.0, w=PANEL_W, h=PANEL_H):
        a, e = math.radians(azimuth), math.radians(elevation)
        self.eye = (math.cos(e) * math.cos(a), math.cos(e) * math.sin(a), math.sin(e))
        self.right = (-math.sin(a), math.cos(a), 0.0)
        self.up = cross(self.eye, self.right)
        flat = [(dot(p, self.right), dot(p, self.up)) for p in extent]
        lo_x, hi_x = min(f[0] for f in flat), max(f[0] for f in flat)
        lo_y, hi_y = min(f[1] for f in flat), max(f[1] for f in flat)
        top, bottom, side = 52, 44, 40  # room for the title, the caption and the labels
        k = min((w - 2 * side) / max(hi_x - lo_x, 1e-9),
                (h - top - bottom) / max(hi_y - lo_y, 1e-9))
        self.k = k
        self.cx = x + w / 2 - k * (lo_x + hi_x) / 2
        self.cy = y + top + (h - top - bottom) / 2 + k * (lo_y + hi_y) / 2

    def __call__(self, p):
        return (self.cx + self.k * dot(p, self.right), self.cy - self.k * dot(p, self.up))

    def depth(self, p):
        """Larger is nearer the viewer."""
        return dot(p, self.eye)

    def facing(self, normal):
        return dot(normal, self.eye) > 0


def fmt(v):
    return f"{round(v, 2):g}"


class Svg:
    def __init__(self, width, height, title):
        self.width, self.height = width, height
        self.items = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">',
            f"<title>{escape(title)}</title>",
            "<style>text { font-family: sans-serif; } .halo { paint-order: stroke; stroke: white; "
            "stroke-width: 3px; stroke-linejoin: round; }</style>",
            f'<rect x="0" y="0" width="{width}" height="{height}" fill="{PAPER}"/>',
        ]
        self.text(MARGIN, 35, title, size=20, bold=True)

    def raw(self, item):
        self.items.append(item)

    def text(self, x, y, words, size=12, colour=INK, anchor="start", bold=False, halo=False):
        extra = (' class="halo"' if halo else "") + (' font-weight="bold"' if bold else "")
        self.raw(f'<text x="{fmt(x)}" y="{fmt(y)}" font-size="{size}" text-anchor="{anchor}" '
                 f'fill="{colour}"{extra}>{escape(words)}</text>')

    def polygon(self, points, fill, opacity, stroke=None, width=1.0, stroke_opacity=1.0,
                dash=None):
        line = f' stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"' if stroke \
            else ""
        if stroke and stroke_opacity != 1.0:
            line += f' stroke-opacity="{stroke_opacity}"'
        if dash:
            line += f' stroke-dasharray="{dash}"'
        self.raw(f'<polygon points="{" ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)}" '
                 f'fill="{fill}" fill-opacity="{opacity}"{line}/>')

    def line(self, p, q, colour=INK, width=1.5, dash=None, opacity=1.0):
        extra = (f' stroke-dasharray="{dash}"' if dash else "") + \
            (f' stroke-opacity="{opacity}"' if opacity != 1.0 else "")
        self.raw(f'<line x1="{fmt(p[0])}" y1="{fmt(p[1])}" x2="{fmt(q[0])}" y2="{fmt(q[1])}" '
                 f'stroke="{colour}" stroke-width="{width}"{extra}/>')

    def dot(self, p, colour, r=4.5):
        self.raw(f'<circle cx="{fmt(p[0])}" cy="{fmt(p[1])}" r="{r}" fill="{colour}" '
                 f'stroke="white" stroke-width="1"/>')

    def diamond(self, p, colour=GOLD, r=7):
        x, y = p
        self.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], colour, 1.0,
                     stroke="white")

    def cross_mark(self, p, r=6):
        x, y = p
        self.line((x - r, y - r), (x + r, y + r))
        self.line((x - r, y + r), (x + r, y - r))

    def arrow(self, p, q, colour, width=2.0):
        """A line from p to q with a head at q (page coordinates)."""
        d = (q[0] - p[0], q[1] - p[1])
        n = math.hypot(*d)
        if n < 1e-9:
            return
        u = (d[0] / n, d[1] / n)
        back = (q[0] - 9 * u[0], q[1] - 9 * u[1])
        self.line(p, back, colour, width)
        side = (-u[1] * 4.5, u[0] * 4.5)
        self.polygon([q, (back[0] + side[0], back[1] + side[1]),
                      (back[0] - side[0], back[1] - side[1])], colour, 1.0)

    def panel(self, x, y, title, caption=None, w=PANEL_W, h=PANEL_H):
        self.raw(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="white" '
                 f'stroke="{FRAME}" stroke-width="1"/>')
        self.text(x + 10, y + 18.38, title, size=12.5, bold=True)
        if caption:
            self.text(x + 10, y + h - 7.15, caption, size=11, colour=MUTED)

    def save(self, path):
        Path(path).write_text("\n".join(self.items + ["</svg>", ""]), encoding="utf-8")


def label(svg, view, point, centre, words, colour, size=13, gap=14, bold=False):
    """words beside `point`, on the side away from `centre` (page coordinates from space)."""
    p, c = view(point), view(centre)
    away = (p[0] - c[0], p[1] - c[1])
    n = math.hypot(*away)
    u = (away[0] / n, away[1] / n) if n > 1e-6 else (0.0, -1.0)
    svg.text(p[0] + gap * u[0], p[1] + gap * u[1] + 0.35 * size, words, size=size,
             colour=colour, anchor="middle", bold=bold, halo=True)


def escape(words):
    return words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def panel_origin(column, row):
    return MARGIN + column * (PANEL_W + GAP), TOP + row * (PANEL_H + GAP)


def draw_solid(svg, view, faces, colour, opacity=0.12, edge_width=1.5, edge_opacity=1.0):
    """A convex solid: its back edges dashed, its faces filled, its front edges solid."""
    back, front = set(), set()
    for corners, normal in faces:
        edges = {tuple(sorted((a, b))) for a, b in zip(corners, corners[1:] + corners[:1])}
        (front if view.facing(normal) else back).update(edges)
    for a, b in sorted(back - front):
        svg.line(view(a), view(b), colour, 1.0, dash="4 3", opacity=0.6 * edge_opacity)
    for corners, normal in faces:
        if view.facing(normal):
            svg.polygon([view(p) for p in corners], colour, opacity)
    for a, b in sorted(front):
        svg.line(view(a), view(b), colour, edge_width, opacity=edge_opacity)


def draw_surfaces(svg, view, pieces):
    """Translucent polygons (corners in space, fill colour, opacity), farthest first."""
    for corners, colour, opacity in sorted(pieces, key=lambda s: view.depth(mean(s[0]))):
        svg.polygon([view(p) for p in corners], colour, opacity, stroke=colour, width=0.6,
                    stroke_opacity=0.5)


# ---------------------------------------------------------------------------------------------
# Figure 1: the Voronoi regions of a tetrahedron (and of a triangle in space)

LETTERS = "ABCD"


def outward_normals(corners):
    """The outward unit normal of each face of the tetrahedron `corners`, by the face's three
    vertex indices."""
    normals = {}
    for face in combinations(range(4), 3):
        (other,) = set(range(4)) - set(face)
        i, j, k = (corners[v] for v in face)
        n = unit(cross(sub(j, i), sub(k, i)))
        normals[face] = scale(-1, n) if dot(n, sub(corners[other], i)) > 0 else n
    return normals


def arc(centre, n1, n2, reach, steps=12):
    return [add(centre, scale(reach, slerp(n1, n2, t / steps))) for t in range(steps + 1)]


def region_pieces(corners, region, reach):
    """The Voronoi region of a feature of the tetrahedron (its vertex indices), cut off at
    `reach` from the feature, as polygons: a vertex's region is the cone of the outward normals
    of its three faces (each side of the cone perpendicular to an edge); an edge's, the edge
    swept over the arc between its two faces' normals; a face's, the prism over it along its
    normal."""
    normals = outward_normals(corners)
    around = [n for face, n in normals.items() if set(region) <= set(face)]
    if len(region) == 1:
        v = corners[region[0]]
        return [([v] + arc(v, n1, n2, reach), 0.16) for n1, n2 in combinations(around, 2)]
    if len(region) == 2:
        p, q = (corners[v] for v in region)
        n1, n2 = around
        near, far = arc(p, n1, n2, reach), arc(q, n1, n2, reach)
        pieces = [([p] + near, 0.16), ([q] + far, 0.16)]
        pieces += [([near[i], near[i + 1], far[i + 1], far[i]], 0.10) for i in range(len(near) - 1)]
        pieces += [([p, q, add(q, scale(reach, n)), add(p, scale(reach, n))], 0.16)
                   for n in (n1, n2)]
        return pieces
    (n,) = around
    face = [corners[v] for v in region]
    lifted = [add(p, scale(reach, n)) for p in face]
    pieces = [(lifted, 0.16)]
    pieces += [([face[i], face[(i + 1) % 3], lifted[(i + 1) % 3], lifted[i]], 0.12)
               for i in range(3)]
    return pieces


def region_name(answer):
    """The region's name from the last simplex of the trace: the letters of B's points that
    carry weight (A is the query point Q)."""
    last = answer["simplices"][-1]
    return "".join(sorted(LETTERS[v["index_b"]] for v in last if v["weight"] > 0))


def draw_query(svg, view, q, p, centre):
    """The query point Q, its closest point P and the segment between them."""
    if length(sub(q, p)) > 1e-12:
        svg.line(view(q), view(p), RED, 1.2, dash="2 3")
        svg.dot(view(q), BLUE)
        svg.dot(view(p), RED)
        label(svg, view, q, p, "Q", BLUE)
        label(svg, view, p, q, "P", RED)
    else:
        svg.dot(view(q), RED)
        label(svg, view, q, add(q, (0.0, 0.0, -1.0)), "Q = P", RED)


def draw_letters(svg, view, corners, weights):
    """The vertices' letters, and the weight of each that contributes to P beside it."""
    centre = mean(corners)
    for letter, c in zip(LETTERS, corners):
        words = letter + (f" {text_number(weights[letter])}" if weights.get(letter) else "")
        label(svg, view, c, centre, words, INK, size=14, gap=18, bold=True)


def figure_regions(tool, out):
    corners = [(0.0, 0.0, 0.0), (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)]
    tetrahedron = [list(p) for p in corners]
    # One query point per kind of region, as in TEST(Tetrahedron, EachOfTheFifteenRegions).
    scenes = [((-0.6, -0.6, 1.8), (3,), "vertex D: the cone of its faces' normals"),
              ((0.9, 0.9, -0.7), (1, 2), "edge BC: swept between its faces' normals"),
              ((0.8, 0.8, 0.8), (1, 2, 3), "face BCD: the prism over it"),
              ((0.1, 0.2, 0.3), (0, 1, 2, 3), "interior ABCD: the solid")]
    svg = Svg(3 * PANEL_W + 2 * GAP + 2 * MARGIN, TOP + 2 * PANEL_H + GAP + MARGIN,
              "The Voronoi regions of a tetrahedron: 4 vertices, 6 edges, 4 faces, the interior")
    svg.text(MARGIN, 58.9, "Q is the query point, P its closest point and the numbers its "
             "weights, computed by gjk distance (Q is shape A, the simplex shape B)", size=14)
    faces = hull_faces([tuple(Fraction(c) for c in p) for p in corners])
    for number, (q, region, title) in enumerate(scenes):
        answer = ask(tool, {"a": {"points": [list(q)]}, "b": {"points": tetrahedron}})
        assert region_name(answer) == "".join(LETTERS[v] for v in region), (answer, region)
        weights = {LETTERS[v["index_b"]]: v["weight"] for v in answer["simplices"][-1]}
        assert len(region) < 4 or answer["status"] == "overlapping", answer
        x, y = panel_origin(number % 3, number // 3)
        p = tuple(answer["point_b"])
        svg.panel(x, y, title, f"Q = {text_point(q)}, P = {text_point(p)}"
                  + (f", {answer['status']}" if len(region) == 4 else ""))
        pieces = [] if len(region) == 4 else region_pieces(corners, region, 0.9)
        view = View(x, y, corners + [q] + [c for piece, _ in pieces for c in piece])
        draw_solid(svg, view, faces, GREEN, opacity=0.22 if len(region) == 4 else 0.06)
        draw_surfaces(svg, view, [(c, GREEN, o) for c, o in pieces])
        draw_letters(svg, view, corners, weights)
        draw_query(svg, view, q, p, mean(corners))

    # The triangle in space, the simplex's third case: its face region holds both sides.
    x, y = panel_origin(1, 1)
    triangle = [(0.0, 0.0, 0.0), (1.2, 0.0, 0.0), (0.2, 1.0, 0.0)]
    q = (0.4, 0.3, 0.8)
    answer = ask(tool, {"a": {"points": [list(q)]}, "b": {"points": [list(c) for c in triangle]}})
    assert region_name(answer) == "ABC", answer
    p = tuple(answer["point_b"])
    svg.panel(x, y, "a triangle in space: a prism on both sides",
              f"Q = {text_point(q)}, P = {text_point(p)}")
    reach = 0.9
    lifted = [add(c, (0.0, 0.0, reach)) for c in triangle]
    lowered = [add(c, (0.0, 0.0, -reach)) for c in triangle]
    view = View(x, y, triangle + lifted + lowered + [q])
    pieces = [lifted, lowered] + [[lowered[i], lowered[(i + 1) % 3], lifted[(i + 1) % 3],
                                   lifted[i]] for i in range(3)]
    draw_surfaces(svg, view, [(c, GREEN, 0.10) for c in pieces])
    svg.polygon([view(c) for c in triangle], GREEN, 0.3, stroke=GREEN, width=2)
    draw_letters(svg, view, triangle, {LETTERS[v["index_b"]]: v["weight"]
                                       for v in answer["simplices"][-1]})
    draw_query(svg, view, q, p, mean(triangle))

    x, y = panel_origin(2, 1)
    svg.panel(x, y, "how to read the panels")
    rows = [(GREEN, "the simplex: tetrahedron ABCD, triangle ABC"),
            (GREEN, "shaded: the feature's region, cut off"),
            (BLUE, "Q: the query point"),
            (RED, "P: the closest point of the simplex to Q"),
            (INK, "a number: a vertex's weight in P"),
            (MUTED, "dashed: edges behind the solid")]
    for i, (colour, words) in enumerate(rows):
        svg.dot((x + 22, y + 46 + 28 * i), colour, r=5)
        svg.text(x + 38, y + 50 + 28 * i, words)
    svg.save(out)


# ---------------------------------------------------------------------------------------------
# Figures 2 and 3: GJK runs in space


def support(points_a, points_b, d):
    """The support point of Z = B - A along d and its pair of indices: B's first point
    furthest along d, A's first point furthest along -d (the library's rule for ties)."""
    ib = max(range(len(points_b)), key=lambda i: (dot(points_b[i], d), -i))
    ia = max(range(len(points_a)), key=lambda i: (-dot(points_a[i], d), -i))
    return (ia, ib), sub(points_b[ib], points_a[ia])


def contains_origin(tetrahedron):
    """Whether the origin is strictly inside the tetrahedron (exact: integer corners)."""
    a, b, c, d = tetrahedron
    whole = dot(cross(sub(b, a), sub(c, a)), sub(d, a))
    signs = []
    for i in range(4):
        corners = list(tetrahedron)
        corners[i] = (0, 0, 0)
        a, b, c, d = corners
        signs.append(dot(cross(sub(b, a), sub(c, a)), sub(d, a)) * whole)
    return all(s > 0 for s in signs)


def draw_simplex(svg, view, vertices, colour=GREEN, opacity=0.18, width=2.5):
    """The simplex: its points, its edges, and its triangles filled (a tetrahedron's four)."""
    for face in combinations(vertices, 3):
        svg.polygon([view(p) for p in face], colour, opacity / (2 if len(vertices) == 4 else 1))
    for p, q in combinations(vertices, 2):
        svg.line(view(p), view(q), colour, width)
    for p in vertices:
        svg.dot(view(p), colour)


def figure_run(tool, out, title, query, ending, azimuth, elevation):
    answer = ask(tool, query)
    points_a, points_b = world(query["a"]), world(query["b"])
    z_points = sorted({sub(b, a) for a in points_a for b in points_b})
    z_faces = hull_faces(z_points)
    a_faces, b_faces = hull_faces(points_a), hull_faces(points_b)
    floats = lambda ps: [tuple(map(float, p)) for p in ps]  # noqa: E731
    points_a, points_b, z_float = floats(points_a), floats(points_b), floats(z_points)
    steps = answer["simplices"]
    # The iterations, one traced step each (case 2's last: the tetrahedron around the origin).
    iterations = []
    for k, step in enumerate(steps):
        simplex = [tuple(v["minkowski"]) for v in step]
        pairs = [(v["index_a"], v["index_b"]) for v in step]
        p = tuple(sum(v["weight"] * v["minkowski"][i] for v in step) for i in range(3))
        d = unit(scale(-1, p)) if length(p) > 0 else None
        pair, w = support(points_a, points_b, d) if d else (None, None)
        if k + 1 < len(steps):
            new = [(v["index_a"], v["index_b"]) for v in steps[k + 1]
                   if (v["index_a"], v["index_b"]) not in pairs]
            assert new in ([], [pair]), (k, new, pair)
        iterations.append({"simplex": simplex, "weights": [v["weight"] for v in step],
                           "pairs": pairs, "p": p, "d": d, "support": w, "pair": pair})
    assert answer["iterations"] == len(steps), answer

    # The ending named in the heading is the one the trace shows.
    if ending == "repeated_support":
        assert iterations[-1]["pair"] in iterations[-1]["pairs"], ending
    else:
        last = iterations[-1]
        assert ending == "containment" and len(last["simplex"]) == 4 and contains_origin(
            [tuple(Fraction(c) for c in p) for p in last["simplex"]]), ending
        last.update({"p": (0.0, 0.0, 0.0), "d": None, "support": None, "pair": None})

    columns = 3
    rows = 1 + -(-len(iterations) // columns)
    svg = Svg(columns * PANEL_W + (columns - 1) * GAP + 2 * MARGIN,
              TOP + rows * PANEL_H + (rows - 1) * GAP + MARGIN, title)
    depth = f"  ·  penetration = {text_number(answer['penetration'], 6)}" \
        if "penetration" in answer else ""
    svg.text(MARGIN, 58.9, f"distance = {text_number(answer['distance'], 6)}{depth}  ·  "
             f"iterations = {answer['iterations']}  ·  status = {answer['status']} ({ending})",
             size=14)

    # The shapes, their witness points and the normal.
    x, y = panel_origin(0, 0)
    normal = tuple(answer["normal"])
    svg.panel(x, y, "shapes", "normal = " + text_point(normal) if length(normal) > 0 else
              "no normal: the shapes overlap")
    view = View(x, y, points_a + points_b, azimuth, elevation)
    draw_solid(svg, view, a_faces, BLUE, 0.16)
    draw_solid(svg, view, b_faces, ORANGE, 0.16)
    pa, pb = tuple(answer["point_a"]), tuple(answer["point_b"])
    svg.line(view(pa), view(pb), INK, 1.5, dash="5 3")
    svg.dot(view(pa), BLUE)
    svg.dot(view(pb), ORANGE)
    svg.text(view(mean(points_a))[0], view(mean(points_a))[1], "A", size=18, colour=BLUE,
             anchor="middle", bold=True, halo=True)
    svg.text(view(mean(points_b))[0], view(mean(points_b))[1], "B", size=18, colour=ORANGE,
             anchor="middle", bold=True, halo=True)

    # Z with the origin and the last simplex.
    x, y = panel_origin(1, 0)
    final = iterations[-1]
    svg.panel(x, y, "Minkowski difference Z = B − A",
              f"final {len(final['simplex']) - 1}-simplex, |P| = {text_number(length(final['p']))}")
    z_view = lambda x, y: View(x, y, z_float + [(0.0, 0.0, 0.0)], azimuth, elevation)  # noqa
    view = z_view(x, y)
    draw_solid(svg, view, z_faces, PURPLE, 0.10)
    draw_simplex(svg, view, final["simplex"])
    svg.cross_mark(view((0.0, 0.0, 0.0)))
    label(svg, view, (0.0, 0.0, 0.0), mean(final["simplex"]), "O", INK)

    # The legend.
    x, y = panel_origin(2, 0)
    svg.panel(x, y, "legend")
    rows_ = [(BLUE, "shape A; witness point point_a"), (ORANGE, "shape B; witness point point_b"),
             (PURPLE, "Z = B − A (dashed: its back edges)"), (INK, "origin O (a cross)"),
             (GREEN, "simplex; numbers: vertex weights"),
             (RED, "P: closest point to O; dotted: |P|"),
             (CYAN, "d: search direction, −P/|P|"), (GOLD, "support point of Z along d")]
    for i, (colour, words) in enumerate(rows_):
        svg.dot((x + 22, y + 46 + 28 * i), colour, r=5)
        svg.text(x + 38, y + 50 + 28 * i, words)

    for k, it in enumerate(iterations):
        x, y = panel_origin(k % columns, 1 + k // columns)
        count = len(it["simplex"]) - 1
        heading = f"iteration {k + 1}: {count}-simplex, |P| = {text_number(length(it['p']))}"
        if it["d"]:
            caption = f"d = {text_point(it['d'])}, support = {text_point(it['support'])}"
            if it["pair"] in it["pairs"]:
                caption = f"support = {text_point(it['support'])}: a vertex of the simplex"
        else:
            caption = "O inside the tetrahedron: all four volumes > 0"
        svg.panel(x, y, heading, caption)
        view = z_view(x, y)
        draw_solid(svg, view, z_faces, PURPLE, 0.05, edge_width=1.0, edge_opacity=0.45)
        if k > 0 and iterations[k - 1]["support"] and len(it["simplex"]) < len(
                iterations[k - 1]["simplex"]) + 1:
            # The simplex before cull (the last one and the new support point), faint.
            before = iterations[k - 1]["simplex"] + [iterations[k - 1]["support"]]
            for p, q in combinations(before, 2):
                svg.line(view(p), view(q), GREEN, 1.0, dash="3 3", opacity=0.7)
        draw_simplex(svg, view, it["simplex"])
        origin = (0.0, 0.0, 0.0)
        svg.cross_mark(view(origin))
        centre = mean(it["simplex"])
        label(svg, view, origin, it["p"] if length(it["p"]) > 0 else centre, "O", INK)
        if it["weights"]:
            for p, weight in zip(it["simplex"], it["weights"]):
                label(svg, view, p, centre, text_number(weight), GREEN, size=11, gap=16)
        if it["d"]:
            # d from P, short of the origin where it can be; the support point it finds.
            reach = max(map(length, z_float))
            tip = add(it["p"], scale(min(0.22 * reach, max(0.6 * length(it["p"]), 0.1 * reach)),
                                     it["d"]))
            svg.arrow(view(it["p"]), view(tip), CYAN)
            middle, side = view(mean([it["p"], tip])), view(tip)
            along = (side[0] - view(it["p"])[0], side[1] - view(it["p"])[1])
            n = math.hypot(*along) or 1.0
            svg.text(middle[0] - 10 * along[1] / n, middle[1] + 10 * along[0] / n + 4, "d",
                     size=13, colour=CYAN, anchor="middle", halo=True)
            svg.diamond(view(it["support"]))
        if length(it["p"]) > 0:
            svg.line(view(origin), view(it["p"]), RED, 1.2, dash="2 3")
            svg.dot(view(it["p"]), RED)
            label(svg, view, it["p"], add(it["p"], it["d"]), "P", RED)
    svg.save(out)


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: space.py PATH/TO/gjk OUTPUT_DIR")
    tool, out = sys.argv[1], Path(sys.argv[2])
    figure_regions(tool, out / "7-tetrahedron-regions.svg")
    print(out / "7-tetrahedron-regions.svg")
    # A tetrahedron and a square pyramid apart: the simplex grows to a tetrahedron, whose
    # closest feature is a face; the next support point is on it (case 1).
    pyramid = [[-1, -1, -1], [1, -1, -1], [1, 1, -1], [-1, 1, -1], [0, 0, 1]]
    corner = [[0, 0, 0], [2, 0, 0], [0, 2, 0], [0, 0, 2]]
    figure_run(tool, out / "7-gjk-separated.svg",
               "GJK in space: a tetrahedron A and a square pyramid B, apart",
               {"a": {"points": corner}, "b": {"points": pyramid, "position": [2, 2, 2]}},
               "repeated_support", azimuth=-125.0, elevation=20.0)
    print(out / "7-gjk-separated.svg")
    figure_run(tool, out / "7-gjk-containment.svg",
               "GJK in space: the same shapes overlapping; a tetrahedron holds the origin",
               {"a": {"points": corner}, "b": {"points": pyramid, "position": [0.5, 0.5, 0.5]}},
               "containment", azimuth=-60.0, elevation=24.0)
    print(out / "7-gjk-containment.svg")


if __name__ == "__main__":
    main()

"""The board as an RGB image (numpy uint8, height x width x 3): the
PettingZoo environment's "rgb_array" render mode.

A plain rasterization, no drawing library: every tile a square of tile_px
pixels (north up, x east, y south as the cells), its field green, its city
edges tan triangles to the centre, its roads light lines from the edge to
the centre, a monastery a red square in the middle, any other centre
feature (an expansion's: circus, acrobat space, ...) a purple one; every
figure on the board a square of its player's colour (a neutral figure
white) with a dark outline, where carc_game_figure_position puts it.
"""
from . import _compat
from .errors import NotFoundError

FIELD = (156, 200, 106)
CITY = (216, 180, 118)
ROAD = (247, 242, 226)
MONASTERY = (184, 50, 42)
OTHER = (142, 68, 173)
BACKGROUND = (243, 237, 220)
OUTLINE = (26, 26, 26)
# the SVG's player colours (Okabe-Ito), a neutral figure white
PLAYER = [(213, 94, 0), (0, 114, 178), (240, 228, 66), (204, 121, 167), (17, 17, 17),
          (86, 180, 233)]
NEUTRAL = (244, 244, 244)
MM = 45.0   # a tile's side in millimetres (doc/geometry.md)


def board_rgb(game, tile_px=16):
    """The board of a carcvar.Game as a uint8 array of shape
    (rows * tile_px, columns * tile_px, 3), one tile_px square per cell of
    the smallest rectangle holding every placed tile."""
    np = _compat.np
    if np is None:
        raise RuntimeError("the rgb_array picture needs numpy")
    tile_px = int(tile_px)
    if tile_px < 8:
        raise ValueError(f"tile_px must be at least 8, not {tile_px}")
    from .game import tile_info
    tiles = game.board()
    x0 = min(t.x for t in tiles)
    y0 = min(t.y for t in tiles)
    cols = max(t.x for t in tiles) - x0 + 1
    rows = max(t.y for t in tiles) - y0 + 1
    img = np.empty((rows * tile_px, cols * tile_px, 3), dtype=np.uint8)
    img[:] = BACKGROUND
    n = tile_px
    # pixel coordinates of one tile, centred: u east, v south, in -0.5..0.5
    c = (np.arange(n) + 0.5) / n - 0.5
    u = np.broadcast_to(c[None, :], (n, n))
    v = np.broadcast_to(c[:, None], (n, n))
    toward = [(-v > abs(u)), (u > abs(v)), (v > abs(u)), (-u > abs(v))]   # N E S W
    half_w = max(1.0, n / 10) / n                                         # road half-width
    road = [(abs(u) <= half_w) & (v <= 0), (abs(v) <= half_w) & (u >= 0),
            (abs(u) <= half_w) & (v >= 0), (abs(v) <= half_w) & (u <= 0)]
    centre = (abs(u) <= 0.18) & (abs(v) <= 0.18)
    cache = {}
    for t in tiles:
        key = (t.type, t.rotation)
        if key not in cache:
            cell = np.empty((n, n, 3), dtype=np.uint8)
            cell[:] = FIELD
            info = tile_info(t.type, t.rotation)
            for s in info["segments"]:
                if s["kind"] == "city":
                    for side in range(4):
                        if s["edges"] >> side & 1:
                            cell[toward[side]] = CITY
            for s in info["segments"]:
                if s["kind"] == "road":
                    for side in range(4):
                        if s["edges"] >> side & 1:
                            cell[road[side]] = ROAD
            for s in info["segments"]:
                if s["kind"] == "monastery":
                    cell[centre] = MONASTERY
                elif s["kind"] not in ("city", "road", "field"):
                    cell[centre] = OTHER
            cell[0, :] = cell[:, 0] = (111, 154, 69)   # the tile's edge
            cache[key] = cell
        r, q = (t.y - y0) * n, (t.x - x0) * n
        img[r:r + n, q:q + n] = cache[key]
    size = max(3, n // 4)
    for i, f in enumerate(game.figures()):
        if f.where not in ("board", "tile", "attached"):
            continue
        try:
            p = game.figure_position(i)
        except NotFoundError:
            continue
        px = int(round((p.x_mm / MM - x0 + 0.5) * n)) - size // 2
        py = int(round((p.y_mm / MM - y0 + 0.5) * n)) - size // 2 - p.level * (size // 2)
        px = min(max(px, 0), img.shape[1] - size)
        py = min(max(py, 0), img.shape[0] - size)
        img[py:py + size, px:px + size] = OUTLINE
        colour = PLAYER[f.owner] if 0 <= f.owner < len(PLAYER) else NEUTRAL
        img[py + 1:py + size - 1, px + 1:px + size - 1] = colour
    return img

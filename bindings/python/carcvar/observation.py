"""Observation tensors shared by the OpenSpiel and PettingZoo adapters.

The library encodes them in C (carc_game_observation, CARCVAR_0.7) with the
same values as the Python code here, which stays the reference
(ObservationEncoder(use_c=False)); encode_into writes one into a caller's
buffer.

An observation is seen from one player (the *observer*): every per-player value
is listed by relative seat, ``(seat - observer) mod players``, so the
observer's own values come first.  It holds only public information -- the
board, figures, scores, supplies, the tile in play and the COUNTS of tiles
left -- never the seed or the RNG state, so the order of future draws cannot
be read from it.

A tensor is a flat float vector of ``size = header_size + planes * window**2``
values: a header, then ``planes`` (PLANES = 28 for the base game) planes of window x window cells around the start
tile, plane-major, row-major.  Cell (x, y) (board coordinates, y grows to the
south) is row ``y + radius``, column ``x + radius`` with ``radius = window //
2``; tiles outside the window are only counted (header ``outside_window``).

Header blocks (``ObservationEncoder.offsets[name] == (start, length)``;
per-seat blocks have 6 entries, zero beyond the number of players):

  score          live score by relative seat
  final_score    projected final score (carc_game_final_scores) by relative seat
  supply         followers in supply by relative seat
  seat           1 for each relative seat that is in the game
  to_play        1 at the relative seat of the player to act
  chance         1 at a chance node (a tile draw)
  terminal       1 when the game is over
  decision       one-hot: draw, place, deploy, end
  tile_in_play   one-hot over tile types: the tile being placed or just laid
  tiles_left     copies of each tile type still to be drawn
  turn           turns started so far
  outside_window tiles on the board outside the window
  supply_by_kind figures of each other kind (figure_kinds) in supply, by
                 relative seat then kind (empty for the base game)
  tokens_out     tokens of no player (carc_game_tokens(game, -1, kind)), one per
                 kind of ``no_player_tokens``: with Under the Big Top the animal
                 tokens revealed so far, flea..elephant (empty otherwise; the
                 face-down token is never shown: nobody knows it)
  held           tiles each player holds to play on a later turn
                 (Game.held_tiles(p): a bazaar's), by relative seat then tile
                 type, copies of each type; present only with a module of
                 HELD_TILE_MODULES (bridges_castles), empty otherwise
  face_up        tiles lying face up that nobody owns yet (Game.held_tiles(-1):
                 a bazaar's auction row), copies of each tile type; present
                 and empty as ``held``

Module blocks, present (after ``face_up``, in this order) only when the game
plays the module, so other games keep their layout:

  dragon         princess_dragon: the dragon is on the board, a flight is in
                 progress, the steps of the flight still to make (Game.dragon())
  dragon_mover   1 at the relative seat of the player whose dragon step is
                 pending
  fairy_follower 1 at the relative seat of the owner of the follower the fairy
                 stands next to
  fairy_feature  one-hot road, city, monastery, field: that follower's feature
  floors         tower: tower floors each player still holds, by relative seat
  prisoners      tower: prisoners by relative seat of their captor, then by
                 relative seat of their owner (6 x 6)
  count          count: one-hot castle, blacksmith, cathedral, market: the
                 quarter of the City of Carcassonne the Count stands on
  quarters       count: followers in each quarter by quarter, then by relative
                 seat of their owner (4 x 6)
  catapult       catapult (Game.catapult(): the round running, else the last
                 one): a round runs, the fair tile's x and y, rounds finished,
                 fair tiles whose round has not begun
  catapult_kind  one-hot knockout, seduction, target, catch: that round's kind
                 (all 0 before it is chosen)
  catapult_tokens tokens each player holds, by relative seat then kind (6 x 4,
                 seat-major)
  hurls          that round's hurls by relative seat of the hurler, 3 each: 1
                 when the player has hurled, the result (1 on the map, 0 off
                 it; a catch: 0 caught, 1 far enough, 2 not far enough, 3
                 touched), followers the knock-out sent home
  pig_throwing   pig_throwing: the dragon naps (B10), the player to act has
                 thrown the pig this turn (carc_game_explain of "throw" says
                 so: at the turn's own deployment)
  removed        figures removed from play, by relative seat of their owner,
                 then kind: follower, then figure_kinds (6 x (1 + kinds))
  dungeon        dungeon: the dragon is in the dungeon, the fairy is there,
                 entrances on the board (carc_game_dungeon)
  dungeon_pieces pieces in the dungeon by relative seat, then kind as removed
  dungeon_fairy  1 at the relative seat of the owner of the piece the fairy
                 stands beside in the dungeon

Planes (``PLANE_*`` constants):

  0        a tile is there
  1..12    edge kinds: plane 1 + 3 * edge + kind, edge 0 N, 1 E, 2 S, 3 W (after
           rotation), kind 0 city, 1 road, 2 field; a side by which a road
           laid over the tile leaves (a bridge) has both road and field
  13       the tile has a monastery
  14       pennants on the tile
  15       placement order + 1 (1 for the start tile): the anchors of
           doc/actions.md, so placement ids can be read off the board
  16       the tile just laid, during its deploy decision
  17..22   figures on the tile by relative seat of their owner
  23..26   figures on the tile by the kind of their segment: road, city,
           monastery, field
  27       neutral figures (owner -1) on the tile
  28..     figures of each other kind in the game (figure_kinds: a module's
           big follower, builder, pig, ...) on the tile, one plane per kind
           (none for the base game)

Module planes, after those (``ObservationEncoder.plane_offsets[name] == (first,
count)``), present only when the game plays the module:

  dragon_visited  princess_dragon: 1 on each tile of the flight in progress,
                  its start included
  tower           tower: 1 on a tower foundation (built on or not)
  tower_height    floors of the tower there
  tower_open      1 on a foundation without a follower on top
  tower_top       6 planes: 1 at the relative seat of the owner of the
                  follower on the tower's top
  fair            catapult: 1 on each fair tile (a tile with the fair feature)
  dungeon_entrance dungeon: 1 on each entrance (a tower foundation; with rule
                  dungeon_entrances 2 only one without a follower on top)
"""
import array
import ctypes
import functools

from . import _compat
from . import _lib
from .errors import error_for
from .game import Game, CHANCE, FEATURE_KINDS, tile_info, tile_names
from . import spaces as _spaces
from .spaces import Box

MAX_PLAYERS = 6

#: tokens that belong to no player, by the module that keeps them: (token kind
#: of TOKEN_KINDS, how many the game has) -- Under the Big Top's animal tokens
#: (../shared/rules/big-top.md §2)
NO_PLAYER_TOKENS = {"big_top": (("flea", 1), ("monkey", 4), ("seal", 5), ("bear", 3),
                                ("tiger", 2), ("elephant", 1))}
#: modules that hold tiles out of the draw pile, known to everyone (the
#: library's held_tiles hook, carc_game_held_tiles): a game with one of them
#: gets the header blocks ``held`` and ``face_up``
HELD_TILE_MODULES = ("bridges_castles",)
#: the modules whose state has blocks and planes of its own (module docstring)
DRAGON_MODULE, TOWER_MODULE, COUNT_MODULE = "princess_dragon", "tower", "count"
CATAPULT_MODULE, PIG_MODULE, DUNGEON_MODULE = "catapult", "pig_throwing", "dungeon"
#: the Catapult's token kinds (TOKEN_KINDS names), in their numbering
CATAPULT_TOKENS = ("knockout", "seduction", "target", "catch")
#: holding module of the pieces in the dungeon (FigureView.held_by), their
#: held_arg
_HELD_BY_DUNGEON, _DUNGEON_PIECE = 11, 0
#: carc_game_explain's reason for a throw when the pig was thrown this turn
#: already (pig_throwing's CARC_MODULE_KIND(10, 2))
_WHY_THROWN = 16 + 10 * 16 + 2
#: holding modules of held figures (FigureView.held_by): the Tower's prisoners,
#: the Count's quarters
_HELD_BY_TOWER, _HELD_BY_COUNT = 4, 6
#: the Count's quarters, in their numbering (held_arg)
QUARTERS = ("castle", "blacksmith", "cathedral", "market")
MAX_TILES = 256
MAX_SEGMENTS = 32
DEFAULT_WINDOW = 31
DECISIONS = ("draw", "place", "deploy", "end")
EDGE_KINDS = "CRF"

PLANE_TILE = 0
PLANE_EDGE = 1
PLANE_MONASTERY = 13
PLANE_PENNANTS = 14
PLANE_ORDER = 15
PLANE_JUST_LAID = 16
PLANE_OWNER = 17
PLANE_FEATURE = 23
PLANE_NEUTRAL = 27
PLANES = 28
#: moves per tile assumed when modules beyond the base game are on: the
#: platform's worst case (doc/actions.md: 77 decisions per tile) plus the
#: draw, the placement and the deployment
MODULE_MOVES_PER_TILE = 80


@functools.lru_cache(maxsize=None)
def _tile_planes(tile, rotation):
    """(plane, value) pairs a placed tile sets, besides order and figures."""
    info = tile_info(tile, rotation)
    out = [(PLANE_TILE, 1.0)]
    for edge, kind in enumerate(info["edges"]):
        if kind in EDGE_KINDS:
            out.append((PLANE_EDGE + 3 * edge + EDGE_KINDS.index(kind), 1.0))
    if any(s["kind"] == "monastery" for s in info["segments"]):
        out.append((PLANE_MONASTERY, 1.0))
    pennants = sum(s["pennants"] for s in info["segments"])
    if pennants:
        out.append((PLANE_PENNANTS, float(pennants)))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def _segment_features(tile):
    """Feature plane offset (0 road .. 3 field, None otherwise) per segment."""
    names = [FEATURE_KINDS[k] for k in sorted(FEATURE_KINDS)]
    return tuple(names.index(s["kind"]) if s["kind"] in names else None
                 for s in tile_info(tile)["segments"])


@functools.lru_cache(maxsize=None)
def _has_fair(tile):
    """Whether a tile type shows the Catapult's fair (feature 12, which this
    package names by its number)."""
    return any(s["kind"] in ("12", "fair") for s in tile_info(tile)["segments"])


def _tile_points_bound(tile):
    """Most points one copy of a tile type can add to one player's score:
    1 per road segment, 2 per city segment and pennant, 9 for a monastery, 3
    per (field, city) adjacency (each scoring feature is scored at most once
    per player, and every feature is bounded by its tiles' share)."""
    total = 0
    for s in tile_info(tile)["segments"]:
        total += {"road": 1, "city": 2, "monastery": 9}.get(s["kind"], 0)
        total += 2 * s["pennants"]
        if s["kind"] == "field":
            total += 3 * bin(s["touches"]).count("1")
    return total


def _c_available(window):
    """Whether the library encodes observations (carc_game_observation,
    CARCVAR_0.7) of this window."""
    return getattr(_lib.raw, "carc_game_observation", None) is not None and window <= 511


class ObservationEncoder:
    """Builds observation tensors for games of given options (see the module
    documentation for the layout)."""

    def __init__(self, players=2, modules=(), rules=None, window=DEFAULT_WINDOW, use_c=None):
        """use_c: encode in C (carc_game_observation) -- None: when the
        library has it and its tensor has this encoder's layout (checked
        once, value for value, on the first game encoded); False: always
        in Python (the reference implementation, _parts); True: in C or
        RuntimeError."""
        if window < 1 or window % 2 == 0:
            raise ValueError("window must be a positive odd number")
        self._use_c = use_c
        self._require_c = use_c is True
        if use_c and not _c_available(window):
            raise RuntimeError("this libcarcvar has no carc_game_observation (CARCVAR_0.7) "
                               f"or cannot encode a window of {window}")
        self.window = window
        self.radius = window // 2
        with Game(players, 0, modules, rules) as probe:
            #: the tile types of this game's tile sets (the catalogue holds
            #: every module built into the library), in catalogue order
            enabled = set(probe.options()["modules"])
            self.tile_types = [k for k in range(len(tile_names()))
                               if tile_info(k)["module"] in enabled]
            self._type_slot = {k: i for i, k in enumerate(self.tile_types)}
            names = tile_names()
            self._name_slot = {names[k]: i for i, k in enumerate(self.tile_types)}
            self.num_tile_types = t = len(self.tile_types)
            self.tile_counts = [probe.tiles_remaining(k) for k in self.tile_types]
            on_board = [tile.type for tile in probe.board()]
            followers = probe.supply(0, 0)
            figures = probe.figures()
            floors = probe.tokens(0, "tower_floor")
            self.players = probe.num_players
            base_only = set(probe.options()["modules"]) <= {"base"}
        #: figure kinds of this game besides followers (names of the public
        #: enum carc_figure_kind, "<number>" for a kind this package does not
        #: name): each has a header block and a plane, so a module's figures
        #: show without a change here; none for the base game
        self.figure_kinds = sorted({f.kind for f in figures} - {"follower"})
        most = {}
        for f in figures:
            if f.kind != "follower" and f.owner >= 0:
                most[f.kind, f.owner] = most.get((f.kind, f.owner), 0) + 1
        self._kind_supply = {k: max([n for (kk, _), n in most.items() if kk == k] or [1])
                             for k in self.figure_kinds}
        nk = len(self.figure_kinds)
        #: (token kind name, most there can be) of the tokens of no player
        self.no_player_tokens = [t for m in sorted(enabled) for t in NO_PLAYER_TOKENS.get(m, ())]
        #: whether the header has the held and face-up tile blocks
        self.held_tiles = any(m in enabled for m in HELD_TILE_MODULES)
        nh = t if self.held_tiles else 0
        #: whether the game plays princess_dragon, tower, count (their blocks)
        self.dragon = DRAGON_MODULE in enabled
        self.towers = TOWER_MODULE in enabled
        self.count = COUNT_MODULE in enabled
        #: whether the game plays catapult, pig_throwing, dungeon
        self.catapult = CATAPULT_MODULE in enabled
        self.pig = PIG_MODULE in enabled
        self.dungeon = DUNGEON_MODULE in enabled
        blocks = [("score", MAX_PLAYERS), ("final_score", MAX_PLAYERS),
                  ("supply", MAX_PLAYERS), ("seat", MAX_PLAYERS), ("to_play", MAX_PLAYERS),
                  ("chance", 1), ("terminal", 1), ("decision", len(DECISIONS)),
                  ("tile_in_play", t), ("tiles_left", t), ("turn", 1), ("outside_window", 1),
                  ("supply_by_kind", MAX_PLAYERS * nk),
                  ("tokens_out", len(self.no_player_tokens)),
                  ("held", MAX_PLAYERS * nh), ("face_up", nh)]
        module_planes = []
        if self.dragon:
            blocks += [("dragon", 3), ("dragon_mover", MAX_PLAYERS),
                       ("fairy_follower", MAX_PLAYERS), ("fairy_feature", len(FEATURE_KINDS))]
            module_planes += [("dragon_visited", 1)]
        if self.towers:
            blocks += [("floors", MAX_PLAYERS), ("prisoners", MAX_PLAYERS * MAX_PLAYERS)]
            module_planes += [("tower", 1), ("tower_height", 1), ("tower_open", 1),
                              ("tower_top", MAX_PLAYERS)]
        if self.count:
            blocks += [("count", len(QUARTERS)), ("quarters", len(QUARTERS) * MAX_PLAYERS)]
        if self.catapult:
            blocks += [("catapult", 5), ("catapult_kind", len(CATAPULT_TOKENS)),
                       ("catapult_tokens", MAX_PLAYERS * len(CATAPULT_TOKENS)),
                       ("hurls", MAX_PLAYERS * 3)]
            module_planes += [("fair", 1)]
        if self.pig:
            blocks += [("pig_throwing", 2), ("removed", MAX_PLAYERS * (1 + nk))]
        if self.dungeon:
            blocks += [("dungeon", 3), ("dungeon_pieces", MAX_PLAYERS * (1 + nk)),
                       ("dungeon_fairy", MAX_PLAYERS)]
            module_planes += [("dungeon_entrance", 1)]
        self.offsets, start = {}, 0
        for name, length in blocks:
            self.offsets[name] = (start, length)
            start += length
        self.header_size = start
        #: the module planes: {name: (first plane, planes)}
        self.plane_offsets, first = {}, PLANES + nk
        for name, length in module_planes:
            self.plane_offsets[name] = (first, length)
            first += length
        self.planes = first
        #: figures a player owns, of every kind: bounds prisoners and quarters
        self._own_figures = max(1, sum(1 for f in figures if f.owner == 0))
        #: tower floors each player holds at the start
        self._floors = max(1, floors)
        self.size = self.header_size + self.planes * window * window
        self.shape = (self.size,)
        #: the two parts of a tensor with their real shapes (pieces())
        self.vector_shape = (self.header_size,)
        self.board_shape = (self.planes, window, window)

        ntiles = sum(self.tile_counts)
        if base_only:
            #: moves in a game: each tile gives at most a draw, a place and a deploy
            self.max_game_length = 3 * ntiles
            #: an upper bound of any player's score
            self.max_score = (sum(c * _tile_points_bound(k)
                                  for k, c in zip(self.tile_types, self.tile_counts))
                              + sum(_tile_points_bound(k) for k in on_board))
        else:
            # modules add decisions and scoring this package does not know: the
            # platform's worst case per tile (doc/actions.md) and the int32 range
            self.max_game_length = MODULE_MOVES_PER_TILE * ntiles
            self.max_score = 2 ** 31 - 1
        self.low, self.high = self._bounds(followers)

    def _bounds(self, followers):
        high = [1.0] * self.header_size
        o = self.offsets
        for name, value in (("score", self.max_score), ("final_score", self.max_score),
                            ("supply", max(followers, 1)), ("turn", self.max_game_length),
                            ("outside_window", MAX_TILES)):
            s, n = o[name]
            high[s:s + n] = [float(value)] * n
        s, _ = o["tiles_left"]
        high[s:s + self.num_tile_types] = [float(max(c, 1)) for c in self.tile_counts]
        plane_high = [1.0] * self.planes
        s, _ = o["supply_by_kind"]
        for i, kind in enumerate(self.figure_kinds):
            for seat in range(MAX_PLAYERS):
                high[s + seat * len(self.figure_kinds) + i] = float(self._kind_supply[kind])
        s, _ = o["tokens_out"]
        for i, (_, most) in enumerate(self.no_player_tokens):
            high[s + i] = float(most)
        if self.held_tiles:
            t = self.num_tile_types
            counts = [float(max(c, 1)) for c in self.tile_counts]
            s, _ = o["held"]
            for seat in range(MAX_PLAYERS):
                high[s + seat * t:s + (seat + 1) * t] = counts
            s, _ = o["face_up"]
            high[s:s + t] = counts
        for name, value in (("dragon", None), ("floors", self._floors),
                            ("prisoners", self._own_figures), ("quarters", self._own_figures)):
            if name in o:
                s, n = o[name]
                high[s:s + n] = [float(value or 1)] * n
        if "dragon" in o:
            high[o["dragon"][0] + 2] = 6.0          # steps left of a flight
        low = [0.0] * self.header_size
        own = float(self._own_figures)
        for name, value in (("removed", own), ("dungeon_pieces", own)):
            if name in o:
                s, n = o[name]
                high[s:s + n] = [value] * n
        if "catapult" in o:
            s, _ = o["catapult"]        # the fair tile's cell, rounds, waiting
            high[s + 1:s + 5] = [float(MAX_TILES)] * 4
            low[s + 1:s + 3] = [float(-MAX_TILES)] * 2
            s, _ = o["hurls"]           # hurled, result (0..3), knocked out
            for seat in range(MAX_PLAYERS):
                high[s + 3 * seat + 1] = 3.0
                high[s + 3 * seat + 2] = float(MAX_PLAYERS) * own
        if "dungeon" in o:
            high[o["dungeon"][0] + 2] = float(MAX_TILES)   # entrances
        pennants = max(sum(s["pennants"] for s in tile_info(k)["segments"])
                       for k in self.tile_types)
        plane_high[PLANE_PENNANTS] = float(max(pennants, 1))
        plane_high[PLANE_ORDER] = float(MAX_TILES)
        for p in list(range(PLANE_OWNER, PLANE_OWNER + MAX_PLAYERS)) + \
                list(range(PLANE_FEATURE, PLANE_FEATURE + 4)) + [PLANE_NEUTRAL] + \
                list(range(PLANES, PLANES + len(self.figure_kinds))):
            plane_high[p] = float(MAX_SEGMENTS)
        if "tower_height" in self.plane_offsets:
            plane_high[self.plane_offsets["tower_height"][0]] = float(self._floors * self.players)
        cells = self.window * self.window
        for v in plane_high:
            high += [v] * cells
        low += [0.0] * (self.size - self.header_size)
        if self.max_score > 2 ** 30:
            # modules may take points away (a bazaar's bids, a tower's
            # ransom): scores anywhere in the int32 range
            for name in ("score", "final_score"):
                s, n = o[name]
                low[s:s + n] = [float(-2 ** 31)] * n
        return low, high

    def space(self, box=Box):
        """A Box of shape (size,), float32, with the bounds (box: the Box class
        to use, carcvar.spaces.Box or gymnasium.spaces.Box)."""
        return box(*self._box_bounds(box, 0, self.size, self.shape), dtype="float32")

    def _box_bounds(self, box, start, stop, shape):
        low, high = self.low[start:stop], self.high[start:stop]
        np = _compat.np
        if box is not Box and np is not None:      # gymnasium wants arrays
            low = np.array(low, dtype=np.float32).reshape(shape)
            high = np.array(high, dtype=np.float32).reshape(shape)
            return low, high, shape
        return low, high, shape

    def pieces_space(self, box=Box, dict_space=None):
        """A Dict of the two parts with their real shapes: "board" (planes x
        window x window) and "vector" (the header)."""
        dict_space = dict_space or _spaces.Dict
        h = self.header_size
        return dict_space({
            "board": box(*self._box_bounds(box, h, self.size, self.board_shape),
                         dtype="float32"),
            "vector": box(*self._box_bounds(box, 0, h, self.vector_shape), dtype="float32")})

    def placement_cells(self, game, ids):
        """{id: (row, column, rotation)} for the placement ids among ids: where
        a spatial policy puts the id's logit in the board planes.  A cell id
        is 1 + anchor * 16 + side * 4 + rotation (doc/actions.md): the cell on
        side `side` (0 N, 1 E, 2 S, 3 W) of the anchor-th tile laid, whose
        plane PLANE_ORDER holds anchor + 1.  Cells outside the window are left
        out."""
        anchors = {t.order: (t.x, t.y) for t in game.board()}
        out = {}
        for aid in ids:
            cell = placement_xy(anchors, aid)
            if cell is None:
                continue
            x, y, rotation = cell
            if abs(x) <= self.radius and abs(y) <= self.radius:
                out[aid] = (y + self.radius, x + self.radius, rotation)
        return out

    def pieces(self, game, player):
        """{"board": planes x window x window, "vector": header}: a float32
        array each with numpy (views of one tensor), nested lists without."""
        flat = self.array(game, player)
        h = self.header_size
        np = _compat.np
        if np is not None:
            return {"board": flat[h:].reshape(self.board_shape), "vector": flat[:h]}
        return {"board": _spaces._nest(flat[h:], self.board_shape), "vector": flat[:h]}

    def _parts(self, game, player):
        """The header (a list) and the non-zero plane entries {index: value}."""
        n = game.num_players
        if not 0 <= player < n:
            raise ValueError(f"no player {player} in a {n}-player game")
        o = {name: s for name, (s, _) in self.offsets.items()}
        h = [0.0] * self.header_size
        scores, final = game.scores(), game.final_scores()
        for p in range(n):
            r = (p - player) % n
            h[o["score"] + r] = float(scores[p])
            h[o["final_score"] + r] = float(final[p])
            h[o["supply"] + r] = float(game.supply(p, 0))
            h[o["seat"] + r] = 1.0
        current = game.current_player
        if current >= 0:
            h[o["to_play"] + (current - player) % n] = 1.0
        elif current == CHANCE:
            h[o["chance"]] = 1.0
        else:
            h[o["terminal"]] = 1.0
        d = game.decision
        if d.kind in DECISIONS:
            h[o["decision"] + DECISIONS.index(d.kind)] = 1.0
        if d.kind in ("place", "deploy") and d.tile in self._type_slot:
            h[o["tile_in_play"] + self._type_slot[d.tile]] = 1.0
        for i, k in enumerate(self.tile_types):
            h[o["tiles_left"] + i] = float(game.tiles_remaining(k))
        h[o["turn"]] = float(game.turn)
        for i, (kind, _) in enumerate(self.no_player_tokens):
            h[o["tokens_out"] + i] = float(game.tokens(-1, kind))
        if self.held_tiles:
            t = self.num_tile_types
            for p in range(-1, n):
                base = o["face_up"] if p < 0 else o["held"] + ((p - player) % n) * t
                for name in game.held_tiles(p):
                    slot = self._name_slot.get(name)
                    if slot is not None:
                        h[base + slot] += 1.0

        radius, width = self.radius, self.window
        area = width * width
        planes, cells, outside = {}, {}, 0
        for tile in game.board():
            if abs(tile.x) > radius or abs(tile.y) > radius:
                outside += 1
                continue
            cell = (tile.y + radius) * width + tile.x + radius
            cells[tile.x, tile.y] = (tile.type, cell)
            for plane, value in _tile_planes(tile.type, tile.rotation):
                planes[plane * area + cell] = value
            for side in tile.overlay:  # a road laid over a field edge: road too
                edge = "NESW".index(side)
                planes[(PLANE_EDGE + 3 * edge + EDGE_KINDS.index("R")) * area + cell] = 1.0
            planes[PLANE_ORDER * area + cell] = float(tile.order + 1)
        h[o["outside_window"]] = float(outside)
        if d.kind == "deploy" and (d.x, d.y) in cells:
            planes[PLANE_JUST_LAID * area + cells[d.x, d.y][1]] = 1.0
        nk = len(self.figure_kinds)
        kind_index = {k: i for i, k in enumerate(self.figure_kinds)}
        figs = game.figures()
        for f in figs:
            if f.kind in kind_index:
                i = kind_index[f.kind]
                if f.where == "supply" and f.owner >= 0:
                    j = o["supply_by_kind"] + ((f.owner - player) % n) * nk + i
                    h[j] += 1.0
                elif f.where in ("board", "tile", "attached") and (f.x, f.y) in cells:
                    j = (PLANES + i) * area + cells[f.x, f.y][1]
                    planes[j] = planes.get(j, 0.0) + 1.0
            if f.where != "board" or (f.x, f.y) not in cells:
                continue
            tile, cell = cells[f.x, f.y]
            owner_plane = PLANE_OWNER + (f.owner - player) % n if f.owner >= 0 else PLANE_NEUTRAL
            kinds = _segment_features(tile)
            feature = kinds[f.segment] if 0 <= f.segment < len(kinds) else None
            for plane in (owner_plane, None if feature is None else PLANE_FEATURE + feature):
                if plane is not None:
                    i = plane * area + cell
                    planes[i] = planes.get(i, 0.0) + 1.0
        if self.dragon or self.towers or self.count:
            self._module_parts(game, player, h, planes, cells, figs)
        if self.catapult or self.pig or self.dungeon:
            self._module_parts_07(game, player, h, planes, cells, figs)
        return h, planes

    def _module_parts(self, game, player, h, planes, cells, figs):
        """The blocks and planes of princess_dragon, tower and count."""
        n = game.num_players
        o = {name: s for name, (s, _) in self.offsets.items()}
        area = self.window * self.window

        def plane(name, cell, value=1.0, k=0):
            planes[(self.plane_offsets[name][0] + k) * area + cell] = value
        if self.dragon:
            d = game.dragon()
            flight = d["flight"]
            h[o["dragon"]] = 1.0 if d["dragon"] is not None else 0.0
            if flight is not None:
                h[o["dragon"] + 1] = 1.0
                h[o["dragon"] + 2] = float(flight["steps_left"])
                if flight["mover"] is not None:
                    h[o["dragon_mover"] + (flight["mover"] - player) % n] = 1.0
                for xy in flight["visited"]:
                    if xy in cells:
                        plane("dragon_visited", cells[xy][1])
            i = d["fairy_follower"]
            if i is not None and 0 <= i < len(figs) and figs[i].owner >= 0:
                f = figs[i]
                h[o["fairy_follower"] + (f.owner - player) % n] = 1.0
                tile = game.tile_at(f.x, f.y) if f.where == "board" else None
                if tile is not None:
                    kinds = _segment_features(tile.type)
                    if 0 <= f.segment < len(kinds) and kinds[f.segment] is not None:
                        h[o["fairy_feature"] + kinds[f.segment]] = 1.0
        if self.towers:
            for p in range(n):
                h[o["floors"] + (p - player) % n] = float(game.tokens(p, "tower_floor"))
            for f in figs:
                if f.where == "held" and f.held_by == _HELD_BY_TOWER and f.owner >= 0 \
                        and 0 <= f.held_arg < n:
                    j = o["prisoners"] + ((f.held_arg - player) % n) * MAX_PLAYERS \
                        + (f.owner - player) % n
                    h[j] += 1.0
            for (x, y), (_, cell) in cells.items():
                t = game.tower(x, y)
                if t is None:
                    continue
                plane("tower", cell)
                if t.height:
                    plane("tower_height", cell, float(t.height))
                if t.top < 0:
                    plane("tower_open", cell)
                elif 0 <= t.top < len(figs) and figs[t.top].owner >= 0:
                    plane("tower_top", cell, 1.0, (figs[t.top].owner - player) % n)
        if self.count:
            for f in figs:
                if f.where != "held" or f.held_by != _HELD_BY_COUNT \
                        or not 0 <= f.held_arg < len(QUARTERS):
                    continue
                if f.kind == "count":
                    h[o["count"] + f.held_arg] = 1.0
                elif f.owner >= 0:
                    h[o["quarters"] + f.held_arg * MAX_PLAYERS + (f.owner - player) % n] += 1.0

    def _module_parts_07(self, game, player, h, planes, cells, figs):
        """The blocks and planes of catapult, pig_throwing and dungeon."""
        n = game.num_players
        o = {name: s for name, (s, _) in self.offsets.items()}
        area = self.window * self.window
        nk1 = 1 + len(self.figure_kinds)
        kind_slot = {k: 1 + i for i, k in enumerate(self.figure_kinds)}
        kind_slot["follower"] = 0

        def plane(name, cell):
            planes[self.plane_offsets[name][0] * area + cell] = 1.0
        if self.catapult:
            c = game.catapult()
            h[o["catapult"]] = 1.0 if c["in_round"] else 0.0
            h[o["catapult"] + 1] = float(c["fair"][0])
            h[o["catapult"] + 2] = float(c["fair"][1])
            h[o["catapult"] + 3] = float(c["rounds"])
            h[o["catapult"] + 4] = float(c["waiting"])
            if c["kind"] in CATAPULT_TOKENS:
                h[o["catapult_kind"] + CATAPULT_TOKENS.index(c["kind"])] = 1.0
            for p in range(n):
                for k, name in enumerate(CATAPULT_TOKENS):
                    h[o["catapult_tokens"] + ((p - player) % n) * len(CATAPULT_TOKENS) + k] = \
                        float(game.tokens(p, name))
            for hurl in c["hurls"]:
                if 0 <= hurl["player"] < n:
                    j = o["hurls"] + ((hurl["player"] - player) % n) * 3
                    h[j] = 1.0
                    h[j + 1] = float(hurl["result"])
                    h[j + 2] = float(hurl["knocked_out"])
            for (x, y), (tile, cell) in cells.items():
                if _has_fair(tile):
                    plane("fair", cell)
        if self.pig:
            h[o["pig_throwing"]] = 1.0 if game.dragon_asleep() else 0.0
            h[o["pig_throwing"] + 1] = 1.0 if game.explain("throw").reason == _WHY_THROWN \
                else 0.0
            for f in figs:
                if f.where == "removed" and 0 <= f.owner < n and f.kind in kind_slot:
                    h[o["removed"] + ((f.owner - player) % n) * nk1 + kind_slot[f.kind]] += 1.0
        if self.dungeon:
            d = game.dungeon()
            h[o["dungeon"]] = 1.0 if d["dragon_inside"] else 0.0
            h[o["dungeon"] + 2] = float(d["entrances"])
            i = d["fairy_piece"]
            if i is not None and 0 <= i < len(figs):
                h[o["dungeon"] + 1] = 1.0
                if 0 <= figs[i].owner < n:
                    h[o["dungeon_fairy"] + (figs[i].owner - player) % n] = 1.0
            for f in figs:
                if f.where == "held" and f.held_by == _HELD_BY_DUNGEON \
                        and f.held_arg == _DUNGEON_PIECE and 0 <= f.owner < n \
                        and f.kind in kind_slot:
                    h[o["dungeon_pieces"] + ((f.owner - player) % n) * nk1
                      + kind_slot[f.kind]] += 1.0
            closed_too = game.options()["rules"].get("dungeon_entrances", 1) != 2
            for (x, y), (_, cell) in cells.items():
                t = game.tower(x, y)
                if t is not None and (closed_too or t.top < 0):
                    plane("dungeon_entrance", cell)

    def _c_ready(self, game, player):
        """Whether to encode in C: decided on the first call (use_c=None) by
        comparing the C tensor with the Python one."""
        if self._use_c is None:
            self._use_c = False
            if _c_available(self.window):
                buf = (ctypes.c_float * self.size)()
                if self._c_encode(game, player, buf, self.size) and \
                        list(buf) == self._python_tensor(game, player):
                    self._use_c = True
        return self._use_c

    def _c_encode(self, game, player, address, cap):
        """carc_game_observation into address (cap floats); False if the C
        layout is not this encoder's (another size)."""
        needed = ctypes.c_size_t()
        rc = _lib.raw.carc_game_observation(game.handle, player, self.window, address, cap,
                                            ctypes.byref(needed))
        if rc == -4 or needed.value != self.size:
            if self._require_c:
                raise RuntimeError(f"carc_game_observation gives {needed.value} values, this "
                                   f"encoder's layout {self.size}")
            return False
        if rc < 0:
            raise error_for(rc, f"carc_game_observation: {_lib.strerror(rc)}")
        return True

    def _check_player(self, game, player):
        n = game.num_players
        if not 0 <= player < n:
            raise ValueError(f"no player {player} in a {n}-player game")

    def encode_into(self, game, player, out):
        """Write the observation into out, a caller's buffer of at least
        `size` float32 values (a C-contiguous numpy array or a ctypes
        c_float array), without allocating; returns out.  In C when the
        encoder uses it (use_c), else from the Python encoder."""
        self._check_player(game, player)
        np = _compat.np
        if np is not None and isinstance(out, np.ndarray):
            if out.dtype != np.float32 or not out.flags["C_CONTIGUOUS"] or \
                    not out.flags["WRITEABLE"] or out.size < self.size:
                raise ValueError(f"out must be a writable C-contiguous float32 array of at "
                                 f"least {self.size} values")
            address, cap = out.ctypes.data, out.size
        elif isinstance(out, ctypes.Array) and out._type_ is ctypes.c_float:
            if len(out) < self.size:
                raise ValueError(f"out must hold at least {self.size} floats")
            address, cap = ctypes.addressof(out), len(out)
        else:
            raise TypeError("out must be a float32 numpy array or a ctypes c_float array")
        if self._c_ready(game, player) and self._c_encode(game, player, address, cap):
            return out
        out[:self.size] = self._python_tensor(game, player)
        return out

    def tensor(self, game, player):
        """The observation as a list of floats."""
        self._check_player(game, player)
        if self._c_ready(game, player):
            np = _compat.np
            if np is not None:      # a list mostly of one 0.0: the non-zero values set
                arr = np.empty(self.size, dtype=np.float32)
                if self._c_encode(game, player, arr.ctypes.data, self.size):
                    out = [0.0] * self.size
                    nz = np.flatnonzero(arr)
                    for i, v in zip(nz.tolist(), arr[nz].tolist()):
                        out[i] = v
                    return out
            else:
                buf = array.array("f", bytes(4 * self.size))
                if self._c_encode(game, player, buf.buffer_info()[0], self.size):
                    return buf.tolist()
        return self._python_tensor(game, player)

    def _python_tensor(self, game, player):
        """The observation as a list of floats, encoded in Python."""
        header, planes = self._parts(game, player)
        out = header + [0.0] * (self.size - self.header_size)
        base = self.header_size
        for i, v in planes.items():
            out[base + i] = v
        return out

    def array(self, game, player):
        """The observation as a float32 numpy array (a list without numpy)."""
        np = _compat.np
        if np is None:
            return self.tensor(game, player)
        self._check_player(game, player)
        if self._c_ready(game, player):
            out = np.empty(self.size, dtype=np.float32)
            if self._c_encode(game, player, out.ctypes.data, self.size):
                return out
        header, planes = self._parts(game, player)
        out = np.zeros(self.size, dtype=np.float32)
        out[:self.header_size] = header
        if planes:
            out[self.header_size + np.fromiter(planes.keys(), dtype=np.int64)] = \
                np.fromiter(planes.values(), dtype=np.float32)
        return out


def module_lines(game):
    """The state of princess_dragon, tower, count, catapult, pig_throwing
    and dungeon as lines of text, for
    the OpenSpiel observation string; [] for a game without them.

      dragon: 1,1; flight 1,1 1,0, 5 steps left, player 0 to move
      fairy: 1,1 beside a follower of player 0
      towers: 0,1 height 2 open; 1,1 height 1 closed by player 0
      floors: 8 8          (by player)
      prisoners: player 1 holds 1 of player 0
      count: castle; castle: player 1; market: player 0 player 0
      catapult: round of knockout at 0,2; hurls: player 1 on the map, 1
          knocked out; player 0 off the map; 1 rounds done, 0 waiting
      catapult tokens: player 0 knockout seduction target catch; player 1
          seduction target catch       (the tokens each player holds)
      pig throwing: dragon asleep; pig thrown this turn
      removed: player 0 pig; player 1 follower follower
      dungeon: player 1 follower; dragon inside; fairy beside player 1's;
          2 entrances
    """
    mods = set(game.options()["modules"])
    out = []
    if DRAGON_MODULE in mods:
        d = game.dragon()
        line = "dragon: " + ("%d,%d" % d["dragon"] if d["dragon"] else "not on the board")
        f = d["flight"]
        if f is not None:
            line += "; flight " + " ".join("%d,%d" % xy for xy in f["visited"])
            line += f", {f['steps_left']} steps left"
            if f["mover"] is not None:
                line += f", player {f['mover']} to move"
        out.append(line)
        if d["fairy"] is not None:
            line = "fairy: %d,%d" % d["fairy"]
            if d["fairy_follower"] is not None:
                owner = game.figures()[d["fairy_follower"]].owner
                line += f" beside a follower of player {owner}"
            out.append(line)
    if TOWER_MODULE in mods:
        figs = game.figures()
        towers = []
        for t in game.board():
            tw = game.tower(t.x, t.y)
            if tw is not None:
                state = "open" if tw.top < 0 else f"closed by player {figs[tw.top].owner}"
                towers.append(f"{t.x},{t.y} height {tw.height} {state}")
        if towers:
            out.append("towers: " + "; ".join(towers))
        n = game.num_players
        out.append("floors: " + " ".join(str(game.tokens(p, "tower_floor")) for p in range(n)))
        held = []
        for captor in range(n):
            owners = [figs[i].owner for i in game.prisoners(captor)]
            held += [f"player {captor} holds {owners.count(p)} of player {p}"
                     for p in range(n) if owners.count(p)]
        if held:
            out.append("prisoners: " + "; ".join(held))
    if COUNT_MODULE in mods:
        q = game.quarters()
        parts = [f"count: {q['count']}"]
        parts += [f"{name}: " + " ".join(f"player {p}" for p in q[name])
                  for name in QUARTERS if q[name]]
        out.append("; ".join(parts))
    if CATAPULT_MODULE in mods:
        out += _catapult_lines(game)
    if PIG_MODULE in mods or DUNGEON_MODULE in mods:
        figs = game.figures()
    if PIG_MODULE in mods:
        states = [s for s, on in (("dragon asleep", game.dragon_asleep()),
                                  ("pig thrown this turn",
                                   game.explain("throw").reason == _WHY_THROWN)) if on]
        if states:
            out.append("pig throwing: " + "; ".join(states))
        gone = [f"player {p} " + " ".join(f.kind for f in figs
                                          if f.where == "removed" and f.owner == p)
                for p in range(game.num_players)
                if any(f.where == "removed" and f.owner == p for f in figs)]
        if gone:
            out.append("removed: " + "; ".join(gone))
    if DUNGEON_MODULE in mods:
        d = game.dungeon()
        parts = [f"player {figs[i].owner} {figs[i].kind}" for i in d["pieces"]] or ["empty"]
        if d["dragon_inside"]:
            parts.append("dragon inside")
        if d["fairy_piece"] is not None:
            parts.append(f"fairy beside player {figs[d['fairy_piece']].owner}'s")
        parts.append(f"{d['entrances']} entrances")
        out.append("dungeon: " + "; ".join(parts))
    return out


def _catapult_lines(game):
    c = game.catapult()
    n = game.num_players
    out = []
    if c["in_round"] or c["rounds"]:
        line = "catapult: " + ("round" if c["in_round"] else "last round")
        line += f" of {c['kind'] or 'a kind not chosen yet'} at %d,%d" % c["fair"]
        words = {0: "off the map", 1: "on the map"}
        catch = {0: "caught", 1: "far enough, not caught", 2: "not far enough", 3: "touched"}
        hurls = []
        for h in c["hurls"]:
            w = (catch if c["kind"] == "catch" else words).get(h["result"], str(h["result"]))
            hurls.append(f"player {h['player']} {w}"
                         + (f", {h['knocked_out']} knocked out" if h["knocked_out"] else ""))
        if hurls:
            line += "; hurls: " + "; ".join(hurls)
        line += f"; {c['rounds']} rounds done, {c['waiting']} waiting"
        out.append(line)
    elif c["waiting"]:
        out.append(f"catapult: {c['waiting']} waiting")
    held = []
    for p in range(n):
        kinds = [k for k in CATAPULT_TOKENS if game.tokens(p, k)]
        held.append(f"player {p} " + (" ".join(kinds) if kinds else "none"))
    out.append("catapult tokens: " + "; ".join(held))
    return out


def win_loss(scores):
    """+1 for a player who scored more than everyone else, -1 for a player
    someone outscored, 0 for players tied at the top (a draw)."""
    out = []
    for i, s in enumerate(scores):
        others = [t for j, t in enumerate(scores) if j != i]
        out.append(1.0 if all(s > t for t in others) else
                   -1.0 if any(t > s for t in others) else 0.0)
    return out


#: first placement id and how many there are (doc/actions.md, CARC_ID_CELL)
CELL_IDS = (1, MAX_TILES * 16)
_SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))


def placement_xy(anchors, aid):
    """(x, y, rotation) of a placement id, given {order: (x, y)} of the tiles
    laid; None if aid is not a cell id or names no laid tile."""
    first, count = CELL_IDS
    k = int(aid) - first
    if not 0 <= k < count:
        return None
    anchor, side, rotation = k // 16, (k // 4) % 4, k % 4
    if anchor not in anchors:
        return None
    x, y = anchors[anchor]
    dx, dy = _SIDES[side]
    return x + dx, y + dy, rotation

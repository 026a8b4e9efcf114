"""Exceptions: one class per libcarcvar error code.  Each also derives from
the closest built-in exception, so callers that do not care about carcvar can
catch ValueError, LookupError or MemoryError."""


# carc_reason (carcvar.h): why an action is refused.  Module m's own reasons
# are 16 + 16*m + k and are named "module".
REFUSAL_REASONS = {
    0: "legal", 1: "game_over", 2: "wrong_kind", 3: "not_adjacent", 4: "cell_taken",
    5: "edge_mismatch", 6: "out_of_range", 7: "no_figure", 8: "occupied", 9: "not_claimable",
    10: "not_in_bag", 11: "malformed", 12: "forbidden", 13: "not_offered", 14: "fault",
    15: "unknown_kind"}


def reason_name(reason):
    """The name of a refusal reason code ("edge_mismatch"); "module" for a module's own."""
    if not isinstance(reason, int):
        return None
    return REFUSAL_REASONS.get(reason, "module" if reason >= 16 else str(reason))


class CarcError(Exception):
    """A libcarcvar call failed; .code is the negative CARC_E_* code.

    A refused action (Game.apply) also carries why, from carc_game_explain:
    .reason_code (a CARC_REASON_* code, None when not an action), .reason_name
    ("edge_mismatch", ...), .side (0..3 N E S W for an edge mismatch, else
    -1), .player (who holds an occupied feature, else -1) and .position
    (byte offset of the error in malformed text, else -1); the message is
    the library's explanation."""

    code = -1

    def __init__(self, message=None, code=None, reason_code=None, side=-1, player=-1,
                 position=-1):
        if code is not None:
            self.code = code
        self.reason_code = reason_code
        self.side = side
        self.player = player
        self.position = position
        super().__init__(message or f"libcarcvar error {self.code}")

    @property
    def reason_name(self):
        return reason_name(self.reason_code)


class InvalidArgumentError(CarcError, ValueError):
    code = -1


class NoMemoryError(CarcError, MemoryError):
    code = -2


class IllegalActionError(CarcError):
    code = -3


class BufferTooSmallError(CarcError):
    code = -4


class WrongStateError(CarcError):
    code = -5


class ParseError(CarcError, ValueError):
    code = -6


class CorruptDataError(CarcError, ValueError):
    code = -7


class VersionError(CarcError):
    code = -8


class UnsupportedError(CarcError):
    code = -9


class NotFoundError(CarcError, LookupError):
    code = -10


class UnknownNameError(NotFoundError, ValueError):
    """A name the library does not know (a module, a rule option): a
    NotFoundError that is also a ValueError.  .name is the name asked for,
    .known the names that exist."""

    def __init__(self, message=None, code=None, name=None, known=()):
        self.name = name
        self.known = list(known)
        super().__init__(message, code)


class LimitError(CarcError, RuntimeError):
    """A declared bound of the game was reached (a defect); nothing changed."""
    code = -11


class RecordError(CarcError):
    """A game record was refused: .line (1-based, 0 if none) and .reason."""

    def __init__(self, code, line, reason):
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}", code)


BY_CODE = {cls.code: cls for cls in (
    InvalidArgumentError, NoMemoryError, IllegalActionError, BufferTooSmallError,
    WrongStateError, ParseError, CorruptDataError, VersionError, UnsupportedError,
    NotFoundError, LimitError)}


def error_for(code, message=None, **why):
    """The exception instance for a negative code (unknown codes: CarcError);
    why: reason_code, side, player, position of a refused action."""
    cls = BY_CODE.get(code, CarcError)
    return cls(message, code, **why)

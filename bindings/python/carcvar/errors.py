"""Exceptions: one class per libcarcvar error code.  Each also derives from
the closest built-in exception, so callers that do not care about carcvar can
catch ValueError, LookupError or MemoryError."""


class CarcError(Exception):
    """A libcarcvar call failed; .code is the negative CARC_E_* code."""

    code = -1

    def __init__(self, message=None, code=None):
        if code is not None:
            self.code = code
        super().__init__(message or f"libcarcvar error {self.code}")


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


def error_for(code, message=None):
    """The exception instance for a negative code (unknown codes: CarcError)."""
    cls = BY_CODE.get(code, CarcError)
    return cls(message, code)

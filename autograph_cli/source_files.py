"""Source files as bytes and as text: reading them, and decoding and encoding as PEP 263 says."""
import codecs
import errno
import io
import sys
import tokenize

from runtime.errors import ConversionError

from .diagnostics import Diagnostic

STDIN = '-'


def read(src):
    """The bytes of a source file, or of stdin for '-'; OSError if they cannot be read."""
    if src == STDIN:
        if sys.stdin is None:  # the process was started with its stdin closed
            raise OSError(errno.EBADF, 'stdin is closed')
        return sys.stdin.buffer.read()
    with open(src, 'rb') as f:
        return f.read()


def decode(data, path):
    """`(text, encoding)` of source bytes per PEP 263 (default UTF-8); ConversionError if undecodable.

    As CPython's compile() of the bytes does, so a file converts exactly when
    CPython could run it: an encoding that is not a text codec (`rot13`,
    `hex`) or whose decoder fails (`undefined`) is an error.
    """
    try:
        encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    except SyntaxError as e:
        # detect_encoding also fails on bytes that are not UTF-8 in the first two lines
        encoding, cookie_problem = 'utf-8', e.msg
    else:
        cookie_problem = None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as e:
        line = data.count(b'\n', 0, e.start) + 1
        raise ConversionError(_error(path, (
            f'not valid {encoding} (byte 0x{data[e.start]:02x} on line {line}); save the file as UTF-8 '
            'or declare its encoding with a PEP 263 coding comment'))) from None
    except LookupError:  # codecs.lookup knows it, but it turns bytes into bytes
        raise ConversionError(_error(path, f'encoding problem: {encoding} is not a text encoding')) from None
    except (ValueError, TypeError) as e:  # a codec's own failure, e.g. UnicodeError('undefined encoding')
        raise ConversionError(_error(path, f'encoding problem: {encoding}: {e}')) from None
    if cookie_problem:
        raise ConversionError(_error(path, f'bad encoding declaration: {cookie_problem}'))
    return text, encoding


def encode(text, encoding, path, errors='strict'):
    """text in the source's encoding; ConversionError if that encoding cannot hold it."""
    try:
        data = text.encode(encoding, errors)
    except (ValueError, TypeError) as e:  # UnicodeEncodeError, or a codec's own UnicodeError (idna)
        reason = getattr(e, 'reason', None) or str(e)
        raise ConversionError(_error(path, f'converted code cannot be encoded as {encoding}: {reason}')) from None
    if errors == 'strict' and codecs.lookup(encoding).name != 'utf-8':
        _check_readable(data, encoding, path)
    return data


def _check_readable(data, encoding, path):
    """ConversionError unless CPython reads `data` back: a codec that is not line by line
    (punycode) can encode text its own decoder, fed line by line, cannot read."""
    try:
        compile(data, path, 'exec', dont_inherit=True)
    except (SyntaxError, ValueError) as e:  # a SyntaxError when decoding fails
        reason = (getattr(e, 'msg', None) or str(e)).replace('\n', '\\n')  # one line
        raise ConversionError(_error(path, (
            f'converted code cannot be stored as {encoding}: Python cannot read it back ({reason}); '
            'save the file as UTF-8'))) from None


def _error(path, message):
    return Diagnostic(path, 1, 1, 'error', message)

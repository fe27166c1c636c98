"""Which files a run reads and writes, and the paths it refuses before reading or writing anything."""
import os
import stat
import sys

from . import reports
from .source_files import STDIN

_KINDS = ((stat.S_ISFIFO, 'a named pipe'), (stat.S_ISCHR, 'a character device'),
          (stat.S_ISBLK, 'a block device'), (stat.S_ISSOCK, 'a socket'), (stat.S_ISDIR, 'a directory'))


class PathConflict(ValueError):
    """The output would overwrite an input or a non-regular file, or a tree would be written into itself."""


def check_paths(src, dst):
    """Raise PathConflict when writing dst could clobber src or something that is not a file."""
    if dst is None:
        return
    if dst == '':
        raise PathConflict('the output path is empty')
    if os.path.isdir(src):
        if os.path.exists(dst) and not os.path.isdir(dst):
            raise PathConflict(f'{dst} is not a directory; a directory input needs an output directory')
        if _is_within(src, dst):
            raise PathConflict(f'the output directory {dst} must not be or contain the input directory {src}')
    elif os.path.isdir(dst):
        raise PathConflict(f'{dst} is a directory; give the path of the output file')
    elif src != STDIN and os.path.exists(dst) and os.path.samefile(src, dst):
        raise PathConflict(f'{dst} is the input file itself; converting in place is refused')
    elif src == STDIN and _is_stdin(dst):
        raise PathConflict(f'{dst} is the file stdin reads from; converting in place is refused')
    else:
        _check_regular(dst)


def check_tree_outputs(pairs, src_dir, out_dir):
    """Raise PathConflict if a destination is not a regular file, or lies in the input tree
    through a symbolic link (`out/sub -> ../src/sub` would overwrite the sources)."""
    source, output = os.path.realpath(src_dir), os.path.realpath(out_dir)
    checked = set()
    for _, dst in pairs:
        directory = os.path.dirname(dst)
        if directory not in checked:
            checked.add(directory)
            real = os.path.realpath(directory)
            if _is_within(real, source) and not _is_within(real, output):
                raise PathConflict(f'{dst} would be written into the input directory {src_dir} '
                                   f'(through a symbolic link to {real})')
        _check_regular(dst)


def find_sources(src_dir, out_dir=None):
    """In path order: `(source, destination)` for each .py file under src_dir, and a failed
    FileReport for each directory that cannot be read and each .py name that is not a regular
    file (reading a named pipe would wait forever). Hidden, cache and output dirs are skipped."""
    output = os.path.realpath(out_dir) if out_dir else None
    entries, pending = [], [src_dir]
    while pending:
        root = pending.pop()
        try:
            with os.scandir(root) as listing:
                children = sorted(listing, key=lambda entry: entry.name)
        except OSError as e:
            entries.append(reports.failed(root, f'cannot read directory: {e.strerror or e}', whole=True))
            continue
        subdirs = []
        for entry in children:
            if entry.is_dir():
                # like os.walk: a link to a directory is neither walked nor a file
                if not entry.is_symlink() and not _skip_dir(entry.path, output):
                    subdirs.append(entry.path)
            elif entry.name.endswith('.py'):
                dst = os.path.join(out_dir, os.path.relpath(entry.path, src_dir)) if out_dir else None
                problem = _not_a_source(entry)
                entries.append((entry.path, dst) if problem is None else
                               reports.failed(entry.path, problem, dst))
        pending.extend(reversed(subdirs))
    return entries


def _not_a_source(entry):
    """Why a .py directory entry cannot be read as a source file, or None."""
    if entry.is_file():
        return None
    try:
        mode = os.stat(entry.path).st_mode
    except OSError as e:  # e.g. a broken symbolic link
        return f'cannot read: {e.strerror or e}'
    return f'not a regular file ({_kind(mode)}); not converted'


def _check_regular(dst):
    try:
        mode = os.stat(dst).st_mode
    except OSError:
        return  # missing (it will be created), or a problem the write reports
    if not stat.S_ISREG(mode):
        raise PathConflict(f'{dst} is not a regular file ({_kind(mode)}); refusing to replace it')


def _kind(mode):
    return next((kind for test, kind in _KINDS if test(mode)), 'not a regular file')


def _is_stdin(dst):
    try:
        return os.path.samestat(os.fstat(sys.stdin.fileno()), os.stat(dst))
    except (AttributeError, OSError, ValueError):  # stdin closed or not a file; dst missing
        return False


def _skip_dir(path, output):
    name = os.path.basename(path)
    return name.startswith('.') or name == '__pycache__' or os.path.realpath(path) == output


def _is_within(inner, outer):
    inner, outer = os.path.realpath(inner), os.path.realpath(outer)
    return os.path.commonpath([inner, outer]) == outer

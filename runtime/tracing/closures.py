"""Closure cells a traced function can reach: its own, and those of same-file functions they hold."""
import types

EMPTY = object()  # the content of an unbound cell


def content(cell):
    """What `cell` holds, or EMPTY."""
    try:
        return cell.cell_contents
    except ValueError:
        return EMPTY


def reachable_cells(roots):
    """(cell, variable name) pairs reachable from functions `roots` through same-file closures."""
    files = {f.__code__.co_filename for f in roots}
    seen, cells, stack = set(), {}, list(roots)
    while stack:
        fn = stack.pop()
        if id(fn) in seen:
            continue
        seen.add(id(fn))
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
            if id(cell) in cells:
                continue
            cells[id(cell)] = (cell, name)
            value = content(cell)
            if isinstance(value, types.FunctionType) and value.__code__.co_filename in files:
                stack.append(value)
    return list(cells.values())

"""Control flow nested too deep for one function: a region of the generated source made a function.

Python (and so numba, which compiles Python's bytecode) takes a function of at
most 100 levels of indentation and 20 nested loops. The lines of a `cond`,
`while` or `call` are emitted inline; when they nest deeper than a budget well
inside those limits, they become a `@njit` function of the generated module
(where they start again at the top), and the enclosing code calls it:

    v9, zero_divisions = _outlined4(k0, v3, zero_divisions)

Measured on the lines themselves, after the region's inner regions were
outlined, so it covers every construct (fused loops, stacks' growth) alike.
The function takes the names of the enclosing function its lines read or
rebind (found by `symtable`) and gives back the region's results and the names
it rebinds (a variable's new value, the division-by-zero flag); arrays are
passed by reference, so their in-place updates need nothing more.
"""
import symtable

from . import zero_division

INDENT = '    '
INDENT_BUDGET = 40  # levels of indentation of a region (Python's limit for a function: 100)
LOOP_BUDGET = 12  # loops a region nests (Python's limit: 20 blocks)


def nesting(lines):
    """(levels of indentation, nested loops) of generated `lines` (4 spaces a level)."""
    deepest, most_loops, loops = 0, 0, []  # loops: the levels of the loop headers enclosing
    for line in lines:
        text = line.lstrip(' ')
        level = (len(line) - len(text)) // len(INDENT)
        while loops and loops[-1] >= level:
            loops.pop()
        deepest = max(deepest, level)
        if text.startswith(('while ', 'for ')) and text.endswith(':'):
            loops.append(level)
            most_loops = max(most_loops, len(loops))
    return deepest + 1, most_loops  # a header's body is one level deeper than its last line


def too_deep(lines):
    indentation, loops = nesting(lines)
    return indentation >= INDENT_BUDGET or loops >= LOOP_BUDGET


def outline(ctx, eq, lines, outside):
    """The lines calling a new function of the module made of `lines`, the code of `eq`;
    `outside(name)`: True if `name` is a local of the enclosing function bound before them."""
    read, rebound = _names(lines, outside)
    results = [ctx.names[v] for v in eq.outputs] + sorted(rebound)
    name = ctx.fresh('_outlined')
    body = [INDENT + line for line in lines]
    if results:
        body.append(f"{INDENT}return ({', '.join(results)},)")
    # numba caches a function only if the functions it calls are cached too, which they can be
    # when the module is a file (`cache.load_or_compile`; without the cache it is not)
    ctx.preamble.append(f"@njit(cache='__file__' in globals())\ndef {name}({', '.join(read)}):\n"
                        + '\n'.join(body) + '\n\n\n')
    call = f"{name}({', '.join(read)})"
    return [f"{', '.join(results)}, = {call}" if results else call]


def _names(lines, outside):
    """(sorted names of the enclosing function the lines read or rebind, those they rebind)."""
    source = 'def region():\n' + ''.join(INDENT + line + '\n' for line in lines)
    (function,) = symtable.symtable(source, '<region>', 'exec').get_children()
    used = {s.get_name(): s for s in function.get_symbols() if outside(s.get_name())}
    rebound = {name for name, s in used.items() if s.is_assigned()}
    return sorted(used), rebound


def bound_outside(ctx, start):
    """`outside(name)` for a region whose first fresh name is number `start`: the function's
    parameters (constants, variables' values, which a region may add), its names made before,
    and the division-by-zero flag. Not module-level functions (named `_...`)."""
    parameters = {ctx.names[var] for var, _ in (*ctx.consts, *ctx.resources)}

    def outside(name):
        made = ctx.made.get(name)
        return name == zero_division.FLAG or name in parameters or \
            made is not None and made < start and not name.startswith('_')
    return outside

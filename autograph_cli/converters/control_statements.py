"""`if`, `while` and `for` become `ag__` calls on generated closures.

    while n != 1:                  def loop_test():
        n = step(n)                    return n != 1
                             ->    def loop_body():
                                       nonlocal n
                                       n = ag__.converted_call(step, (n,), None, fscope)
                                   ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('n',), {})

The closures of every converted statement are defined where the outermost
converted statement around it stands, not inside the closure that uses them:
defining a function costs about as much as calling it, and a loop body would
otherwise define its inner `if`'s closures on every iteration. State
(`get_state`/`set_state`, `symbol_names`) is what the statement modifies and
what is live after it (for loops: or live into the next iteration).
"""
import libcst as cst

from .. import output_nodes
from ..statement_tree import If, While
from . import variables
from .guards import not_flags

PASS = output_nodes.Line(('pass',), None)
BLANK = (cst.EmptyLine(indent=False),)  # an empty line before each generated def


class ControlFlow:
    """Lowers one function's converted statements; `fn` holds its analyses and names."""

    def __init__(self, fn):
        self.fn = fn
        # (get_state body, set_state body) -> their names, for the pairs defined so far where
        # the statement being lowered can call them (`FunctionConversion.lower_block` scopes it)
        self.visible_state = {}

    def lower(self, stmt, place, hoist):
        """The statements that stay in place (the call); closures are appended to `hoist`."""
        if isinstance(stmt, If):
            return self._if(stmt, place, hoist)
        if isinstance(stmt, While):
            return self._while(stmt, place, hoist)
        return self._for(stmt, place, hoist)

    def _if(self, stmt, place, hoist):
        fn = self.fn
        if_body, else_body, get_state, set_state = fn.namer.group(
            'if_body', 'else_body', 'get_state', 'set_state')
        origin = fn.origin_of(stmt)
        at = len(hoist)  # its closures go before those of the statements inside it
        state = fn.state(stmt, [stmt.body] + ([stmt.orelse] if stmt.orelse else []))
        own, get_state, set_state = self._state_functions(get_state, set_state, state,
                                                          fn.node_of(stmt), origin)
        body = fn.lower_block(stmt.body, ('body', id(stmt)), hoist)
        own.append(self._closure(if_body, '', body, ('body', id(stmt)), stmt.header, origin))
        if stmt.orelse is not None:
            orelse = fn.lower_block(stmt.orelse, ('else', id(stmt)), hoist)
            header = stmt.else_header
            own.append(self._closure(else_body, '', orelse, ('else', id(stmt)), header,
                                     header.origin if header.origin is not None else origin))
        hoist[at:at] = own
        variables.check_loads(fn, stmt.act, fn.node_of(stmt), place is not None)
        call = ['ag__.if_stmt(', stmt.test, ', ', if_body, ', ',
                else_body if stmt.orelse is not None else 'None', ', ',
                self._state_args(get_state, set_state, state), ', ', str(len(state)), ')']
        return [output_nodes.Line(call, origin)]

    def _while(self, stmt, place, hoist):
        fn = self.fn
        names = fn.namer.group('loop_test', 'loop_body', 'get_state', 'set_state', 'extra_test')
        loop_test, loop_body, get_state, set_state, extra_test = names
        origin = fn.origin_of(stmt)
        at = len(hoist)
        state = fn.state(stmt, [stmt.body], stmt.act)
        own, get_state, set_state = self._state_functions(get_state, set_state, state,
                                                          fn.node_of(stmt), origin)
        variables.check_loads(fn, stmt.act, fn.node_of(stmt))
        test = [output_nodes.Line(('return ', stmt.test), origin)]
        own.append(self._closure(loop_test, '', test, ('test', id(stmt)), None, origin))
        body = fn.lower_block(stmt.body, ('body', id(stmt)), hoist)
        own.append(self._closure(loop_body, '', body, ('body', id(stmt)), stmt.header, origin))
        opts = self._opts(stmt, extra_test, origin, own, place)
        hoist[at:at] = own
        call = ['ag__.while_stmt(', loop_test, ', ', loop_body, ', ',
                self._state_args(get_state, set_state, state), ', ', opts, ')']
        return [output_nodes.Line(call, origin)] + self._orelse(stmt, place, hoist)

    def _for(self, stmt, place, hoist):
        fn = self.fn
        names = fn.namer.group('loop_body', 'get_state', 'set_state', 'extra_test')
        loop_body, get_state, set_state, extra_test = names
        origin = fn.origin_of(stmt)
        itr = fn.itr_name()
        at = len(hoist)
        state = fn.state(stmt, [stmt.body], stmt.target_act)
        own, get_state, set_state = self._state_functions(
            get_state, set_state, state, fn.node_of(('iter', id(stmt))), origin)
        variables.check_loads(fn, stmt.target_act, fn.node_of(stmt))
        target = output_nodes.Line((stmt.target, ' = ', itr), origin)
        body = [target] + fn.lower_block(stmt.body, ('body', id(stmt)), hoist)
        own.append(self._closure(loop_body, itr, body, ('body', id(stmt)), stmt.header, origin))
        iterate = repr(output_nodes.code_of(stmt.target).strip())
        opts = self._opts(stmt, extra_test, origin, own, place, [("'iterate_names'", iterate)])
        test = extra_test if stmt.extra_test else 'None'
        hoist[at:at] = own
        variables.check_loads(fn, stmt.act, fn.node_of(('iter', id(stmt))), place is not None)
        call = ['ag__.for_stmt(', stmt.iter, ', ', test, ', ', loop_body, ', ',
                self._state_args(get_state, set_state, state), ', ', opts, ')']
        return [output_nodes.Line(call, origin)] + self._orelse(stmt, place, hoist)

    def _orelse(self, stmt, place, hoist):
        """A loop's else clause without break runs right after the loop."""
        if stmt.orelse is None:
            return []
        return self.fn.lower_block(stmt.orelse, place, hoist)

    def _opts(self, stmt, extra_test, origin, own, place, entries=()):
        entries = list(entries)
        for key, value, act in stmt.opts:
            variables.check_loads(self.fn, act, self.fn.node_of(stmt), place is not None)
            entries.append((repr(key), value))
        if stmt.extra_test:
            own.append(self._closure(extra_test, '', [output_nodes.Line(
                ('return ', not_flags(list(stmt.extra_test))), origin)], None, None, origin))
            if isinstance(stmt, While):
                entries.append(("'extra_test'", extra_test))
        parts = ['{']
        for i, (key, value) in enumerate(entries):
            parts += [', ' if i else '', key, ': ', value]
        return parts + ['}']

    def _state_args(self, get_state, set_state, state):
        if not state:
            return 'None, None, ()'
        names = ', '.join(f"'{name}'" for name in state) + (',' if len(state) == 1 else '')
        return f'{get_state}, {set_state}, ({names})'

    def _state_functions(self, get_state, set_state, state, node, origin):
        """(closures to define, get_state name, set_state name) for `state`.

        An identical pair defined earlier where this statement can see it is
        used again instead (`visible_state`): no closures to define then.
        """
        if not state:
            return [], get_state, set_state
        fn = self.fn
        unbound = set(fn.maybe_unbound(node, state))
        values = [f"ag__.ldu(lambda: {name}, '{name}')" if name in unbound or '.' in name else name
                  for name in state]
        declarations = fn.declarations([n for n in state if '.' not in n], None, origin)
        key = (tuple(values), tuple(tuple(line.parts) for line in declarations))
        shared = self.visible_state.get(key)
        if shared is not None:
            return [], shared[0], shared[1]
        self.visible_state[key] = get_state, set_state
        get_body = [output_nodes.Line(('return (', ', '.join(values), ',)' if len(state) == 1 else ')'),
                              origin)]
        vars_ = fn.vars_name()
        targets = ', '.join(state) + (',' if len(state) == 1 else '')
        set_body = declarations + [output_nodes.Line((f'({targets}) = ', vars_), origin)]
        closures = [output_nodes.Block(('def ', get_state, '()'), get_body, origin, leading=BLANK),
                    output_nodes.Block(('def ', set_state, '(', vars_, ')'), set_body, origin,
                               leading=BLANK)]
        return closures, get_state, set_state

    def _closure(self, name, params, body, place, header, origin):
        fn = self.fn
        decls = fn.declarations(fn.assigned_in(place), place, origin) if place else []
        comment, footer = (header.comment, header.footer) if header is not None else (None, ())
        return output_nodes.Block(('def ', name, '(', params, ')'), decls + (body or [PASS]), origin,
                          leading=BLANK, comment=comment, footer=footer or ())


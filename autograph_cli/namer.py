"""Names for generated symbols: deterministic, and never one the user's function mentions."""


class Namer:
    """Allocates names within one function.

    Every closure of one converted statement shares a suffix (`if_body_2`,
    `else_body_2`, `get_state_2`, ...) so a reader can pair them; the first
    statement gets none. Flags (`break_`, `do_return`, ...) are named alone.
    """

    def __init__(self, taken):
        self._taken = set(taken)
        self._next_suffix = 0

    def group(self, *bases):
        """Names for the given bases with one suffix shared by all, e.g. ('if_body', 'else_body')."""
        while True:
            n = self._next_suffix
            self._next_suffix += 1
            names = tuple(base if n == 0 else f'{base}_{n}' for base in bases)
            if not any(name in self._taken for name in names):
                self._taken.update(names)
                return names

    def new(self, base):
        """One name: `base`, else `base_1`, `base_2`, ..."""
        name, n = base, 0
        separator = '' if base.endswith('_') else '_'
        while name in self._taken:
            n += 1
            name = f'{base}{separator}{n}'
        self._taken.add(name)
        return name

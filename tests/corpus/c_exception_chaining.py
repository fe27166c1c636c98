"""Exception chaining: raise from, implicit context, raise from None, custom hierarchies."""


class AppError(Exception):
    """Base of this module's errors."""


class ConfigError(AppError):
    pass


class MissingKey(ConfigError, KeyError):
    pass


def load_port(config):
    try:
        return int(config['port'])
    except KeyError as e:
        raise MissingKey('port') from e
    except ValueError as e:
        raise ConfigError(f'bad port {config["port"]!r}') from e


def load_or_default(config):
    try:
        return load_port(config)
    except MissingKey:
        return 8080


def implicit_context(x):
    try:
        return 1 / x
    except ZeroDivisionError:
        # Raising here chains implicitly: __context__ is the ZeroDivisionError.
        raise ValueError('x must not be zero')


def suppressed_context(x):
    try:
        return [1, 2][x]
    except IndexError:
        raise LookupError(f'no item {x}') from None


def chain_description(config):
    try:
        load_port(config)
    except AppError as e:
        links = []
        current = e
        while current is not None:
            links.append(type(current).__name__)
            current = current.__cause__ or current.__context__
        return links, isinstance(e, KeyError), e.args


def handler_raises_in_loop(values):
    results = []
    for v in values:
        try:
            results.append(10 // v)
        except ZeroDivisionError as e:
            if len(results) > 1:
                raise OverflowError('too late to recover') from e
            results.append(None)
    return results


def classify_errors(actions):
    """Catch a tuple of types, then branch on the caught type; unknown ones propagate."""
    report = []
    for action in actions:
        try:
            action()
        except (LookupError, ArithmeticError) as e:
            if isinstance(e, KeyError):
                report.append(('key', e.args))
            elif isinstance(e, LookupError):
                report.append(('lookup', str(e)))
            else:
                report.append(('math', type(e).__name__))
        else:
            report.append('fine')
    return report


CASES = [
    ('load_port', ({'port': '80'},), {}),
    ('load_port', ({},), {}),
    ('load_port', ({'port': 'eighty'},), {}),
    ('load_or_default', ({},), {}),
    ('load_or_default', ({'port': 'x'},), {}),
    ('implicit_context', (0,), {}),
    ('implicit_context', (4,), {}),
    ('suppressed_context', (5,), {}),
    ('chain_description', ({},), {}),
    ('chain_description', ({'port': None},), {}),
    ('handler_raises_in_loop', ([5, 0, 2],), {}),
    ('handler_raises_in_loop', ([5, 2, 0],), {}),
    ('classify_errors', ([dict, lambda: {}['k'], lambda: [][1], lambda: 2 ** 0.5 / 0],), {}),
    ('classify_errors', ([lambda: int('x')],), {}),
]

"""Nested arguments and results: lists, tuples, namedtuples and dicts, to leaves and back."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any

# A nest's structure: None for a leaf, (list|tuple|namedtuple class, items' structures) or
# (dict, keys, values' structures). Hashable: traces are keyed by it.
Structure = Any


def flatten(tree: Any, leaves: list[Any]) -> Structure:
    """Append the leaves of `tree` to `leaves`; return its structure (hashable, None for a leaf).

    Only exact lists, tuples and dicts and namedtuples are containers; dicts keep
    their insertion order, as the Python function would see it.
    """
    kind = tree.__class__
    if kind is tuple or kind is list:
        return (kind, tuple([flatten(item, leaves) for item in tree]))
    if kind is dict:
        return (dict, tuple(tree), tuple([flatten(item, leaves) for item in tree.values()]))
    if isinstance(tree, tuple) and hasattr(kind, '_fields'):
        return (kind, tuple([flatten(item, leaves) for item in tree]))
    leaves.append(tree)
    return None


def unflatten(structure: Structure, leaves: Iterable[Any]) -> Any:
    """The tree of `structure` with `leaves` (any iterable, in flatten's order) at its leaves."""
    return _build(structure, iter(leaves))


def _build(structure: Structure, leaves: Iterator[Any]) -> Any:
    if structure is None:
        return next(leaves)
    kind = structure[0]
    if kind is dict:
        return {key: _build(item, leaves) for key, item in zip(structure[1], structure[2])}
    items = [_build(item, leaves) for item in structure[1]]
    if kind is list:
        return items
    if kind is tuple:
        return tuple(items)
    return kind(*items)  # a namedtuple


def map_leaves(fn: Callable[[Any], Any], tree: Any,
               key_fn: Callable[[Hashable], Hashable] | None = None) -> Any:
    """`tree` with every leaf replaced by `fn(leaf)` (and every dict key by `key_fn(key)`)."""
    leaves: list[Any] = []
    structure = flatten(tree, leaves)
    if key_fn is not None:
        structure = map_dict_keys(key_fn, structure)
    return unflatten(structure, map(fn, leaves))


def map_dict_keys(fn: Callable[[Hashable], Hashable], structure: Structure) -> Structure:
    """A structure from `flatten` with every dict key replaced by `fn(key)`."""
    if structure is None:
        return None
    if structure[0] is dict:
        return (dict, tuple([fn(key) for key in structure[1]]),
                tuple([map_dict_keys(fn, item) for item in structure[2]]))
    return (structure[0], tuple([map_dict_keys(fn, item) for item in structure[1]]))


def leaf_names(name: str, tree: Any) -> list[str]:
    """Readable names of the leaves of `tree`, an argument called `name`: x, xs_0, d_key, ..."""
    kind = tree.__class__
    if kind is dict:
        return [n for key, item in tree.items() for n in leaf_names(f'{name}_{key}', item)]
    if kind is tuple or kind is list or (isinstance(tree, tuple) and hasattr(kind, '_fields')):
        return [n for i, item in enumerate(tree) for n in leaf_names(f'{name}_{i}', item)]
    return [name]

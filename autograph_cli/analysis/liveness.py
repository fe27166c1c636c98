"""Liveness: which names may still be read before being reassigned, on entry to each CFG node.

Sets of names are bit masks over the function's names, so the fixed point is
integer arithmetic.
"""


class Liveness:
    def __init__(self, cfg):
        bits = {}

        def mask(names):
            m = 0
            for name in names:
                bit = bits.get(name)
                if bit is None:
                    bit = bits[name] = 1 << len(bits)
                m |= bit
            return m

        nodes = cfg.nodes
        uses = [mask(n.act.uses) for n in nodes]
        kills = [mask(n.act.defs) | mask(n.act.dels) for n in nodes]
        self._bits = bits
        self._live = _solve(nodes, uses, kills)

    def is_live(self, node, name):
        """Is `name` live on entry to `node`?"""
        bit = self._bits.get(name)
        return bit is not None and bool(self._live[node.index] & bit)

    def live_names(self, node, names):
        """The names among `names` live on entry to `node`."""
        live = self._live[node.index]
        return {n for n in names if live & self._bits.get(n, 0)}


def _solve(nodes, uses, kills):
    live = [0] * len(nodes)
    work = list(nodes)  # popped from the end: from the exit backwards, as the data flows
    queued = set(range(len(nodes)))
    while work:
        node = work.pop()
        i = node.index
        queued.discard(i)
        out = 0
        for s in node.succ:
            out |= live[s]
        new = uses[i] | (out & ~kills[i])
        if new != live[i]:
            live[i] = new
            for p in node.pred:
                if p not in queued:
                    queued.add(p)
                    work.append(nodes[p])
    return live

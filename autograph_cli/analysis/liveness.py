"""Liveness: which names may still be read before being reassigned, at the entry of each CFG node."""


def live_in(cfg):
    """A list, by node index, of the sets of names live on entry to each node."""
    nodes = cfg.nodes
    live = [set() for _ in nodes]
    work = list(reversed(nodes))
    queued = set(range(len(nodes)))
    while work:
        node = work.pop()
        queued.discard(node.index)
        out = set()
        for s in node.succ:
            out |= live[s.index]
        act = node.act
        new = act.uses | (out - act.defs - act.dels)
        if new != live[node.index]:
            live[node.index] = new
            for p in node.pred:
                if p.index not in queued:
                    queued.add(p.index)
                    work.append(p)
    return live


def live_out(cfg, live, node):
    out = set()
    for s in node.succ:
        out |= live[s.index]
    return out

"""Reaching definitions, with 'unbound' pseudo-definitions: where may a local have no value?

Each binding of a name in a CFG node is a definition; the function entry (for
every local that is not a parameter) and every `del` define the name as
unbound. A local may be unbound at a node exactly when one of those
pseudo-definitions reaches it. Sets of definitions are bit masks.
"""


class ReachingDefinitions:
    def __init__(self, cfg, locals_, params):
        self._bits = {}      # (name, 'def' or 'unbound', node index) -> bit
        self._by_name = {}   # name -> mask of all its definitions
        self._unbound = {}   # name -> mask of its 'unbound' pseudo-definitions
        nodes = cfg.nodes
        gen = [0] * len(nodes)
        kill_names = [()] * len(nodes)
        entry = cfg.entry.index
        gen[entry] = self._mask([(name, 'unbound', entry) for name in locals_ - params])
        for node in nodes:
            act = node.act
            if node.index == entry:
                continue
            defs = [(name, 'def', node.index) for name in act.defs | act.maydefs]
            dels = [(name, 'unbound', node.index) for name in act.dels]
            gen[node.index] = self._mask(defs + dels)
            kill_names[node.index] = tuple(act.defs | act.dels)
        self._in = self._solve(cfg, gen, kill_names)

    def _bit(self, key):
        bit = self._bits.get(key)
        if bit is None:
            bit = self._bits[key] = 1 << len(self._bits)
            self._by_name[key[0]] = self._by_name.get(key[0], 0) | bit
            if key[1] == 'unbound':
                self._unbound[key[0]] = self._unbound.get(key[0], 0) | bit
        return bit

    def _mask(self, keys):
        mask = 0
        for key in keys:
            mask |= self._bit(key)
        return mask

    def _solve(self, cfg, gen, kill_names):
        nodes = cfg.nodes
        in_ = [0] * len(nodes)
        out = [0] * len(nodes)
        changed = True
        while changed:
            changed = False
            for node in nodes:
                i = node.index
                incoming = 0
                for p in node.pred:
                    incoming |= out[p]
                kill = 0
                for name in kill_names[i]:
                    kill |= self._by_name.get(name, 0)
                new_out = (incoming & ~kill) | gen[i]
                in_[i] = incoming
                if new_out != out[i]:
                    out[i] = new_out
                    changed = True
        return in_

    def maybe_unbound(self, node, names):
        """The names among `names` that may have no value on entry to `node`."""
        reaching = self._in[node.index]
        return [name for name in names if reaching & self._unbound.get(name, 0)]

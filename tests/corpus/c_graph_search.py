"""Graph algorithms: BFS with a deque, recursive DFS with cycle detection, Dijkstra with heapq."""
import heapq
from collections import deque

GRAPH = {
    'a': ['b', 'c'],
    'b': ['d'],
    'c': ['d', 'e'],
    'd': ['f'],
    'e': ['f'],
    'f': [],
    'x': ['y'],
    'y': ['x'],
}


def bfs_order(start):
    seen = {start}
    order = []
    queue = deque([start])
    while queue:
        node = queue.popleft()
        order.append(node)
        for nxt in GRAPH.get(node, []):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return order


def shortest_path(start, goal):
    parents = {start: None}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if node == goal:
            path = []
            while node is not None:
                path.append(node)
                node = parents[node]
            return path[::-1]
        for nxt in GRAPH[node]:
            if nxt in parents:
                continue
            parents[nxt] = node
            queue.append(nxt)
    return None


def has_cycle(start):
    visiting, done = set(), set()

    def visit(node):
        if node in visiting:
            return True
        if node in done:
            return False
        visiting.add(node)
        for nxt in GRAPH[node]:
            if visit(nxt):
                return True
        visiting.discard(node)
        done.add(node)
        return False

    return visit(start)


def topological(nodes):
    indegree = {n: 0 for n in nodes}
    for n in nodes:
        for m in GRAPH[n]:
            indegree[m] += 1
    ready = sorted(n for n in nodes if indegree[n] == 0)
    order = []
    while ready:
        n = ready.pop(0)
        order.append(n)
        for m in GRAPH[n]:
            indegree[m] -= 1
            if indegree[m] == 0:
                ready.append(m)
                ready.sort()
    if len(order) != len(nodes):
        raise ValueError('graph has a cycle')
    return order


def dijkstra(edges, source):
    adjacency = {}
    for u, v, w in edges:
        adjacency.setdefault(u, []).append((v, w))
        adjacency.setdefault(v, [])
    dist = {source: 0}
    heap = [(0, source)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist.get(u, float('inf')):
            continue
        for v, w in adjacency[u]:
            nd = d + w
            if nd < dist.get(v, float('inf')):
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    return dict(sorted(dist.items()))


CASES = [
    ('bfs_order', ('a',), {}),
    ('bfs_order', ('x',), {}),
    ('bfs_order', ('zzz',), {}),
    ('shortest_path', ('a', 'f'), {}),
    ('shortest_path', ('f', 'a'), {}),
    ('shortest_path', ('q', 'a'), {}),
    ('has_cycle', ('a',), {}),
    ('has_cycle', ('x',), {}),
    ('topological', (['a', 'b', 'c', 'd', 'e', 'f'],), {}),
    ('topological', (['x', 'y'],), {}),
    ('dijkstra', ([('s', 'a', 4), ('s', 'b', 1), ('b', 'a', 2), ('a', 't', 1), ('b', 't', 5)], 's'), {}),
]

"""A singly linked list: while-loops over nodes, in-place reversal, __iter__/__len__/__repr__, removal."""


class Node:
    __slots__ = ('value', 'next')

    def __init__(self, value, next=None):
        self.value = value
        self.next = next


class LinkedList:
    """Minimal linked list with the usual operations."""

    def __init__(self, values=()):
        self.head = None
        self.size = 0
        for v in reversed(list(values)):
            self.push(v)

    def push(self, value):
        self.head = Node(value, self.head)
        self.size += 1

    def __len__(self):
        return self.size

    def __iter__(self):
        node = self.head
        while node is not None:
            yield node.value
            node = node.next

    def __repr__(self):
        return 'LinkedList([' + ', '.join(repr(v) for v in self) + '])'

    def reverse(self):
        prev, node = None, self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev
        return self

    def remove(self, value):
        prev, node = None, self.head
        while node is not None:
            if node.value == value:
                if prev is None:
                    self.head = node.next
                else:
                    prev.next = node.next
                self.size -= 1
                return True
            prev, node = node, node.next
        return False

    def nth_from_end(self, n):
        lead = trail = self.head
        for _ in range(n):
            if lead is None:
                raise IndexError(f'list has fewer than {n} items')
            lead = lead.next
        while lead is not None:
            lead, trail = lead.next, trail.next
        return trail.value if trail else None

    def middle(self):
        slow = fast = self.head
        while fast and fast.next:
            slow, fast = slow.next, fast.next.next
        return slow.value if slow else None


def demo(values, remove, n):
    ll = LinkedList(values)
    removed = ll.remove(remove)
    text = repr(ll)
    middle = ll.middle()
    nth = ll.nth_from_end(n)
    ll.reverse()
    return text, removed, len(ll), middle, nth, list(ll), bool(ll)


def slot_error():
    node = Node(1)
    node.extra = 2


CASES = [
    ('demo', ([1, 2, 3, 4, 5], 3, 2), {}),
    ('demo', ([1, 2], 1, 1), {}),
    ('demo', ([1], 9, 1), {}),
    ('demo', ([], 9, 0), {}),
    ('demo', ([1, 2], 9, 5), {}),
    ('slot_error', (), {}),
]

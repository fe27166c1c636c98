"""Searching and sorting by hand: binary search, bubble sort with early exit, insertion and merge sort."""


def binary_search(items, target):
    lo, hi = 0, len(items) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -(lo + 1)  # where it would go, encoded as a negative


def bubble_sort(items):
    items = list(items)
    passes = 0
    for end in range(len(items) - 1, 0, -1):
        swapped = False
        for i in range(end):
            if items[i] > items[i + 1]:
                items[i], items[i + 1] = items[i + 1], items[i]
                swapped = True
        passes += 1
        if not swapped:
            break
    return items, passes


def insertion_sort(items, key=None):
    key = key or (lambda x: x)
    out = list(items)
    for i in range(1, len(out)):
        current = out[i]
        j = i - 1
        while j >= 0 and key(out[j]) > key(current):
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = current
    return out


def merge_sort(items):
    if len(items) <= 1:
        return list(items)
    mid = len(items) // 2
    left, right = merge_sort(items[:mid]), merge_sort(items[mid:])
    merged = []
    i = j = 0
    while i < len(left) and j < len(right):
        if left[i] <= right[j]:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    merged += left[i:]
    merged.extend(right[j:])
    return merged


def quickselect(items, k):
    items = list(items)
    while True:
        pivot = items[len(items) // 2]
        lower = [x for x in items if x < pivot]
        equal = [x for x in items if x == pivot]
        if k < len(lower):
            items = lower
        elif k < len(lower) + len(equal):
            return pivot
        else:
            k -= len(lower) + len(equal)
            items = [x for x in items if x > pivot]


def stable_sort_check(pairs):
    # Insertion sort must be stable: equal keys keep their input order.
    return insertion_sort(pairs, key=lambda p: p[0])


CASES = [
    ('binary_search', ([1, 3, 5, 7, 9, 11], 7), {}),
    ('binary_search', ([1, 3, 5, 7, 9, 11], 4), {}),
    ('binary_search', ([], 4), {}),
    ('bubble_sort', ([5, 1, 4, 2, 8],), {}),
    ('bubble_sort', ([1, 2, 3],), {}),
    ('bubble_sort', ([],), {}),
    ('bubble_sort', ([3, 'a'],), {}),
    ('insertion_sort', ([3, 1, 2, 1],), {}),
    ('insertion_sort', (['pear', 'fig', 'apple'],), {'key': len}),
    ('merge_sort', ([38, 27, 43, 3, 9, 82, 10],), {}),
    ('merge_sort', ([],), {}),
    ('quickselect', ([7, 1, 5, 3, 9, 3], 0), {}),
    ('quickselect', ([7, 1, 5, 3, 9, 3], 2), {}),
    ('quickselect', ([7, 1, 5, 3, 9, 3], 5), {}),
    ('stable_sort_check', ([(2, 'a'), (1, 'b'), (2, 'c'), (1, 'd')],), {}),
]

"""Inventory bookkeeping with dicts: d[k] += 1, setdefault, nested dicts, sorting by several keys."""
from collections import defaultdict, Counter

stock = {}


def receive(shipments):
    for item, qty in shipments:
        if qty <= 0:
            print(f'ignoring {qty} x {item}')
            continue
        stock[item] = stock.get(item, 0) + qty
    return dict(stock)


def sell(orders):
    failed = []
    for customer, item, qty in orders:
        if stock.get(item, 0) < qty:
            failed.append((customer, item))
            continue
        stock[item] -= qty
        if stock[item] == 0:
            del stock[item]
    return failed, dict(stock)


def by_category(products):
    groups = defaultdict(list)
    for name, category, price in products:
        groups[category].append((price, name))
    report = {}
    for category in sorted(groups):
        items = sorted(groups[category], reverse=True)
        report[category] = [name for _, name in items]
    return report


def top_words(text, n):
    counts = Counter(w.strip('.,!?').lower() for w in text.split())
    # most_common keeps first-seen order among equal counts.
    return counts.most_common(n)


def nested_totals(orders):
    totals = {}
    for region, city, amount in orders:
        region_totals = totals.setdefault(region, {})
        region_totals[city] = region_totals.get(city, 0) + amount
        region_totals.setdefault('_sum', 0)
        region_totals['_sum'] += amount
    return totals


def restock_report(threshold):
    low = [(qty, item) for item, qty in stock.items() if qty < threshold]
    low.sort()
    lines = []
    for qty, item in low:
        lines.append(f'{item}: only {qty} left' if qty else f'{item}: sold out')
    return lines or ['all good']


CASES = [
    ('receive', ([('apple', 10), ('pear', 3), ('apple', 5), ('plum', 0)],), {}),
    ('sell', ([('ann', 'apple', 4), ('ben', 'pear', 5), ('cy', 'pear', 3), ('di', 'kiwi', 1)],), {}),
    ('restock_report', (12,), {}),
    ('restock_report', (5,), {}),
    ('by_category', ([('tea', 'drink', 3), ('cola', 'drink', 2), ('bun', 'food', 1), ('pie', 'food', 4)],), {}),
    ('top_words', ('The cat saw the dog. The dog ran! A cat, a dog.', 3), {}),
    ('nested_totals', ([('north', 'oslo', 5), ('south', 'rome', 2), ('north', 'oslo', 1), ('north', 'bergen', 4)],), {}),
]

"""Calendar arithmetic on plain integers: leap years, days in month, day of week, day of year."""


def is_leap(year):
    if year % 400 == 0:
        return True
    if year % 100 == 0:
        return False
    return year % 4 == 0


def days_in_month(year, month):
    if month == 2:
        return 29 if is_leap(year) else 28
    if month in (4, 6, 9, 11):
        return 30
    return 31


def day_of_week(year, month, day):
    """Zeller's congruence, shifted so that 0 is Monday."""
    if month < 3:
        month += 12
        year -= 1
    k = year % 100
    j = year // 100
    h = (day + 13 * (month + 1) // 5 + k + k // 4 + j // 4 + 5 * j) % 7
    return (h + 5) % 7


def day_of_year(year, month, day):
    total = day
    m = 1
    while m < month:
        total += days_in_month(year, m)
        m += 1
    return total


def days_between_years(start, end):
    days = 0
    for y in range(start, end):
        days += 366 if is_leap(y) else 365
    return days


def nth_weekday(year, month, weekday, n):
    """Day of the month of the n-th given weekday (0=Monday), or 0 if there is none."""
    count = 0
    for day in range(1, days_in_month(year, month) + 1):
        if day_of_week(year, month, day) == weekday:
            count += 1
            if count == n:
                return day
    return 0


def month_names(year):
    names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
    weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
    return [f'{name}: {days_in_month(year, i)} days, starts {weekdays[day_of_week(year, i, 1)]}'
            for i, name in enumerate(names, start=1)]


NUMERIC = ['is_leap', 'days_in_month', 'day_of_week', 'day_of_year', 'days_between_years',
           'nth_weekday']

CASES = [
    ('is_leap', (2000,), {}),
    ('is_leap', (1900,), {}),
    ('is_leap', (2024,), {}),
    ('is_leap', (2023,), {}),
    ('days_in_month', (2024, 2), {}),
    ('days_in_month', (2023, 2), {}),
    ('days_in_month', (2023, 9), {}),
    ('day_of_week', (2000, 1, 1), {}),
    ('day_of_week', (2024, 2, 29), {}),
    ('day_of_year', (2024, 12, 31), {}),
    ('day_of_year', (2023, 3, 1), {}),
    ('days_between_years', (1990, 2020), {}),
    ('nth_weekday', (2024, 11, 3, 4), {}),
    ('nth_weekday', (2024, 2, 0, 5), {}),
    ('month_names', (2024,), {}),
]

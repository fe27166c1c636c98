"""Text processing: word wrapping, run-length encoding, caesar cipher, CSV-ish parsing with quotes."""


def wrap(text, width):
    lines = []
    line = ''
    for word in text.split():
        if len(word) > width:
            # Hard-split words that can never fit.
            if line:
                lines.append(line)
                line = ''
            while len(word) > width:
                lines.append(word[:width])
                word = word[width:]
        candidate = f'{line} {word}' if line else word
        if len(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def rle_encode(s):
    if not s:
        return ''
    out = []
    prev, count = s[0], 1
    for ch in s[1:]:
        if ch == prev:
            count += 1
        else:
            out.append(f'{count}{prev}')
            prev, count = ch, 1
    out.append(f'{count}{prev}')
    return ''.join(out)


def rle_decode(s):
    out = []
    num = ''
    for ch in s:
        if ch.isdigit():
            num += ch
        else:
            out.append(ch * int(num))
            num = ''
    return ''.join(out)


def caesar(text, shift):
    result = []
    for ch in text:
        if 'a' <= ch <= 'z':
            result.append(chr((ord(ch) - ord('a') + shift) % 26 + ord('a')))
        elif 'A' <= ch <= 'Z':
            result.append(chr((ord(ch) - ord('A') + shift) % 26 + ord('A')))
        else:
            result.append(ch)
    return ''.join(result)


def split_csv_line(line):
    fields, field, quoted = [], '', False
    i = 0
    while i < len(line):
        ch = line[i]
        if quoted:
            if ch == '"':
                if i + 1 < len(line) and line[i + 1] == '"':
                    field += '"'
                    i += 1
                else:
                    quoted = False
            else:
                field += ch
        elif ch == '"':
            quoted = True
        elif ch == ',':
            fields.append(field)
            field = ''
        else:
            field += ch
        i += 1
    if quoted:
        raise ValueError(f'unterminated quote in {line!r}')
    fields.append(field)
    return fields


def palindromes(words):
    found = []
    for w in words:
        cleaned = ''.join(ch.lower() for ch in w if ch.isalnum())
        if cleaned and cleaned == cleaned[::-1]:
            found.append(w)
    return found


def title_case(text, minor=('a', 'an', 'of', 'the')):
    words = text.split()
    return ' '.join(w if i and w in minor else w.capitalize() for i, w in enumerate(words))


CASES = [
    ('wrap', ('the quick brown fox jumps over the extraordinarily lazy dog', 10), {}),
    ('wrap', ('', 5), {}),
    ('rle_encode', ('aaabccdddd',), {}),
    ('rle_encode', ('',), {}),
    ('rle_decode', ('3a1b2c4d',), {}),
    ('rle_decode', ('3',), {}),
    ('rle_decode', ('a',), {}),
    ('caesar', ('Hello, World!', 3), {}),
    ('caesar', ('Khoor', -3), {}),
    ('split_csv_line', ('a,"b,c",d', ), {}),
    ('split_csv_line', ('"say ""hi""",,x',), {}),
    ('split_csv_line', ('"open',), {}),
    ('palindromes', (['Racecar', 'hello', 'A man, a plan, a canal: Panama', '!!'],), {}),
    ('title_case', ('the lord of the rings',), {}),
]

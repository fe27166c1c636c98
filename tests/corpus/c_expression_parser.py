"""A recursive-descent parser: mutual recursion between grammar rules, errors with positions."""


class ParseError(Exception):
    def __init__(self, message, pos):
        super().__init__(f'{message} at position {pos}')
        self.pos = pos


class Parser:
    """expr := term (('+'|'-') term)* ; term := factor (('*'|'/') factor)* ; factor := num | '(' expr ')' | '-' factor"""

    def __init__(self, text):
        self.text = text.replace(' ', '')
        self.pos = 0

    def peek(self):
        return self.text[self.pos] if self.pos < len(self.text) else ''

    def take(self, ch=None):
        current = self.peek()
        if ch is not None and current != ch:
            raise ParseError(f'expected {ch!r}, found {current or "end"!r}', self.pos)
        self.pos += 1
        return current

    def parse(self):
        value = self.expr()
        if self.pos != len(self.text):
            raise ParseError(f'unexpected {self.peek()!r}', self.pos)
        return value

    def expr(self):
        value = self.term()
        while self.peek() in ('+', '-') and self.peek():
            if self.take() == '+':
                value += self.term()
            else:
                value -= self.term()
        return value

    def term(self):
        value = self.factor()
        while (op := self.peek()) and op in '*/':
            self.take()
            right = self.factor()
            if op == '*':
                value *= right
            elif right == 0:
                raise ParseError('division by zero', self.pos)
            else:
                value /= right
        return value

    def factor(self):
        ch = self.peek()
        if ch == '(':
            self.take('(')
            value = self.expr()
            self.take(')')
            return value
        if ch == '-':
            self.take()
            return -self.factor()
        start = self.pos
        while self.peek().isdigit():
            self.pos += 1
        if start == self.pos:
            raise ParseError(f'expected a number, found {ch or "end"!r}', start)
        return int(self.text[start:self.pos])


def evaluate(text):
    return Parser(text).parse()


def evaluate_all(texts):
    results = []
    for t in texts:
        try:
            results.append(evaluate(t))
        except ParseError as e:
            results.append((e.pos, str(e)))
    return results


CASES = [
    ('evaluate', ('1 + 2 * 3',), {}),
    ('evaluate', ('(1 + 2) * 3',), {}),
    ('evaluate', ('-(4 - 10) / 4',), {}),
    ('evaluate', ('--3',), {}),
    ('evaluate', ('2 * (3 + 4',), {}),
    ('evaluate_all', (['8/2/2', '1+', '7)', '', '5/(2-2)', '((((1))))'],), {}),
]

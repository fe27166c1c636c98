"""Seeds 000 and 003: a multilayer perceptron trained on handwritten digits with a gradient tape.

`train_one_step` (tape + Adam) runs as one graph per step; `train_epoch` runs a
whole epoch, every batch, as one graph loop, printing every 10 steps. The data
is scikit-learn's bundled digits (1797 8x8 images, shipped inside the package:
nothing is downloaded). `python mlp_digits.py --timing` also prints step times.
"""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import functools
import sys
import time

import numpy as np
from sklearn.datasets import load_digits

import runtime as rt

BATCH = 64


class Dense(rt.Module):
    def __init__(self, n_in, n_out, rng):
        with ag__.FunctionScope('__init__', 'fscope', ag__.STD) as fscope:
            ag__.converted_call(super().__init__, (), None, fscope)
            scale = ag__.converted_call(np.sqrt, (2.0 / n_in,), None,
                fscope)  # He initialisation, for ReLU
            self.w = ag__.converted_call(rt.Variable,
                (ag__.converted_call(ag__.converted_call(rng.normal, (0.0, scale, (n_in, n_out)),
                None, fscope).astype, (np.float32,), None, fscope),), None, fscope)
            self.b = ag__.converted_call(rt.Variable,
                (ag__.converted_call(np.zeros, (n_out, np.float32), None, fscope),), None, fscope)

    def __call__(self, x):
        with ag__.FunctionScope('__call__', 'fscope', ag__.STD) as fscope:
            return x @ self.w + self.b


class MLP(rt.Module):
    def __init__(self, sizes, seed):
        with ag__.FunctionScope('__init__', 'fscope', ag__.STD) as fscope:
            ag__.converted_call(super().__init__, (), None, fscope)
            rng = ag__.converted_call(np.random.default_rng, (seed,), None, fscope)
            self.layers = [ag__.converted_call(Dense, (a, b, rng), None, fscope) for a,
                b in ag__.converted_call(zip, (sizes, sizes[1:]), None, fscope)]

    def __call__(self, x):
        with ag__.FunctionScope('__call__', 'fscope', ag__.STD) as fscope:

            def get_state():
                return (x,)

            def set_state(vars_):
                nonlocal x
                (x,) = vars_

            def loop_body(itr):
                nonlocal x
                layer = itr
                x = ag__.converted_call(np.maximum,
                    (ag__.converted_call(layer, (x,), None, fscope), 0.0), None, fscope)
            ag__.for_stmt(self.layers[:-1], None, loop_body, get_state, set_state, ('x',),
                {'iterate_names': 'layer'})
            return ag__.converted_call(self.layers[-1], (x,), None, fscope)


def cross_entropy(logits, labels):
    with ag__.FunctionScope('cross_entropy', 'fscope', ag__.STD) as fscope:
        # mean softmax cross-entropy: log-sum-exp minus each row's label logit
        shifted = logits - ag__.converted_call(rt.stop_gradient,
            (ag__.converted_call(np.max, (logits, ), {'axis': 1, 'keepdims': True}, fscope),),
            None, fscope)
        log_z = ag__.converted_call(np.log,
            (ag__.converted_call(np.sum, (ag__.converted_call(np.exp, (shifted,), None, fscope), ),
            {'axis': 1}, fscope),), None, fscope)
        picked = ag__.converted_call(np.take_along_axis, (shifted, labels[:, None], ), {'axis': 1},
            fscope)[:, 0]
        return ag__.converted_call(np.mean, (log_z - picked,), None, fscope)


def step(model, optimizer, x, y):
    with ag__.FunctionScope('step', 'fscope', ag__.STD) as fscope:
        with ag__.converted_call(rt.GradientTape, (), None, fscope) as tape:
            loss = ag__.converted_call(cross_entropy,
                (ag__.converted_call(model, (x,), None, fscope), y), None, fscope)
        grads = ag__.converted_call(tape.gradient, (loss, model.trainable_variables), None, fscope)
        ag__.converted_call(optimizer.apply_gradients,
            (ag__.converted_call(zip, (grads, model.trainable_variables), None, fscope),), None,
            fscope)
        return loss


def accuracy(model, x, y):
    with ag__.FunctionScope('accuracy', 'fscope', ag__.STD) as fscope:
        return ag__.converted_call(float,
            (ag__.converted_call(np.mean,
            (ag__.converted_call(np.argmax, (ag__.converted_call(model, (x,), None, fscope), ),
            {'axis': 1}, fscope) == y,), None, fscope),), None, fscope)


def load(seed=0):
    with ag__.FunctionScope('load', 'fscope', ag__.STD) as fscope:
        digits = ag__.converted_call(load_digits, (), None, fscope)
        x, y = ag__.converted_call((digits.data / 16.0).astype, (np.float32,), None,
            fscope), ag__.converted_call(digits.target.astype, (np.int64,), None, fscope)
        order = ag__.converted_call(ag__.converted_call(np.random.default_rng, (seed,), None,
            fscope).permutation, (ag__.converted_call(len, (x,), None, fscope),), None, fscope)
        test, train = order[:360], order[360:]
        n = ag__.converted_call(len, (train,), None, fscope) // BATCH * BATCH
        return x[train[:n]], y[train[:n]], x[test], y[test]


def train_with_steps(x, y, epochs):
    with ag__.FunctionScope('train_with_steps', 'fscope', ag__.STD) as fscope:
        loss: ag__.local
        model, optimizer = ag__.converted_call(MLP, ((64, 128, 128, 10), ), {'seed': 1},
            fscope), ag__.converted_call(rt.optimizers.Adam, (0.003,), None, fscope)

        @rt.function
        def train_one_step(xb, yb):
            with ag__.FunctionScope('train_one_step', 'fscope', ag__.STD) as fscope:
                return ag__.converted_call(step, (model, optimizer, xb, yb), None, fscope)

        def get_state():
            return (ag__.ldu(lambda: loss, 'loss'),)

        def set_state(vars_):
            nonlocal loss
            (loss,) = vars_

        def loop_body(itr):
            epoch = itr
            ag__.for_stmt(ag__.converted_call(range,
                (0, ag__.converted_call(len, (x,), None, fscope), BATCH), None, fscope), None,
                loop_body_1, get_state, set_state, ('loss',), {'iterate_names': 'i'})
            ag__.converted_call(print,
                (f'epoch {epoch + 1}: loss {ag__.converted_call(float, (ag__.load(lambda: loss, "loss"),), None, fscope):.3f}',),
                None, fscope)

        def loop_body_1(itr):
            nonlocal loss
            i = itr
            loss = ag__.converted_call(train_one_step, (x[i:i + BATCH], y[i:i + BATCH]), None,
                fscope)
        ag__.for_stmt(ag__.converted_call(range, (epochs,), None, fscope), None, loop_body,
            get_state, set_state, ('loss',), {'iterate_names': 'epoch'})
        ag__.converted_call(print,
            ('traces of train_one_step:',
            ag__.converted_call(train_one_step.experimental_get_tracing_count, (), None, fscope)),
            None, fscope)
        return model


def train_epoch(model, optimizer, batches, labels):
    with ag__.FunctionScope('train_epoch', 'fscope', ag__.STD) as fscope:
        n = 0
        loss = ag__.converted_call(np.float32, (0.0,), None, fscope)

        def get_state():
            return (loss, n)

        def set_state(vars_):
            nonlocal loss, n
            (loss, n) = vars_

        def loop_body(itr):
            nonlocal loss, n
            xb, yb = itr
            loss = ag__.converted_call(step, (model, optimizer, xb, yb), None, fscope)
            n += 1
            ag__.if_stmt(n % 10 == 0, if_body_1, None, None, None, (), 0)

        def if_body_1():
            ag__.converted_call(rt.print, ('  step', n, 'loss', loss), None, fscope)
        ag__.for_stmt(ag__.converted_call(zip, (batches, labels), None, fscope), None, loop_body,
            get_state, set_state, ('loss', 'n'), {'iterate_names': 'xb, yb'})
        return loss


def train_with_epochs(x, y, epochs):
    with ag__.FunctionScope('train_with_epochs', 'fscope', ag__.STD) as fscope:
        model, optimizer = ag__.converted_call(MLP, ((64, 128, 128, 10), ), {'seed': 1},
            fscope), ag__.converted_call(rt.optimizers.Adam, (0.003,), None, fscope)
        batches, labels = ag__.converted_call(x.reshape, (-1, BATCH, 64), None,
            fscope), ag__.converted_call(y.reshape, (-1, BATCH), None, fscope)
        # the whole epoch is one graph loop over the batches
        epoch = ag__.converted_call(rt.function,
            (ag__.converted_call(functools.partial, (train_epoch, model, optimizer), None,
            fscope),), None, fscope)

        def loop_body(itr):
            number = itr
            loss = ag__.converted_call(epoch, (batches, labels), None, fscope)
            ag__.converted_call(print,
                (f'epoch {number + 1}: loss {ag__.converted_call(float, (loss,), None, fscope):.3f}',),
                None, fscope)
        ag__.for_stmt(ag__.converted_call(range, (epochs,), None, fscope), None, loop_body, None,
            None, (), {'iterate_names': 'number'})
        return model


def timing(x, y):
    with ag__.FunctionScope('timing', 'fscope', ag__.STD) as fscope:
        fn: ag__.local
        model, optimizer = ag__.converted_call(MLP, ((64, 128, 128, 10), ), {'seed': 1},
            fscope), ag__.converted_call(rt.optimizers.Adam, (0.003,), None, fscope)
        graph_step = ag__.converted_call(rt.function,
            (lambda xb, yb: ag__.converted_call(step, (model, optimizer, xb, yb), None, fscope),),
            None, fscope)

        def loop_body(itr):
            nonlocal fn
            name, run = itr
            fn = ag__.if_exp(run,
                lambda: ag__.qualname('timing.<locals>.<lambda>')((lambda: ag__.converted_call(step,
                (model, optimizer, x[:BATCH], y[:BATCH]), None, fscope))),
                lambda: ag__.qualname('timing.<locals>.<lambda>')((lambda: ag__.converted_call(graph_step,
                (x[:BATCH], y[:BATCH]), None, fscope))), 'run')
            ag__.converted_call(fn, (), None, fscope)
            start = ag__.converted_call(time.perf_counter, (), None, fscope)
            ag__.for_stmt(ag__.converted_call(range, (50,), None, fscope), None, loop_body_1, None,
                None, (), {'iterate_names': '_'})
            ag__.converted_call(print,
                (f'{name}: {(ag__.converted_call(time.perf_counter, (), None, fscope) - start) / 50 * 1e6:.0f} us',),
                None, fscope)

        def loop_body_1(itr):
            _ = itr
            ag__.converted_call(fn, (), None, fscope)
        ag__.for_stmt((('eager tape step', step), ('rt.function step', None)), None, loop_body,
            None, None, (), {'iterate_names': 'name, run'})


if __name__ == '__main__':
    x_train, y_train, x_test, y_test = load()
    print('train_one_step in an rt.function:')
    model = train_with_steps(x_train, y_train, epochs=10)
    print(f'held-out accuracy: {accuracy(model, x_test, y_test):.3f}')
    print('the whole epoch in one rt.function:')
    model = train_with_epochs(x_train, y_train, epochs=10)
    print(f'held-out accuracy: {accuracy(model, x_test, y_test):.3f}')
    if '--timing' in sys.argv:
        timing(x_train, y_train)
__ag_source_map__ = ag__.SourceMap('../mlp_digits.py', '1:1,12:8,26=21,27:22,28=23,30=24,33=25,35:26,37=27,38:28,43=32,44:33,46=35,48:36,50=37,52=38,62=39,64=38,66:40,70=43,71:44,72=45,75=46,78=47,80:48,84=51,85:52,86=53,88:54,89=55,92:56,96=59,97=60,101:61,104=63,105:64,106=65,108=66,110:67,116=72,118=73,120:74,123=76,124:77,126=79,135=80,138=82,141:83,142=80,145=81,147=79,149=83,153:84,157=87,158:88,161=90,171:91,173=93,176:94,177=90,179:95,183=98,184=99,186=100,188:101,189=102,192:103,193=103,195:104,196=105,199=103,201:106,205=109,207=110,209=111,212:112,213=112,216=113,221:115,223=117,225=119,228:120,229=117,231:118,232=112,234:120', 'f55ab5e5ed427c1a')

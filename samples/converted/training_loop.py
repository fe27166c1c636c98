"""Seed: a training loop over batches in one graph, printing every 10 steps from a graph `if`."""
# Converted by agconvert: edit the original module, not this file.
from runtime import ag as ag__
ag__ = ag__.bind(globals())

import numpy as np

import runtime as rt

rng = np.random.default_rng(0)
features = rng.normal(size=(200, 3)).astype(np.float32)
true_w = np.array([[2.0], [-1.0], [0.5]], np.float32)
labels = features @ true_w + 0.25
batches = features.reshape(20, 10, 3)
batch_labels = labels.reshape(20, 10, 1)

w = rt.Variable(np.zeros((3, 1), np.float32))
b = rt.Variable(np.zeros((1,), np.float32))


def train_one_step(x, y, learning_rate):
    with ag__.FunctionScope('train_one_step', 'fscope', ag__.STD) as fscope:
        # one step of gradient descent on the mean squared error of a linear model
        error = x @ w + b - y
        loss = ag__.converted_call(np.mean, (error * error,), None, fscope)
        ag__.converted_call(w.assign_sub, (learning_rate * 2.0 * (x.T @ error) / x.shape[0],),
            None, fscope)
        ag__.converted_call(b.assign_sub,
            (learning_rate * 2.0 * ag__.converted_call(np.mean, (error, ), {'axis': 0}, fscope),),
            None, fscope)
        return loss


@rt.function
def train(data, targets):
    with ag__.FunctionScope('train', 'fscope', ag__.STD) as fscope:
        step = 0
        loss = ag__.converted_call(np.float32, (0.0,), None, fscope)

        def get_state():
            return (loss, step)

        def set_state(vars_):
            nonlocal loss, step
            (loss, step) = vars_

        def loop_body(itr):
            nonlocal loss, step
            x, y = itr
            step += 1
            loss = ag__.converted_call(train_one_step,
                (x, y, ag__.converted_call(np.float32, (0.1,), None, fscope)), None, fscope)
            ag__.if_stmt(step % 10 == 0, if_body_1, None, None, None, (), 0)

        def if_body_1():
            ag__.converted_call(rt.print, ('Step', step, ': loss', loss), None, fscope)
        ag__.for_stmt(ag__.converted_call(zip, (data, targets), None, fscope), None, loop_body,
            get_state, set_state, ('loss', 'step'), {'iterate_names': 'x, y'})
        return step, loss


if __name__ == '__main__':
    for epoch in range(3):
        step, loss = train(batches, batch_labels)
    print('Final step', step, ': loss', np.round(loss, 4))
    print('weights', np.round(w.numpy().ravel(), 2), 'bias', np.round(b.numpy(), 2))
    print('traces:', train.experimental_get_tracing_count())
__ag_source_map__ = ag__.SourceMap('../training_loop.py', '1:1,6:2,22=17,23:18,26=21,28=22,31:23,36=27,37:28,40=30,50:31,51=32,53=33,56:34,57=30,59:35', '353729f26f19c6d8')

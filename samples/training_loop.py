"""Seed: a training loop over batches in one graph, printing every 10 steps from a graph `if`."""
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
    # one step of gradient descent on the mean squared error of a linear model
    error = x @ w + b - y
    loss = np.mean(error * error)
    w.assign_sub(learning_rate * 2.0 * (x.T @ error) / x.shape[0])
    b.assign_sub(learning_rate * 2.0 * np.mean(error, axis=0))
    return loss


@rt.function
def train(data, targets):
    step = 0
    loss = np.float32(0.0)
    for x, y in zip(data, targets):
        step += 1
        loss = train_one_step(x, y, np.float32(0.1))
        if step % 10 == 0:
            rt.print('Step', step, ': loss', loss)
    return step, loss


if __name__ == '__main__':
    for epoch in range(3):
        step, loss = train(batches, batch_labels)
    print('Final step', step, ': loss', np.round(loss, 4))
    print('weights', np.round(w.numpy().ravel(), 2), 'bias', np.round(b.numpy(), 2))
    print('traces:', train.experimental_get_tracing_count())

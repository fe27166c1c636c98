"""Every thread's first graph builder asks for converted code, even when another thread traces."""
import threading

from runtime.ag_operators import dispatch
from runtime.tracing import trace_state


def test_a_thread_entering_while_another_traces_still_asks_for_the_converted_code(monkeypatch):
    # Two threads entering together each see the other's mark; if only the thread that made the
    # marks non-empty asked, neither would, and a swap to the original code that a third thread
    # began while the marks were empty would stay in place for both traces.
    calls = []
    monkeypatch.setattr(dispatch, 'on_trace_boundary', lambda: calls.append(dict(dispatch.tracing)))
    other = object()
    dispatch.tracing[other] = True  # another thread is tracing
    try:
        results = []

        def trace():
            before = trace_state.enter('builder')
            results.append(len(calls))
            trace_state.leave(before)
        thread = threading.Thread(target=trace)
        thread.start()
        thread.join()
    finally:
        dispatch.tracing.pop(other, None)
    assert results == [1]  # asked on entering, with both marks visible to the hook
    assert len(calls[0]) == 2


def test_a_nested_builder_does_not_ask_again(monkeypatch):
    calls = []
    monkeypatch.setattr(dispatch, 'on_trace_boundary', lambda: calls.append(len(dispatch.tracing)))
    outer = trace_state.enter('outer')
    inner = trace_state.enter('inner')
    trace_state.leave(inner)
    trace_state.leave(outer)
    assert calls == [1, 0]  # entering the first builder, then leaving the last

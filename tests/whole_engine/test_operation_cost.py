"""What an operation costs the database once, whatever the stack's size.

A stack operation's request (create, update, delete) and the start of its
traversal (the ``converge`` message: read the target and the rows, store
the graph, cast the leaves) touch every resource, but in multi-row
statements: their statement counts must not grow with the stack, or a
10,000-resource update would wait on tens of thousands of round trips
before its first step.
"""
import pytest
import sqlalchemy as sa

from heat_conv.bench import workloads


@pytest.fixture
def statements(db):
    seen = []
    counting = [False]

    def record(conn, cursor, statement, *args):
        if counting[0]:
            seen.append(statement)
    sa.event.listen(db, 'before_cursor_execute', record)

    def count(call):
        seen.clear()
        counting[0] = True
        try:
            call()
        finally:
            counting[0] = False
        return len(seen)
    yield count
    sa.event.remove(db, 'before_cursor_execute', record)


def _costs(driver, statements, workload):
    """Statements of each operation's request and of its traversal's start."""
    costs = {}

    def converge():
        assert driver.queue[0][0] == 'converge'
        driver.step()

    for phase, request in (('create', lambda: driver.create(workload.template('v0'))),
                           ('update', lambda: driver.update(workload.template('v1'))),
                           ('delete', driver.delete)):
        costs[phase] = (statements(request), statements(converge))
        assert driver.settle() == f'{phase.upper()}_COMPLETE'
    return costs


def test_an_operation_costs_the_same_statements_at_any_size(driver, statements):
    small = _costs(driver, statements, workloads.Layered(12, 3))
    big = _costs(driver, statements, workloads.Layered(90, 6))
    assert small == big


def test_a_superseding_update_starts_at_the_same_cost_at_any_size(driver, statements):
    costs = []
    for workload in (workloads.Layered(12, 3), workloads.Layered(90, 6)):
        driver.create(workload.template('v0'))
        for _ in range(1 + workload.width):   # the converge and the first layer
            driver.step()
        assert driver.stack_status() == 'CREATE_IN_PROGRESS'
        request = statements(lambda: driver.update(workload.template('v1')))
        while driver.queue[0][0] != 'converge':
            driver.step()   # the create's steps still queued, each dropped
        costs.append((request, statements(driver.step)))
        assert driver.settle() == 'UPDATE_COMPLETE'
        driver.delete()
        assert driver.settle() == 'DELETE_COMPLETE'
    assert costs[0] == costs[1]

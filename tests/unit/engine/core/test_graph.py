"""The traversal graph orders updates by the new template and cleanups by
what each row was built against."""
from heat_conv.engine.core import graph


def edges_of(edges):
    return {(e.required, e.requirer): e.attrs for e in edges}


def test_create_follows_template_dependencies_with_attrs():
    nodes, edges = graph.build({'A': 1, 'B': 2, 'C': 3},
                               {'A': {}, 'B': {'A': {'output'}}, 'C': {'A': set(),
                                                                       'B': {'x'}}}, [])
    e = edges_of(edges)
    assert e[((1, True), (2, True))] == ('output',)
    assert e[((2, True), (3, True))] == ('x',)
    assert ((1, True), (3, True)) in e
    # Only C is a root: it alone reports to the stack.
    assert [k for k in e if k[1] is graph.STACK] == [((3, True), graph.STACK)]
    assert nodes == {(1, True), (2, True), (3, True)}


def test_cleanup_runs_in_the_order_rows_were_built():
    # Old template: B (row 2) was built against A (row 1). Both are removed.
    existing = [graph.ExistingRow(1, []), graph.ExistingRow(2, [1])]
    nodes, edges = graph.build({}, {}, existing)
    e = edges_of(edges)
    assert ((2, False), (1, False)) in e   # B's cleanup before A's
    assert ((1, False), graph.STACK) in e
    assert nodes == {(1, False), (2, False)}


def test_swapped_dependency_keeps_old_cleanup_order():
    # New template: A needs B; old rows: B (2) was built against A (1).
    existing = [graph.ExistingRow(1, []), graph.ExistingRow(2, [1])]
    _, edges = graph.build({'A': 1, 'B': 2}, {'A': {'B': set()}, 'B': {}}, existing)
    e = edges_of(edges)
    assert ((2, True), (1, True)) in e          # update B, then A
    assert ((2, False), (1, False)) in e        # clean B before A, as built
    assert ((1, True), (1, False)) in e         # a row's cleanup after its update
    assert ((2, True), (2, False)) in e


def test_replaced_row_is_cleaned_after_its_replacement():
    existing = [graph.ExistingRow(1, []), graph.ExistingRow(5, [], replaces=1)]
    _, edges = graph.build({'A': 1}, {'A': {}}, existing)
    assert ((5, False), (1, False)) in edges_of(edges)


def test_predecessor_counts_include_stack_node():
    nodes, edges = graph.build({'A': 1, 'B': 2}, {'A': {}, 'B': {}}, [])
    counts = graph.predecessor_counts(nodes, edges)
    assert counts[(1, True)] == 0 and counts[(2, True)] == 0
    assert counts[graph.STACK] == 2

from heat_conv.resources.heat import chain_template


def test_sequential_chain_depends_on_the_previous():
    tmpl = chain_template.assemble(['A', 'B', 'C'], {'length': 8})
    assert tmpl['resources'] == {
        '0': {'type': 'A', 'properties': {'length': 8}},
        '1': {'type': 'B', 'properties': {'length': 8}, 'depends_on': ['0']},
        '2': {'type': 'C', 'properties': {'length': 8}, 'depends_on': ['1']}}


def test_concurrent_chain_has_no_dependencies():
    tmpl = chain_template.assemble(['A', 'B'], concurrent=True)
    assert tmpl['resources'] == {'0': {'type': 'A'}, '1': {'type': 'B'}}

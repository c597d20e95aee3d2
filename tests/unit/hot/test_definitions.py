import json

from heat_conv.hot import definitions


def make(**overrides):
    kwargs = dict(name='web', type='OS::Heat::TestResource', version='2018-08-31',
                  properties={'value': {'get_attr': ['db', 'output']}}, metadata={'m': 1},
                  deletion_policy='Retain', update_policy={}, depends_on=['net'],
                  requires={'db': {'output'}, 'net': set()})
    kwargs.update(overrides)
    return definitions.ResourceDefinition(**kwargs)


def test_requires_is_frozen_per_dependency():
    defn = make()
    assert defn.requires() == {'db': frozenset({'output'}), 'net': frozenset()}
    defn.requires()['x'] = frozenset()
    assert 'x' not in defn.requires()


def test_frozen_is_json_serialisable_and_complete():
    frozen = make(requires={'db': {'b', 'a'}, 'net': set()}).frozen()
    assert json.loads(json.dumps(frozen)) == frozen
    assert frozen == {
        'name': 'web', 'type': 'OS::Heat::TestResource', 'version': '2018-08-31',
        'properties': {'value': {'get_attr': ['db', 'output']}}, 'metadata': {'m': 1},
        'deletion_policy': 'Retain', 'update_policy': {},
        'requires': {'db': ['a', 'b'], 'net': []}}


def test_type_as_written_and_nested_template():
    defn = make(type='My::Server', template_type='My::Server', nested_template='s.yaml')
    assert (defn.type, defn.template_type, defn.nested_template) == (
        'My::Server', 'My::Server', 's.yaml')
    assert make().template_type == 'OS::Heat::TestResource'
    assert 'web' in repr(make())

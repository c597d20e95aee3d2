"""What the API keeps of a stack's template between status polls."""
import gc

from heat_conv.hot import definitions
from heat_conv.hot import stack_definition
from heat_conv.hot import template
from heat_conv.stacks import stored_template


def _template(count):
    resources = {f'r{i}': {'type': 'OS::Heat::TestResource',
                           'properties': {'value': {'get_param': 'greeting'}}}
                 for i in range(count)}
    resources['alias'] = {'type': 'My::Test'}
    return {'heat_template_version': '2018-08-31', 'description': 'many',
            'parameters': {'greeting': {'type': 'string', 'default': 'hi'},
                           'secret': {'type': 'string', 'hidden': True, 'default': 's3'}},
            'resources': resources,
            'outputs': {'first': {'value': {'get_attr': ['r0', 'output']},
                                  'description': 'the first'},
                        'broken': {'value': {'list_join': [',', {'get_attr': ['r1', 'x']}]}}}}


def _declared(count=3):
    tmpl = template.Template.load(_template(count), environment={
        'resource_registry': {'My::Test': 'OS::Heat::TestResource'}})
    return stored_template.Declared(tmpl.bind(stack_name='s', stack_id='id', project_id='p'))


def _reachable(root):
    seen, todo = {id(root)}, [root]
    while todo:
        for obj in gc.get_referents(todo.pop()):
            if id(obj) not in seen and not isinstance(obj, type):
                seen.add(id(obj))
                todo.append(obj)
                yield obj


def test_what_is_kept_holds_no_template():
    # A bound 10,000-resource template holds some 40 MB; the API keeps one
    # of these per stack it is polled about.
    kept = _declared(200)
    assert not any(isinstance(obj, (template.Template, stack_definition.StackDefinition,
                                    definitions.ResourceDefinition))
                   for obj in _reachable(kept))


def test_it_answers_as_the_bound_template_does():
    declared = _declared()
    assert declared.description == 'many'
    assert declared.parameters_for_display()['secret'] == '******'
    assert declared.parameters_for_display()['greeting'] == 'hi'
    assert declared.output_requires() == {'r0': frozenset({'output'}),
                                          'r1': frozenset({'x'})}
    assert declared.outputs()['first']['description'] == 'the first'
    assert declared.resolve_output('first', {}, {'r0': {'output': 'out'}}) == 'out'
    assert declared.declared_type('alias') == 'OS::Heat::TestResource'
    assert declared.declared_type('nothing') is None

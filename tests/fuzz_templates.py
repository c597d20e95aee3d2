"""Hypothesis strategies for hostile templates, shared by the template-layer
property tests and the ones against a running heat-conv-all.

They produce what an attacker or a careless user sends: valid-looking
templates whose values are random JSON, every intrinsic function called
with arguments of random shapes, deep nesting, huge scalars, and YAML text
full of anchors and aliases (small documents that expand enormously).
"""
from hypothesis import strategies as st

from heat_conv.hot import versions

VERSION_NAMES = sorted(versions.VERSIONS)
FUNCTIONS = sorted({name for spec in versions.VERSIONS.values()
                    for name in spec.functions | spec.condition_functions})
TYPES = ['OS::Heat::None', 'OS::Heat::Value', 'OS::Heat::TestResource',
         'OS::Heat::RandomString', 'OS::Heat::Dummy', 'OS::No::Such']
NAMES = st.sampled_from(['a', 'b', 'c', 'p', 'r0', 'x', 'value', 'output'])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2 ** 70, 2 ** 70),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=20), NAMES)


def _calls(children):
    return st.builds(lambda name, args: {name: args}, st.sampled_from(FUNCTIONS), children)


# Random JSON where any node may be an intrinsic function call.
values = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.one_of(NAMES, st.text(max_size=8)), children, max_size=4),
        _calls(children)),
    max_leaves=25)


def huge_scalar():
    return st.builds(lambda ch, n: ch * n, st.sampled_from(['a', '$', '{', '\x00', 'é']),
                     st.integers(10_000, 700_000))


def deep(depth):
    """A list nested ``depth`` deep (as data, not text)."""
    node = 'bottom'
    for _ in range(depth):
        node = [node]
    return node


deep_values = st.builds(deep, st.integers(50, 3000))

parameters = st.dictionaries(
    NAMES,
    st.fixed_dictionaries({'type': st.sampled_from(
        ['string', 'number', 'json', 'comma_delimited_list', 'boolean', 'nonsense'])},
        optional={'default': values, 'hidden': st.booleans(),
                  'constraints': st.lists(values, max_size=2)}),
    max_size=3)

resources = st.dictionaries(
    NAMES,
    st.fixed_dictionaries({'type': st.sampled_from(TYPES)},
                          optional={'properties': values, 'metadata': values,
                                    'depends_on': values, 'condition': values}),
    max_size=4)

outputs = st.dictionaries(NAMES, st.fixed_dictionaries({'value': values}), max_size=3)


def templates(field_values=values):
    """A HOT template (as a mapping) with random sections."""
    return st.builds(
        _template, st.sampled_from(VERSION_NAMES), parameters, resources, outputs,
        st.dictionaries(NAMES, field_values, max_size=2), field_values)


def _template(version, params, res, outs, conditions, extra):
    body = {'heat_template_version': version, 'parameters': params,
            'resources': res, 'outputs': outs}
    if conditions:
        body['conditions'] = conditions
    if extra is not None:
        body['resources'] = dict(res, extra={'type': 'OS::Heat::None',
                                             'metadata': {'v': extra}})
    return body


@st.composite
def alias_yaml(draw, where=None):
    """YAML text whose anchors nest: each level refers to the previous one
    ``width`` times, somewhere in a template (or through merge keys);
    ``where='environment'`` makes an environment's parameter_defaults."""
    levels = draw(st.integers(2, 12))
    width = draw(st.integers(2, 12))
    leaf = draw(st.sampled_from(['"lol"', '[]', '{}', '~', '{get_param: p}',
                                 '{str_replace: {template: aaaa, params: {a: bbbb}}}']))
    where = where or draw(st.sampled_from(['default', 'output', 'metadata', 'properties']))
    merge = draw(st.booleans())

    def block(indent):
        pad = ' ' * indent
        if merge:
            lines = [f'{pad}x0: &x0 {{a: [{", ".join([leaf] * width)}]}}']
        else:
            lines = [f'{pad}x0: &x0 [{", ".join([leaf] * width)}]']
        for level in range(1, levels):
            refs = ', '.join([f'*x{level - 1}'] * width)
            if merge:
                lines.append(f'{pad}x{level}: &x{level} {{<<: [{refs}], k{level}: [{refs}]}}')
            else:
                lines.append(f'{pad}x{level}: &x{level} [{refs}]')
        return '\n'.join(lines) + '\n'

    if where == 'environment':
        return 'parameter_defaults:\n  p:\n' + block(4)
    head = 'heat_template_version: 2018-08-31\nparameters:\n  p:\n    type: json\n'
    if where == 'default':
        return head + '    default:\n' + block(6)
    head += '    default: {}\n'
    if where == 'output':
        return head + 'outputs:\n  o:\n    value:\n' + block(6)
    if where == 'metadata':
        return head + 'resources:\n  r:\n    type: OS::Heat::None\n    metadata:\n' + block(6)
    return (head + 'resources:\n  r:\n    type: OS::Heat::Value\n    properties:\n'
            '      value:\n' + block(8))


def template_texts():
    """Template bodies as sent: mappings, YAML with aliases, or text with
    absurd nesting."""
    return st.one_of(
        templates(),
        templates(st.one_of(values, huge_scalar(), deep_values)),
        alias_yaml(),
        st.builds(lambda n: 'heat_template_version: 2018-08-31\nx: ' + '[' * n + ']' * n,
                  st.integers(100, 5000)),
        st.builds(lambda n: 'heat_template_version: 2018-08-31\n' +
                  ''.join(' ' * i + f'k{i}:\n' for i in range(n)), st.integers(50, 1200)),
    )

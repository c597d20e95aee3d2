"""YAML alias bombs: a ~1 KB document whose aliases expand into gigabytes.

Each one must be refused (400 naming max_template_size) before anything
expands it, wherever it hides: a parameter default, an output, resource
metadata or properties, an environment's parameter_defaults, or an
environment file. The process's peak RSS is measured around the requests.
"""
import resource

import pytest

from .helpers import assert_fault

LEVELS = 9    # 9 ** 9 = 387 million leaves: ~13 GiB when expanded
WIDTH = 9
# Parsing and refusing all of them costs next to nothing; expanding even a
# 7-level bomb cost hundreds of MiB before the fix.
RSS_BOUND_MIB = 40


def _laughs(indent):
    """The anchors: x0 holds WIDTH strings, each later level WIDTH aliases."""
    pad = ' ' * indent
    lines = [f'{pad}x0: &x0 [' + ', '.join(['"lol"'] * WIDTH) + ']']
    for level in range(1, LEVELS):
        refs = ', '.join([f'*x{level - 1}'] * WIDTH)
        lines.append(f'{pad}x{level}: &x{level} [{refs}]')
    return '\n'.join(lines)


HEAD = 'heat_template_version: 2018-08-31\n'
JSON_PARAM = 'parameters:\n  p:\n    type: json\n'

TEMPLATES = {
    'parameter default': HEAD + JSON_PARAM + '    default:\n' + _laughs(6) + '\n',
    'output value': HEAD + 'outputs:\n  o:\n    value:\n' + _laughs(6) + '\n',
    'resource metadata': HEAD + 'resources:\n  r:\n    type: OS::Heat::None\n'
                                '    metadata:\n' + _laughs(6) + '\n',
    'resource properties': HEAD + 'resources:\n  r:\n    type: OS::Heat::Value\n'
                                  '    properties:\n      value:\n' + _laughs(8) + '\n',
}
ENVIRONMENT = 'parameter_defaults:\n  p:\n' + _laughs(4) + '\n'
PLAIN_WITH_PARAM = HEAD + JSON_PARAM + '    default: {}\n'


def _bodies():
    for where, template in TEMPLATES.items():
        yield where, {'template': template}
    yield 'environment parameter_defaults', {'template': PLAIN_WITH_PARAM,
                                             'environment': ENVIRONMENT}
    yield 'environment file', {'template': PLAIN_WITH_PARAM,
                               'files': {'env.yaml': ENVIRONMENT},
                               'environment_files': ['env.yaml']}


BODIES = dict(_bodies())


def _peak_rss_mib():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize('where', sorted(BODIES))
def test_alias_bomb_is_refused_everywhere_without_expanding(api, where):
    body = BODIES[where]
    assert sum(len(v) for v in body.values() if isinstance(v, str)) < 2000
    before = _peak_rss_mib()
    for method, path, extra in (('POST', '/stacks', {'stack_name': 'bomb'}),
                                ('POST', '/stacks/preview', {'stack_name': 'bomb'}),
                                ('POST', '/validate', {})):
        resp = api.request(method, path, dict(body, **extra))
        assert_fault(resp, 400, 'RequestLimitExceeded', 'max_template_size (524288)')
    grown = _peak_rss_mib() - before
    assert grown < RSS_BOUND_MIB, f'peak RSS grew {grown:.0f} MiB for {where}'
    assert api.get('/stacks').json['stacks'] == []


def test_alias_bomb_in_an_update_is_refused(api, stack):
    _, _, path = stack
    resp = api.put(path, {'template': TEMPLATES['parameter default']})
    assert_fault(resp, 400, 'RequestLimitExceeded', 'max_template_size')
    resp = api.patch(path, {'environment': ENVIRONMENT})
    assert_fault(resp, 400, 'RequestLimitExceeded', 'max_template_size')


def test_recursive_alias_is_a_clear_400(api):
    template = HEAD + JSON_PARAM + '    default:\n      a: &a [*a]\n'
    resp = api.post('/stacks', {'stack_name': 'loop', 'template': template})
    assert_fault(resp, 400, contains='refers to itself')


def test_small_aliases_still_work(api):
    """Anchors that expand to a reasonable size are ordinary YAML."""
    template = (HEAD + 'resources:\n'
                '  a:\n    type: OS::Heat::None\n    metadata: &meta {owner: ops, tier: 1}\n'
                '  b:\n    type: OS::Heat::None\n    metadata: *meta\n')
    resp = api.post('/stacks', {'stack_name': 'anchors', 'template': template})
    assert resp.status_int == 201, resp.body
    shown = api.get(f'/stacks/anchors/{resp.json["stack"]["id"]}/template').json
    assert shown['resources']['b']['metadata'] == {'owner': 'ops', 'tier': 1}


def test_template_over_the_size_limit_is_refused(api):
    big = HEAD + 'description: "' + 'x' * 524288 + '"\n'
    resp = api.post('/validate', {'template': big})
    assert_fault(resp, 400, 'RequestLimitExceeded', 'max_template_size (524288)')

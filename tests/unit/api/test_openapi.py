"""doc/openapi.yaml describes every route the router serves, and nothing
the router does not serve."""
import pathlib
import re

import yaml

from heat_conv.api import router

OPENAPI = pathlib.Path(__file__).resolve().parents[3] / 'doc' / 'openapi.yaml'
METHODS = ('get', 'head', 'post', 'put', 'patch', 'delete')
# Values that satisfy every path parameter's pattern in the router.
SAMPLES = {'stack_id': '6f1c9a52-0d55-4c1e-9d4e-3a2b1c0d9e8f',
           'arn': 'arn:openstack:heat::t:stacks/s/6f1c9a52-0d55-4c1e-9d4e-3a2b1c0d9e8f'}


def load():
    return yaml.safe_load(OPENAPI.read_text())


def operations(spec):
    for path, item in spec['paths'].items():
        for method in METHODS:
            if method in item:
                yield path, method.upper(), item[method]


def concrete(path):
    return re.sub(r'\{(\w+)\}', lambda m: SAMPLES.get(m.group(1), 'x-' + m.group(1)), path)


def routed_pairs(mapper):
    """(route, method) for every route and each method it accepts."""
    for route in mapper.matchlist:
        for method in route.conditions['method']:
            yield route, method


def matched_route(mapper, path, method):
    result = mapper.routematch(path, environ={'REQUEST_METHOD': method})
    return result[1] if result else None


def test_every_documented_operation_is_routed():
    mapper = router.make_mapper()
    unrouted = [(method, path) for path, method, _ in operations(load())
                if matched_route(mapper, concrete(path), method) is None]
    assert unrouted == []


def test_every_route_is_documented():
    mapper = router.make_mapper()
    covered = set()
    for path, method, _ in operations(load()):
        route = matched_route(mapper, concrete(path), method)
        covered.add((id(route), method))
    missing = [(method, route.routepath) for route, method in routed_pairs(mapper)
               if (id(route), method) not in covered]
    assert missing == []


def test_documented_path_parameters_are_declared():
    for path, method, operation in operations(load()):
        declared = {p['$ref'].rsplit('/', 1)[1] if '$ref' in p else p['name']
                    for p in operation.get('parameters', [])}
        for name in re.findall(r'\{(\w+)\}', path):
            assert name in declared, f'{method} {path}: {name} not declared'

"""The request context through heat-conv-all's real messaging: the events
an engine worker writes while converging a stack name the request that
created it."""
import time

import pytest
import requests

from tests.functional.all_in_one import AllInOne

TEMPLATE = {'heat_template_version': '2018-08-31',
            'resources': {'a': {'type': 'OS::Heat::Value', 'properties': {'value': 1}},
                          'b': {'type': 'OS::Heat::TestResource',
                                'properties': {'value': {'get_attr': ['a', 'value']}}}}}


@pytest.fixture(scope='module')
def service(tmp_path_factory):
    running = AllInOne(tmp_path_factory.mktemp('ctx')).start()
    yield running
    running.kill()


def test_worker_events_carry_the_creating_request(service):
    resp = requests.post(f'{service.endpoint}/stacks', timeout=30,
                         headers={'X-Auth-User': 'carol'},
                         json={'stack_name': 'traced', 'template': TEMPLATE})
    assert resp.status_code == 201, resp.text
    request_id = resp.headers['x-openstack-request-id']
    stack = resp.json()['stack']
    base = stack['links'][0]['href']
    deadline = time.monotonic() + 60
    while requests.get(base, timeout=30).json()['stack']['stack_status'] != \
            'CREATE_COMPLETE':
        assert time.monotonic() < deadline
        time.sleep(0.1)
    events = requests.get(base + '/events', timeout=30).json()['events']
    by_resource = {}
    for event in events:
        shown = requests.get(f'{base}/events/{event["id"]}', timeout=30).json()['event']
        by_resource.setdefault(event['resource_name'], set()).add(
            (shown['request_id'], shown['user_id']))
    # Written by the API (the stack's first event) and by workers (the
    # resources' and the stack's completion), all in the request's name.
    assert set(by_resource) == {'traced', 'a', 'b'}
    for name, seen in by_resource.items():
        assert seen == {(request_id, 'carol')}, (name, seen)

"""The Swift types in a stack that heat-conv (Keystone auth, the trust of
the non-admin demo user) creates, updates and deletes on the rig: a
SwiftSignal ends when an outside HTTP PUT (no credentials) reaches the
handle's temp URL, a changed container property replaces the container,
and the stack's delete leaves nothing of it in Swift."""
import json
import uuid

import pytest
import requests

from tests.realcloud import keystone_rig


def _template(tier):
    return {
        'heat_template_version': '2018-08-31',
        'resources': {
            'box': {'type': 'OS::Swift::Container', 'properties': {
                'X-Container-Meta': {'Tier': tier}, 'PurgeOnDelete': True}},
            'handle': {'type': 'OS::Heat::SwiftSignalHandle'},
            # shows the handle's URL before the wait ends
            'url': {'type': 'OS::Heat::Value',
                    'properties': {'value': {'get_attr': ['handle', 'endpoint']}}},
            'signal': {'type': 'OS::Heat::SwiftSignal', 'properties': {
                'handle': {'get_resource': 'handle'}, 'timeout': 120}},
        },
        'outputs': {
            'data': {'value': {'get_attr': ['signal', 'data']}},
            'website': {'value': {'get_attr': ['box', 'WebsiteURL']}},
            'box': {'value': {'get_resource': 'box'}},
        }}


@pytest.fixture(scope='module')
def heat_conv(rig, swift, tmp_path_factory):
    service = keystone_rig.KeystoneHeatConv(tmp_path_factory.mktemp('swift'), rig)
    try:
        yield service.start()
    finally:
        service.kill()


def _unique(prefix):
    return f'{prefix}-{uuid.uuid4().hex[:6]}'


def _outputs(stack):
    return {o['output_key']: o['output_value'] for o in stack['outputs']}


def _value(demo, name, stack_id, resource):
    path = f'/stacks/{name}/{stack_id}/resources/{resource}'
    found = {}

    def complete():
        resp = demo.request('GET', path)
        if resp.status_code == 200:
            found.update(resp.json()['resource'])
        return found.get('resource_status') == 'CREATE_COMPLETE'
    keystone_rig.wait_until(complete, f'{resource} never completed: {found}', timeout=60)
    return found['attributes']['value']


def _ours(swift, name, stack_id):
    return sorted(c.name for c in swift.object_store.containers()
                  if c.name.startswith(name + '-') or c.name == stack_id)


def test_a_stack_waits_for_an_outside_put_and_leaves_nothing_in_swift(
        rig, heat_conv, swift):
    demo = keystone_rig.User(rig, 'demo', heat_conv)
    name = _unique('hc-swift')
    stack_id = demo.create(name, _template('web'))
    try:
        url = _value(demo, name, stack_id, 'url')
        assert f'/{stack_id}/' in url and 'temp_url_sig=' in url
        assert demo.stack(name, stack_id)['stack_status'] == 'CREATE_IN_PROGRESS'
        resp = requests.put(url, json={'status': 'SUCCESS', 'data': 'up'}, timeout=30)
        assert resp.status_code == 201, resp.text
        stack = demo.wait(name, stack_id, 'CREATE_COMPLETE', timeout=60)
        outputs = _outputs(stack)
        assert json.loads(outputs['data']) == {'1': 'up'}
        box = outputs['box']
        assert outputs['website'] == f'{swift.object_store.get_endpoint()}/{box}'
        headers = swift.object_store.get_container_metadata(box).metadata
        assert headers == {'tier': 'web'}
        swift.object_store.create_object(box, 'kept', data=b'x')

        # The same template again: the container stays, with its object.
        resp = demo.request('PUT', f'/stacks/{name}/{stack_id}',
                            json={'template': _template('web')})
        assert resp.status_code == 202, resp.text
        stack = demo.wait(name, stack_id, 'UPDATE_COMPLETE', timeout=60)
        assert _outputs(stack)['box'] == box
        assert [o.name for o in swift.object_store.objects(box)] == ['kept']

        # A changed property replaces it; the old one goes (PurgeOnDelete).
        resp = demo.request('PUT', f'/stacks/{name}/{stack_id}',
                            json={'template': _template('db')})
        assert resp.status_code == 202, resp.text
        stack = demo.wait(name, stack_id, 'UPDATE_COMPLETE', timeout=60)
        replaced = _outputs(stack)['box']
        assert replaced != box
        assert swift.object_store.get_container_metadata(replaced).metadata == {
            'tier': 'db'}
        assert box not in _ours(swift, name, stack_id)
    finally:
        demo.request('DELETE', f'/stacks/{name}/{stack_id}')
        demo.wait(name, stack_id, None, timeout=60)
    assert _ours(swift, name, stack_id) == []




def _signal_only(timeout):
    return {
        'heat_template_version': '2018-08-31',
        'resources': {
            'handle': {'type': 'OS::Heat::SwiftSignalHandle'},
            'url': {'type': 'OS::Heat::Value',
                    'properties': {'value': {'get_attr': ['handle', 'curl_cli']}}},
            'signal': {'type': 'OS::Heat::SwiftSignal', 'properties': {
                'handle': {'get_resource': 'handle'}, 'timeout': timeout,
                'count': 2}},
        }}


@pytest.mark.parametrize('signal, reason', [
    ({'status': 'FAILURE', 'reason': 'no disk'},
     'SwiftSignalFailure: resources.signal: no disk'),
    (None, 'SwiftSignalTimeout: resources.signal: 0 of 2 received'),
])
def test_a_failure_signal_or_the_timeout_fails_the_stack(rig, heat_conv, swift,
                                                          signal, reason):
    demo = keystone_rig.User(rig, 'demo', heat_conv)
    name = _unique('hc-swift-fail')
    stack_id = demo.create(name, _signal_only(120 if signal else 3))
    try:
        curl = _value(demo, name, stack_id, 'url')
        assert curl.startswith("curl -i -X PUT 'http://127.0.0.1:8080/v1/AUTH_")
        if signal:
            url = curl.split("'")[1]
            resp = requests.put(url, json=signal, timeout=30)
            assert resp.status_code == 201, resp.text
        stack = demo.wait(name, stack_id, 'CREATE_FAILED', timeout=60)
        resp = demo.request('GET', f'/stacks/{name}/{stack_id}/resources/signal')
        assert resp.json()['resource']['resource_status_reason'] == reason
        assert stack['stack_status_reason'].endswith(reason), stack['stack_status_reason']
    finally:
        demo.request('DELETE', f'/stacks/{name}/{stack_id}')
        demo.wait(name, stack_id, None, timeout=60)
    assert _ours(swift, name, stack_id) == []

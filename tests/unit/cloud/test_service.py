"""The REST contract, driven with raw HTTP as other programs and users do."""
import json

import pytest
import requests

META = {'stack_id': 's1', 'resource_name': 'web'}


@pytest.fixture
def url(server):
    return server.url


@pytest.fixture
def obj(url):
    body = {'name': 'web', 'type': 'OS::Heat::TestResource', 'properties': {'value': 'a'},
            'metadata': META}
    return requests.post(url + '/v1/objects', json=body).json()['object']


def assert_error(resp, code, text=''):
    assert resp.status_code == code
    assert resp.headers['Content-Type'].startswith('application/json')
    error = resp.json()['error']
    assert error['code'] == code
    assert text in error['message']


def test_create_answers_201_with_location(fake_clock, url):
    body = {'name': 'web', 'type': 'T', 'properties': {'v': 1}, 'metadata': META,
            'wait_secs': 10, 'fail': False}
    resp = requests.post(url + '/v1/objects', json=body)
    assert resp.status_code == 201
    created = resp.json()['object']
    assert created['status'] == 'BUILDING'
    assert resp.headers['Location'] == f"{url}/v1/objects/{created['id']}"
    fake_clock.advance(10)
    assert requests.get(resp.headers['Location']).json()['object']['status'] == 'ACTIVE'


@pytest.mark.parametrize('data, text', [
    (b'{"name": "web", ', 'Malformed JSON'),
    (b'\xff\xfe\x00garbage', 'Malformed JSON'),
    (b'["web"]', 'must be an object'),
    (b'', 'body is required'),
    (b'{"type": "T"}', 'Missing field(s): name'),
    (b'{"name": "web", "type": "T", "colour": "red"}', 'Unknown field(s): colour'),
    (b'{"name": "web", "type": "T", "properties": [1]}', 'properties'),
    (b'{"name": "web", "type": "T", "wait_secs": "10"}', 'wait_secs'),
    (b'{"name": "web", "type": "T", "fail": "no"}', 'fail'),
])
def test_create_rejects_bad_bodies(url, data, text):
    resp = requests.post(url + '/v1/objects', data=data,
                         headers={'Content-Type': 'application/json'})
    assert_error(resp, 400, text)
    assert requests.get(url + '/v1/objects').json() == {'objects': []}


def test_list_and_filters(url, obj):
    other = {'name': 'db', 'type': 'T', 'metadata': {'stack_id': 's2', 'resource_name': 'db'}}
    requests.post(url + '/v1/objects', json=other)
    everything = requests.get(url + '/v1/objects').json()['objects']
    assert [o['name'] for o in everything] == ['web', 'db']
    resp = requests.get(url + '/v1/objects', params={'stack_id': 's1', 'resource_name': 'web'})
    assert resp.json() == {'objects': [obj]}
    assert requests.get(url + '/v1/objects?stack_id=s3').json() == {'objects': []}
    assert requests.get(url + '/v1/objects?stack_id=').json()['objects'] == everything


def test_show(url, obj):
    resp = requests.get(f"{url}/v1/objects/{obj['id']}")
    assert resp.status_code == 200
    assert resp.json() == {'object': obj}
    assert_error(requests.get(url + '/v1/objects/no-such-id'), 404, 'no-such-id')


def test_update(fake_clock, url, obj):
    resp = requests.put(f"{url}/v1/objects/{obj['id']}",
                        json={'properties': {'value': 'b'}, 'wait_secs': 3, 'fail': True})
    assert resp.status_code == 200
    updated = resp.json()['object']
    assert (updated['status'], updated['version']) == ('BUILDING', 2)
    fake_clock.advance(3)
    assert requests.get(f"{url}/v1/objects/{obj['id']}").json()['object']['status'] == 'ERROR'


def test_update_errors(url, obj):
    path = f"{url}/v1/objects/{obj['id']}"
    assert_error(requests.put(url + '/v1/objects/nope', json={'properties': {}}), 404)
    assert_error(requests.put(path, data=b'{'), 400, 'Malformed JSON')
    assert_error(requests.put(path, json={'wait_secs': 1}), 400, 'properties')
    assert_error(requests.put(path, json={'properties': 'x'}), 400, 'properties')
    requests.post(path + '/delete', json={'wait_secs': 5})
    assert_error(requests.put(path, json={'properties': {}}), 409, 'being deleted')


def test_patch_makes_drift_the_observer_can_see(url, obj):
    path = f"{url}/v1/objects/{obj['id']}"
    resp = requests.patch(path, json={'properties': {'value': 'changed', 'extra': 1}})
    assert resp.status_code == 200
    drifted = resp.json()['object']
    assert drifted['properties'] == {'value': 'changed', 'extra': 1}
    assert drifted['version'] == obj['version'] + 1
    status = requests.post(url + '/v1/objects/status', json={'ids': [obj['id']]}).json()
    assert status['objects'][obj['id']]['version'] == drifted['version']
    patched = requests.patch(path, json={'properties': {'extra': None}}).json()['object']
    assert patched['properties'] == {'value': 'changed'}


def test_patch_errors(url, obj):
    path = f"{url}/v1/objects/{obj['id']}"
    assert_error(requests.patch(url + '/v1/objects/nope', json={'properties': {}}), 404)
    assert_error(requests.patch(path, data=b'nonsense'), 400, 'Malformed JSON')
    assert_error(requests.patch(path, json={'props': {}}), 400)
    assert_error(requests.patch(path, json={'properties': 3}), 400, 'properties')


def test_out_of_band_delete_is_immediate(url, obj):
    path = f"{url}/v1/objects/{obj['id']}"
    resp = requests.delete(path)
    assert resp.status_code == 204
    assert resp.content == b''
    assert_error(requests.get(path), 404)
    assert_error(requests.delete(path), 404)


def test_engine_delete_answers_202_and_takes_time(fake_clock, url, obj):
    path = f"{url}/v1/objects/{obj['id']}"
    resp = requests.post(path + '/delete', json={'wait_secs': 4})
    assert resp.status_code == 202
    assert resp.json()['object']['status'] == 'DELETING'
    fake_clock.advance(4)
    assert_error(requests.get(path), 404)
    assert_error(requests.post(path + '/delete'), 404)


def test_engine_delete_without_wait(url, obj):
    resp = requests.post(f"{url}/v1/objects/{obj['id']}/delete")
    assert (resp.status_code, resp.json()) == (202, {'object': None})
    assert_error(requests.post(f"{url}/v1/objects/{obj['id']}/delete", data=b'{x'), 400)


def test_batch_status(url, obj):
    resp = requests.post(url + '/v1/objects/status', json={'ids': [obj['id'], 'gone']})
    assert resp.status_code == 200
    assert resp.json() == {'objects': {obj['id']: obj, 'gone': None}}
    assert requests.post(url + '/v1/objects/status', json={'ids': []}).json() == {'objects': {}}


@pytest.mark.parametrize('data', [b'{"ids": "abc"}', b'{"ids": [1, 2]}', b'{}', b'[]', b'{'])
def test_batch_status_rejects_bad_bodies(url, data):
    assert_error(requests.post(url + '/v1/objects/status', data=data), 400)


def test_faults_can_be_read_and_changed(url):
    faults = requests.get(url + '/v1/faults').json()['faults']
    assert faults['error_rate'] == 0.0
    resp = requests.put(url + '/v1/faults', json={'error_rate': 1.0, 'seed': 4})
    assert resp.json()['faults']['error_rate'] == 1.0
    assert_error(requests.get(url + '/v1/objects'), 500, 'Injected fault')
    # What GET answers can be PUT back as it is.
    restored = requests.put(url + '/v1/faults', json={'faults': faults}).json()['faults']
    assert restored == faults
    assert requests.get(url + '/v1/objects').status_code == 200


@pytest.mark.parametrize('data, text', [
    (b'{"error_rate": 2}', 'between 0 and 1'),
    (b'{"gremlins": 1}', 'gremlins'),
    (b'{"faults": 3}', 'faults'),
    (b'{oops', 'Malformed JSON'),
])
def test_bad_fault_settings_are_400(url, data, text):
    assert_error(requests.put(url + '/v1/faults', data=data), 400, text)
    assert requests.get(url + '/v1/faults').json()['faults']['error_rate'] == 0.0


def test_unknown_paths_and_methods(url, obj):
    assert_error(requests.get(url + '/v2/objects'), 404)
    assert_error(requests.get(url + '/v1/objects/a/b'), 404)
    resp = requests.patch(url + '/v1/objects', json={})
    assert_error(resp, 405)
    assert resp.headers['Allow'] == 'GET, POST'
    assert_error(requests.get(f"{url}/v1/objects/{obj['id']}/delete"), 405)


def test_an_object_id_that_looks_like_a_route_is_just_an_id(url):
    # Only POST /v1/objects/status is the batch call; other methods address
    # an object whose id happens to be "status".
    assert_error(requests.get(url + '/v1/objects/status'), 404, 'Object status not found')
    assert_error(requests.put(url + '/v1/objects/status', json={'properties': {}}), 404,
                 'Object status not found')


def test_a_chunked_body_is_read(url):
    body = json.dumps({'name': 'web', 'type': 'T', 'metadata': META}).encode()
    resp = requests.post(url + '/v1/objects', data=iter([body[:10], body[10:]]),
                         headers={'Content-Type': 'application/json'})
    assert resp.status_code == 201
    assert resp.json()['object']['metadata'] == META


def test_head_answers_the_headers_alone(url, obj):
    resp = requests.head(f"{url}/v1/objects/{obj['id']}")
    assert (resp.status_code, resp.content) == (405, b'')
    assert resp.headers['Allow'] == 'DELETE, GET, PATCH, PUT'


def test_location_names_the_host_the_client_used(url):
    resp = requests.post(url + '/v1/objects', json={'name': 'web', 'type': 'T'},
                         headers={'Host': 'cloud.example:8005'})
    assert resp.headers['Location'] == (
        f"http://cloud.example:8005/v1/objects/{resp.json()['object']['id']}")

"""The few calls of Heat's v1 REST API the benchmark makes.

Only what any Heat-compatible endpoint answers: stacks, events, resource
types. Nothing here knows about heat-conv.
"""
import time
from urllib.parse import quote

import requests


class ApiError(Exception):
    pass


class HeatClient:
    """``token``: a fixed X-Auth-Token; ``auth``: a keystoneauth Session,
    asked for its token at every call, so that it is renewed as it nears
    its end (a long run outlives one token)."""

    # Seconds to wait for one API answer. OpenStack Heat checks every
    # server's image and flavor with Nova and Glance before it answers a
    # create (some 200 calls for 50 servers), which took it more than 60 s
    # on the loaded mini-cloud: the request failed while the stack went on
    # being created, unmeasured.
    REQUEST_TIMEOUT = 300

    def __init__(self, endpoint, token=None, timeout=REQUEST_TIMEOUT, auth=None):
        self.endpoint = endpoint.rstrip('/')
        self.session = requests.Session()
        self.session.headers['Content-Type'] = 'application/json'
        if token:
            self.session.headers['X-Auth-Token'] = token
        self.auth = auth
        self.timeout = timeout

    def _call(self, method, path, ok=(200,), **kwargs):
        if self.auth is not None:
            kwargs['headers'] = {'X-Auth-Token': self.auth.get_token()}
        resp = self.session.request(method, self.endpoint + path,
                                    timeout=self.timeout, allow_redirects=False,
                                    **kwargs)
        if resp.status_code not in ok:
            raise ApiError(f'{method} {path}: {resp.status_code} {resp.text[:500]}')
        return resp

    def resource_type_problem(self, type_name):
        """None if the endpoint offers ``type_name``, else what it says (a
        404 for an unknown type; heat-conv answers 400 for one it knows of
        but does not implement)."""
        resp = self._call('GET', '/resource_types/' + quote(type_name, safe=''),
                          ok=(200, 400, 404))
        if resp.status_code == 200:
            return None
        try:
            return resp.json()['error']['message']
        except (ValueError, KeyError, TypeError):
            return f'{resp.status_code} {resp.reason}'

    def create(self, name, template, timeout_mins=None):
        body = {'stack_name': name, 'template': template, 'disable_rollback': True}
        if timeout_mins:
            body['timeout_mins'] = timeout_mins
        stack = self._call('POST', '/stacks', ok=(201,), json=body).json()['stack']
        return Stack(name, stack['id'])

    def update(self, stack, template):
        self._call('PUT', stack.path, ok=(202,), json={'template': template})

    def delete(self, stack):
        self._call('DELETE', stack.path, ok=(204,))

    def status(self, stack):
        """The stack's ``ACTION_STATUS`` and reason; None once it is gone."""
        resp = self._call('GET', stack.path, ok=(200, 404),
                          params={'resolve_outputs': 'false'})
        if resp.status_code == 404:
            return None, None
        body = resp.json()['stack']
        return body['stack_status'], body.get('stack_status_reason')

    def statuses(self):
        """{stack name: ACTION_STATUS} of every stack the list shows."""
        resp = self._call('GET', '/stacks')
        return {s['stack_name']: s['stack_status'] for s in resp.json()['stacks']}

    def events(self, stack, marker=None, **filters):
        params = dict(filters, sort_dir='asc')
        if marker:
            params['marker'] = marker
        resp = self._call('GET', stack.path + '/events', params=params)
        return resp.json()['events']

    def wait(self, stack, statuses, timeout, interval=0.05):
        """Poll until the stack's status is one of ``statuses`` (None: gone).

        Returns (status, reason, seconds since the call). A status ending in
        FAILED that was not asked for ends the wait too.
        """
        started = time.perf_counter()
        deadline = started + timeout
        while True:
            status, reason = self.status(stack)
            now = time.perf_counter()
            if status in statuses or (status or '').endswith('_FAILED'):
                return status, reason, now - started
            if now > deadline:
                return status, f'still {status} after {timeout:.0f} s', now - started
            time.sleep(interval)


class Stack:
    def __init__(self, name, stack_id):
        self.name = name
        self.id = stack_id
        self.path = f'/stacks/{quote(name, safe="")}/{stack_id}'

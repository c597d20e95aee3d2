"""Canned API answers, and a stand-in for heatclient and the shell around a
command, so the graph command runs without a server."""
import io

from heatclient import exc as heat_exc
from heatclient.v1 import resources as heat_resources
from heatclient.v1 import stacks as heat_stacks


def resource(name, required_by=(), status='CREATE_COMPLETE',
             type='OS::Heat::TestResource'):
    """One entry of ``GET .../resources`` as the API answers it."""
    return {'resource_name': name, 'logical_resource_id': name,
            'physical_resource_id': f'phys-{name}', 'resource_type': type,
            'resource_status': status, 'resource_status_reason': 'state changed',
            'required_by': list(required_by), 'links': []}


# sample-templates/fan.yaml, midway through a create.
FAN = [
    resource('source', ['worker_a', 'worker_b', 'worker_c']),
    resource('worker_a', ['collector']),
    resource('worker_b', ['collector'], status='CREATE_IN_PROGRESS'),
    resource('worker_c', ['collector'], status='CREATE_FAILED'),
    resource('collector', [], status='INIT_COMPLETE'),
]


class FakeHeatClient:
    """The parts of heatclient's v1 client that the graph command calls."""

    def __init__(self, stacks):
        # stack name -> (status, [resource dicts])
        self._stacks = stacks
        self.stacks = self
        self.resources = _Resources(self)
        self.resource_list_calls = []

    def get(self, stack_ref, resolve_outputs=True):
        name = stack_ref.split('/')[0]
        if name not in self._stacks:
            raise heat_exc.HTTPNotFound(f'The Stack ({name}) could not be found.')
        status, _ = self._stacks[name]
        return heat_stacks.Stack(None, {'id': f'id-{name}', 'stack_name': name,
                                        'stack_status': status}, loaded=True)


class _Resources:
    def __init__(self, client):
        self._client = client

    def list(self, stack_ref, **kwargs):
        self._client.resource_list_calls.append(stack_ref)
        _, rows = self._client._stacks[stack_ref.split('/')[0]]
        return [heat_resources.Resource(None, dict(row), loaded=True) for row in rows]


class FakeApp:
    """What a command sees of the shell: stdout and the client manager."""

    def __init__(self, client, stdout=None):
        self.stdout = stdout if stdout is not None else io.StringIO()
        self.client_manager = type('ClientManager', (), {'orchestration': client})()


class TerminalStringIO(io.StringIO):
    def isatty(self):
        return True

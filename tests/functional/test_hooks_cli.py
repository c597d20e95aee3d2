"""Hooks inside a nested stack through the real ``openstack`` CLI against
heat-conv-all: ``stack hook poll --nested-depth`` lists the pause and
``stack hook clear`` with a nested path resumes it."""
import json
import time

import pytest
import yaml

from tests.functional.all_in_one import AllInOne
from tests.functional.all_in_one import Clients

PARENT = {'heat_template_version': '2018-08-31',
          'resources': {'web': {'type': 'web.yaml'}}}
WEB = {'heat_template_version': '2018-08-31',
       'resources': {'a': {'type': 'OS::Heat::TestResource'},
                     'b': {'type': 'OS::Heat::TestResource', 'depends_on': 'a'}}}
ENV = {'resource_registry': {'resources': {'web': {'b': {'hooks': 'pre-create'}}}}}


@pytest.fixture(scope='module')
def service(tmp_path_factory):
    running = AllInOne(tmp_path_factory.mktemp('hooks')).start()
    yield running
    running.kill()


def test_hook_poll_and_clear_in_a_nested_stack(service, tmp_path):
    osc = Clients(service).openstack
    for name, body in (('parent.yaml', PARENT), ('web.yaml', WEB), ('env.yaml', ENV)):
        (tmp_path / name).write_text(yaml.safe_dump(body))
    osc('stack', 'create', '-t', str(tmp_path / 'parent.yaml'),
        '-e', str(tmp_path / 'env.yaml'), 'hooked')
    deadline = time.monotonic() + 60
    while True:
        polled = json.loads(osc('stack', 'hook', 'poll', 'hooked', '--nested-depth', '1',
                                '-f', 'json').stdout)
        if polled:
            break
        assert time.monotonic() < deadline, 'no pending hook listed'
        time.sleep(0.5)
    assert [(p['Resource Name'], p['Resource Status Reason']) for p in polled] == [
        ('b', 'CREATE paused until Hook pre-create is cleared')]
    # the top-level poll does not see into the child
    assert json.loads(osc('stack', 'hook', 'poll', 'hooked', '-f', 'json').stdout) == []
    assert service.stack('hooked')['stack_status'] == 'CREATE_IN_PROGRESS'
    osc('stack', 'hook', 'clear', '--pre-create', 'hooked', 'web/b')
    service.wait_for('hooked', 'CREATE_COMPLETE')
    osc('stack', 'delete', '--yes', 'hooked', '--wait')

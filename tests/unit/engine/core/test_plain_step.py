"""The step of a plain resource (no hook, no child stack, no signal) runs
on the engine's core and its resource plugin alone: no feature module is
even imported. Checked in a fresh interpreter, which records the modules
that running one ``check_resource`` step imports."""
import json
import subprocess
import sys
import textwrap

FEATURES = ('heat_conv.engine.nested', 'heat_conv.engine.signals',
            'heat_conv.engine.lifecycle', 'heat_conv.engine.recovery')

_SCRIPT = textwrap.dedent('''
    import json
    import sys

    from heat_conv import cmd
    cmd.prepare()
    from heat_conv.common import config
    config.set_lib_defaults()
    config.CONF([], project='heat_conv', default_config_files=[])
    from heat_conv.db import migration
    from heat_conv.db import session
    migration.upgrade(session.configure(sys.argv[1]))

    from heat_conv.cloud import client as cloud_client
    from heat_conv.cloud import store as cloud_store
    from heat_conv.common import context
    from heat_conv.engine import features  # noqa: F401 (as every engine process)
    from heat_conv.engine.core import rpc
    from heat_conv.engine.core import stack_operations
    from heat_conv.engine.core import worker


    class Casts:
        def __init__(self):
            self.queue = []

        def cast(self, ctxt, method, **kwargs):
            self.queue.append((method, json.loads(json.dumps(kwargs)), ctxt))


    casts = Casts()
    rpc.set_dispatcher(casts)
    cloud_client.set_client(cloud_client.LocalCloudClient(cloud_store.CloudStore()))
    endpoint = worker.EngineEndpoint()
    ctx = context.RequestContext(project_id='tenant', user_id='user')
    template = {'heat_template_version': '2018-08-31',
                'resources': {'plain': {'type': sys.argv[2],
                                        'properties': json.loads(sys.argv[3])}}}
    stack = stack_operations.create_stack(ctx, 'plain', template)

    method, kwargs, ctxt = casts.queue.pop(0)
    assert method == 'converge', method
    getattr(endpoint, method)(ctxt, **kwargs)
    method, kwargs, ctxt = casts.queue.pop(0)
    assert method == 'check_resource', method

    before = set(sys.modules)
    getattr(endpoint, method)(ctxt, **kwargs)
    from heat_conv.db import api as db_api
    row, = db_api.resources_of_stack(stack.id)
    print(json.dumps({'imported': sorted(set(sys.modules) - before),
                      'loaded': sorted(m for m in sys.modules if m.startswith('heat_conv.')),
                      'row': [row.action, row.status]}))
''')


def _run_one_step(tmp_path, type_name, properties):
    url = 'sqlite:///' + str(tmp_path / 'plain.sqlite')
    done = subprocess.run([sys.executable, '-c', _SCRIPT, url, type_name,
                           json.dumps(properties)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def _engine_modules_outside_the_core(loaded):
    return [m for m in loaded if m.startswith('heat_conv.engine.')
            and not m.startswith('heat_conv.engine.core')
            and m != 'heat_conv.engine.features']


def _resource_types_loaded(loaded):
    return [m for m in loaded if m.startswith(('heat_conv.resources.heat.',
                                               'heat_conv.resources.simulated.',
                                               'heat_conv.resources.openstack.'))]


def test_a_cloud_resource_step_runs_on_the_core_and_its_plugin(tmp_path):
    seen = _run_one_step(tmp_path, 'OS::Heat::TestResource', {'value': 'x'})
    assert seen['row'] == ['CREATE', 'COMPLETE']
    assert _engine_modules_outside_the_core(seen['loaded']) == []
    # Of the resource types, only this one's plugin (and the base it builds on).
    assert _resource_types_loaded(seen['loaded']) == [
        'heat_conv.resources.simulated.cloud_backed',
        'heat_conv.resources.simulated.test_resource']
    assert [m for m in seen['loaded'] if m.startswith(FEATURES)] == []


def test_a_slow_cloud_resource_step_runs_on_the_core_and_its_plugin(tmp_path):
    seen = _run_one_step(tmp_path, 'OS::Heat::TestResource',
                         {'value': 'x', 'action_wait_secs': {'create': 60}})
    assert seen['row'] == ['CREATE', 'IN_PROGRESS']   # it waits for the cloud
    assert _engine_modules_outside_the_core(seen['loaded']) == []
    assert [m for m in seen['loaded'] if m.startswith(FEATURES)] == []
    assert [m for m in seen['imported'] if m.startswith('heat_conv.engine.')
            and not m.startswith('heat_conv.engine.core')] == []


def test_an_inline_resource_step_runs_on_the_core_and_its_plugin(tmp_path):
    seen = _run_one_step(tmp_path, 'OS::Heat::None', {})
    assert seen['row'] == ['CREATE', 'COMPLETE']
    assert _engine_modules_outside_the_core(seen['loaded']) == []
    assert [m for m in seen['imported'] if m.startswith('heat_conv.engine.')
            and not m.startswith('heat_conv.engine.core')] == []

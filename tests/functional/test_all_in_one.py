"""heat-conv-all as users run it: a subprocess driven by the real ``openstack``
CLI and by ``heat-conv``, on SQLite and in-process messaging (no MariaDB or
RabbitMQ needed).

Each story below works on its own stack; they run concurrently, as several
users would, which also keeps the test short: most of a CLI call is its
start-up, and heatclient's ``--wait`` polls every five seconds.
"""
import concurrent.futures
import json

import pytest
import requests

from tests.functional.all_in_one import AllInOne
from tests.functional.all_in_one import Clients
from tests.functional.all_in_one import assert_waited
from tests.functional.all_in_one import sample
from tests.metrics_scrape import Scrape

FAN_RESOURCES = ('source', 'worker_a', 'worker_b', 'worker_c', 'collector')


@pytest.fixture(scope='module')
def service(tmp_path_factory):
    running = AllInOne(tmp_path_factory.mktemp('all-in-one')).start()
    yield running
    running.kill()   # only if a test failed before Ctrl-C stopped it


@pytest.fixture(scope='module')
def clients(service):
    return Clients(service)


def in_background(*call):
    """Start a (blocking) CLI call; its future."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    future = pool.submit(*call)
    pool.shutdown(wait=False)
    return future


def parallel(*calls):
    """Run independent CLI calls at once; their results, in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(*call) for call in calls]
        return [future.result() for future in futures]


def fan_create_read_update_delete(service, clients):
    out = clients.openstack('stack', 'create', '-t', sample('fan.yaml'), 'fan',
                            '--wait', '--poll', '1').stdout
    assert_waited(out, 'fan', 'CREATE', FAN_RESOURCES)
    assert service.outputs('fan') == {'joined': 'hello-a hello-b hello-c'}
    before = service.physical_ids('fan')

    osc = clients.openstack
    listed, dot, shown, events, outputs, output, template, tree = parallel(
        (osc, 'stack', 'resource', 'list', 'fan', '-f', 'json'),
        (osc, 'stack', 'resource', 'list', 'fan', '-f', 'dot'),
        (osc, 'stack', 'resource', 'show', 'fan', 'collector', '-f', 'json'),
        (osc, 'stack', 'event', 'list', 'fan', '-f', 'json'),
        (osc, 'stack', 'output', 'list', 'fan', '-f', 'json'),
        (osc, 'stack', 'output', 'show', 'fan', 'joined', '-f', 'json'),
        (osc, 'stack', 'template', 'show', 'fan', '-f', 'json'),
        (osc, 'stack', 'graph', 'fan'),   # heat-conv's plugin command, in openstack
    )
    assert {(r['resource_name'], r['resource_status']) for r in
            json.loads(listed.stdout)} == {(name, 'CREATE_COMPLETE')
                                           for name in FAN_RESOURCES}
    assert dot.stdout.startswith('digraph') and dot.stdout.count('->') == 6
    collector = json.loads(shown.stdout)
    assert collector['attributes'] == {'output': 'hello-a hello-b hello-c'}
    assert collector['physical_resource_id'] == before['collector']
    assert ('fan', 'CREATE_COMPLETE') in {(e['resource_name'], e['resource_status'])
                                          for e in json.loads(events.stdout)}
    assert [o['output_key'] for o in json.loads(outputs.stdout)] == ['joined']
    assert json.loads(output.stdout)['output_value'] == 'hello-a hello-b hello-c'
    assert set(json.loads(template.stdout)['resources']) == set(FAN_RESOURCES)
    assert '    `-- collector: drawn under worker_a' in tree.stdout.splitlines()

    out = clients.openstack('stack', 'update', '--existing', '--parameter',
                            'greeting=bye', 'fan', '--wait').stdout
    assert_waited(out, 'fan', 'UPDATE', FAN_RESOURCES)
    assert service.stack('fan')['stack_status'] == 'UPDATE_COMPLETE'
    assert service.outputs('fan') == {'joined': 'bye-a bye-b bye-c'}
    assert service.physical_ids('fan') == before, 'updated in place, not replaced'

    clients.openstack('stack', 'delete', '--yes', 'fan')
    service.wait_for('fan', None)


def replace_preview_then_replace(service, clients):
    clients.openstack('stack', 'create', '-t', sample('replace.yaml'), 'rep',
                      '--wait', '--poll', '1')
    old = service.outputs('rep')['server_id']
    preview = clients.openstack('stack', 'update', '-t', sample('replace.yaml'),
                                '--parameter', 'generation=2', 'rep', '--dry-run',
                                '-f', 'json')
    assert [r['resource_name'] for r in json.loads(preview.stdout)['replaced']] == \
        ['server']
    assert service.stack('rep')['stack_status'] == 'CREATE_COMPLETE', 'only a preview'

    out = clients.openstack('stack', 'update', '-t', sample('replace.yaml'),
                            '--parameter', 'generation=2', 'rep', '--wait').stdout
    events = assert_waited(out, 'rep', 'UPDATE', ['server', 'client'])
    server_events = [status for _, where, status in events if where == 'rep.server']
    # The replacement is built first; the old server goes last.
    assert server_events[:2] == ['CREATE_IN_PROGRESS', 'CREATE_COMPLETE']
    assert server_events[-1] == 'DELETE_COMPLETE'
    new = service.outputs('rep')['server_id']
    assert new != old
    assert service.physical_ids('rep')['server'] == new
    clients.openstack('stack', 'delete', '--yes', 'rep')
    service.wait_for('rep', None)


def failing_update_rolls_back_then_check(service, clients):
    created, validated = parallel(
        (clients.openstack, 'stack', 'create', '-t', sample('rollback.yaml'), 'rb',
         '--enable-rollback', '--wait', '--poll', '1'),
        (clients.openstack, 'orchestration', 'template', 'validate',
         '-t', sample('rollback.yaml'), '-f', 'json'))
    assert_waited(created.stdout, 'rb', 'CREATE', ['base', 'fragile'])
    assert json.loads(validated.stdout)['Parameters']['fail']['Default'] is False

    failed = clients.openstack('stack', 'update', '--existing', '--parameter', 'fail=true',
                               '--parameter', 'value=bad', 'rb', '--wait', ok=False)
    assert failed.returncode == 1
    assert 'Stack rb UPDATE_FAILED' in failed.stderr
    assert_waited(failed.stdout, 'rb', 'UPDATE', ['fragile'], final='FAILED')
    service.wait_for('rb', 'ROLLBACK_COMPLETE')
    assert service.outputs('rb') == {'value': 'good'}

    checked = clients.openstack('stack', 'check', 'rb', '--wait').stdout
    assert_waited(checked, 'rb', 'CHECK', ['base', 'fragile'])
    clients.openstack('stack', 'delete', '--yes', 'rb')
    service.wait_for('rb', None)


def update_supersedes_create_then_cancel(service, clients):
    # A create that would take ten minutes: however slowly the CLI starts,
    # the update lands while it runs. The test ends the create through the
    # simulated cloud once the update has begun.
    clients.openstack('stack', 'create', '-t', sample('slow.yaml'),
                      '--parameter', 'create_secs=600', 'slow')
    assert service.stack('slow')['stack_status'] == 'CREATE_IN_PROGRESS'
    updating = in_background(clients.heat_conv, 'stack', 'update', '--existing',
                             '--parameter', 'value=second', 'slow', '--wait')
    service.wait_for('slow', 'UPDATE_IN_PROGRESS')
    assert service.resource_status('slow', 'slow') == 'CREATE_IN_PROGRESS'
    service.finish_cloud_action('slow', 'slow')
    events = assert_waited(updating.result().stdout, 'slow', 'UPDATE', ['slow', 'after'])
    # --wait prints only what happened after the update began, so this
    # proves the update superseded a create still in progress.
    assert 'CREATE_COMPLETE' in [status for _, where, status in events
                                 if where == 'slow.slow']
    assert service.outputs('slow') == {'value': 'second'}

    # An update whose cloud action would take ten minutes, cancelled midway:
    # the rollback waits for the action in flight, which the test then ends.
    clients.openstack('stack', 'update', '--existing', '--parameter', 'value=third',
                      '--parameter', 'update_secs=600', 'slow')
    service.wait_for_resource('slow', 'slow', 'UPDATE_IN_PROGRESS')
    cancelling = in_background(clients.openstack, 'stack', 'cancel', 'slow', '--wait')
    service.wait_for('slow', 'ROLLBACK_IN_PROGRESS')
    service.finish_cloud_action('slow', 'slow')
    events = assert_waited(cancelling.result().stdout, 'slow', 'ROLLBACK', ['slow'])
    assert [status for _, where, status in events if where == 'slow'][0] == \
        'ROLLBACK_IN_PROGRESS'
    assert service.outputs('slow') == {'value': 'second'}
    clients.openstack('stack', 'delete', '--yes', 'slow')
    service.wait_for('slow', None)


def heat_conv_cli(service, clients):
    out = clients.heat_conv('stack', 'create', '-t', sample('fan.yaml'), 'hcfan',
                            '--wait').stdout
    assert_waited(out, 'hcfan', 'CREATE', FAN_RESOURCES)
    tree = clients.heat_conv('stack', 'graph', 'hcfan').stdout
    assert tree.splitlines()[:3] == [
        'stack hcfan: CREATE_COMPLETE',
        'source [OS::Heat::TestResource] CREATE_COMPLETE',
        '|-- worker_a [OS::Heat::TestResource] CREATE_COMPLETE']
    clients.heat_conv('stack', 'delete', '--yes', 'hcfan', '--wait')
    assert service.stack('hcfan') is None


ECHO_TEMPLATE = """
HeatTemplateFormatVersion: '2012-12-12'
Parameters:
  words: {Type: CommaDelimitedList, Default: ''}
Resources:
  echo:
    Type: My::Echo
    Properties:
      value: {'Fn::Join': [' ', {Ref: words}]}
Outputs:
  said: {Value: {'Fn::GetAtt': [echo, output]}}
"""
ECHO_ENV_1 = """
parameter_merge_strategies: {words: merge}
parameters: {words: [hello]}
resource_registry: {'My::Echo': 'OS::Heat::TestResource'}
"""
ECHO_ENV_2 = """
parameter_merge_strategies: {words: merge}
parameters: {words: [world]}
"""


def cloudformation_templates(service, clients, tmp):
    osc = clients.openstack
    versions, functions, provider, validated = parallel(
        (osc, 'orchestration', 'template', 'version', 'list', '-f', 'json'),
        (osc, 'orchestration', 'template', 'function', 'list',
         'AWSTemplateFormatVersion.2010-09-09', '-f', 'json'),
        (osc, 'orchestration', 'resource', 'type', 'show', 'OS::Heat::TestResource',
         '--template-type', 'cfn', '-f', 'json'),
        (osc, 'orchestration', 'template', 'validate', '-t', sample('cloudformation.yaml'),
         '-f', 'json'))
    assert {'version': 'AWSTemplateFormatVersion.2010-09-09', 'type': 'cfn'} in [
        {'version': v['Version'], 'type': v['Type']} for v in json.loads(versions.stdout)]
    assert 'Fn::FindInMap' in [f['Functions'] for f in json.loads(functions.stdout)]
    assert json.loads(provider.stdout)['HeatTemplateFormatVersion'] == '2012-12-12'
    validated = json.loads(validated.stdout)
    assert validated['Parameters']['env_type']['AllowedValues'] == ['test', 'prod']
    assert validated['Environment']['resource_registry'] == {'resources': {}}

    out = osc('stack', 'create', '-t', sample('cloudformation.yaml'), 'cfn', '--wait',
              '--poll', '1').stdout
    assert_waited(out, 'cfn', 'CREATE', ['config', 'app'])
    assert service.outputs('cfn') == {'app_config': 'cfn-test-1', 'monitor_id': 'none'}
    out = osc('stack', 'update', '--existing', '--parameter', 'env_type=prod', 'cfn',
              '--wait').stdout
    assert_waited(out, 'cfn', 'UPDATE', ['config', 'monitor'])
    outputs = service.outputs('cfn')
    assert outputs == {'app_config': 'cfn-prod-3',
                       'monitor_id': service.physical_ids('cfn')['monitor']}
    assert service.stack('cfn')['parameters']['AWS::StackName'] == 'cfn'

    # Environment files, merged by the service with their strategies (the
    # client sends its own merge as well); the registry alias is what the
    # resource list shows.
    (tmp / 'echo.yaml').write_text(ECHO_TEMPLATE)
    (tmp / 'env1.yaml').write_text(ECHO_ENV_1)
    (tmp / 'env2.yaml').write_text(ECHO_ENV_2)
    osc('stack', 'create', '-t', str(tmp / 'echo.yaml'), '-e', str(tmp / 'env1.yaml'),
        '-e', str(tmp / 'env2.yaml'), 'echo', '--wait', '--poll', '1')
    assert service.outputs('echo') == {'said': 'hello world'}
    listed = json.loads(osc('stack', 'resource', 'list', 'echo', '-f', 'json').stdout)
    assert [(r['resource_name'], r['resource_type']) for r in listed] == [
        ('echo', 'My::Echo')]
    parallel((osc, 'stack', 'delete', '--yes', 'cfn'),
             (osc, 'stack', 'delete', '--yes', 'echo'))
    service.wait_for('cfn', None)
    service.wait_for('echo', None)


STORIES = (fan_create_read_update_delete, replace_preview_then_replace,
           failing_update_rolls_back_then_check, update_supersedes_create_then_cancel,
           heat_conv_cli, cloudformation_templates)


def test_stories_through_the_cli(service, clients, tmp_path):
    def run(story):
        if story is cloudformation_templates:
            return story(service, clients, tmp_path)
        return story(service, clients)

    with concurrent.futures.ThreadPoolExecutor(max_workers=len(STORIES)) as pool:
        futures = {story.__name__: pool.submit(run, story) for story in STORIES}
    failures = {name: future.exception() for name, future in futures.items()
                if future.exception() is not None}
    assert not failures, '\n\n'.join(
        [f'{name}: {error}' for name, error in failures.items()] +
        [f'heat-conv-all log (tail):\n{service.log(tail=3000)}'])


def test_its_one_metrics_endpoint_counts_every_service(service):
    """The API's, the engine's and the observer's metrics, one registry on
    one port: a create through the API is seen by each."""
    before = Scrape(service.metrics_url)
    template = {'heat_template_version': '2018-08-31', 'resources': {
        'slow': {'type': 'OS::Heat::TestResource', 'properties': {'wait_secs': 1}}}}
    created = requests.post(f'{service.endpoint}/stacks', json={
        'stack_name': 'scraped', 'template': template}, timeout=30)
    assert created.status_code == 201, created.text
    service.wait_for('scraped', 'CREATE_COMPLETE')
    after = Scrape(service.metrics_url)
    assert after.moved(before, 'heat_conv_api_requests_total',
                       method='POST', status='201') == 1
    assert after.moved(before, 'heat_conv_operations_total',
                       action='CREATE', outcome='COMPLETE') >= 1
    assert after.moved(before, 'heat_conv_messages_received_total', method='converge') >= 1
    assert after.value('heat_conv_observer_poll_duration_seconds_count') > 0
    assert after.value('heat_conv_observers_alive') == 1


def test_ctrl_c_stops_it_cleanly(service):
    code = service.interrupt(timeout=30)
    assert code == 0, f'exit code {code}\n{service.log()}'
    assert 'heat-conv stopped.' in service.log()

"""The processes the devstack plugin starts, with the config it writes, run
a stack on MariaDB and RabbitMQ."""
import shlex
import subprocess
import time
import uuid

import kombu
import requests
import sqlalchemy as sa

from tests import services
from tests.deploy.devstack import PROCESSES
from tests.deploy.devstack import Devstack
from tests.functional.all_in_one import free_port

TEMPLATE = '''
heat_template_version: 2018-08-31
resources:
  first:
    type: OS::Heat::TestResource
    properties: {value: one}
  second:
    type: OS::Heat::TestResource
    properties: {value: {get_attr: [first, output]}}
'''


def _wait(condition, what, procs, timeout=90):
    deadline = time.monotonic() + timeout
    while not condition():
        for name, proc, log in procs:
            assert proc.poll() is None, f'{name} exited:\n{log.read_text()[-4000:]}'
        assert time.monotonic() < deadline, f'timed out waiting for {what}'
        time.sleep(0.2)


def _answers(url):
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.ConnectionError:
        return False


def _consumers(rabbit_url, queue):
    """Consumers of an oslo.messaging topic's queue in RabbitMQ (0 before
    anyone declared it): a cast sent earlier would be dropped."""
    with kombu.Connection(rabbit_url.replace('rabbit://', 'amqp://', 1)) as conn:
        try:
            return conn.channel().queue_declare(queue=queue, passive=True).consumer_count
        except conn.channel_errors:
            return 0


def test_devstack_processes_create_and_delete_a_stack(tmp_path, mysql_url):
    rabbit = services.rabbit_url()
    api_port, cloud_port = free_port(), free_port()
    host = Devstack(tmp_path, HEAT_CONV_DB_NAME=sa.engine.make_url(mysql_url).database,
                    HEAT_CONV_API_PORT=api_port, HEAT_CONV_CLOUD_PORT=cloud_port,
                    STUB_TRANSPORT_URL=rabbit,
                    # heat-conv-api's own server: no Apache here to proxy uWSGI's
                    # socket (tests/deploy/test_uwsgi.py serves the API under uWSGI).
                    HEAT_CONV_USE_UWSGI='False')
    host.run('stack', 'post-config')
    # The broker is shared with other test runs: a topic and exchange of our own.
    suffix = uuid.uuid4().hex[:8]
    conf = host.config()
    conf['DEFAULT']['control_exchange'] = f'heat_conv_test_{suffix}'
    conf['engine']['topic'] = f'heat-conv-test-{suffix}'
    with open(host.conf_file, 'w') as f:
        conf.write(f)

    commands = {call[1]: shlex.split(call[2])
                for call in host.run('stack', 'extra') if call[0] == 'run_process'}
    assert sorted(commands) == sorted(PROCESSES)
    procs = []
    try:
        for name, argv in commands.items():
            log = tmp_path / f'{name}.log'
            with open(log, 'wb') as out:
                procs.append((name, subprocess.Popen(argv, stdout=out,
                                                     stderr=subprocess.STDOUT), log))
        api = f'http://127.0.0.1:{api_port}'
        _wait(lambda: _answers(f'{api}/healthcheck'), 'the API', procs)
        workers = int(conf['engine']['workers'])
        _wait(lambda: _consumers(rabbit, conf['engine']['topic']) >= workers,
              'the engines to listen', procs)
        endpoint = f'{api}/v1/admin'
        resp = requests.post(f'{endpoint}/stacks', timeout=10, json={
            'stack_name': 'devstack-check', 'template': TEMPLATE})
        assert resp.status_code == 201, resp.text
        stack_id = resp.json()['stack']['id']

        def status():
            return requests.get(f'{endpoint}/stacks/devstack-check',
                                timeout=5).json()['stack']['stack_status']
        _wait(lambda: status() in ('CREATE_COMPLETE', 'CREATE_FAILED'), 'the create',
              procs)
        assert status() == 'CREATE_COMPLETE'
        objects = requests.get(f'http://127.0.0.1:{cloud_port}/v1/objects', timeout=5).json()
        assert sorted(o['metadata']['resource_name'] for o in objects['objects']) == [
            'first', 'second']

        assert requests.delete(f'{endpoint}/stacks/devstack-check/{stack_id}',
                               timeout=10).status_code == 204
        _wait(lambda: not requests.get(f'http://127.0.0.1:{cloud_port}/v1/objects',
                                       timeout=5).json()['objects'], 'the delete', procs)
    finally:
        for _, proc, _ in procs:
            proc.terminate()
        for name, proc, log in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

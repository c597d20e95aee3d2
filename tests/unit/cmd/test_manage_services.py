"""heat-conv-manage service list|clean, and reset_stack_status from the
command line, on a database whose heartbeats the test writes."""
import datetime
import subprocess
import sys

import pytest
import sqlalchemy as sa

from heat_conv.common import timeutils
from heat_conv.db import api as db_api
from heat_conv.db import migration
from heat_conv.db import models
from heat_conv.db import session as db_session


def _manage(conf, *args):
    return subprocess.run([sys.executable, '-m', 'heat_conv.cmd.manage',
                           '--config-file', conf, *args],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def deployment(tmp_path):
    """A migrated SQLite database with four processes' heartbeats: an
    engine up, one down, one down still holding a resource lock, and an
    observer that stopped."""
    engine = db_session.configure('sqlite:///' + str(tmp_path / 'heat_conv.sqlite'))
    migration.upgrade(engine)
    now = timeutils.utcnow()
    long_ago = now - datetime.timedelta(minutes=5)
    # Up for 3 minutes: the commands' interpreters take seconds to start here.
    db_api.service_heartbeat('e-up', 'host-a', 'heat-conv-engine', 'heat-conv-engine', 60,
                             rpc_version='1.10')
    for sid in ('e-down', 'e-locking'):
        db_api.service_heartbeat(sid, 'host-b', 'heat-conv-engine', 'heat-conv-engine', 2)
    db_api.service_heartbeat('o-stopped', 'host-c', 'heat-conv-observer', None, 2,
                             rpc_version='1.10')
    db_api.service_delete('o-stopped')
    stack = db_api.stack_create({'name': 's', 'tenant': 't', 'action': 'CREATE',
                                 'status': 'IN_PROGRESS'})
    with engine.begin() as conn:
        conn.execute(sa.update(models.Service)
                     .where(models.Service.id.in_(['e-down', 'e-locking']))
                     .values(updated_at=long_ago))
        conn.execute(sa.insert(models.Resource).values(
            stack_id=stack.id, name='R', type='OS::Heat::None', action='CREATE',
            status='IN_PROGRESS', engine_id='e-locking', atomic_key=1,
            created_at=now))
    engine.dispose()
    conf = tmp_path / 'heat_conv.conf'
    conf.write_text(f'[DEFAULT]\nstate_path = {tmp_path}\n')
    return str(conf), stack.id


def _listed(conf):
    result = _manage(conf, 'service', 'list')
    assert result.returncode == 0, result.stderr
    header, *lines = result.stdout.splitlines()
    assert header.split() == ['Id', 'Binary', 'Host', 'Topic', 'RPC', 'version', 'Status',
                              'Updated', 'At']
    return {line.split()[0]: line.split() for line in lines}


def test_service_list_says_who_is_up(deployment):
    conf, _ = deployment
    listed = _listed(conf)
    assert set(listed) == {'e-up', 'e-down', 'e-locking', 'o-stopped'}
    assert listed['e-up'][1:6] == ['heat-conv-engine', 'host-a', 'heat-conv-engine',
                                       '1.10', 'up']
    assert listed['e-down'][4] == 'down'   # no RPC version: the column is empty
    assert listed['o-stopped'][-2] == 'stopped'


def test_service_clean_forgets_the_dead_but_not_a_lock_holder(deployment):
    conf, _ = deployment
    result = _manage(conf, 'service', 'clean')
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == '2 dead service(s) removed, 1 kept'
    assert 'kept heat-conv-engine e-locking on host-b' in result.stdout
    assert set(_listed(conf)) == {'e-up', 'e-locking'}


def test_reset_stack_status_from_the_command_line(deployment):
    conf, stack_id = deployment
    result = _manage(conf, 'reset_stack_status', stack_id)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f'reset 1 stack(s) and 1 resource(s) to FAILED: {stack_id}'
    again = _manage(conf, 'reset_stack_status', stack_id)
    assert again.stdout.strip() == f'stack {stack_id} is not IN_PROGRESS: nothing to reset'
    missing = _manage(conf, 'reset_stack_status', 'no-such-stack')
    assert (missing.returncode, missing.stderr.strip().splitlines()[-1]) == (
        1, 'heat-conv-manage: no stack no-such-stack')

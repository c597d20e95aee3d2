"""A rolling upgrade from the previous release, on MariaDB and RabbitMQ.

The previous release is a commit of main from before RPC pinning
(PREVIOUS_RELEASE, or $HEAT_CONV_PREVIOUS_RELEASE): its tree is taken
from git once and cached (~/.cache/heat-conv/previous-release/COMMIT), and
its processes run it with this environment's libraries ahead of this
release's code (PYTHONPATH). The order is doc/operations.md's
("Upgrades"):

1. the previous release's engines and observer run on its schema;
2. this release's API (the test process) comes up pinned
   (``[upgrade_levels] engine = 0.1``), ``db sync`` runs under the old
   engines, and one engine is replaced by this release's, pinned;
3. stacks are created, updated and deleted through the mixed fleet, and
   both releases' engines take their steps;
4. the upgrade finishes: the last old engine and the observer are
   replaced, the pin goes, and stacks run again.
"""
import os
import pathlib
import subprocess
import time

import pytest
import sqlalchemy as sa

from heat_conv.common import config
from heat_conv.db import api as db_api
from heat_conv.db import migration
from heat_conv.db import session as db_session
from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc
from tests import services
from tests.scenarios import process_driver
from tests.scenarios.library import assert_reality
from tests.scenarios.library import attr
from tests.scenarios.library import res
from tests.scenarios.library import tmpl

CONF = config.CONF

# main before [upgrade_levels] (RPC 1.10, schema 0011_stack_user_project).
PREVIOUS_RELEASE = os.environ.get('HEAT_CONV_PREVIOUS_RELEASE',
                                  'b32910bebd5b61601222ee51d0bb9c45cc5ff9eb')
PREVIOUS_SCHEMA = '0011_stack_user_project'
REPO = pathlib.Path(__file__).resolve().parents[2]
CACHE = pathlib.Path(os.environ.get('XDG_CACHE_HOME', pathlib.Path.home() / '.cache'))


def previous_release():
    """The previous release's source tree (cached), or skip saying why."""
    tree = CACHE / 'heat-conv' / 'previous-release' / PREVIOUS_RELEASE
    if (tree / 'heat_conv' / '__init__.py').exists():
        return tree
    found = subprocess.run(['git', '-C', str(REPO), 'cat-file', '-e',
                            PREVIOUS_RELEASE + '^{commit}'], capture_output=True)
    if found.returncode != 0:
        services.unavailable('the previous release',
                             f'commit {PREVIOUS_RELEASE} is not in {REPO}')
    partial = tree.with_name(tree.name + f'.{os.getpid()}')
    partial.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(['git', '-C', str(REPO), 'archive', PREVIOUS_RELEASE,
                              'heat_conv'], capture_output=True, check=True).stdout
    subprocess.run(['tar', '-x', '-C', str(partial)], input=archive, check=True)
    os.replace(partial, tree)   # whole, or not at all
    return tree


def _old_env(tree):
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join([str(tree), env.get('PYTHONPATH', '')]).rstrip(
        os.pathsep)
    return env


WIDE = tmpl({**{f'L{i}': res(f'l{i}') for i in range(6)},
             'S': res('s', wait=2), 'T': res(attr('S'))})
WIDER = tmpl({**{f'L{i}': res(f'l{i}-2') for i in range(6)},
              'S': res('s2', wait=2), 'T': res(attr('S')), 'U': res('u')})


def _expected(template):
    values = {name: {'value': body['properties']['value']}
              for name, body in template['resources'].items()}
    values['T'] = {}   # S's attribute, whatever the cloud made of it
    return values


def _engines():
    return {s.id: s for s in db_api.service_list()
            if s.binary == 'heat-conv-engine' and s.deleted_at is None}


def _old_engine_count():
    with db_session.get_engine().connect() as conn:
        return conn.execute(sa.text(
            "SELECT COUNT(*) FROM service WHERE deleted_at IS NULL "
            "AND `binary` = 'heat-conv-engine'")).scalar()


def _wait(predicate, what, timeout=90):
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f'timed out waiting for {what}'
        time.sleep(0.2)


def _steps_logged(cluster, proc, since=0):
    text = cluster.log_of(proc)[since:]
    return sum(text.count(f'{method} {{') for method in ('check_resource', 'run_batch'))


def _round_trip(d, template, then):
    """Create, update, and delete a stack; every operation completes."""
    d.create(template, name=f'rolling-{time.monotonic_ns()}')
    assert d.settle() == 'CREATE_COMPLETE'
    assert_reality(d, _expected(template))
    d.update(then)
    assert d.settle() == 'UPDATE_COMPLETE'
    assert_reality(d, _expected(then))
    d.delete()
    assert d.settle() == 'DELETE_COMPLETE'
    assert d.objects() == []


@pytest.fixture
def fleet(tmp_path):
    tree = previous_release()
    url, drop = services.mysql_database()
    rabbit = services.rabbit_url()
    engine = db_session.configure(url)
    migration.upgrade(engine, PREVIOUS_SCHEMA)
    # This release's API, pinned to what the previous release speaks.
    CONF.set_override('engine', '0.1', group='upgrade_levels')
    cluster = process_driver.Cluster(url, rabbit, str(tmp_path), engines=0, observers=0)
    cluster.db_url = url
    with open(cluster.conf_file, 'a') as f:
        f.write('[upgrade_levels]\nengine = 0.1\n')   # the previous release ignores it
    yield cluster, _old_env(tree)
    cluster.close()
    engine.dispose()
    drop()
    CONF.clear_override('engine', group='upgrade_levels')


def test_rolling_upgrade(fleet):
    cluster, old_env = fleet
    old = [cluster.start_engine(old_env), cluster.start_engine(old_env)]
    old_observer = cluster.start_observer(old_env)
    # Read as the previous release's schema has it: this release's model
    # has a column db sync has not added yet.
    _wait(lambda: _old_engine_count() == 2, 'the previous release\'s engines')
    assert cluster.dispatcher.version_cap == '1.10'
    d = next(drivers := process_driver.driving(cluster))
    try:
        # The schema moves on under the previous release.
        migration.upgrade(db_session.get_engine())
        old_ids = set(_engines())
        assert {e.rpc_version for e in _engines().values()} == {None}, \
            'the previous release reports no RPC version'

        # One engine upgraded, pinned: a mixed fleet.
        cluster.kill(old[0])
        new = cluster.start_engine()
        _wait(lambda: any(e.rpc_version == messages.VERSION for e in _engines().values()),
              'this release\'s engine')
        since = len(cluster.log_of(old[1]))
        _round_trip(d, WIDE, WIDER)
        assert _steps_logged(cluster, old[1], since) > 0, 'the old engine took no step'
        assert _steps_logged(cluster, new) > 0, 'the new engine took no step'

        # The upgrade finishes: no old process, no pin.
        cluster.kill(old[1])
        cluster.kill(old_observer)
        with open(cluster.conf_file) as f:
            unpinned = f.read().replace('[upgrade_levels]\nengine = 0.1\n', '')
        with open(cluster.conf_file, 'w') as f:
            f.write(unpinned)
        CONF.clear_override('engine', group='upgrade_levels')
        cluster.dispatcher = rpc.OsloDispatcher(cluster.transport)
        assert cluster.dispatcher.version_cap is None
        rpc.set_dispatcher(cluster.dispatcher)
        cluster.start_engine()
        cluster.start_observer()
        # The killed engines' heartbeats stop; the new ones report.
        _wait(lambda: len([e for e in _engines().values()
                           if e.rpc_version == messages.VERSION]) == 2,
              'two engines of this release')
        _round_trip(d, WIDER, WIDE)
        assert not old_ids & {e.id for e in _engines().values() if e.rpc_version}
    finally:
        next(drivers, None)

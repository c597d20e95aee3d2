"""Faults that only exist between hosts (issue 27).

Three engine hosts and an observer host, each a network namespace with its
own links to MariaDB, RabbitMQ and the simulated cloud (cluster.py). Each
test runs operations on a few layered stacks, injects one fault into one
host in the middle, and then requires:

- every stack reaches its final state (COMPLETE) within SETTLE_BOUND
  seconds of the fault's end;
- the cloud holds exactly the template's objects: one per resource,
  ACTIVE, with the template's value (none missing, duplicated or stale);
  and after the stacks are deleted, none of theirs at all;
- by the cloud's own call log: no create, update or delete performed twice
  for one row (and traversal), and no call made under a lock version older
  than one the row had already acted under (an engine acting on a row it
  no longer owns).

About 5 minutes: each fault lasts 20-30 s.
"""
import os
import re
import signal
import time

from heat_conv.db import api as db_api
from heat_conv.engine.core import stack_operations
from tests.chaos import checks
from tests.scenarios import library

STACKS, LAYERS, PER_LAYER = 3, 4, 8
PARTITION_SECS = 30
PAUSE_SECS = 20      # past 3 missed heartbeats (6 s): the paused engine is taken for dead
SETTLE_BOUND = 180   # seconds from a fault's end to every stack's final state


def layered(value):
    return library.layered_template(value, LAYERS, PER_LAYER)


def expected(value):
    return library.layered_expected(value, LAYERS, PER_LAYER)


class Run:
    """Stacks driven from the API side while a fault hits one host."""

    def __init__(self, driver, cluster, fault):
        self.driver, self.cluster, self.fault = driver, cluster, fault
        self.mark = _last_call(cluster)
        self.stack_ids = []
        self.objects = 0

    def create(self, value='a', timeout=None):
        for n in range(STACKS):
            stack = stack_operations.create_stack(
                self.driver.ctx, re.sub('[^a-zA-Z0-9]+', '-', self.fault) + f'-{n}',
                layered(value),
                timeout=timeout)
            self.stack_ids.append(stack.id)
        self.driver.stack_id = self.stack_ids[0]   # what run_until's reports show

    def update(self, value):
        for stack_id in self.stack_ids:
            stack_operations.update_stack(self.driver.ctx, stack_id, layered(value))

    def delete(self):
        for stack_id in self.stack_ids:
            stack_operations.delete_stack(self.driver.ctx, stack_id)

    def statuses(self):
        return {i: db_api.stack_get(i) for i in self.stack_ids}

    def held_by(self, engine_id):
        return [row for i in self.stack_ids for row in db_api.resources_of_stack(i)
                if row.engine_id == engine_id]

    def wait_until_busy(self, engine_id, what='the engine to hold rows'):
        self.driver.run_until(lambda: self.held_by(engine_id), what, timeout=120)

    def settle(self, action, since, bound=SETTLE_BOUND):
        """Wait for every stack to end ``action``; seconds from ``since``."""
        deadline = since + bound
        while any(s.status == 'IN_PROGRESS' for s in self.statuses().values()):
            assert time.monotonic() < deadline, \
                f'{self.fault}: stacks still in progress {bound} s after the fault ended'
            time.sleep(0.2)
        took = time.monotonic() - since
        for stack_id, stack in self.statuses().items():
            assert (stack.action, stack.status) == (action, 'COMPLETE'), \
                f'{self.fault}: stack {stack_id} is {stack.action}_{stack.status}: ' \
                f'{stack.status_reason}'
        return took

    def check_cloud(self, value):
        for stack_id in self.stack_ids:
            self.objects += checks.exact_cloud(self.driver, stack_id, expected(value))

    def finish(self, figures, settled):
        """Delete the stacks, check that nothing of theirs is left, and judge
        the call log of the whole run."""
        self.delete()
        self.settle('DELETE', time.monotonic())
        for stack_id in self.stack_ids:
            assert self.driver.cloud.list(stack_id=stack_id) == [], \
                f'{self.fault}: stack {stack_id} left objects behind'
        tally, calls = checks.judge_calls(self.driver.cloud, self.mark)
        figures.append({'fault': self.fault, 'stacks': len(self.stack_ids),
                        'objects': self.objects, 'calls': tally.calls,
                        'duplicates': len(tally.duplicates), 'stale': len(tally.stale),
                        'settled': settled})
        assert tally.duplicates == [], f'{self.fault}: {tally.duplicates}'
        assert tally.stale == [], f'{self.fault}: {tally.stale}'
        assert calls, 'the cloud logged no calls: is [cloud] log_calls on?'
        return calls


def _last_call(cluster):
    calls = cluster.client.list_calls()
    return calls[-1]['seq'] if calls else 0


def _engine_ids(cluster):
    return {name: cluster.engine_id_of(name) for name in cluster.engine_procs}


def _taken_over(cluster, engine_id):
    return any(f'engine {engine_id} ' in line and 'taking over its work' in line
               for name in cluster.engine_procs
               for line in cluster.log_of(name).splitlines())


def test_partition_from_database_and_broker_mid_create(driver, cluster, figures):
    """Host e0 loses MariaDB and RabbitMQ for 30 s while it holds rows of a
    create: the others take its work over, and once it is back it acts on
    nothing it lost."""
    run = Run(driver, cluster, 'partition e0 from db+broker, create')
    victim = cluster.network['e0']
    victim_id = _engine_ids(cluster)['e0']
    run.create('a')
    run.wait_until_busy(victim_id)
    started = time.monotonic()
    with victim.cut_off('db', 'mq'):
        driver.run_until(lambda: _taken_over(cluster, victim_id),
                         'the partitioned engine to be taken over', timeout=PARTITION_SECS)
        time.sleep(max(0.0, started + PARTITION_SECS - time.monotonic()))
    healed = time.monotonic()
    settled = run.settle('CREATE', healed)
    run.check_cloud('a')
    # It came back, knows it was taken for dead, and carries on.
    driver.run_until(lambda: 'was taken for dead' in cluster.log_of('e0'),
                     'the partitioned engine to notice', timeout=60)
    calls = run.finish(figures, settled)
    assert any(c['caller'].get('engine_id') == victim_id for c in calls), \
        'the partitioned engine never acted: the fault hit nothing'


def test_partition_from_the_broker_alone_mid_update(driver, cluster, figures):
    """Host e1 keeps the database but loses RabbitMQ for 30 s mid-update."""
    run = Run(driver, cluster, 'partition e1 from broker, update')
    run.create('a')
    run.settle('CREATE', time.monotonic())
    victim_id = _engine_ids(cluster)['e1']
    run.update('b')
    run.wait_until_busy(victim_id)
    with cluster.network['e1'].cut_off('mq'):
        time.sleep(PARTITION_SECS)
    settled = run.settle('UPDATE', time.monotonic())
    run.check_cloud('b')
    run.finish(figures, settled)


def test_partition_from_the_cloud_alone_mid_create(driver, cluster, figures):
    """Host e2 keeps the database and the broker but cannot reach the cloud
    for 30 s mid-create: its calls wait and retry; nothing is made twice."""
    run = Run(driver, cluster, 'partition e2 from cloud, create')
    victim_id = _engine_ids(cluster)['e2']
    run.create('a')
    run.wait_until_busy(victim_id)
    with cluster.network['e2'].cut_off('cloud'):
        time.sleep(PARTITION_SECS)
    settled = run.settle('CREATE', time.monotonic())
    run.check_cloud('a')
    run.finish(figures, settled)


def test_pause_past_the_heartbeats_mid_create(driver, cluster, figures):
    """SIGSTOP of e1's engine for 20 s (its heartbeats stop: it is taken
    for dead), then SIGCONT: it resumes whatever it was doing, and must
    not act on a row it lost meanwhile."""
    run = Run(driver, cluster, 'pause e1 (SIGSTOP 20 s), create')
    proc = cluster.engine_procs['e1']
    victim_id = _engine_ids(cluster)['e1']
    run.create('a')
    run.wait_until_busy(victim_id)
    started = time.monotonic()
    os.killpg(proc.pid, signal.SIGSTOP)
    try:
        driver.run_until(lambda: _taken_over(cluster, victim_id),
                         'the paused engine to be taken over', timeout=PAUSE_SECS)
        time.sleep(max(0.0, started + PAUSE_SECS - time.monotonic()))
    finally:
        os.killpg(proc.pid, signal.SIGCONT)
    settled = run.settle('CREATE', time.monotonic())
    run.check_cloud('a')
    run.finish(figures, settled)


def test_clock_skew_of_one_host(driver, cluster, figures):
    """Host e2's clock runs 2 hours ahead (its engine's timeutils clock):
    stacks with a 60-minute timeout are created and updated with its help,
    and nothing times out, restarts or takes anybody for dead."""
    before = {name: cluster.log_of(name) for name in cluster.engine_procs}
    proc = cluster.engine_procs['e2']
    proc.terminate()
    assert proc.wait(timeout=60) == 0
    cluster.start_engine('e2', clock_offset=2 * 3600)
    cluster.wait_for_services('heat-conv-engine', 3)
    run = Run(driver, cluster, 'clock of e2 2 h ahead, create+update')
    run.create('a', timeout=60)
    run.wait_until_busy(cluster.engine_id_of('e2'), 'the skewed engine to take steps')
    settled = run.settle('CREATE', time.monotonic())
    run.check_cloud('a')
    run.update('b')
    settled = max(settled, run.settle('UPDATE', time.monotonic()))
    run.check_cloud('b')
    run.finish(figures, settled)
    for name in cluster.engine_procs:
        new = cluster.log_of(name)[len(before[name]):]
        for sign in ('timed out', 'made no progress', 'taking over its work',
                     'was never started'):
            assert sign not in new, f'{name} logged {sign!r} under skew'

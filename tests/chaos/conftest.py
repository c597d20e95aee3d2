"""A multi-host cluster for the fault tests, or a skip that says why not."""
import json
import os

import pytest

from tests import services
from tests.chaos import netns


def _no_hosts():
    reason = netns.unavailable_reason()
    if reason is None:
        return
    # Required services fail the run only where hosts could have been made.
    if services.required() and os.geteuid() == 0 and _has_ip():
        pytest.fail(f'test hosts unavailable: {reason} (HEAT_CONV_REQUIRE_SERVICES=1)',
                    pytrace=False)
    pytest.skip(f'test hosts unavailable: {reason}')


def _has_ip():
    import shutil
    return shutil.which('ip') is not None


@pytest.fixture(scope='session')
def cluster(tmp_path_factory):
    _no_hosts()
    from tests.chaos import cluster as chaos_cluster
    yield from chaos_cluster.running(tmp_path_factory, 'chaos')


@pytest.fixture
def driver(cluster):
    from tests.scenarios import process_driver
    yield from process_driver.driving(cluster)


@pytest.fixture(scope='session')
def figures():
    """Each fault's figures; printed (pytest -s) and written to
    $HEAT_CONV_CHAOS_REPORT (JSON) at the end of the run."""
    found = []
    yield found
    if not found:
        return
    print('\nfault                                   stacks objects calls dups stale '
          'settled')
    for f in found:
        print(f"{f['fault']:<40}{f['stacks']:>6}{f['objects']:>8}{f['calls']:>6}"
              f"{f['duplicates']:>5}{f['stale']:>6}  {f['settled']:.0f} s")
    path = os.environ.get('HEAT_CONV_CHAOS_REPORT')
    if path:
        with open(path, 'w') as out:
            json.dump(found, out, indent=1)

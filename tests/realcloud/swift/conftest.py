"""The Swift types' tests: they need the rig's object-store service (a rig
installed before Swift joined it has none, and these tests skip)."""
import pytest

from tests import services
from tests.realcloud.fixtures import demo  # noqa: F401
from tests.realcloud.fixtures import harness  # noqa: F401


@pytest.fixture(scope='session')
def swift(demo):  # noqa: F811
    """The demo user's connection, once the catalog shows Swift answering."""
    if not demo.endpoint_for('object-store'):
        services.unavailable('Swift', 'the mini-cloud\'s catalog has no object-store '
                             'service (tools/minicloud install && tools/minicloud start '
                             'add it)')
    try:
        list(demo.object_store.containers(limit=1))
    except Exception as exc:
        services.unavailable('Swift', f'the object-store service does not answer: '
                             f'{type(exc).__name__}: {exc}')
    return demo


def stack_containers(cloud, harness):  # noqa: F811
    """The containers the harness's stack made: those named after the stack
    (Heat's physical names) and the stack's signal container (its id)."""
    return sorted(c.name for c in cloud.object_store.containers()
                  if c.name.startswith(harness.stack.name + '-')
                  or c.name == harness.stack_id)


@pytest.fixture
def swift_harness(swift, harness):  # noqa: F811
    """The harness; after the test, nothing of its stack is left in Swift
    (what is, is deleted, and the test fails)."""
    yield harness
    harness.delete_made()
    left = stack_containers(swift, harness)
    for name in left:
        for obj in swift.object_store.objects(name):
            swift.object_store.delete_object(obj, container=name)
        swift.object_store.delete_container(name)
    assert not left, f'left in Swift: {left}'

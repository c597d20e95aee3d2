"""Heat's notifications go through oslo.messaging's Notifier: off by
default (the noop driver), at the priority Heat uses when on."""
import pytest

from heat_conv.common import config
from heat_conv.common import notifier
from tests import notifications


@pytest.fixture
def captured():
    c = notifications.Captured()
    yield c
    c.close()


def test_off_by_default_as_in_heat():
    previous = notifier.set_notifier(None)   # built from the options
    try:
        assert not notifier.enabled()
        notifier.notify({}, 'stack.create.start', {'stack_name': 'quiet'})
    finally:
        notifier.set_notifier(previous)


def test_a_start_or_end_at_the_default_level_an_error_at_error(captured):
    assert notifier.enabled()
    notifier.notify({'request_id': 'req-1'}, 'stack.create.end', {'state': 'CREATE_COMPLETE'})
    notifier.notify({}, 'stack.create.error', {'state': 'CREATE_FAILED'}, error=True)
    assert captured.sent == [
        ('orchestration.stack.create.end', 'INFO', {'state': 'CREATE_COMPLETE'},
         notifications.PUBLISHER),
        ('orchestration.stack.create.error', 'ERROR', {'state': 'CREATE_FAILED'},
         notifications.PUBLISHER)]


def test_the_default_level_is_an_option(captured):
    config.CONF.set_override('default_notification_level', 'WARN')
    try:
        notifier.notify({}, 'stack.update.start', {})
    finally:
        config.CONF.clear_override('default_notification_level')
    assert [priority for _, priority, _, _ in captured.sent] == ['WARN']


def test_the_publisher_is_orchestration_and_the_host():
    config.CONF.set_override('host', 'engine-7')
    previous = notifier.set_notifier(None)
    try:
        assert notifier._get().publisher_id == 'orchestration.engine-7'
    finally:
        notifier.set_notifier(previous)
        config.CONF.clear_override('host')

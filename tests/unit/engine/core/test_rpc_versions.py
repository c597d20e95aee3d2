"""[upgrade_levels] engine: what a pin stands for, and which version and
form each cast takes under it."""
import pytest

from heat_conv.engine.core import messages
from heat_conv.engine.core import rpc_versions
from heat_conv.plugin_interface import base


def test_unpinned_sends_this_release(pin):
    assert rpc_versions.configured_cap() is None


@pytest.mark.parametrize('value, cap', [('1.8', '1.8'), (' 1.9 ', '1.9'), ('0.1', '1.10')])
def test_a_version_or_a_release_series(pin, value, cap):
    pin(value)
    assert rpc_versions.configured_cap() == cap


def test_auto_takes_the_oldest_live_engine(pin):
    pin('auto')
    assert rpc_versions.configured_cap(lambda: ['1.10', '1.8', '1.9']) == '1.8'
    # An engine that reports no version is of the release before reporting.
    assert rpc_versions.configured_cap(lambda: ['1.12', None]) == rpc_versions.UNREPORTED
    assert rpc_versions.configured_cap(lambda: []) is None


@pytest.mark.parametrize('value, says', [
    ('kilo', 'neither a version'), ('1.x', 'neither a version'),
    ('1.6', 'RPC 1.7 or later')])
def test_a_pin_this_release_cannot_honour_is_refused(pin, value, says):
    pin(value)
    with pytest.raises(rpc_versions.BadPin, match=says):
        rpc_versions.configured_cap()


def test_each_method_goes_at_the_version_that_brought_it():
    assert rpc_versions.prepare('converge', {'stack_id': 's'}, None)[0] == '1.0'
    assert rpc_versions.prepare('child_done', {}, None)[0] == '1.2'
    assert rpc_versions.prepare('delete_snapshots', {'stack_id': 's'}, None)[0] == '1.10'
    # Versions compare as numbers: 1.10 is above 1.9.
    assert rpc_versions.prepare('delete_snapshots', {'stack_id': 's'}, '1.10')[0] == '1.10'


def test_every_message_type_has_a_version():
    sent = {cls.METHOD for cls in vars(messages).values()
            if isinstance(cls, type) and isinstance(getattr(cls, 'METHOD', None), str)}
    assert sent == set(rpc_versions.METHODS)
    assert max(rpc_versions.METHODS.values(), key=rpc_versions.parse) == messages.VERSION


def _complete(seen):
    return messages.ActionComplete(7, 3, base.Done('phys', seen=seen)).to_wire()


def test_an_observed_object_needs_1_9_and_is_left_out_below():
    version, kwargs = rpc_versions.prepare('action_complete', _complete({'id': 'x'}), None)
    assert (version, kwargs['outcome']['seen']) == ('1.9', {'id': 'x'})
    version, kwargs = rpc_versions.prepare('action_complete', _complete({'id': 'x'}), '1.8')
    assert version == '1.0'
    assert kwargs['outcome'] == {'status': 'COMPLETE', 'physical_id': 'phys'}
    assert messages.ActionComplete.from_wire(kwargs).outcome.physical_id == 'phys'


def test_a_batch_takes_its_newest_item_version():
    batch = messages.Batch((messages.ActionComplete.from_wire(_complete({'id': 'x'})),
                            messages.CheckResource('s', 't', 1, True))).to_wire()
    assert rpc_versions.prepare('run_batch', batch, None)[0] == '1.9'
    version, kwargs = rpc_versions.prepare('run_batch', batch, '1.8')
    assert version == '1.8' and 'seen' not in kwargs['messages'][0]['args']['outcome']


def test_a_cast_the_pin_lacks_fails_saying_what_to_do():
    with pytest.raises(rpc_versions.NotInPinnedVersion) as caught:
        rpc_versions.prepare('delete_snapshots', {'stack_id': 's'}, '1.9')
    assert str(caught.value) == (
        'delete_snapshots needs engine RPC 1.10, and [upgrade_levels] engine caps casts '
        'at 1.9: it is sent once every engine is upgraded and the pin is removed')

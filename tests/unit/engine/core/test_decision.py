"""The decision table: what converging a resource onto its new definition does."""
from types import SimpleNamespace

import pytest

from heat_conv.engine.core.decision import Change
from heat_conv.engine.core.decision import change_for

OLD = {'value': 'a'}
NEW = {'value': 'b'}


def _row(action='CREATE', status='COMPLETE', physical='obj-1', type='T', props=OLD):
    return SimpleNamespace(action=action, status=status, physical_resource_id=physical,
                           type=type, properties_data=props)


def _never(old):
    raise AssertionError('needs_replace asked although the properties did not change')


@pytest.mark.parametrize('row, new_type, properties, replace, reality, change', [
    # nothing built yet
    (None, 'T', NEW, False, None, Change.CREATE),
    (_row(action='INIT'), 'T', NEW, False, None, Change.CREATE),
    (_row(action='DELETE', status='FAILED'), 'T', OLD, False, None, Change.CREATE),
    (_row(status='FAILED', physical=None), 'T', OLD, False, None, Change.CREATE),
    # something built that cannot stay
    (_row(), 'U', OLD, False, None, Change.REPLACE),
    (_row(status='FAILED'), 'T', OLD, False, None, Change.REPLACE),
    (_row(action='CHECK', status='FAILED'), 'T', OLD, False, None, Change.REPLACE),
    (_row(action='UPDATE', status='FAILED'), 'T', NEW, False, None, Change.REPLACE),
    (_row(), 'T', OLD, False, 'DELETED', Change.REPLACE),
    # the properties decide
    (_row(), 'T', OLD, _never, None, Change.NONE),
    (_row(action='CHECK'), 'T', OLD, _never, None, Change.NONE),
    (_row(), 'T', OLD, _never, 'IN_SYNC', Change.NONE),
    (_row(), 'T', OLD, _never, 'MODIFIED', Change.UPDATE),
    (_row(), 'T', NEW, False, None, Change.UPDATE),
    (_row(), 'T', NEW, True, None, Change.REPLACE),
    (_row(), 'T', NEW, True, 'MODIFIED', Change.REPLACE),
    (_row(props=None), 'T', {}, _never, None, Change.NONE),
])
def test_change(row, new_type, properties, replace, reality, change):
    needs_replace = replace if callable(replace) else (lambda old: replace)
    assert change_for(row, new_type, properties, needs_replace, reality) == change


def test_needs_replace_is_asked_about_the_stored_properties():
    asked = []
    change_for(_row(), 'T', NEW, lambda old: asked.append(old), None)
    assert asked == [OLD]


@pytest.mark.parametrize('row, properties, replace, change', [
    # the child stack is updated whatever its template did, failed or not
    (_row(), OLD, _never, Change.UPDATE),
    (_row(status='FAILED'), OLD, _never, Change.UPDATE),
    (_row(), NEW, False, Change.UPDATE),
    (_row(status='FAILED'), NEW, False, Change.UPDATE),
    # a property the type cannot change in place replaces it, as in Heat
    (_row(), NEW, True, Change.REPLACE),
    (_row(status='FAILED'), NEW, True, Change.REPLACE),
])
def test_a_stack_backed_resource(row, properties, replace, change):
    needs_replace = replace if callable(replace) else (lambda old: replace)
    assert change_for(row, 'T', properties, needs_replace, stack_backed=True) == change


def test_a_deprecated_type_changed_to_its_substitute_is_the_same_resource():
    # Heat's support_status substitute_class: updated in place, or not at all.
    assert change_for(_row(), 'U', OLD, _never, substituted=True) == Change.NONE
    assert change_for(_row(), 'U', NEW, lambda old: False, substituted=True) == Change.UPDATE
    assert change_for(_row(), 'U', OLD, _never, stack_backed=True,
                      substituted=True) == Change.UPDATE

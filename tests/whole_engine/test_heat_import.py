"""A stack tree imported from Heat (import-heat, on the fixture Heat
database) is then updated and deleted by heat-conv's engine as if heat-conv
had created it: what did not change is kept (same rows, same values), a
group scales from the members Heat made, and the delete removes it all."""
import pytest

from heat_conv.db import api as db_api
from heat_conv.heat_import import importer
from heat_conv.stacks import resource_rows
from tests.unit.heat_import import heat_fixture
from tests.unit.heat_import import test_importer as imported


@pytest.fixture
def heat(tmp_path):
    return heat_fixture.HeatDB('sqlite:///' + str(tmp_path / 'heat.sqlite'))


def _members(child_id):
    return resource_rows.shown(db_api.resources_of_stack(child_id))


def test_an_imported_tree_updates_and_deletes_as_heat_conv_own(driver, heat):
    top, child_id = imported._app(heat, trust_id=None)
    with heat.engine.begin() as conn:   # the driver's project
        conn.exec_driver_sql("UPDATE stack SET tenant = 'tenant'")
    (outcome,) = importer.run(None, engine=heat.engine).outcomes
    assert outcome.state == importer.IMPORTED
    driver.stack_id = top
    word_before = driver.row('word')
    members_before = {name: row.uuid for name, row in _members(child_id).items()}

    template = dict(imported.TOP, resources=dict(imported.TOP['resources']))
    group = dict(template['resources']['group'])
    group['properties'] = dict(group['properties'], count=3)
    template['resources']['group'] = group
    driver.update(template, params={'length': 12})
    assert driver.settle() == 'UPDATE_COMPLETE'

    word = driver.row('word')
    assert (word.id, word.rsrc_data['value']) == (word_before.id, 'x' * 12)
    assert word.action == 'CREATE'     # nothing was done to it
    members = _members(child_id)
    assert sorted(members) == ['0', '1', '2']
    assert {name: members[name].uuid for name in ('0', '1')} == members_before
    assert members['2'].action == 'CREATE' and members['2'].status == 'COMPLETE'

    driver.delete()
    assert driver.settle() == 'DELETE_COMPLETE'
    assert resource_rows.shown(db_api.resources_of_stack(top)) == {}
    assert db_api.stack_get(child_id).action == 'DELETE'

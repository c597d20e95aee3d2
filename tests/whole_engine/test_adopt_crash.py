"""An engine that dies anywhere in an adopt never leaves a duplicate object:
an adopt creates nothing, so the survivor's retry only takes over again."""
import pytest

from heat_conv.engine.core import resource_action
from tests.scenarios.library import fan_template
from tests.whole_engine import test_engine_death as death

# An adopt makes no cloud call after its lock; it dies there instead.
POINTS = sorted(set(death.POINTS) - {'after_lock_before_cloud'}) + ['after_lock_before_settle']


@pytest.mark.parametrize('point', POINTS)
def test_death_during_adopt(driver, monkeypatch, point):  # noqa: F811
    monkeypatch.setitem(death.POINTS, 'after_lock_before_settle', (resource_action, 'settle', 2))
    driver.create(fan_template('a'))
    assert driver.settle() == 'CREATE_COMPLETE'
    before = driver.cloud.list()
    doc = driver.abandon()
    death._die_and_take_over(driver, monkeypatch, point, lambda: driver.adopt(doc))
    assert driver.settle() == 'ADOPT_COMPLETE'
    assert driver.cloud.list() == before
    assert {n: r.physical_resource_id for n, r in driver.resources().items()} == \
        {n: r['resource_id'] for n, r in doc['resources'].items()}

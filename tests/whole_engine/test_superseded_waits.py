"""A wait on signals that begins after a newer stack operation superseded
its traversal ends at once, and the newer operation goes on (Heat's
SoftwareDeploymentGroupTest.test_deployments_create_delete_in_progress).

The delete arrives while the deployment's create runs (on a real cloud,
making its stack user takes seconds): the delete's step finds the row busy
and counts on the create's end, and the create ends in a wait that only
signals would end.
"""
from heat_conv.resources.heat import software_deployment
from tests.scenarios import signals


def _delete_during_the_first_create(monkeypatch, driver):
    real = software_deployment.SoftwareDeployment.create
    deleted = []

    def create(self):
        if not deleted:
            # The delete and the steps it starts run meanwhile, as other
            # workers would: they find this row busy.
            deleted.append(driver.delete())
            while driver.queue:
                driver.step()
        return real(self)
    monkeypatch.setattr(software_deployment.SoftwareDeployment, 'create', create)
    return deleted


def _settled_soon(driver):
    """The stack's status once no more than a few hundred deliveries
    settled it: a wait left to its timeout would take far more."""
    driver.run_until(lambda: driver.stack_status() in ('DELETE_COMPLETE', 'DELETE_FAILED'),
                     'the delete to end', max_steps=500)
    return driver.stack_status()


def test_a_delete_during_a_deployments_create_ends_its_wait(driver, monkeypatch):
    deleted = _delete_during_the_first_create(monkeypatch, driver)
    template = signals.deployment_template()
    template['resources'].pop('after')
    driver.create(template)
    assert _settled_soon(driver) == 'DELETE_COMPLETE'
    assert deleted
    assert driver.tree_objects() == []


def test_a_delete_during_a_groups_creates_ends_their_waits(driver, monkeypatch):
    _delete_during_the_first_create(monkeypatch, driver)
    template = signals.deployment_group_template()
    template['resources'].pop('after')
    driver.create(template)
    assert _settled_soon(driver) == 'DELETE_COMPLETE'
    for stack in driver.tree():
        assert (stack.action, stack.status) == ('DELETE', 'COMPLETE'), stack.name

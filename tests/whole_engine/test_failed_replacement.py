"""After a failed replacement, an update back keeps the original, whichever
of the traversal's steps runs first: the failed replacement's cleanup (its
delete) does not make it look like this traversal's replacement."""
from tests.scenarios.library import res
from tests.scenarios.library import tmpl


def _deliver_first(driver, is_update):
    """Run the queued step of the kind given (update or cleanup node) first."""
    for index, (method, kwargs, _) in enumerate(driver.queue):
        if method == 'check_resource' and kwargs['is_update'] == is_update:
            driver.queue.insert(0, driver.queue.pop(index))
            return
    raise AssertionError(f'no queued check_resource with is_update={is_update}')


def test_cleaning_up_the_failed_replacement_first_keeps_the_original(driver):
    driver.create(tmpl({'server': res('v', replace_value='1')}))
    assert driver.settle() == 'CREATE_COMPLETE'
    original = driver.row('server').physical_resource_id
    driver.update(tmpl({'server': res('v', replace_value='2', fail=True)}))
    assert driver.settle() == 'UPDATE_FAILED'

    driver.update(tmpl({'server': res('v', replace_value='1')}))
    driver.step()                       # the converge casts both leaves
    _deliver_first(driver, is_update=False)
    driver.run_until(lambda: not any(not kwargs['is_update']
                                     for _, kwargs, _ in driver.queue), 'the cleanup')
    assert driver.settle() == 'UPDATE_COMPLETE'
    assert driver.row('server').physical_resource_id == original
    assert [o['id'] for o in driver.objects()] == [original]

"""Heat's own types that need no cloud service (issue 26 item 11):
UpdateWaitConditionHandle, DeployedServer, AccessPolicy and
AWS::CloudFormation::Stack, over the real engine."""
import pytest

from heat_conv.common import exception
from heat_conv.db import api as db_api

HOT = '2018-08-31'


def _template(resources, outputs=None):
    body = {'heat_template_version': HOT, 'resources': resources}
    if outputs:
        body['outputs'] = outputs
    return body


def _settled(driver, status):
    driver.run_until(lambda: driver.stack_status() == status, status)


# --- OS::Heat::UpdateWaitConditionHandle ------------------------------------

WAIT = _template({
    'handle': {'type': 'OS::Heat::UpdateWaitConditionHandle'},
    'wait': {'type': 'OS::Heat::WaitCondition',
             'properties': {'handle': {'get_resource': 'handle'}, 'timeout': 600}},
})


def test_an_update_wait_condition_handle_is_replaced_by_every_update(driver):
    driver.create(WAIT)
    driver.run_until(lambda: driver.resource_status('wait') == 'CREATE_IN_PROGRESS')
    driver.signal('handle', {'status': 'SUCCESS'})
    _settled(driver, 'CREATE_COMPLETE')
    first = driver.resources()['handle'].physical_resource_id

    # The same template again: the handle is new, its signals cleared, so
    # the wait condition (whose handle changed) waits for a new signal.
    # (Signals are told apart from a replacement's by time: let a second pass.)
    driver.clock.advance(1)
    driver.update(WAIT)
    driver.run_until(lambda: driver.resource_status('wait') == 'CREATE_IN_PROGRESS'
                     and driver.resources()['wait'].physical_resource_id is not None)
    second = driver.resources()['handle'].physical_resource_id
    assert second != first
    assert driver.stack_status() == 'UPDATE_IN_PROGRESS'
    driver.signal('handle', {'status': 'SUCCESS'})
    _settled(driver, 'UPDATE_COMPLETE')
    assert driver.resources()['handle'].physical_resource_id == second


# --- OS::Heat::DeployedServer -----------------------------------------------

def test_a_deployed_server_is_a_server_nova_does_not_manage(driver):
    driver.create(_template({
        'named': {'type': 'OS::Heat::DeployedServer',
                  'properties': {'name': 'overcloud-controller-0',
                                 'software_config_transport': 'POLL_SERVER_HEAT'}},
        'unnamed': {'type': 'OS::Heat::DeployedServer'},
        'deploy': {'type': 'OS::Heat::SoftwareDeployment',
                   'properties': {'server': {'get_resource': 'named'},
                                  'signal_transport': 'NO_SIGNAL'}},
    }, outputs={
        'name': {'value': {'get_attr': ['named', 'name']}},
        'generated': {'value': {'get_attr': ['unnamed', 'name']}},
        'occ': {'value': {'get_attr': ['named', 'os_collect_config']}},
        'server': {'value': {'get_attr': ['deploy', 'deploy_status_code']}},
    }), name='split')
    _settled(driver, 'CREATE_COMPLETE')
    rows = driver.resources()
    outputs = driver.outputs()
    assert outputs['name'] == 'overcloud-controller-0'
    # Heat's physical resource name: stack name, resource name, short id.
    assert outputs['generated'].startswith('split-unnamed-')
    assert outputs['occ']['collectors'] == ['heat', 'local']
    assert outputs['occ']['heat']['resource_name'] == 'named'
    assert outputs['occ']['heat']['stack_id'] == f'split/{driver.stack_id}'
    assert rows['named'].physical_resource_id == rows['named'].uuid
    assert driver.cloud.list(stack_id=driver.stack_id) == []

    driver.delete()
    _settled(driver, 'DELETE_COMPLETE')


def test_a_deployed_server_without_swift_or_zaqar_cannot_poll_them(driver):
    driver.create(_template({'s': {'type': 'OS::Heat::DeployedServer', 'properties': {
        'software_config_transport': 'POLL_TEMP_URL'}}}))
    _settled(driver, 'CREATE_FAILED')
    assert 'Swift' in driver.resources()['s'].status_reason


# --- OS::Heat::AccessPolicy -------------------------------------------------

def test_an_access_policy_names_resources_of_its_stack(driver):
    driver.create(_template({
        'value': {'type': 'OS::Heat::Value', 'properties': {'value': 1}},
        'policy': {'type': 'OS::Heat::AccessPolicy',
                   'properties': {'AllowedResources': ['value']}},
    }))
    _settled(driver, 'CREATE_COMPLETE')


def test_an_access_policy_naming_a_resource_not_in_the_stack_is_refused_at_create(driver):
    with pytest.raises(exception.Invalid, match='AccessPolicy resource nope not in stack'):
        driver.create(_template({'policy': {'type': 'OS::Heat::AccessPolicy',
                                            'properties': {'AllowedResources': ['nope']}}}))


# --- AWS::CloudFormation::Stack ---------------------------------------------

CHILD = '''
AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  Greeting: {Type: String}
Resources:
  Inner:
    Type: OS::Heat::Value
    Properties: {value: {"Fn::Join": [" ", [{Ref: Greeting}, world]]}}
Outputs:
  Said: {Value: {"Fn::GetAtt": [Inner, value]}}
'''

PARENT = '''
AWSTemplateFormatVersion: '2010-09-09'
Resources:
  Nested:
    Type: AWS::CloudFormation::Stack
    Properties:
      TemplateURL: https://example.com/child.template
      TimeoutInMinutes: 5
      Parameters: {Greeting: %s}
Outputs:
  Said: {Value: {"Fn::GetAtt": [Nested, Outputs.Said]}}
  Ref: {Value: {Ref: Nested}}
'''


def test_a_cloudformation_stack_builds_its_template_url_as_a_child_stack(driver):
    files = {'https://example.com/child.template': CHILD}
    driver.create(PARENT % 'hello', files=files)
    _settled(driver, 'CREATE_COMPLETE')
    child_id = driver.resources()['Nested'].physical_resource_id
    child = driver.stack_row(child_id)
    assert child.timeout == 5
    outputs = driver.outputs()
    assert outputs['Said'] == 'hello world'
    assert outputs['Ref'] == (f'arn:openstack:heat::{child.tenant}:stacks/'
                              f'{child.name}/{child_id}')

    driver.update(PARENT % 'goodbye', files=files)
    _settled(driver, 'UPDATE_COMPLETE')
    assert driver.outputs()['Said'] == 'goodbye world'
    assert driver.resources()['Nested'].physical_resource_id == child_id

    driver.delete()
    _settled(driver, 'DELETE_COMPLETE')


def test_a_cloudformation_stack_fetches_a_template_url_the_files_lack_once(
        driver, template_server):
    url = template_server.url + '/child.template'
    template_server.pages['/child.template'] = CHILD
    parent = PARENT.replace('https://example.com/child.template', url)
    driver.create(parent % 'hello')
    _settled(driver, 'CREATE_COMPLETE')
    assert driver.outputs()['Said'] == 'hello world'
    # Fetched when the request was checked, and stored with the stack: the
    # child stack was built from what was fetched then.
    assert template_server.gets == ['/child.template']
    assert db_api.raw_template_get(driver.stack().raw_template_id).files[url] == CHILD

    # An update to a new URL fetches that one; the child is updated in place.
    child_id = driver.resources()['Nested'].physical_resource_id
    template_server.pages['/v2.template'] = CHILD.replace('world', 'there')
    driver.update(parent.replace('/child.template', '/v2.template') % 'hi')
    _settled(driver, 'UPDATE_COMPLETE')
    assert driver.outputs()['Said'] == 'hi there'
    assert driver.resources()['Nested'].physical_resource_id == child_id


def test_a_template_url_that_cannot_be_fetched_refuses_the_request(driver, template_server):
    url = template_server.url + '/gone.template'
    with pytest.raises(exception.InvalidTemplate,
                       match=f'Could not fetch remote template "{url}": Failed to '
                             f'retrieve template from {url}'):
        driver.create(PARENT.replace('https://example.com/child.template', url) % 'x')
    with pytest.raises(exception.InvalidTemplate,
                       match='"file:///etc/passwd": it is not in the files map, and '
                             'not an http or https URL'):
        driver.create(PARENT.replace('https://example.com/child.template',
                                     'file:///etc/passwd') % 'x')


# --- OS::Heat::Stack in another region --------------------------------------

def test_a_remote_stack_is_refused_until_heat_conv_has_them(driver):
    remote = _template({'remote': {'type': 'OS::Heat::Stack', 'properties': {
        'context': {'region_name': 'RegionTwo'},
        'template': {'heat_template_version': HOT}}}})
    with pytest.raises(exception.Invalid, match=r'resources\.remote\.properties\.context'
                                                r'\.region_name: .*remote stacks'):
        driver.create(remote)
    local = _template({'local': {'type': 'OS::Heat::Stack', 'properties': {
        'context': {}, 'template': {'heat_template_version': HOT}}}})
    driver.create(local)
    _settled(driver, 'CREATE_COMPLETE')

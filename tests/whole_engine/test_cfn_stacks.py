"""CloudFormation-format stacks over the real engine (run deterministically):
created, shown, updated and deleted as HOT ones are."""
import pytest

from heat_conv.api import app as app_module
from tests.scenarios import local_driver
from tests.unit.api.conftest import Client

CFN = '''
AWSTemplateFormatVersion: 2010-09-09
Description: Two resources in CloudFormation terms
Parameters:
  env_type:
    Type: String
    Default: test
    AllowedValues: [prod, test]
Mappings:
  Sizes:
    test: {count: '1'}
    prod: {count: '3'}
Conditions:
  Prod: {"Fn::Equals": [{Ref: env_type}, prod]}
Resources:
  first:
    Type: OS::Heat::TestResource
    Properties:
      value: {"Fn::Join": ["-", [{Ref: "AWS::StackName"},
                                 {"Fn::FindInMap": [Sizes, {Ref: env_type}, count]}]]}
  second:
    Type: OS::Heat::TestResource
    DependsOn: first
    Properties:
      value: {"Fn::GetAtt": [first, output]}
  prod_only:
    Type: OS::Heat::TestResource
    Condition: Prod
Outputs:
  second_value:
    Description: What second got
    Value: {"Fn::GetAtt": [second, output]}
  first_ref:
    Value: {Ref: first}
  stack_id:
    Value: {Ref: "AWS::StackId"}
  prod:
    Value: {"Fn::If": [Prod, {Ref: prod_only}, none]}
'''


@pytest.fixture
def world(db, fake_clock):
    driver = local_driver.LocalDriver(fake_clock)
    yield driver, Client(app_module.make_app(), tenant=driver.ctx.project_id)
    driver.close()


def _settle(driver, status):
    driver.run_until(lambda: driver.stack_status() == status, status)


def _outputs(api, path):
    return {o['output_key']: o['output_value']
            for o in api.get(path).json['stack']['outputs']}


def _resources(api, path):
    return {r['resource_name']: r for r in api.get(path + '/resources').json['resources']}


def test_cfn_stack_lifecycle(world):
    driver, api = world
    resp = api.post('/stacks', {'stack_name': 'cfn', 'template': CFN})
    assert resp.status_int == 201, resp.body
    stack_id = driver.stack_id = resp.json['stack']['id']
    path = f'/stacks/cfn/{stack_id}'
    _settle(driver, 'CREATE_COMPLETE')

    stack = api.get(path).json['stack']
    assert stack['description'] == 'Two resources in CloudFormation terms'
    tenant = driver.ctx.project_id
    arn = f'arn:openstack:heat::{tenant}:stacks/cfn/{stack_id}'
    assert stack['parameters'] == {'env_type': 'test', 'AWS::StackName': 'cfn',
                                   'AWS::StackId': arn, 'AWS::Region': 'ap-southeast-1'}
    resources = _resources(api, path)
    assert sorted(resources) == ['first', 'second']
    assert resources['first']['required_by'] == ['second']
    assert _outputs(api, path) == {
        'second_value': 'cfn-1', 'stack_id': arn, 'prod': 'none',
        'first_ref': resources['first']['physical_resource_id']}

    resp = api.patch(path, {'parameters': {'env_type': 'prod'}})
    assert resp.status_int == 202, resp.body
    _settle(driver, 'UPDATE_COMPLETE')
    resources = _resources(api, path)
    assert sorted(resources) == ['first', 'prod_only', 'second']
    outputs = _outputs(api, path)
    assert outputs['second_value'] == 'cfn-3'
    assert outputs['prod'] == resources['prod_only']['physical_resource_id']

    assert api.get(path + '/template').json['AWSTemplateFormatVersion'] == '2010-09-09'
    assert api.delete(path).status_int == 204
    _settle(driver, 'DELETE_COMPLETE')


def test_heat_cfn_version_has_no_conditions(world):
    _, api = world
    template = ('HeatTemplateFormatVersion: 2012-12-12\n'
                'Conditions: {}\n'
                'Resources: {r: {Type: OS::Heat::None}}\n')
    resp = api.post('/validate', {'template': template})
    assert resp.status_int == 400
    assert resp.json['error']['message'] == (
        'Conditions: The "Conditions" section needs AWSTemplateFormatVersion '
        '2010-09-09; this template is 2012-12-12')

"""Which resource types a user may use: Heat's ``resource_types:<type>``
rules. A stack that has a resource of a type the user may not use is
refused (403) at create, update, adopt and preview, and the type is left
out of the user's resource type list.

A rule ``resource_types:<namespace>::*`` covers every type of the
namespace. A type with no rule is allowed, so a policy file may add a rule
for any other type (``resource_types:OS::Nova::Server: rule:deny_everybody``).
"""
from oslo_policy import policy

PREFIX = 'resource_types:'

# Heat's defaults: types that change the cloud for every project (flavors,
# quotas, QoS, volume types, provider networks, Keystone's objects) are for
# administrators.
ADMIN_ONLY = (
    'OS::Nova::Flavor', 'OS::Nova::HostAggregate', 'OS::Nova::Quota',
    'OS::Cinder::EncryptedVolumeType', 'OS::Cinder::VolumeType', 'OS::Cinder::Quota',
    'OS::Cinder::QoSSpecs', 'OS::Cinder::QoSAssociation',
    'OS::Neutron::Quota', 'OS::Neutron::ProviderNet', 'OS::Neutron::QoSPolicy',
    'OS::Neutron::QoSBandwidthLimitRule', 'OS::Neutron::QoSDscpMarkingRule',
    'OS::Neutron::QoSMinimumBandwidthRule', 'OS::Neutron::QoSMinimumPacketRateRule',
    'OS::Neutron::Segment',
    'OS::Manila::ShareType',
    'OS::Keystone::*',
    'OS::Blazar::Host',
    'OS::Octavia::Quota', 'OS::Octavia::Flavor', 'OS::Octavia::FlavorProfile',
    'OS::Octavia::AvailabilityZone', 'OS::Octavia::AvailabilityZoneProfile',
)

rules = [policy.RuleDefault(f'{PREFIX}{type_name}', 'rule:project_admin',
                            description=f'Use resources of type {type_name} in a stack.')
         for type_name in ADMIN_ONLY]


def list_rules():
    return rules

"""The resource types Heat has, and what heat-conv says about the ones it
does not implement.

Heat answers ``ResourceTypeUnavailable`` (HEAT-E99001) for a type it knows
whose service the cloud lacks, and "could not be found" only for a type
nobody knows. heat-conv keeps that distinction: a template written for a
real cloud (``OS::Nova::Server``) gets the answer that says why it cannot
run here, not the one that suggests a typo.
"""

# Heat 27's resource types, by namespace.
_HEAT_TYPES = {
    'AWS::AutoScaling': 'AutoScalingGroup LaunchConfiguration ScalingPolicy',
    'AWS::CloudFormation': 'Stack WaitCondition WaitConditionHandle',
    'AWS::EC2': (
        'EIP EIPAssociation Instance InternetGateway NetworkInterface '
        'RouteTable SecurityGroup Subnet SubnetRouteTableAssociation VPC '
        'VPCGatewayAttachment Volume VolumeAttachment'
    ),
    'AWS::ElasticLoadBalancing': 'LoadBalancer',
    'AWS::IAM': 'AccessKey User',
    'AWS::S3': 'Bucket',
    'OS::Aodh': (
        'Alarm CombinationAlarm CompositeAlarm EventAlarm '
        'GnocchiAggregationByMetricsAlarm GnocchiAggregationByResourcesAlarm '
        'GnocchiResourcesAlarm LBMemberHealthAlarm PrometheusAlarm'
    ),
    'OS::Barbican': 'CertificateContainer GenericContainer Order RSAContainer Secret',
    'OS::Blazar': 'Host Lease',
    'OS::Cinder': (
        'EncryptedVolumeType QoSAssociation QoSSpecs Quota Volume '
        'VolumeAttachment VolumeType'
    ),
    'OS::Designate': 'Domain Record RecordSet Zone',
    'OS::Glance': 'Image WebImage',
    'OS::Heat': (
        'AccessPolicy AutoScalingGroup CloudConfig Delay DeployedServer '
        'HARestarter InstanceGroup MultipartMime None RandomString '
        'ResourceChain ResourceGroup ScalingPolicy SoftwareComponent '
        'SoftwareConfig SoftwareDeployment SoftwareDeploymentGroup '
        'SoftwareDeployments Stack StructuredConfig StructuredDeployment '
        'StructuredDeploymentGroup StructuredDeployments SwiftSignal '
        'SwiftSignalHandle TestResource UpdateWaitConditionHandle Value '
        'WaitCondition WaitConditionHandle'
    ),
    'OS::Ironic': 'Port',
    'OS::Keystone': (
        'Domain Endpoint Group GroupRoleAssignment Project Region Role Service '
        'User UserRoleAssignment'
    ),
    'OS::Magnum': 'Bay BayModel Cluster ClusterTemplate',
    'OS::Manila': 'SecurityService Share ShareNetwork ShareType',
    'OS::Mistral': 'CronTrigger ExternalResource Workflow',
    'OS::Monasca': 'AlarmDefinition Notification',
    'OS::Neutron': (
        'AddressScope ExtraRoute ExtraRouteSet Firewall FirewallPolicy '
        'FirewallRule FloatingIP FloatingIPAssociation FloatingIPPortForward '
        'FlowClassifier HealthMonitor IKEPolicy IPsecPolicy IPsecSiteConnection '
        'L2Gateway L2GatewayConnection LoadBalancer MeteringLabel MeteringRule '
        'Net NetworkGateway Pool PoolMember Port PortChain PortPair '
        'PortPairGroup ProviderNet QoSBandwidthLimitRule QoSDscpMarkingRule '
        'QoSMinimumBandwidthRule QoSMinimumPacketRateRule QoSPolicy Quota '
        'RBACPolicy Router RouterGateway RouterInterface SecurityGroup '
        'SecurityGroupRule Segment Subnet SubnetPool Trunk VPNService'
    ),
    'OS::Neutron::LBaaS': 'HealthMonitor L7Policy L7Rule Listener LoadBalancer Pool '
                          'PoolMember',
    'OS::Neutron::TaaS': 'TapFlow TapService',
    'OS::Nova': (
        'Flavor FloatingIP FloatingIPAssociation HostAggregate KeyPair Quota '
        'Server ServerGroup'
    ),
    'OS::Octavia': (
        'AvailabilityZone AvailabilityZoneProfile Flavor FlavorProfile '
        'HealthMonitor L7Policy L7Rule Listener LoadBalancer Pool PoolMember '
        'Quota'
    ),
    'OS::Sahara': (
        'Cluster ClusterTemplate DataSource ImageRegistry Job JobBinary '
        'NodeGroupTemplate'
    ),
    'OS::Senlin': 'Cluster Node Policy Profile Receiver',
    'OS::Swift': 'Container',
    'OS::Trove': 'Cluster Instance',
    'OS::Vitrage': 'Template',
    'OS::Zaqar': 'MistralTrigger Queue SignedQueueURL Subscription',
    'OS::Zun': 'Container',
}

HEAT_TYPES = frozenset(f'{namespace}::{name}' for namespace, names in _HEAT_TYPES.items()
                       for name in names.split())

# The OpenStack service a type needs, by namespace and then by type; None
# for the types Heat's engine implements itself (stacks, groups, signals,
# software configuration), which heat-conv does not have yet.
_SERVICE_OF_NAMESPACE = {
    'AWS::AutoScaling': None, 'AWS::CloudFormation': None, 'AWS::EC2': 'neutron',
    'AWS::ElasticLoadBalancing': None, 'AWS::IAM': 'keystone', 'AWS::S3': 'swift',
    'OS::Heat': None, 'OS::Neutron::LBaaS': 'octavia', 'OS::Neutron::TaaS': 'neutron',
}
_SERVICE_OF_TYPE = {
    'AWS::EC2::EIP': 'nova', 'AWS::EC2::EIPAssociation': 'nova',
    'AWS::EC2::Instance': 'nova', 'AWS::EC2::Volume': 'cinder',
    'AWS::EC2::VolumeAttachment': 'cinder', 'OS::Heat::SwiftSignal': 'swift',
    'OS::Heat::SwiftSignalHandle': 'swift',
}


def service_of(type_name):
    """The service a Heat type needs, or None if Heat implements it itself."""
    if type_name in _SERVICE_OF_TYPE:
        return _SERVICE_OF_TYPE[type_name]
    namespace = type_name.rsplit('::', 1)[0]
    if namespace in _SERVICE_OF_NAMESPACE:
        return _SERVICE_OF_NAMESPACE[namespace]
    return namespace.split('::')[1].lower()


def unavailable_reason(type_name):
    """Heat's HEAT-E99001 message for a Heat type heat-conv cannot run."""
    service = service_of(type_name)
    if service is None:
        return (f'HEAT-E99001 Resource type {type_name} is not available: heat-conv '
                'does not implement it yet.')
    return (f'HEAT-E99001 Service {service} is not available for resource type '
            f'{type_name}, reason: heat-conv has no {service} service.')

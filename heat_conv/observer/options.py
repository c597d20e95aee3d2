"""The observer's options ([observer])."""
from oslo_config import cfg

from heat_conv.common import config

CONF = config.CONF

observer_opts = [
    cfg.BoolOpt('enable', default=True,
                help='Run the observer. When off, nothing watches reality: no '
                     'drift detection, no auto-heal, and slow cloud actions are '
                     'only seen to finish by another observer process.'),
    cfg.FloatOpt('poll_interval', default=1.0, min=0.05,
                 help='Longest pause between passes over resources whose cloud '
                      'action is in progress, while none of them ends.'),
    cfg.FloatOpt('settling_poll_interval', default=0.2, min=0.05,
                 help='Pause after a pass that saw a cloud action end: actions '
                      'started together end together, so the next pass comes '
                      'this soon. Each pass that sees none end doubles the '
                      'pause, up to poll_interval.'),
    cfg.FloatOpt('drift_interval', default=10.0, min=0.05,
                 help='Seconds between drift passes, which compare every '
                      'observed resource with reality.'),
    cfg.FloatOpt('drift_full_pass_interval', default=600.0, min=0.0,
                 help='Seconds between drift passes that compare every observed '
                      'resource of the simulated cloud with its object. The passes '
                      'in between compare only the resources of stacks that changed '
                      'since the last pass and those whose objects the cloud says '
                      'changed (its change feed), so stacks at rest cost a pass one '
                      'small read and one small call. 0: every pass compares '
                      'everything. Real clouds\' resources are compared on every '
                      'pass.'),
    cfg.FloatOpt('report_again_after', default=5.0, min=0.0,
                 help='Seconds after reporting that a resource\'s cloud action '
                      'ended before the observer reports it again, if the '
                      'resource still waits (the report may have been lost). '
                      'Until then the resource is not looked at again, so a '
                      'busy engine is not sent the same report on every pass. '
                      'Each report again waits twice as long as the one '
                      'before, up to 8 times this.'),
    cfg.IntOpt('batch_size', default=500, min=1,
               help='Resources asked about in one cloud status call.'),
    cfg.IntOpt('lease_secs', default=6, min=3,
               help='Seconds an observer\'s lease on a stack lasts without '
                    'renewal; a dead observer\'s stacks move to the others '
                    'after this long. An observer renews its leases and beats '
                    'its heartbeat three times per lease, however long its passes '
                    'take.'),
    cfg.FloatOpt('max_backoff', default=60.0, min=1,
                 help='Longest pause between passes while the cloud keeps '
                      'failing.'),
    cfg.StrOpt('notification_transport_url', secret=True,
               help='The oslo.messaging transport URL of the message bus the '
                    'OpenStack services publish their notifications on (for '
                    'example rabbit://user:password@host:5672/vhost). When set, '
                    'the observer listens, and a notification about an object a '
                    'resource waits on makes it look at that object at once '
                    'instead of at its next poll; polling stays the fallback. '
                    'Unset: no listener.'),
    cfg.FloatOpt('notified_poll_interval', default=10.0, min=0.05,
                 help='Longest pause between passes over resources whose cloud '
                      'action is in progress while the notification listener runs '
                      '(instead of poll_interval, and without the settling '
                      'passes): notifications bring the look at an ended action '
                      'forward, so polling is only the fallback for a lost one.'),
    cfg.ListOpt('notification_topics',
                default=['versioned_notifications', 'notifications'],
                help='Notification topics to listen on: Nova publishes its '
                     'versioned notifications on versioned_notifications; Cinder, '
                     'Neutron and Glance on notifications (the services\' '
                     '[oslo_messaging_notifications] topics).'),
    cfg.ListOpt('notification_exchanges', default=['nova', 'neutron', 'openstack'],
                help='Exchanges the services publish their notifications to (each '
                     'service\'s control_exchange): nova for Nova, neutron for '
                     'Neutron, openstack for Cinder and Glance. The listener '
                     'listens on every topic of every one of them.'),
    cfg.StrOpt('notification_pool',
               help='The name of the listener\'s queue on the bus (an '
                    'oslo.messaging pool), so that it receives every notification '
                    'beside the cloud\'s other consumers. Default: '
                    'heat-conv-observer.<host>. Observers that share a pool share '
                    'its notifications, each getting some: give each observer '
                    'process its own.'),
]
CONF.register_opts(observer_opts, group='observer')


def list_opts():
    return [('observer', observer_opts)]

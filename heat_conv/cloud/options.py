"""Options of the simulated cloud, group ``[cloud]``.

The same group serves both sides: the cloud service reads the bind and fault
options, and every process that talks to the cloud reads ``url`` and
``client_timeout`` to decide how to reach it.
"""
from oslo_config import cfg

from heat_conv.common.config import CONF

GROUP = 'cloud'

cloud_opts = [
    cfg.StrOpt('url',
               default='',
               help='Base URL of the simulated cloud REST service, e.g. '
                    'http://127.0.0.1:8005. Empty means the cloud runs inside '
                    'this process, on the store at store_path (the embedded '
                    'default).'),
    cfg.HostAddressOpt('bind_host',
                       default='127.0.0.1',
                       help='Address the simulated cloud service listens on.'),
    cfg.PortOpt('bind_port',
                default=8005,
                help='Port the simulated cloud service listens on.'),
    cfg.StrOpt('store_path',
               default='',
               help='SQLite file holding the simulated cloud\'s objects, so '
                    'they survive a restart. Empty means '
                    '$state_path/cloud.sqlite.'),
    cfg.BoolOpt('log_calls',
                default=False,
                help='Keep a log of every change the engines ask of the cloud '
                     'service (create, update, delete, suspend, resume): the '
                     'client\'s address, the resource row and lock version '
                     'the engine acts for, and whether it began an action. '
                     'Read at GET /v1/calls; for fault tests, which count '
                     'duplicate and stale actions by it. It grows without '
                     'bound.'),
    cfg.FloatOpt('client_timeout',
                 default=10.0,
                 min=0.0,
                 help='Seconds a client waits for the cloud service to '
                      'answer before treating the call as unavailable.'),
    cfg.FloatOpt('latency_secs',
                 default=0.0,
                 min=0.0,
                 help='Fault injection: real delay added to every object '
                      'call answered by the cloud service. Never applied to '
                      'the in-process cloud, so deterministic tests stay '
                      'instant.'),
    cfg.FloatOpt('error_rate',
                 default=0.0,
                 min=0.0, max=1.0,
                 help='Fault injection: share of object calls (0..1) that '
                      'answer 500 without doing anything.'),
    cfg.FloatOpt('timeout_rate',
                 default=0.0,
                 min=0.0, max=1.0,
                 help='Fault injection: share of object calls (0..1) that '
                      'hang past the client\'s timeout without doing '
                      'anything.'),
    cfg.FloatOpt('timeout_hang_secs',
                 min=0.0,
                 help='Fault injection: how long the service holds a call '
                      'picked by timeout_rate. Unset means client_timeout '
                      'plus one second.'),
    cfg.FloatOpt('action_error_rate',
                 default=0.0,
                 min=0.0, max=1.0,
                 help='Fault injection: share of create and update actions '
                      '(0..1) that end with the object in ERROR.'),
    cfg.IntOpt('fault_seed',
               help='Seed for fault injection, so a run with faults can be '
                    'repeated exactly. Unset means a random seed.'),
    cfg.BoolOpt('notify_settled',
                default=True,
                help='The simulated cloud publishes an object.settle.end '
                     'notification the moment a pending action ends (a timer '
                     'settles it then), on notification_topic of '
                     'notification_transport_url, as an OpenStack service '
                     'publishes instance.create.end; observers listen there and '
                     'complete the resource at once instead of at their next '
                     'poll, which stays the fallback. Read by the cloud (heat-conv-'
                     'cloud, or heat-conv-all\'s embedded one) and by observers: '
                     'set it alike on both. Observers share one queue on the bus '
                     '(each notification reaches one of them), so no queue fills '
                     'while an observer runs.'),
    cfg.StrOpt('notification_transport_url',
               secret=True,
               help='The oslo.messaging transport URL the simulated cloud '
                    'publishes its settle notifications on and observers listen '
                    'to them on. Unset: oslo.messaging\'s notification transport '
                    '([oslo_messaging_notifications] transport_url, else [DEFAULT] '
                    'transport_url: inproc:// in heat-conv-all, the RabbitMQ of '
                    'the production layout), on its control_exchange.'),
    cfg.StrOpt('notification_topic',
               help='The topic of the simulated cloud\'s settle notifications '
                    '(their queue is notification_topic.info). Unset: '
                    '<control_exchange>_cloud_notifications, so that clouds and '
                    'observers of different control exchanges on one broker '
                    'never share a queue.'),
]

CONF.register_opts(cloud_opts, group=GROUP)


def list_opts():
    return [(GROUP, cloud_opts)]

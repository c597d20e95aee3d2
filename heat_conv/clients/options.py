"""Options of the clients of real OpenStack services (Heat's names)."""
from oslo_config import cfg

client_opts = [
    cfg.IntOpt('client_retry_limit', default=2, min=0,
               help='How many times a call to an OpenStack service is retried '
                    'after a connection error or a 5xx answer (a 4xx is an answer '
                    'and is not retried).'),
]

cfg.CONF.register_opts(client_opts)


def list_opts():
    return [(None, client_opts)]

from heat_conv.cloud import options
from heat_conv.common.config import CONF


def test_every_option_is_listed_with_help():
    [(group, opts)] = options.list_opts()
    assert group == 'cloud'
    names = {opt.name for opt in opts}
    assert {'url', 'bind_host', 'bind_port', 'store_path', 'client_timeout', 'latency_secs',
            'error_rate', 'timeout_rate', 'action_error_rate', 'fault_seed'} <= names
    assert all(opt.help for opt in opts)


def test_defaults_mean_an_in_process_cloud_without_faults():
    cloud = CONF.cloud
    assert (cloud.url, cloud.bind_host, cloud.bind_port) == ('', '127.0.0.1', 8005)
    assert cloud.store_path == ''
    assert (cloud.error_rate, cloud.timeout_rate, cloud.action_error_rate) == (0, 0, 0)
    assert cloud.latency_secs == 0

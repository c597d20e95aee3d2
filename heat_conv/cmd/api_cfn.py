"""heat-conv-api-cfn: the CFN-compatible API servers signal and poll."""
import sys

from heat_conv import cmd


def main():
    cmd.prepare()

    from oslo_log import log as logging

    from heat_conv.api import access_log
    from heat_conv.api.cfn import app
    from heat_conv.clients import cfn_urls
    from heat_conv.common import config
    from heat_conv.common import http_server

    config.parse_args(sys.argv[1:], prog='heat-conv-api-cfn')
    conf = config.CONF[cfn_urls.GROUP]
    try:
        http_server.check_free(conf.bind_host, conf.bind_port, 'heat_api_cfn')
    except http_server.PortInUse as exc:
        print(f'heat-conv-api-cfn: {exc}', file=sys.stderr, flush=True)
        return 1
    stopper = http_server.StopOnSignal()
    log = logging.getLogger('heat_conv.cmd.api_cfn')
    refused = cmd.database_refused('heat-conv-api-cfn')
    if refused:
        return refused
    cmd.started()
    handle = http_server.serve(access_log.AccessLog(app.application), conf.bind_host,
                               conf.bind_port, conf.threads, 'heat-conv-api-cfn')
    log.info('heat-conv CFN API listening on %s', handle.url)
    code = stopper.wait([handle])
    handle.stop()
    return code


if __name__ == '__main__':
    sys.exit(main())

"""heat-conv-engine: engine worker processes."""
import sys

from heat_conv import cmd


def main():
    cmd.prepare()
    from oslo_service import service

    from heat_conv.common import config
    from heat_conv.db import clock as db_clock
    from heat_conv.db import session
    from heat_conv.engine import server

    config.parse_args(sys.argv[1:], prog='heat-conv-engine')
    # Times compared across hosts are the database's (its heartbeat measures).
    db_clock.follow()
    session.plan_threads(server.db_threads())
    refused = cmd.database_refused('heat-conv-engine') or cmd.pin_refused('heat-conv-engine')
    if refused:
        return refused
    cmd.started()
    launcher = service.launch(config.CONF, server.EngineService(),
                              workers=config.CONF.engine.workers, restart_method='mutate')
    launcher.wait()


if __name__ == '__main__':
    sys.exit(main())

"""heat-conv-observer: watches reality for the engine."""
import sys

from heat_conv import cmd


def main():
    cmd.prepare()
    from oslo_service import service

    from heat_conv.common import config
    from heat_conv.db import clock as db_clock
    from heat_conv.db import session
    from heat_conv.observer import service as observer_service

    config.parse_args(sys.argv[1:], prog='heat-conv-observer')
    # Times compared across hosts are the database's (its heartbeat measures).
    db_clock.follow()
    session.plan_threads(observer_service.DB_THREADS)
    refused = cmd.database_refused('heat-conv-observer') or cmd.pin_refused('heat-conv-observer')
    if refused:
        return refused
    cmd.started()
    launcher = service.launch(config.CONF, observer_service.ObserverService(),
                              workers=1, restart_method='mutate')
    launcher.wait()


if __name__ == '__main__':
    sys.exit(main())

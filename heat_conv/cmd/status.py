"""heat-conv-status upgrade check: is this deployment ready for (the next
step of) an upgrade? The OpenStack convention, with oslo.upgradecheck:
each check answers Success, Warning or Failure with what to do, and the
exit code is the worst of them (0, 1, 2; 255 when a check itself broke).

    heat-conv-status [--config-file FILE] upgrade check [--json]

Run it with the new release's code and configuration: before starting the
new release's services (it says whether ``[upgrade_levels] engine`` must be
pinned), and after the last engine is upgraded (it says the pin can go).
"""
import sys

from heat_conv import cmd


def main(argv=None):
    cmd.prepare()
    from oslo_upgradecheck import upgradecheck

    from heat_conv.cmd import upgrade_checks
    from heat_conv.common import config

    config.set_lib_defaults()
    # oslo.config names the program after the command (heat-conv-status).
    return upgradecheck.main(config.CONF, project='heat_conv',
                             upgrade_command=upgrade_checks.Checks(),
                             argv=sys.argv[1:] if argv is None else argv)


if __name__ == '__main__':
    sys.exit(main())

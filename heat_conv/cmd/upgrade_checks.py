"""The checks of ``heat-conv-status upgrade check`` (oslo.upgradecheck).

Each reads the deployment as it stands (the database of ``[database]
connection``, the heartbeats of the running processes) and says what an
operator upgrading must do next.
"""
from oslo_upgradecheck import upgradecheck

from heat_conv.common import liveness

SUCCESS = upgradecheck.Code.SUCCESS
WARNING = upgradecheck.Code.WARNING
FAILURE = upgradecheck.Code.FAILURE


def _result(code, details):
    return upgradecheck.Result(code, details)


def _live_engines(db_api, now):
    return [row for row in db_api.service_list() if row.binary == liveness.ENGINE
            and liveness.state(row, now) == liveness.UP]


class Checks(upgradecheck.UpgradeCommands):

    def _connect(self):
        from heat_conv.db import clock as db_clock
        from heat_conv.db import session
        db_clock.follow()
        return session.get_engine()

    def _unmigrated(self):
        """A Result saying a check that reads the heartbeats waits for
        the schema; None when the schema is the latest."""
        from heat_conv.db import migration
        if migration.current_revision(self._connect()) != migration.head_revision():
            return _result(WARNING, 'Not checked until the schema is the latest (see '
                                    '"Database schema").')
        return None

    def _database_server(self):
        from heat_conv.db import servers
        try:
            kind, version = servers.check(self._connect())
        except servers.Unsupported as exc:
            return _result(FAILURE, str(exc))
        return _result(SUCCESS, f'{kind} {version}, supported.')

    def _database_schema(self):
        from heat_conv.db import migration
        engine = self._connect()
        current, head = migration.current_revision(engine), migration.head_revision()
        if current != head:
            return _result(FAILURE, f'The schema is at revision {current or "empty"}, this '
                                    f'release needs {head}: run "heat-conv-manage db sync" '
                                    '(safe while the previous release runs).')
        return _result(SUCCESS, f'At revision {head}.')

    def _engine_versions(self):
        """The pin against the engines that run: none may be older than
        what the new release's processes send, and once all are upgraded
        the pin should go."""
        from heat_conv.common import timeutils
        from heat_conv.db import api as db_api
        from heat_conv.engine.core import messages
        from heat_conv.engine.core import rpc_versions as versions
        waiting = self._unmigrated()
        if waiting is not None:
            return waiting
        db_api.measure_clock()
        engines = _live_engines(db_api, timeutils.utcnow())
        try:
            cap = versions.configured_cap(lambda: [e.rpc_version for e in engines])
        except versions.BadPin as exc:
            return _result(FAILURE, str(exc))
        sends = cap or messages.VERSION
        older = [e for e in engines if versions.parse(e.rpc_version or versions.UNREPORTED)
                 < versions.parse(sends)]
        if older:
            names = ', '.join(f'{e.id} on {e.host} ({e.rpc_version or "unreported"})'
                              for e in older)
            oldest = min((e.rpc_version or versions.UNREPORTED for e in older),
                         key=versions.parse)
            return _result(FAILURE, f'Engines older than RPC {sends} run: {names}. They '
                                    'would drop what this release sends: set '
                                    f'[upgrade_levels] engine = {oldest} (or auto) on '
                                    'every API, engine and observer of this release.')
        if cap is not None and versions.parse(cap) < versions.parse(messages.VERSION) \
                and all(e.rpc_version == messages.VERSION for e in engines):
            return _result(WARNING, f'Every engine speaks RPC {messages.VERSION} and '
                                    f'[upgrade_levels] engine still caps casts at {cap}: '
                                    'remove the pin and restart the API, engines and '
                                    'observers to finish the upgrade.')
        return _result(SUCCESS, f'{len(engines)} live engine(s); casts go at RPC '
                                f'{sends} or below.')

    def _dead_services(self):
        from heat_conv.common import timeutils
        from heat_conv.db import api as db_api
        waiting = self._unmigrated()
        if waiting is not None:
            return waiting
        db_api.measure_clock()
        now = timeutils.utcnow()
        dead = [row for row in db_api.service_list()
                if liveness.state(row, now) == liveness.DOWN]
        if dead:
            return _result(WARNING, f'{len(dead)} process(es) missed their heartbeats: '
                                    + ', '.join(f'{r.binary} {r.id} on {r.host}'
                                                for r in dead)
                                    + '. If they are gone for good, "heat-conv-manage '
                                      'service clean" forgets them.')
        return _result(SUCCESS, 'No process missed its heartbeats.')

    _upgrade_checks = (
        ('Database server', _database_server),
        ('Database schema', _database_schema),
        ('Engine RPC versions', _engine_versions),
        ('Dead services', _dead_services),
    )

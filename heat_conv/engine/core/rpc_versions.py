"""Which RPC version each cast needs, and the cap ``[upgrade_levels]`` sets.

During a rolling upgrade engines of the previous release and of this one
share the engine topic. A cast carries the lowest version that has its
method and its shape, and oslo.messaging's dispatcher of an older engine
drops (with an UnsupportedVersion error in its log) a cast whose version
it lacks. ``[upgrade_levels] engine`` caps what this process sends until
every engine is upgraded: a cast the pinned version lacks either goes in
its older form (a batch goes as its single messages; an observer's
outcome without the object it saw) or fails with ``NotInPinnedVersion``,
which says which version it needs and what to do.

The pin is a version (``1.8``), a release series (``RELEASES``), or
``auto``: the lowest version the live engines report in their heartbeats,
read when the process first casts (restart it, or send it SIGHUP where its
service reloads, once the last engine is upgraded).
"""
from oslo_config import cfg

from heat_conv.common import config

CONF = config.CONF

AUTO = 'auto'

# The RPC version each release series of heat-conv speaks.
RELEASES = {
    '0.1': '1.10',
}

# Engines of releases that do not report their RPC version in their
# heartbeat (0.1) speak this.
UNREPORTED = '1.10'

# Every message this release sends has had its current shape since 1.7
# (check_resource reads its node's spec from the sync point), so it cannot
# talk to engines older than that.
OLDEST = '1.7'

# The version that brought each method.
METHODS = {
    'converge': '1.0',
    'check_resource': '1.7',   # without its definition and mode
    'action_complete': '1.0',
    'drift_found': '1.0',
    'child_done': '1.2',
    'signal_arrived': '1.3',
    'hook_cleared': '1.3',
    'resource_signalled': '1.6',
    'scaling_done': '1.6',
    'run_batch': '1.8',
    'delete_snapshots': '1.10',
}
# An observer's outcome carrying the object it saw (``seen``).
SEEN = '1.9'

upgrade_opts = [
    cfg.StrOpt('engine',
               help='The highest RPC version this process sends to engines, while '
                    'engines of the previous release still run (a rolling upgrade): '
                    f'a version ("1.8", at least {OLDEST}), a release series '
                    f'({", ".join(sorted(RELEASES))}), or "auto" (the lowest version '
                    'the live engines report, read when the process first sends). '
                    'Unset: this release\'s version. Set it on every API, engine and '
                    'observer of the new release before they start, and remove it once '
                    'every engine is upgraded (doc/operations.md, "Rolling upgrades").'),
]
CONF.register_opts(upgrade_opts, group='upgrade_levels')


def list_opts():
    return [('upgrade_levels', upgrade_opts)]


class BadPin(ValueError):
    """``[upgrade_levels] engine`` names no version this release can send."""


class NotInPinnedVersion(Exception):
    """A cast the pinned version does not have, and no older form of it."""

    def __init__(self, method, needs, cap):
        self.method, self.needs, self.cap = method, needs, cap
        super().__init__(
            f'{method} needs engine RPC {needs}, and [upgrade_levels] engine caps '
            f'casts at {cap}: it is sent once every engine is upgraded and the pin '
            'is removed')


def parse(version):
    major, minor = str(version).split('.')
    return int(major), int(minor)


def at_least(version, floor):
    return parse(version) >= parse(floor)


def resolve(pin, reported=None):
    """The version ``pin`` stands for. ``reported``: a callable answering
    the versions the live engines report (None for one that reports none),
    for ``auto``."""
    pin = (pin or '').strip()
    if pin == AUTO:
        versions = [v or UNREPORTED for v in (reported() if reported else ())]
        version = min(versions, key=parse) if versions else None
        if version is None:
            return None   # no engine runs: nothing to be compatible with
        pin = version
    elif pin in RELEASES:
        pin = RELEASES[pin]
    try:
        parsed = parse(pin)
    except ValueError:
        raise BadPin(f'[upgrade_levels] engine = {pin!r} is neither a version (1.8), '
                     f'a release series ({", ".join(sorted(RELEASES))}) nor "auto"'
                     ) from None
    if parsed < parse(OLDEST):
        raise BadPin(f'[upgrade_levels] engine = {pin}: this release talks to engines '
                     f'of RPC {OLDEST} or later; upgrade from a release that speaks '
                     f'{OLDEST} first')
    return pin


def configured_cap(reported=None):
    """The cap ``[upgrade_levels] engine`` sets (None: unpinned)."""
    if not CONF.upgrade_levels.engine:
        return None
    return resolve(CONF.upgrade_levels.engine, reported)


def allows(version, cap):
    return cap is None or parse(version) <= parse(cap)


def prepare(method, kwargs, cap):
    """``(version, kwargs)`` of a cast of ``method`` under ``cap``: the
    lowest version that has it, in the older form the cap needs; raises
    NotInPinnedVersion if the cap has no form of it."""
    version = METHODS[method]
    if method == 'action_complete':
        kwargs, version = _outcome(kwargs, cap, version)
    elif method == 'run_batch':
        items = []
        for item in kwargs['messages']:
            item_version, args = prepare(item['method'], item['args'], cap)
            items.append({'method': item['method'], 'args': args})
            version = max(version, item_version, key=parse)
        kwargs = {'messages': items}
    if not allows(version, cap):
        raise NotInPinnedVersion(method, version, cap)
    return version, kwargs


def _outcome(kwargs, cap, version):
    outcome = kwargs.get('outcome') or {}
    if 'seen' not in outcome:
        return kwargs, version
    if not allows(SEEN, cap):
        # Without it the engine asks the cloud itself, as 1.8 engines do.
        return dict(kwargs, outcome={k: v for k, v in outcome.items() if k != 'seen'}), \
            version
    return kwargs, max(version, SEEN, key=parse)

"""What each engine feature adds to the core, and when the core needs it.

Registered by name (core.extensions): importing this module imports no
feature; the core imports one the first time a step calls it. Every
process that runs engine code imports this module first (the engine
server, the front door ``heat_conv.engine.api``).

The ``when`` tests say which steps a feature concerns, from what the core
has in hand: a plain resource's step passes every one by.
"""
from heat_conv.common.status import Action
from heat_conv.engine.core import extensions as ext
from heat_conv.engine.core import messages

_LIFECYCLE = 'heat_conv.engine.lifecycle.'
_NESTED = 'heat_conv.engine.nested.'
_RECOVERY = 'heat_conv.engine.recovery.'
_SIGNALS = 'heat_conv.engine.signals.'


def _names_external_id(row, step, mode, definition, *_):
    return (mode == messages.Mode.ADOPT or definition.external_id is not None
            or (row.rsrc_data or {}).get('external_id') is not None)


def register():
    # lifecycle: check, suspend/resume, snapshots, abandon/adopt
    for mode in (messages.Mode.CHECK, messages.Mode.SUSPEND, messages.Mode.RESUME,
                 messages.Mode.SNAPSHOT):
        ext.register(ext.STATE_ACTION, _LIFECYCLE + 'check_step:run', key=mode)
    ext.register(ext.DIRECTIVE, _LIFECYCLE + 'directives:take_over', when=_names_external_id)
    # restricted_actions refuses a change before a hook may pause it
    ext.register(ext.GUARD, _LIFECYCLE + 'directives:restricted',
                 when=lambda row, step, definition, change: definition.restricted_actions)
    ext.register(ext.TRAVERSAL_ENDED, _LIFECYCLE + 'snapshot_record:finish',
                 key=Action.SNAPSHOT)
    ext.register(ext.ADOPTED_ROWS, _LIFECYCLE + 'adoption:rows')
    ext.register(ext.EVENT, _LIFECYCLE + 'snapshot_deletion:look_again',
                 key='delete_snapshots')

    # signals, waits, hooks and scaling
    ext.register(ext.GUARD, _SIGNALS + 'hooks:guard',
                 when=lambda row, step, definition, change: definition.hook)
    ext.register(ext.SETTLED, _SIGNALS + 'hooks:pause_after',
                 when=lambda row: row.paused_on)
    ext.register(ext.LOCK_MARK, _SIGNALS + 'hooks:armed',
                 when=lambda post_hook, action: post_hook is not None)
    ext.register(ext.BREAKPOINTS, _SIGNALS + 'hooks:breakpoints',
                 when=lambda operation, hooks_set: hooks_set)
    ext.register(ext.SUPERSEDED, _SIGNALS + 'hooks:release_superseded')
    ext.register(ext.SUPERSEDED, _SIGNALS + 'signal_step:release_superseded')
    ext.register(ext.BEGAN_WAITING, _SIGNALS + 'signal_step:look_for_kept',
                 when=lambda row, plugin: plugin is not None and plugin.waits_on_signals)
    ext.register(ext.EVENT, _SIGNALS + 'signal_step:signal_arrived', key='signal_arrived')
    ext.register(ext.EVENT, _SIGNALS + 'hooks:hook_cleared', key='hook_cleared')
    ext.register(ext.EVENT, _SIGNALS + 'scaling:signalled', key='resource_signalled')
    ext.register(ext.EVENT, _SIGNALS + 'scaling:scaling_done', key='scaling_done')
    ext.register(ext.CHILD_AWAITED, _SIGNALS + 'scaling:child_ended')
    ext.register(ext.WAITS_DUE, _SIGNALS + 'scaling:waits_due')

    # nested stacks
    ext.register(ext.CHILD_STACKS, _NESTED + 'service')

    # recovery: a newer traversal takes a waiting row (the reaper, takeover
    # and resync run from the engine server)
    ext.register(ext.BUSY_ROW, _RECOVERY + 'preemption:take_over')


register()

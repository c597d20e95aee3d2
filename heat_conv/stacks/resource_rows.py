"""Which of a stack's resource rows the API shows, and what they tell.

A name may have several rows over time (a replacement is a new row). The
one shown is the newest that exists in the cloud or is being built: not
DELETE_COMPLETE, and not an INIT placeholder, unless a placeholder is all
there is (then it shows as INIT_COMPLETE).
"""
from heat_conv.common import exception
from heat_conv.common.status import Action
from heat_conv.common.status import Status
from heat_conv.plugin_interface import registry


def _deleted(row):
    return row.action == Action.DELETE and row.status == Status.COMPLETE


def shown(rows):
    """{name: row} in the order names first appeared; ``rows`` oldest first."""
    groups = {}
    for row in rows:
        groups.setdefault(row.name, []).append(row)
    out = {}
    for name, group in groups.items():
        live = [r for r in group if not _deleted(r)]
        built = [r for r in live if r.action != Action.INIT]
        if built:
            out[name] = built[-1]
        elif live:
            out[name] = live[-1]
    return out


def required_by(rows, shown_rows):
    """{name: [names of shown resources that require it]}.

    Rows record the row ids they were built against; any row of a name
    stands for that name.
    """
    name_of = {row.id: row.name for row in rows}
    out = {name: [] for name in shown_rows}
    for name, row in shown_rows.items():
        for required_id in row.requires or []:
            required = name_of.get(required_id)
            if required in out and required != name and name not in out[required]:
                out[required].append(name)
    return out


def reference_data(shown_rows):
    """(refs, attrs) of built resources: what outputs resolve against."""
    refs, attrs = {}, {}
    for name, row in shown_rows.items():
        if row.action == Action.INIT:
            continue
        refs[name] = refid(row)
        attrs[name] = dict(row.attributes_data or {})
    return refs, attrs


def refid(row):
    """What ``get_resource`` gives for the row, as its plugin defines it."""
    try:
        return registry.plugin_for(row).refid()
    except (exception.UnknownResourceType, exception.ResourceTypeUnavailable):
        return row.physical_resource_id or row.name

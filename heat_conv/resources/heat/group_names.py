"""A ResourceGroup's member names, and the names it will never use again.

Members are named ``0``, ``1``, ... in the group's nested stack. A name
that ``removal_policies`` removed is never reused (Heat's "skiplist",
stored with the group and shown as its ``removed_rsrc_list``), so the
group's members are always the first ``count`` indices not skipped.
"""
import itertools

APPEND = 'append'
UPDATE = 'update'


def member_names(count, skiplist=()):
    """The names of a group of ``count`` members, in index order."""
    skipped = set(skiplist)
    candidates = (str(i) for i in itertools.count())
    return list(itertools.islice((n for n in candidates if n not in skipped), count))


def _named_for_removal(removal_policies, current, members, refs_map, creating):
    """The names ``removal_policies`` asks to remove, as Heat resolves them:
    a member's name (an int is read as one), or a member's reference id as
    the ``refs`` attribute shows it. A name not in the group is ignored,
    except while the group is created (it has no members to check yet) or
    when it was already removed."""
    by_refid = {refid: name for name, refid in (refs_map or {}).items()}
    for policy in removal_policies or ():
        for entry in (policy or {}).get('resource_list') or ():
            name = str(entry)
            if name in current or creating or name in members:
                yield name
            elif isinstance(entry, str) and entry in by_refid:
                yield by_refid[entry]


def updated_skiplist(removal_policies, mode, current, members, refs_map=None,
                     creating=False):
    """The skiplist after a create or update with ``removal_policies``.

    ``current`` is the stored skiplist, ``members`` the names in the nested
    stack now (failed ones included), ``refs_map`` their reference ids. In
    ``update`` mode the stored list is replaced rather than added to.
    Returns a sorted list (the order ``removed_rsrc_list`` shows).
    """
    current = set(current or ())
    base = set() if mode == UPDATE else current
    named = _named_for_removal(removal_policies, current, set(members or ()),
                               refs_map, creating)
    return sorted(base | set(named))


def skipped_count(skiplist, names):
    """How many of ``names`` are skiplisted (members about to be removed)."""
    return len(set(skiplist) & set(names))

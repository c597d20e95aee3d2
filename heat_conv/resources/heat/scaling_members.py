"""The members of an autoscaling group's nested stack, as Heat picks them.

Members are named with random short ids. Existing members are listed in
the order they would go (failed first, then oldest); a resize keeps the
last ones and adds new members with fresh names; a batch of a rolling
update gives at most ``num_new`` members the group's current definition
(new members included). Pure, apart from the names.
"""
import secrets
import string

_ID_CHARS = string.ascii_lowercase + string.digits
ID_LENGTH = 12


def new_name():
    return ''.join(secrets.choice(_ID_CHARS) for _ in range(ID_LENGTH))


def definitions(existing, wanted, size, num_new, make_name=new_name):
    """[(name, definition)] of a group of ``size`` members.

    ``existing``: [(name, definition)] in removal order; ``wanted``: the
    group's current member definition."""
    kept = existing[-size:] if size else []
    to_create = size - len(kept)
    to_replace = num_new - to_create
    result = []
    for name, definition in kept:
        if definition != wanted and to_replace > 0:
            to_replace -= 1
            result.append((name, wanted))
        else:
            result.append((name, definition))
    result.extend((make_name(), wanted) for _ in range(to_create))
    return result

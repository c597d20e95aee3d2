"""Address prefixes (CIDRs) compared as sets of addresses."""
import ipaddress


def covers(new_prefixes, old_prefixes):
    """Whether every address of ``old_prefixes`` is in one of ``new_prefixes``
    (a subnet pool may only grow: Neutron keeps the subnets it gave out)."""
    new = [ipaddress.ip_network(prefix, strict=False) for prefix in new_prefixes or ()]
    for prefix in old_prefixes or ():
        left = [ipaddress.ip_network(prefix, strict=False)]
        for outer in new:
            left = [part for piece in left for part in _minus(piece, outer)]
        if left:
            return False
    return True


def _minus(piece, outer):
    """What of network ``piece`` lies outside network ``outer``."""
    if piece.version != outer.version or not piece.overlaps(outer):
        return [piece]
    if piece.subnet_of(outer):
        return []
    return list(piece.address_exclude(outer))

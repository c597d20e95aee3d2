"""A stack's stored state read back: which resource rows show, and its
stored template bound again (parameters, outputs). Below both the API,
which shows stacks, and stack-backed resources, whose attributes are
their child stack's outputs and members; above the database, the
template language and the resource registry."""

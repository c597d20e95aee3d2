"""Taking over a running Heat's stacks: ``heat-conv-manage import-heat``.

Reads a Heat 27 database (never writes it, never calls the cloud) and
inserts each stack tree it can take over into heat-conv's database, with
the same stack and resource ids, as if heat-conv had created it."""

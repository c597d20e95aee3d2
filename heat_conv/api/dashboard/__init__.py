"""The built-in page, ``/dashboard``: a browser view of stacks that calls
the same v1 REST API as the CLI (see ``doc/dashboard.md``)."""

"""How a function call is spelled inside a template snippet.

A call is a map with exactly one key, where the key is a name some version
of the template's format treats as a function (``{get_param: x}`` in HOT,
``{Ref: x}`` in both). Any other map, including a single-key one such as
``{foo: bar}``, is plain data; so is ``{Fn::GetAtt: ...}`` in a HOT template
and ``{get_param: ...}`` in a CloudFormation one, as in Heat. A name of a
later version of the same format is a call, so that using it too early is an
error that says so rather than data passed on.

Partially evaluated snippets mix computed values with calls still waiting
for resource data. A computed value that happens to look like a call (a json
parameter holding ``{"get_resource": "x"}``) is wrapped as
``{LITERAL_KEY: value}`` so that finishing the evaluation cannot mistake it
for a call.
"""

from heat_conv.hot import versions

LITERAL_KEY = 'heat_conv::literal'


def call_of(snippet, names=versions.ALL_FUNCTION_NAMES):
    """(name, args) if ``snippet`` is a function call, else None.

    ``names`` are the function names of the template's format
    (``VersionSpec.call_names``); by default those of every format.
    """
    if isinstance(snippet, dict) and len(snippet) == 1:
        for name, args in snippet.items():
            if name in names:
                return name, args
    return None


def is_call(snippet):
    return call_of(snippet) is not None


def literal_of(snippet):
    """(True, value) if ``snippet`` is an escaped literal, else (False, None)."""
    if isinstance(snippet, dict) and len(snippet) == 1 and LITERAL_KEY in snippet:
        return True, snippet[LITERAL_KEY]
    return False, None


def needs_escape(value):
    """Whether a computed map would be read back as a call or a literal."""
    return (isinstance(value, dict) and len(value) == 1
            and (is_call(value) or LITERAL_KEY in value))


def render_path(path):
    return '.'.join(str(p) for p in path)

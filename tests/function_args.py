"""The check that a template function refuses its arguments as Heat does."""
import pytest

from heat_conv.common import exception


def refused(fn, args, path, *fragments, static=False):
    """``fn`` refuses ``args`` at ``path``: when the template is checked
    (``static``) or when it is applied; the message names the place and the
    function, and holds each of ``fragments``."""
    with pytest.raises(exception.InvalidFunctionArgs) as info:
        if static:
            fn.check(args, path)
        else:
            fn.apply(args, path)
    text = str(info.value)
    assert text.startswith(f'{".".join(path)}: Arguments to "{fn.name}"'), text
    for fragment in fragments:
        assert fragment in text, text

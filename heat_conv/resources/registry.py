"""Resource type name -> plugin class."""
from heat_conv.common import exception
from heat_conv.resources import dummy
from heat_conv.resources import simple
from heat_conv.resources import test_resource

_TYPES = {cls.type_name: cls for cls in (
    test_resource.TestResource, dummy.Dummy, simple.NoneResource, simple.Value,
    simple.RandomString)}


def get(type_name, path=()):
    try:
        return _TYPES[type_name]
    except KeyError:
        raise exception.UnknownResourceType(
            f'The Resource Type ({type_name}) could not be found.', path=path)


def names():
    return sorted(_TYPES)

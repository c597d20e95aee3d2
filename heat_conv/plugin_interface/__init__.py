"""The resource plugin interface: what a resource type implements (``base``,
``properties``, ``ownership``, ``observed``: the base of types whose
objects a cloud holds) and how the engine finds types (``registry``,
``plugin_loader``, ``template_check``, ``heat_types``). The types themselves
are in ``heat_conv.resources``; nothing here imports one."""

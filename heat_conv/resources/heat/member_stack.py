"""The base of ResourceGroup and ResourceChain: a child stack of members
named ``0``, ``1``, ... that the template around the resource defines.

The members' nested template is built by the subclass; it runs with the
parent's files and resource registry (a member may be a template resource
or an alias) and what remains of the parent stack's timeout (nested), as
Heat gives its groups.
"""
from heat_conv.resources.heat import member_attributes
from heat_conv.resources.heat import stack_backed
from heat_conv.resources.heat import template_resource


class MemberStack(stack_backed.StackBacked):

    @classmethod
    def has_attribute(cls, name):
        return True   # resource.N[.ATTR] and any attribute of the members

    def member_spec(self, template, earlier_files=None):
        """The ChildSpec of ``template``; ``earlier_files``: files the
        child had, which members still on an old definition may need."""
        parent_files, environment = self.parent_files_and_environment()
        files = dict(earlier_files or {})
        files.update(parent_files)
        return stack_backed.ChildSpec(
            template=template, files=files,
            environment=template_resource.child_environment(environment, None,
                                                            self.name))

    def shaped_attributes(self, names, own, removed=()):
        """The attributes of members ``names`` (in order) as they stand."""
        members = self.child_resources()
        return member_attributes.shape(
            [member_attributes.Member(n, *members[n]) for n in names if n in members],
            own=own, removed=removed)

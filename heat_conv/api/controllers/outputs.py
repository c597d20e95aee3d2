"""Stack outputs: the list of keys, and one resolved output."""
from heat_conv.api import responses
from heat_conv.api import stack_lookup
from heat_conv.common import exception
from heat_conv.stacks import stored_template


class OutputController:

    def _bound(self, ctx, stack_name, stack_id):
        stack = stack_lookup.identified(ctx, stack_name, stack_id)
        return stack, stored_template.bound(stack)

    def index(self, req, ctx, tenant_id, stack_name, stack_id):
        _, bound = self._bound(ctx, stack_name, stack_id)
        declared = bound.outputs() if bound is not None else {}
        return responses.json_response({'outputs': [
            {'output_key': name, 'description': out['description'] or 'No description given'}
            for name, out in declared.items()]})

    def show(self, req, ctx, tenant_id, stack_name, stack_id, output_key):
        stack, bound = self._bound(ctx, stack_name, stack_id)
        declared = bound.outputs() if bound is not None else {}
        if output_key not in declared:
            raise exception.OutputNotFound(output_key, stack.name)
        refs, attrs = stored_template.output_data(stack, bound)
        return responses.json_response({'output': stored_template.output(
            bound, output_key, declared[output_key], refs, attrs)})

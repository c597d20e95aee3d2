"""The CFN-compatible API (heat-conv-api-cfn): Heat's heat-api-cfn paths
that servers use, signed with EC2 keypairs of stack users."""

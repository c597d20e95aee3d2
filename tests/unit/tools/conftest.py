"""tools/minicloud runs its package as `minicloud_rig` with tools/ on the
path; its tests import it the same way."""
import os
import sys

TOOLS = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..',
                                     '..', 'tools'))
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)
